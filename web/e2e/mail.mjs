// End-to-end, e-mail for accounts in a real headless Chromium against a real `nimmt serve` that
// sends its mail to a real SMTP server (Python's aiosmtpd on loopback, into a Maildir this script
// reads). Ann signs up, gives her address on the account page, opens the link of the mail she
// gets (the page asks, its button confirms), and chooses "your move" mails for each table. In
// German on a phone the section reads in German. Logged out, she uses "Forgot password?", opens
// the reset mail's link, sets a new password (a second use of the link is refused) and logs in
// with it. A room without SMTP settings says on the account page that it sends no e-mail.
// Screenshots go to artifacts/ (ARTIFACTS to change).
//
//   NIMMT_BIN=target/debug/nimmt node web/e2e/mail.mjs

import { join } from 'node:path';
import { check, failures, session, shot } from './lib.mjs';
import { linkIn, startSmtp } from './smtp.mjs';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 860 };
const PASSWORD = 'cows and bulls 104';

const { port, maildir, nthMail, stop } = await startSmtp();

await session(
  async ({ base, person }) => {
    const page = await person('Ann', DESKTOP);
    await page.goto(`${base}/#/account`);
    await page.fill('[data-testid=signup-name]', 'Ann');
    await page.fill('[data-testid=signup-password]', PASSWORD);
    await page.fill('[data-testid=signup-again]', PASSWORD);
    await page.click('[data-testid=signup]');
    await page.locator('[data-testid=signed-in]').waitFor();
    await page.locator('[data-testid=mail-address]').waitFor();
    await page.fill('[data-testid=mail-address]', 'ann@example.org');
    await page.click('[data-testid=mail-save]');
    await page.locator('[data-testid=mail-said]', { hasText: 'Sent' }).waitFor();
    check('the page says the mail is sent and the address is not confirmed yet', (await page.locator('[data-testid=mail-state]').innerText()).includes('not confirmed'));
    await page.locator('[data-testid=mail]').scrollIntoViewIfNeeded();
    await shot(page, 'mail-account-sent-en-desktop');

    const verify = linkIn(await nthMail(1), '/mail/verify');
    check('the verification mail carries a link into the room', !!verify && verify.startsWith(base), verify);
    await page.goto(verify);
    await shot(page, 'mail-verify-ask-en');
    await page.click('[data-testid=confirm]');
    await page.locator('[data-testid=message]', { hasText: 'is confirmed' }).waitFor();
    await shot(page, 'mail-verify-done-en');

    await page.goto(`${base}/#/account`);
    await page.locator('[data-testid=mail-state]', { hasText: 'is confirmed' }).waitFor();
    await page.click('[data-testid=mail-each]');
    await page.locator('[data-testid=mail-mode-said]', { hasText: 'Saved' }).waitFor();
    const setting = await fetch(`${base}/api/account/mail`, { headers: { Authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('nimmt.token'))}` } }).then((r) => r.json());
    check('the choice is stored', setting.your_move === 'each' && setting.verified === true, JSON.stringify(setting));
    await page.locator('[data-testid=mail]').scrollIntoViewIfNeeded();
    await shot(page, 'mail-account-verified-en-desktop');

    // German, on a phone.
    await page.setViewportSize(PHONE);
    await page.selectOption('[data-testid=lang]', 'de');
    await page.locator('[data-testid=mail-state]', { hasText: 'ist bestätigt' }).waitFor();
    await page.locator('[data-testid=mail]').scrollIntoViewIfNeeded();
    await shot(page, 'mail-account-verified-de-phone');
    await page.selectOption('[data-testid=lang]', 'en');
    await page.setViewportSize(DESKTOP);

    // Logged out: "Forgot password?".
    await page.click('[data-testid=logout]');
    await page.locator('[data-testid=login-form]').waitFor();
    await page.click('[data-testid=forgot]');
    await page.fill('[data-testid=forgot-who]', 'Ann');
    await page.click('[data-testid=forgot-send]');
    await page.locator('[data-testid=forgot-said]', { hasText: 'on its way' }).waitFor();
    await shot(page, 'mail-forgot-en-desktop');

    const reset = linkIn(await nthMail(2), '/reset?token=');
    check('the reset mail carries the reset page link', !!reset && reset.startsWith(base), reset);
    await page.goto(reset);
    await page.fill('[data-testid=reset-password]', `${PASSWORD} new`);
    await page.fill('[data-testid=reset-again]', `${PASSWORD} new`);
    await page.click('[data-testid=reset-set]');
    await page.locator('[data-testid=reset-said]', { hasText: 'new password is set' }).waitFor();
    await shot(page, 'mail-reset-done-en-desktop');

    // The same link again, in German on a phone: refused.
    await page.setViewportSize(PHONE);
    await page.goto(reset.replace('lang=en', 'lang=de'));
    await page.selectOption('[data-testid=lang]', 'de');
    await page.fill('[data-testid=reset-password]', 'noch ein anderes Passwort');
    await page.fill('[data-testid=reset-again]', 'noch ein anderes Passwort');
    await page.click('[data-testid=reset-set]');
    await page.locator('[data-testid=reset-said]', { hasText: 'nur einmal' }).waitFor();
    await shot(page, 'mail-reset-used-de-phone');

    const login = await fetch(`${base}/api/account/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ name: 'Ann', password: `${PASSWORD} new` }) });
    check('Ann logs in with the new password', login.status === 200, login.status);
    check('no page errors', failures.length === 0, failures.join('; '));
  },
  { nodes: [['--database', `sqlite://${join(maildir, '..', 'nimmt.db')}`, '--smtp', `smtp://127.0.0.1:${port}`, '--mail-from', 'Nimmt <room@example.org>']] },
);

// A room without SMTP settings says so on the account page.
await session(async ({ base, person }) => {
  const page = await person('Bea', DESKTOP);
  await page.goto(`${base}/#/account`);
  await page.fill('[data-testid=signup-name]', 'Bea');
  await page.fill('[data-testid=signup-password]', PASSWORD);
  await page.fill('[data-testid=signup-again]', PASSWORD);
  await page.click('[data-testid=signup]');
  await page.locator('[data-testid=mail-not-offered]').waitFor();
  check('without SMTP settings the account page says the room sends no e-mail', (await page.locator('[data-testid=mail-not-offered]').innerText()).includes('sends no e-mail'));
  await page.locator('[data-testid=mail]').scrollIntoViewIfNeeded();
  await shot(page, 'mail-not-offered-en-desktop');
});
stop();
