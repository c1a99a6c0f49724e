// End-to-end, accounts in a real headless Chromium against a real `nimmt serve`: Ann, a guest,
// opens a table and signs up from the account page (she keeps her seat); in a second browser
// (another context: its own storage) she logs in after a wrong password and, on opening the
// room, is back at her table in the same seat. She changes the password there: the first
// browser's session ends and it plays on as a new guest. She downloads her data and logs out. A
// guest still plays with one click. Screenshots of the account page, desktop and phone, English
// and German, go to artifacts/ (ARTIFACTS to change).
//
//   NIMMT_BIN=target/debug/nimmt node web/e2e/account.mjs

import { check, openTable, session, shot } from './lib.mjs';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const PASSWORD = 'cows and bulls 104';

const accountLink = (page) => page.locator('[data-testid=account-link]');

await session(async ({ base, person }) => {
  const first = await person('Ann', DESKTOP);
  const table = await openTable(first, { seats: '4' });
  check('the guest sits at its new table', table > 0);

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
  await second.click('[data-testid=login]');
  await second.locator('[data-testid=signed-in]', { hasText: 'Ann' }).waitFor();
  check('the second browser is logged in as Ann', true);
  await second.locator('[data-testid=conn][data-status=online]').waitFor();
  await shot(second, 'account-signed-in-phone-en');
  // Opening the room again goes straight back to the seat.
  await second.goto(`${base}/`);
  await second.waitForURL(new RegExp(`#/table/${table}$`), { timeout: 15000 });
  await second.locator('[data-testid=table]').waitFor();
  check('the second browser finds the same seat', (await second.locator('[data-testid=seat-0]').textContent()).includes('Ann'));

  // German on the phone.
  await second.selectOption('[data-testid=lang]', 'de');
  await second.goto(`${base}/#/account`);
  await second.locator('[data-testid=signed-in]', { hasText: 'Angemeldet als Ann' }).waitFor();
  await shot(second, 'account-signed-in-phone-de');

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
});
