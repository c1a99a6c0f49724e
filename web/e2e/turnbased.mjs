// End-to-end, the story of a game across days in a real headless Chromium against a real
// `nimmt serve` that sends mail to a real SMTP server (aiosmtpd on loopback):
//
//   NIMMT_BIN=target/debug/nimmt node web/e2e/turnbased.mjs
//
// Ann (desktop, English) opens a private table of one hour a move and sends the link to Bea
// (phone, German), whose account has a verified address and wants a mail for each table. Bea
// chooses her card and leaves; Ann chooses hers: the next question waits for Bea, and the mail
// tells her so. Ann leaves too, and the table leaves the server's memory ("days" pass). Bea comes
// back: her Your-move list shows the table, one tap opens it (loaded from the store), and she
// moves; Ann comes back the same way. They play to the end: the result shows how the rated game
// moved their ratings, and Ann's games mark it as turn-based. Then Ann challenges Cem (desktop,
// German) from his profile and Cem declines. Screenshots go to artifacts/turnbased-*.png.

import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { check, failures, openTable, session, shot } from './lib.mjs';
import { loggedIn } from './people.mjs';
import { linkIn, startSmtp } from './smtp.mjs';

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

const { port, mails, nthMail, stop } = await startSmtp();
const db = join(mkdtempSync(join(tmpdir(), 'nimmt-turns-')), 'nimmt.db');

const online = (page) => page.locator('[data-testid=conn][data-status=online]').waitFor({ timeout: 15000 });

/** A gauge of the server's `/metrics`. */
async function gauge(base, name) {
  const text = await (await fetch(`${base}/metrics`)).text();
  return Number(text.match(new RegExp(`^${name}\\{[^}]*\\} (\\d+)`, 'm'))?.[1] ?? -1);
}

/** Tables in the server's memory. */
const inMemory = (base) => gauge(base, 'nimmt_tables_in_memory');

/** The page's seat makes what it is asked: a row if it must take one, else its first card. */
async function move(page) {
  const row = page.locator('.rows.choosing [data-testid=row-0]');
  if (await row.count()) return row.evaluate((el) => el.click()).then(() => true, () => false);
  const card = page.locator('button[data-testid=hand-card]:not([disabled])').first();
  if (await card.count()) return card.click({ timeout: 500 }).then(() => true, () => false);
  return false;
}

await session(
  async ({ base, person }) => {
    const ann = await loggedIn(person, base, 'Ann', DESKTOP);
    const bea = await loggedIn(person, base, 'Bea', PHONE);
    const cem = await loggedIn(person, base, 'Cem', DESKTOP);
    // The game as fast as the pages allow (no card animations): a question comes at once.
    for (const page of [ann, bea]) await page.emulateMedia({ reducedMotion: 'reduce' });
    for (const page of [bea, cem]) {
      await page.selectOption('[data-testid=lang]', 'de');
      await page.locator('html[lang=de]').waitFor();
    }
    // Bea's address, confirmed by the link of the mail she gets, and a mail for each table.
    const asBea = { Authorization: `Bearer ${bea.token}`, 'Content-Type': 'application/json', 'Accept-Language': 'de' };
    await fetch(`${base}/api/account/mail`, { method: 'POST', headers: asBea, body: JSON.stringify({ address: 'bea@example.org' }) });
    const verify = linkIn(await nthMail(1), '/mail/verify');
    await bea.goto(verify);
    await bea.click('[data-testid=confirm]');
    await bea.locator('[data-testid=message]').waitFor();
    const each = await fetch(`${base}/api/account/mail/your_move`, { method: 'POST', headers: asBea, body: JSON.stringify({ your_move: 'each' }) });
    check('Bea wants a mail for each table', each.status === 200, each.status);

    // Ann opens a private table of one hour a move and reads its link.
    const id = await openTable(ann, { private: 'yes', pace: '1h', seats: '2' });
    const link = await ann.locator('[data-testid=invite-link]').inputValue();
    check('the private table has its link', link.includes(`/t/${id}?invite=`), link);
    await bea.goto(link);
    await bea.locator('[data-testid=table] .seat.me').waitFor({ timeout: 15000 });
    check('Bea is seated by the link', true);
    await ann.locator('[data-testid=seat-1]').waitFor();
    await ann.click('[data-testid=start]');
    await ann.locator('button[data-testid=hand-card]').first().waitFor();

    // Day one: Bea chooses her card and leaves; Ann chooses hers.
    await bea.locator('button[data-testid=hand-card]').first().waitFor();
    check('Bea chooses her card', await move(bea));
    await bea.goto(`${base}/healthz`);
    // The room has seen her go (Ann's and Cem's connections are left).
    for (let i = 0; i < 100 && (await gauge(base, 'nimmt_connections')) !== 2; i++) await new Promise((r) => setTimeout(r, 50));
    // Ann makes every move the table asks of her (a row for her card too, when it is the lowest
    // and lower than every row) until the table waits for Bea: then the mail goes out.
    for (let i = 0; i < 150 && mails().length < 2; i++) {
      if (!(await move(ann))) await ann.waitForTimeout(100);
    }
    const mail = await nthMail(2);
    check('the mail tells Bea her move waits at the table', mail.includes(`/t/${id}`) && mail.includes(String(id)), mail.slice(0, 600));
    check('…in German', /Zug/.test(mail), mail.slice(0, 600));
    await shot(ann, 'turnbased-ann-waits-desktop-en');
    await ann.goto(`${base}/healthz`);
    // Nobody there: the table leaves the server's memory.
    for (let i = 0; i < 100 && (await inMemory(base)) !== 0; i++) await new Promise((r) => setTimeout(r, 100));
    check('nobody at the table: it left the server’s memory', (await inMemory(base)) === 0, await inMemory(base));

    // Day two: Bea's Your-move list shows the table; a tap opens it and she moves.
    await bea.goto(`${base}/`);
    await online(bea);
    // Back, the page shows the table she sits at; the lobby has her list.
    await bea.click('a.logo');
    const line = bea.locator(`[data-testid=your-move-${id}]`);
    await line.waitFor({ timeout: 15000 });
    check('Bea’s list shows the table waiting for her', (await line.innerText()).includes('Ann'), await line.innerText());
    check('the page title counts it', (await bea.title()).startsWith('(1) '), await bea.title());
    await shot(bea, 'turnbased-yourmove-phone-de');
    await line.locator('button').click();
    await bea.locator('[data-testid=table]').waitFor();
    // She makes every move asked of her (a row too, if her card needs one) until the table waits
    // for Ann alone.
    for (let i = 0, idle = 0, moved = false; i < 200 && !(moved && idle >= 15); i++) {
      if (await move(bea)) [moved, idle] = [true, 0];
      else {
        idle++;
        await bea.waitForTimeout(100);
      }
    }
    await shot(bea, 'turnbased-bea-back-phone-de');

    // Ann comes back the same way, and they play to the end.
    await ann.goto(`${base}/`);
    await online(ann);
    await ann.click('a.logo');
    await ann.locator('[data-testid=your-move] li').first().waitFor({ timeout: 15000 });
    await ann.locator('[data-testid=your-move] li button').first().click();
    await ann.locator('[data-testid=table]').waitFor();
    for (let step = 0; step < 2000; step++) {
      const over = (await ann.locator('[data-testid=result]').count()) && (await bea.locator('[data-testid=result]').count());
      if (over) break;
      const moved = (await move(ann)) | (await move(bea));
      if (!moved) await ann.waitForTimeout(80);
    }
    await ann.locator('[data-testid=rating-change-0]').waitFor({ timeout: 20000 });
    check('the game ends rated: the result shows the ratings’ moves', (await ann.locator('[data-testid^=rating-change-]').count()) === 2);
    await shot(ann, 'turnbased-result-desktop-en');
    await bea.locator('[data-testid^=rating-change-]').first().waitFor({ timeout: 20000 });
    await shot(bea, 'turnbased-result-phone-de');

    // Ann's games mark it as turn-based.
    await ann.goto(`${base}/players/Ann`);
    await online(ann);
    const pace = ann.locator(`[data-testid=game-${id}] [data-testid=pace]`);
    await pace.waitFor({ timeout: 15000 });
    check('Ann’s games say the game was turn-based', (await pace.innerText()).includes('1 hour per move'), await pace.innerText());
    await shot(ann, 'turnbased-profile-desktop-en');

    // Ann challenges Cem from his profile; Cem declines.
    await ann.goto(`${base}/players/Cem`);
    await online(ann);
    await ann.click('[data-testid=challenge]');
    await ann.locator('[data-testid=challenge-dialog]').waitFor();
    await ann.selectOption('[data-testid=challenge-pace]', '1d');
    await ann.click('[data-testid=challenge-send]');
    await ann.locator('[data-testid=challenge-said]').waitFor();
    await ann.click('[data-testid=challenge-close]');
    const incoming = cem.locator('[data-testid=incoming-Ann]');
    await incoming.waitFor({ timeout: 10000 });
    check('Cem is challenged, in German', (await incoming.textContent()).includes('Ann fordert dich heraus'), await incoming.textContent());
    await shot(cem, 'turnbased-challenged-desktop-de');
    await cem.click('[data-testid=incoming-Ann] [data-testid=decline]');
    const answer = await ann.locator('[data-testid=challenge-answered]').textContent({ timeout: 10000 });
    check('Ann is told Cem declined', answer.includes('Cem declined'), answer);
    await shot(ann, 'turnbased-declined-desktop-en');
    check('no page errors', failures.length === 0, failures.join('; '));
  },
  { nodes: [['--database', `sqlite://${db}`, '--smtp', `smtp://127.0.0.1:${port}`, '--mail-from', 'Nimmt <room@example.org>', '--sleep-after-secs', '1']] },
);
stop();
