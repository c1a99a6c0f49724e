// End-to-end, accounts in a real headless Chromium against a real `nimmt serve`: Ann, a guest
// whose page load asks no admin route (she is no operator), opens a table with two bots, starts
// it and signs up from the account page (she keeps her seat); in a second browser (another
// context: its own storage) she logs in after a wrong password and is taken straight to her
// running game, never "offline" meanwhile; the account page offers to continue it (English,
// German, and a third browser on a desktop); opening the room is back at the seat. She changes the password there: the first
// browser's session ends and it plays on as a new guest. She downloads her data and logs out. A
// guest still plays with one click. Logged out elsewhere while a page is open (English desktop,
// German phone), the page goes on as a new guest on the account page at once, saying why. Screenshots of the account page, desktop and phone, English
// and German, go to artifacts/ (ARTIFACTS to change).
//
//   NIMMT_BIN=target/debug/nimmt node web/e2e/account.mjs

import { check, openTable, session, shot } from './lib.mjs';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const PASSWORD = 'cows and bulls 104';

const accountLink = (page) => page.locator('[data-testid=account-link]');

/** Records the data-status of the header's connection line from now on. */
const watchStatus = (page) =>
  page.evaluate(() => {
    window.__statuses = [];
    const el = document.querySelector('[data-testid=conn]');
    new MutationObserver(() => window.__statuses.push(el.dataset.status)).observe(el, { attributes: true });
  });

/** Logs `page` in as Ann, then ends that session from outside (as a logout in another browser
 * does): the server closes the page's connection (4005) and the page, without a reload, goes on
 * as a new guest on the account page, saying why (`said`). */
async function endedElsewhere(page, base, said, shotName) {
  await page.goto(`${base}/#/account`);
  await page.fill('[data-testid=login-name]', 'Ann');
  await page.fill('[data-testid=login-password]', `${PASSWORD} new`);
  await page.click('[data-testid=login]');
  await page.waitForFunction(() => localStorage.getItem('nimmt.token')?.startsWith('s.'));
  await page.locator('[data-testid=conn][data-status=online]').waitFor({ timeout: 15000 });
  await page.goto(`${base}/#/`);
  const token = await page.evaluate(() => localStorage.getItem('nimmt.token'));
  const out = await fetch(`${base}/api/account/logout`, { method: 'POST', headers: { Authorization: `Bearer ${token}` } });
  check(`${shotName}: the session is ended elsewhere`, out.status === 204, out.status);
  await page.waitForURL(/#\/account$/, { timeout: 5000 });
  await page.locator('[data-testid=error]', { hasText: said }).waitFor({ timeout: 5000 });
  await page.locator('[data-testid=conn][data-status=online]').waitFor({ timeout: 15000 });
  await page.locator('[data-testid=signup-form]').waitFor();
  const now = await page.evaluate(() => localStorage.getItem('nimmt.token'));
  check(`${shotName}: the page is a new guest at once, saying why`, !!now && !now.startsWith('s.'), now);
  await shot(page, `account-ended-elsewhere-${shotName}`);
}

await session(async ({ base, person }) => {
  const first = await person('Ann', DESKTOP);
  // A page load of a player who is no operator asks who it is, never the admin routes (no 403).
  const asked = [];
  first.on('request', (r) => asked.push(new URL(r.url()).pathname));
  await first.reload();
  await first.locator('[data-testid=conn][data-status=online]').waitFor();
  await first.waitForResponse((r) => new URL(r.url()).pathname === '/api/account').catch(() => {});
  await first.waitForTimeout(500);
  check('a non-operator’s page load asks who it is', asked.includes('/api/account'), asked.join(' '));
  check('…and makes no /api/admin request', !asked.some((p) => p.startsWith('/api/admin')), asked.join(' '));
  check('…and shows no admin link', (await first.locator('[data-testid=admin-link]').count()) === 0);
  const table = await openTable(first, { seats: '3', hand_size: '5', deals: '1' });
  check('the guest sits at its new table', table > 0);
  for (const s of [1, 2]) {
    await first.click('[data-testid=add-bot]');
    await first.locator(`[data-testid=seat-${s}]`).waitFor();
  }
  await first.click('[data-testid=start]');
  await first.locator('button[data-testid=hand-card]').first().waitFor();

  // The account page for a guest.
  await first.goto(`${base}/#/account`);
  await first.locator('[data-testid=signup-form]').waitFor();
  check('a guest is offered to sign up', (await accountLink(first).textContent()).includes('sign up'));
  await shot(first, 'account-guest-desktop-en');

  // Too short a password is refused with the server's words.
  await first.fill('[data-testid=signup-password]', 'short');
  await first.fill('[data-testid=signup-again]', 'short');
  await first.click('[data-testid=signup]');
  await first.locator('[data-testid=signup-said]', { hasText: 'at least 10 characters' }).waitFor();
  check('a short password is refused', true);

  await first.fill('[data-testid=signup-name]', 'Ann');
  await first.fill('[data-testid=signup-password]', PASSWORD);
  await first.fill('[data-testid=signup-again]', PASSWORD);
  await first.click('[data-testid=signup]');
  await first.locator('[data-testid=signed-in]', { hasText: 'Ann' }).waitFor();
  await first.locator('[data-testid=conn][data-status=online]').waitFor();
  check('after sign-up the header names the account', (await accountLink(first).textContent()).includes('Ann'));
  await shot(first, 'account-signed-in-desktop-en');

  // A second browser: log in, first with a wrong password.
  const second = await person('Someone', PHONE);
  await second.goto(`${base}/#/account`);
  await second.fill('[data-testid=login-name]', 'ANN');
  await second.fill('[data-testid=login-password]', 'not my password');
  await second.click('[data-testid=login]');
  await second.locator('[data-testid=login-said]', { hasText: 'Wrong name or password' }).waitFor();
  check('a wrong password is refused', true);
  await second.fill('[data-testid=login-password]', PASSWORD);
  await watchStatus(second);
  await second.click('[data-testid=login]');
  // Logged in, the second browser goes straight back to the running game, at Ann's seat.
  await second.waitForURL(new RegExp(`#/table/${table}$`), { timeout: 15000 });
  await second.locator('[data-testid=table] button[data-testid=hand-card]').first().waitFor();
  check('after the login the second browser is at the running game', (await second.locator('[data-testid=seat-0]').textContent()).includes('Ann'));
  await second.locator('[data-testid=conn][data-status=online]').waitFor();
  const statuses = await second.evaluate(() => window.__statuses);
  check('…and never said it was offline meanwhile', !statuses.includes('offline'), statuses.join(' '));
  await first.locator('.banner').waitFor();
  check('the first browser says it is now used elsewhere', /another tab/.test(await first.locator('.banner').innerText()));
  await shot(second, 'account-login-at-table-en-phone');
  // The account page shows the way back to the game.
  await second.goto(`${base}/#/account`);
  await second.locator('[data-testid=signed-in]', { hasText: 'Ann' }).waitFor();
  const back = await second.locator('[data-testid=your-games]').innerText();
  check('the account page offers to continue the game', back.includes(`table ${table} is running`) && back.includes('Continue'), back);
  await shot(second, 'account-signed-in-phone-en');
  // Opening the room again goes straight back to the seat.
  await second.goto(`${base}/`);
  await second.waitForURL(new RegExp(`#/table/${table}$`), { timeout: 15000 });
  await second.locator('[data-testid=table]').waitFor();
  check('the second browser finds the same seat', (await second.locator('[data-testid=seat-0]').textContent()).includes('Ann'));

  // German on the phone: "continue" leads back to the table.
  await second.selectOption('[data-testid=lang]', 'de');
  await second.goto(`${base}/#/account`);
  await second.locator('[data-testid=signed-in]', { hasText: 'Angemeldet als Ann' }).waitFor();
  const weiter = await second.locator('[data-testid=your-games]').innerText();
  check('German: the account page offers to continue the game', weiter.includes(`Dein Spiel an Tisch ${table} läuft`) && weiter.includes('Weiterspielen'), weiter);
  await shot(second, 'account-continue-de-phone');
  await second.click(`[data-testid=continue-${table}]`);
  await second.waitForURL(new RegExp(`#/table/${table}$`));
  await second.locator('[data-testid=table]').waitFor();
  check('German: “Weiterspielen” leads to the table', true);
  await second.goto(`${base}/#/account`);
  await second.locator('[data-testid=signed-in]', { hasText: 'Angemeldet als Ann' }).waitFor();
  await shot(second, 'account-signed-in-phone-de');

  // A third browser, an English desktop: the login takes it to the seat; its account page
  // says where the game runs.
  const third = await person('Other', DESKTOP);
  await third.goto(`${base}/#/account`);
  await third.fill('[data-testid=login-name]', 'Ann');
  await third.fill('[data-testid=login-password]', PASSWORD);
  await third.click('[data-testid=login]');
  await third.waitForURL(new RegExp(`#/table/${table}$`), { timeout: 15000 });
  await third.locator('[data-testid=table]').waitFor();
  await shot(third, 'account-login-at-table-en-desktop');
  await third.goto(`${base}/#/account`);
  await third.locator('[data-testid=your-games]').waitFor();
  await shot(third, 'account-continue-en-desktop');
  await third.close();
  // The phone takes the identity back ("now used in another tab" — reload).
  await second.locator('.banner button').click();
  await second.locator('[data-testid=conn][data-status=online]').waitFor({ timeout: 15000 });

  // A password change here ends the first browser's session.
  await second.fill('[data-testid=current-password]', PASSWORD);
  await second.fill('[data-testid=new-password]', `${PASSWORD} new`);
  await second.fill('[data-testid=new-again]', `${PASSWORD} new`);
  await second.click('[data-testid=change-password]');
  await second.locator('[data-testid=password-said]', { hasText: 'Passwort geändert' }).waitFor();
  await first.reload();
  await first.locator('[data-testid=conn][data-status=online]').waitFor({ timeout: 15000 });
  await accountLink(first).filter({ hasText: 'sign up' }).waitFor({ timeout: 15000 });
  check('the other browser is a guest again after the password change', true);
  check('it says why', (await first.locator('[data-testid=error]').textContent()).includes('session here has ended'));

  // My data, then log out.
  const download = second.waitForEvent('download');
  await second.click('[data-testid=download]');
  const file = await download;
  const data = JSON.parse(await (await file.createReadStream()).toArray().then((c) => Buffer.concat(c).toString('utf8')));
  check('the data names the account and its table', data.account?.name === 'Ann' && data.tables?.some((t) => t.table === table));
  check('the data holds no password hash', !JSON.stringify(data).includes('argon2'));
  await second.click('[data-testid=logout]');
  await second.locator('[data-testid=account-bye]').waitFor();
  await second.locator('[data-testid=conn][data-status=online]').waitFor();
  await second.locator('[data-testid=guest]').filter({ hasNotText: '(Ann)' }).waitFor();
  check('after logging out the browser is a guest', (await accountLink(second).textContent()).includes('registrieren'));
  await shot(second, 'account-guest-phone-de');

  // Guests still play with one click.
  const guest = await person('Gus', PHONE);
  await guest.click('[data-testid=quick-play]');
  await guest.locator('[data-testid=table]').waitFor();
  check('a guest plays with one click', true);
  await guest.selectOption('[data-testid=lang]', 'de');
  await guest.goto(`${base}/#/account`);
  await guest.locator('[data-testid=signup-form]').waitFor();
  await shot(guest, 'account-guest-phone-de-seated');
  await first.selectOption('[data-testid=lang]', 'de');
  await first.goto(`${base}/#/account`);
  await first.locator('[data-testid=signup-form]').waitFor();
  await shot(first, 'account-guest-desktop-de');

  // Logged out elsewhere while the page is open: English desktop, German phone.
  await first.selectOption('[data-testid=lang]', 'en');
  await endedElsewhere(first, base, 'session here has ended', 'en-desktop');
  await endedElsewhere(second, base, 'Die Anmeldung deines Kontos ist hier beendet', 'de-phone');
});
