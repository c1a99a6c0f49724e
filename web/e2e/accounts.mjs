// End-to-end, the room that remembers its players, in a real headless Chromium against a real
// `nimmt serve`: Ann and Bob sign up, play a rated game of 6 nimmt! with a bot (its rating shows
// at its seat), Bob says something rude and Ann reports the line. Halfway, Ann logs in on a phone
// (another browser context): the room takes her straight to her seat and she plays the game to
// its end there, sees her rating change in the result, finds the game under "My games", opens
// her profile (rating and chart) and the leaderboard (where one game is not yet enough). Olga, made an operator
// with `nimmt admin grant`, handles the report on the admin page: the line leaves the table's
// chat and the report is resolved in the audit log. Screenshots go to artifacts/.
//
//   NIMMT_BIN=target/debug/nimmt node web/e2e/accounts.mjs

import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { check, openTable, root, session, shot } from './lib.mjs';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const PASSWORD = 'six bulls take it all';
const bin = process.env.NIMMT_BIN ?? join(root, 'target/debug/nimmt');
const db = `sqlite://${join(mkdtempSync(join(tmpdir(), 'nimmt-accounts-')), 'room.db')}`;

/** No animations: the game goes as fast as the players click. */
async function instant(page) {
  await page.evaluate(() => localStorage.setItem('nimmt.speed', 'instant'));
  await page.reload();
  await page.locator('[data-testid=conn][data-status=online]').waitFor();
}

async function signUp(page, base, name) {
  await page.goto(`${base}/#/account`);
  await page.fill('[data-testid=signup-name]', name);
  await page.fill('[data-testid=signup-password]', PASSWORD);
  await page.fill('[data-testid=signup-again]', PASSWORD);
  await page.click('[data-testid=signup]');
  await page.locator('[data-testid=signed-in]', { hasText: name }).waitFor();
  await page.locator('[data-testid=conn][data-status=online]').waitFor();
}

async function say(page, text) {
  await page.fill('[data-testid=table-chat] > form input', text);
  await page.press('[data-testid=table-chat] > form input', 'Enter');
}

const chatLine = (page, text) => page.locator('[data-testid=table-chat] .line', { hasText: text });

/** Each page plays its first card (or takes the first row) whenever asked, `turns` times at most
 * or until every page shows the result. */
async function play(pages, turns = Infinity) {
  let moves = 0;
  for (let step = 0; step < 4000 && moves < turns; step++) {
    let done = true;
    for (const page of pages) {
      if (await page.locator('[data-testid=result]').count()) continue;
      done = false;
      const row = page.locator('.rows.choosing [data-testid=row-0]');
      if (await row.count()) {
        await row.evaluate((el) => el.click()).catch(() => {});
        continue;
      }
      const card = page.locator('button[data-testid=hand-card]:not([disabled])').first();
      if (await card.count()) {
        if (await card.click({ timeout: 1000 }).then(() => true, () => false)) moves++;
      }
    }
    if (done) return true;
    await pages[0].waitForTimeout(60);
  }
  return moves >= turns;
}

await session(
  async ({ base, person }) => {
    // Ann and Bob sign up; Olga stays a guest and is made an operator on the command line.
    const ann = await person('Ann', DESKTOP);
    await signUp(ann, base, 'Ann');
    const bob = await person('Bob', DESKTOP);
    await signUp(bob, base, 'Bob');
    const olga = await person('Olga', DESKTOP);
    execFileSync(bin, ['admin', 'grant', 'Olga', '--database', db]);
    check('the accounts are signed in', (await ann.locator('[data-testid=account-link]').innerText()).includes('Ann'));
    await instant(ann);
    await instant(bob);

    // A rated game: standard rules, Ann, Bob and a bot.
    await ann.goto(`${base}/`);
    const id = await openTable(ann, { seats: '3' });
    await bob.goto(`${base}/`);
    await bob.click(`[data-testid=join-${id}]`);
    await ann.locator('[data-testid=seat-1]', { hasText: 'Bob' }).waitFor();
    await ann.click('[data-testid=add-bot]');
    await ann.locator('[data-testid=seat-2]').waitFor();
    await ann.click('[data-testid=start]');
    await ann.locator('button[data-testid=hand-card]').first().waitFor();

    await say(bob, 'you all play like potatoes');
    await chatLine(ann, 'potatoes').waitFor();
    await chatLine(ann, 'potatoes').locator('[data-testid=line-menu]').click();
    await chatLine(ann, 'potatoes').locator('[data-testid=report-line]').click();
    await ann.fill('[data-testid=report-reason]', 'insulting the table');
    await ann.click('[data-testid=report-send]');
    await ann.locator('[data-testid=mod-said]').waitFor();
    check('Ann reports Bob’s line', (await ann.locator('[data-testid=mod-said]').innerText()).includes('operator'));
    await play([ann, bob], 6);

    // Ann on her phone: log in, and the room takes her to her seat.
    const phone = await person('Someone', PHONE);
    await instant(phone);
    await phone.goto(`${base}/#/account`);
    await phone.fill('[data-testid=login-name]', 'ann');
    await phone.fill('[data-testid=login-password]', PASSWORD);
    await phone.click('[data-testid=login]');
    await phone.locator('[data-testid=signed-in]', { hasText: 'Ann' }).waitFor();
    await phone.goto(`${base}/`);
    await phone.waitForURL(new RegExp(`#/table/${id}$`), { timeout: 15000 });
    await phone.locator('[data-testid=seat-0]').waitFor();
    check('on the phone Ann is back in her seat', (await phone.locator('[data-testid=seat-0]').innerText()).includes('Ann'));
    await shot(phone, 'accounts-seat-on-phone');

    // Olga handles the report meanwhile: the line leaves everyone's chat.
    await olga.reload();
    await olga.locator('[data-testid=admin-link]').click();
    const report = olga.locator('[data-testid=report]').first();
    await report.waitFor();
    check('the report waits with the line as said', (await report.locator('[data-testid=report-text]').innerText()).includes('potatoes'));
    await report.locator('[data-testid=report-why]').fill('insult removed');
    await report.locator('[data-testid=report-remove-line]').click();
    await olga.locator('[data-testid=admin-said]').waitFor();
    await chatLine(bob, 'potatoes').waitFor({ state: 'detached' });
    check('the removed line leaves the chat on Ann’s phone', (await chatLine(phone, 'potatoes').count()) === 0);
    await report.locator('[data-testid=report-resolve]').click();
    await olga.locator('[data-testid=report]').first().waitFor({ state: 'detached' });
    const actions = await olga.locator('[data-testid=audit-row]').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-action')));
    check('the audit log holds the removal and the resolution', JSON.stringify(actions) === JSON.stringify(['resolve_report', 'remove_line']), JSON.stringify(actions));
    await shot(olga, 'accounts-admin-desktop-en');

    // The game goes on to its end, Ann playing on her phone.
    check('the game is played to its end', await play([phone, bob]));
    const change = phone.locator('[data-testid=rating-change-0]');
    await change.waitFor();
    const changeText = await change.innerText();
    check('the result shows Ann’s rating change', /[+−±]\d/.test(changeText), changeText);
    await shot(phone, 'accounts-result-phone');
    check('the seats show their ratings after the game', (await phone.locator('[data-testid=seats] [data-testid=rating]').count()) >= 2);

    // My games: the game is there, rated.
    // (Opening the room takes her to the finished table, which waits for its players: the
    // lobby is one click away.)
    await phone.goto(`${base}/`);
    await phone.locator('[data-testid=conn][data-status=online]').waitFor();
    await phone.evaluate(() => (window.location.hash = '#/'));
    await phone.locator('[data-testid=my-games-toggle]').click();
    const row = phone.locator(`[data-testid=my-game-list] [data-testid=game-${id}]`);
    await row.waitFor();
    check('the game is in Ann’s history, rated', /[+−±]\d/.test(await row.innerText()), await row.innerText());

    // The profile and the leaderboard.
    await phone.goto(`${base}/players/Ann`);
    await phone.locator('[data-testid=standing-classic]').waitFor();
    check('the profile shows Ann’s rating in 6 nimmt!', /\d{3,4}/.test(await phone.locator('[data-testid=standing-classic]').innerText()));
    check('the profile lists the game', (await phone.locator(`[data-testid=game-${id}]`).count()) === 1);
    await shot(phone, 'accounts-profile-phone');
    await phone.goto(`${base}/leaderboard/classic`);
    await phone.locator('[data-testid=leaderboard]').waitFor();
    await phone.locator('[data-testid=leaderboard] .small').waitFor();
    const board = await phone.locator('[data-testid=leaderboard]').innerText();
    check('the leaderboard says how many rated games it takes, and Ann has not played them yet', /\d/.test(board) && !board.includes('Ann'), board);
    const you = await phone.locator('[data-testid=you-on-board]').innerText();
    check('and how far Ann, signed in, is from it', /1\D+5\D+4/.test(you), you);
    await shot(phone, 'accounts-leaderboard-phone');
  },
  { nodes: [['--database', db]] },
);
