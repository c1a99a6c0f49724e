// End-to-end: the lobby's Your move list in a real headless Chromium against a real
// `nimmt serve`. Ann opens a turn-based table (1 hour a move) that Bea joins with a bot, and a
// second one (1 day a move) with a bot alone; once both games start, Ann's lobby lists both
// tables, the one due soonest first, with the time left and who else sits there, the page title
// carries the count, and a click opens the table; Bea's phone lists hers. The account page shows
// the notification switches and, for an account, Web Push; offline, the service worker shows the
// offline page; a push message delivered to the service worker shows its notification.
// Screenshots (desktop 1280×800 and phone 390×844, English and
// German) go to artifacts/yourmove-*.png.
//
//   NIMMT_BIN=target/debug/nimmt node web/e2e/yourmove.mjs

import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { check, openTable, root, session, shot } from './lib.mjs';

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const PASSWORD = 'a long enough password';

// The room's Web Push key, made by `nimmt vapid-key`.
const bin = process.env.NIMMT_BIN ?? join(root, 'target/debug/nimmt');
const keys = mkdtempSync(join(tmpdir(), 'nimmt-vapid-'));
const vapid = join(keys, 'vapid.pem');
writeFileSync(vapid, execFileSync(bin, ['vapid-key']));
const db = join(keys, 'nimmt.db');

await session(async ({ person }) => {
  for (const lang of ['en', 'de']) {
    const open = async (name, viewport) => {
      const page = await person(name, viewport);
      if (lang !== 'en') {
        await page.selectOption('[data-testid=lang]', lang);
        await page.locator('html[lang=de]').waitFor();
      }
      return page;
    };
    const ann = await open(lang === 'en' ? 'Ann' : 'Anna', DESKTOP);
    const bea = await open(lang === 'en' ? 'Bea' : 'Berta', PHONE);

    // A table of one hour a move: Ann, Bea and a bot.
    const soon = await openTable(ann, { pace: '1h', seats: '3' });
    await bea.click(`[data-testid=join-${soon}]`);
    await ann.locator('[data-testid=seat-1]').waitFor();
    await ann.click('[data-testid=add-bot]');
    await ann.locator('[data-testid=seat-2]').waitFor();
    await ann.click('[data-testid=start]');
    await ann.locator('button[data-testid=hand-card]').first().waitFor();

    // A table of one day a move: Ann and a bot.
    await ann.goto(ann.url().replace(/#.*$/, '#/'));
    const later = await openTable(ann, { pace: '1d', seats: '2' });
    await ann.click('[data-testid=add-bot]');
    await ann.locator('[data-testid=seat-1]').waitFor();
    await ann.click('[data-testid=start]');
    await ann.locator('button[data-testid=hand-card]').first().waitFor();

    // Ann's lobby: both tables, the one due soonest first.
    await ann.click('a.logo');
    const rows = ann.locator('[data-testid=your-move] li');
    await ann.waitForFunction(() => document.querySelectorAll('[data-testid=your-move] li').length === 2, null, { timeout: 15000 }).catch(() => {});
    const ids = await rows.evaluateAll((lis) => lis.map((li) => Number(li.dataset.testid.replace('your-move-', ''))));
    check(`${lang}: Ann's Your move list holds both tables, soonest deadline first`, JSON.stringify(ids) === JSON.stringify([soon, later]), JSON.stringify(ids));
    const first = await rows.first().innerText();
    const words = lang === 'en' ? /minutes left/ : /noch \d+ Minuten/;
    check(`${lang}: the list says the time left in words`, words.test(first), first);
    check(`${lang}: the list names who else sits there`, first.includes(lang === 'en' ? 'Bea' : 'Berta'), first);
    const title = await ann.title();
    check(`${lang}: the page title carries the count`, title.startsWith('(2) '), title);
    await shot(ann, `yourmove-${lang}-desktop`);

    // Bea's phone lists her table.
    await bea.click('a.logo');
    await bea.locator(`[data-testid=your-move-${soon}]`).waitFor({ timeout: 15000 });
    check(`${lang}: Bea's list shows her table`, (await bea.locator('[data-testid=your-move] li').count()) === 1);
    await shot(bea, `yourmove-${lang}-phone`);

    // One click opens the table; once Ann chose her card there (Bea has not yet), the table
    // leaves Ann's list and stays on Bea's.
    await ann.click(`[data-testid=your-move-${soon}] button`);
    await ann.locator('button[data-testid=hand-card]').first().waitFor();
    check(`${lang}: a click on the list opens the table`, ann.url().endsWith(`#/table/${soon}`), ann.url());
    await ann.locator('button[data-testid=hand-card]').first().click();
    await ann.click('a.logo');
    await ann.waitForFunction((id) => !document.querySelector(`[data-testid=your-move-${id}]`), soon, { timeout: 15000 }).catch(() => {});
    check(`${lang}: a table where Ann chose leaves her list`, (await ann.locator(`[data-testid=your-move-${soon}]`).count()) === 0);
    check(`${lang}: the title counts one table now`, (await ann.title()).startsWith('(1) '), await ann.title());
    check(`${lang}: Bea's list still shows it`, (await bea.locator(`[data-testid=your-move-${soon}]`).count()) === 1);

    // The account page: the alert switches, remembered in this browser; once Ann has an
    // account, this browser may subscribe to Web Push (the room has a VAPID key).
    await ann.goto(ann.url().replace(/#.*$/, '#/account'));
    await ann.locator('[data-testid=notifications]').waitFor();
    await ann.fill('[data-testid=signup-password]', PASSWORD);
    await ann.fill('[data-testid=signup-again]', PASSWORD);
    await ann.click('[data-testid=signup]');
    await ann.locator('[data-testid=push][data-state]').waitFor({ timeout: 15000 });
    const push = await ann.locator('[data-testid=push]').getAttribute('data-state');
    check(`${lang}: an account is offered Web Push for this browser`, push === 'off' || push === 'unsupported', push);
    if (push === 'off') {
      // Headless Chromium has no push service: the refusal is said in the page's language and
      // the browser stays unsubscribed, at the room too.
      await ann.context().grantPermissions(['notifications'], { origin: new URL(ann.url()).origin });
      await ann.click('[data-testid=push-subscribe]');
      const said = await ann.locator('[data-testid=push-error]').innerText({ timeout: 15000 }).catch(() => '');
      check(`${lang}: a refused subscription is said in words`, lang === 'en' ? /did not take the subscription/.test(said) : /nicht angenommen/.test(said), said);
      check(`${lang}: … and the browser stays unsubscribed`, (await ann.locator('[data-testid=push]').getAttribute('data-state')) === 'off');
    }
    await ann.check('[data-testid=alert-sound]');
    await ann.reload();
    await ann.locator('[data-testid=notifications]').waitFor();
    check(`${lang}: the sound switch is remembered`, await ann.locator('[data-testid=alert-sound]').isChecked());
    await shot(ann, `yourmove-${lang}-account`);

    // The installed app's service worker: with the room out of reach, the page is the offline
    // page (in both languages), not the browser's error.
    await ann.evaluate(() => navigator.serviceWorker.ready.then(() => true));
    await ann.waitForFunction(() => !!navigator.serviceWorker.controller, null, { timeout: 10000 }).catch(() => {});
    await ann.context().setOffline(true);
    await ann.reload().catch(() => {});
    const offline = await ann.locator('[data-testid=offline]').waitFor({ timeout: 10000 }).then(() => true, () => false);
    check(`${lang}: with the room out of reach the service worker shows the offline page`, offline);
    if (offline && lang === 'en') await shot(ann, 'yourmove-offline');
    await ann.context().setOffline(false);
    await ann.context().close();
    await bea.context().close();
  }

  // A Web Push message reaching the service worker (delivered through the browser's DevTools
  // protocol, as a push service would): it shows the notification, tagged by table, that opens
  // /t/ID.
  const cy = await person('Cy');
  const origin = new URL(cy.url()).origin;
  await cy.context().grantPermissions(['notifications'], { origin });
  await cy.evaluate(() => navigator.serviceWorker.ready.then(() => true));
  const cdp = await cy.context().newCDPSession(cy);
  let registrationId = null;
  cdp.on('ServiceWorker.workerRegistrationUpdated', (e) => {
    for (const r of e.registrations) if (r.scopeURL === `${origin}/` && !r.isDeleted) registrationId = r.registrationId;
  });
  await cdp.send('ServiceWorker.enable');
  for (let i = 0; i < 100 && registrationId === null; i++) await new Promise((r) => setTimeout(r, 50));
  const message = { table: 7, game: 'classic', deadline_ms: Date.now() + 3_600_000, title: 'Your move', body: '6 nimmt! at table 7 waits for your move: 60 minutes left.', url: '/t/7' };
  await cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId, data: JSON.stringify(message) });
  const shown = await cy
    .waitForFunction(() => navigator.serviceWorker.ready.then((r) => r.getNotifications()).then((ns) => (ns.length ? ns.map((n) => ({ title: n.title, body: n.body, tag: n.tag, url: n.data?.url })) : null)), null, { timeout: 10000 })
    .then((h) => h.jsonValue(), () => []);
  check(
    'a push message shows its notification, tagged by table, opening the table',
    shown.length === 1 && shown[0].title === message.title && shown[0].body === message.body && shown[0].tag === 'table-7' && shown[0].url === '/t/7',
    JSON.stringify(shown),
  );
}, { nodes: [['--database', `sqlite://${db}`, '--vapid-key', vapid, '--vapid-subject', 'mailto:room@example.org']] });
rmSync(keys, { recursive: true, force: true });
