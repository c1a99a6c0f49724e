// End-to-end: the 6 nimmt! Brettspiel in the browser. A whole base game and a whole pro game with
// luck cards, each one person and two bots; the person plays what the server's `legal` offers
// through the board (tiles, cards, rows, luck cards) to the result. Fields tell their effect on
// hover and tap; the score track shows every counter. Screenshots in English and German,
// desktop and phone.

import { check, openTable, session, shot as rawShot } from './lib.mjs';

// Pictures once tiles have slid and counters moved.
const shot = async (page, name) => {
  await page.waitForTimeout(700);
  await rawShot(page, name);
};

/** Plays the person's decisions until the result shows; returns the kinds of choices made. */
async function playBoard(page, tag) {
  const seen = { tiles: 0, pairs: 0, actions: {} };
  let shotTaken = false;
  const deadline = Date.now() + 240000;
  while (Date.now() < deadline) {
    if (await page.locator('[data-testid=result]').count()) break;
    const tiles = page.locator('button[data-testid=hand-card]');
    const buttons = page.locator('[data-testid=board-action]');
    try {
      if (await tiles.count()) {
        if (!shotTaken) {
          await shot(page, `table-board-${tag}`);
          shotTaken = true;
          // The first tile by the keyboard: key 1 chooses the first tile.
          const before = await page.locator('[data-testid=hand-card]').count();
          await page.keyboard.press('1');
          await page.waitForFunction((n) => document.querySelectorAll('.hand [data-testid=hand-card]').length < n, before, { timeout: 5000 });
          seen.keyboard = true;
          seen.tiles++;
          continue;
        }
        // One click a time: a single choice goes at once, a pair with its second tile.
        const two = (await page.locator('.hand h3 .swap').count()) > 0;
        await page.locator('button[data-testid=hand-card][aria-pressed=false]').first().click({ timeout: 2000 });
        if (two && (await page.locator('button[data-testid=hand-card][aria-pressed=true]').count()) === 0) seen.pairs++;
        else seen.tiles++;
        await page.waitForTimeout(100);
      } else if (await buttons.count()) {
        // Each kind of choice in turn: the first card, luck card or row offered, sometimes just lay.
        const n = await buttons.count();
        const i = (seen.tiles + Object.values(seen.actions).reduce((a, b) => a + b, 0)) % n;
        const b = buttons.nth(i);
        const type = await b.getAttribute('data-type', { timeout: 2000 });
        await b.click({ timeout: 2000 });
        seen.actions[type] = (seen.actions[type] ?? 0) + 1;
        await page.waitForTimeout(100);
      } else await page.waitForTimeout(150);
    } catch {
      // The board was redrawn under the click (a bot moved): look again.
    }
  }
  if (!(await page.locator('[data-testid=result]').count())) {
    console.log(`# ${tag}: no result yet; status: ${await page.locator('[data-testid=status]').innerText().catch(() => '?')}; ${JSON.stringify(seen)}`);
    await shot(page, `stuck-board-${tag}`);
  }
  return seen;
}

/** The counters on the score track agree with the scores of the screens. */
async function trackAgrees(page) {
  const counters = await page.locator('[data-testid=track-counter]').evaluateAll((els) => els.map((e) => Number(e.dataset.score)));
  const screens = await page.locator('[data-testid^=screen-] .seatname b').allInnerTexts();
  return { ok: counters.length === 3 && counters.every((c, i) => c === Number(screens[i])), counters, screens };
}

session(async ({ person }) => {
  // The base game, in English on a desktop.
  const ann = await person('Ann');
  await ann.selectOption('[data-testid=create-form] [name=game]', 'board');
  await openTable(ann, { version: 'base', seats: '3' });
  check('the table names the Brettspiel', (await ann.locator('.tablebar').innerText()).includes('Brettspiel'));
  for (const s of [1, 2]) {
    await ann.click('[data-testid=add-bot]');
    await ann.locator(`[data-testid=seat-${s}]`).waitFor();
  }
  await ann.click('[data-testid=start]');
  await ann.locator('[data-testid=board-board]').waitFor();
  check('the base board shows five rows, four of them active', (await ann.locator('[data-testid^=board-row-]').count()) === 5 && (await ann.locator('[data-testid^=board-row-][data-active=true]').count()) === 4);
  check('the score track shows the clovers and three counters', (await ann.locator('[data-testid=clover]').count()) > 0 && (await ann.locator('[data-testid=track-counter]').count()) === 3);
  // Hovering a field tells its effect; tapping it writes the effect under the board.
  const take = ann.locator('[data-testid=board-field][data-kind=take_row]').first();
  await take.hover();
  const title = await take.getAttribute('title');
  check('hovering a field shows its effect', /^Take the row: minus points/.test(title ?? ''), title);
  await take.click();
  check('tapping a field writes its effect', (await ann.locator('[data-testid=field-tip]').innerText()).includes('Take the row'));
  const red = await ann.locator('[data-testid=board-field][data-kind=red_bulls]').first().getAttribute('title');
  check('a red bull field tells its minus points', /^Red bull heads ×\d: minus points/.test(red ?? ''), red);
  const base = await playBoard(ann, 'base');
  check('Ann chose her tiles by clicking them', base.tiles >= 12, JSON.stringify(base));
  check('key 1 chose Ann’s first tile', base.keyboard === true, JSON.stringify(base));
  await ann.locator('[data-testid=result]').waitFor();
  const line = await ann.locator('[data-testid=winner]').innerText();
  check('the base result names who has the most points', /wins with|Shared win/.test(line), line);
  const t1 = await trackAgrees(ann);
  check('after the base game the score track shows every final score', t1.ok, JSON.stringify(t1));
  const ranking = await ann.locator('.ranking').innerText();
  check('the ranking lists the three players', ['Ann'].every((n) => ranking.includes(n)) && ranking.split('\n').length >= 4, ranking);
  await shot(ann, 'result-board-base');

  // The pro game with luck cards, in German; a phone-sized picture halfway.
  const bea = await person('Bea');
  await bea.selectOption('[data-testid=lang]', 'de');
  await bea.selectOption('[data-testid=create-form] [name=game]', 'board');
  await openTable(bea, { version: 'pro-luck', seats: '3' });
  check('the German table names the version', (await bea.locator('.tablebar').innerText()).includes('Profi mit Glückskarten'));
  for (const s of [1, 2]) {
    await bea.click('[data-testid=add-bot]');
    await bea.locator(`[data-testid=seat-${s}]`).waitFor();
  }
  await bea.click('[data-testid=start]');
  await bea.locator('[data-testid=board-board]').waitFor();
  check('the pro game shows the luck stacks and Bea’s action cards', (await bea.locator('[data-testid=luck-stacks]').innerText()).includes('Glückskarten') && (await bea.locator('[data-testid=action-card]').count()) > 0);
  const draw = bea.locator('[data-testid=board-field][data-kind=draw_tile], [data-testid=board-field][data-kind=draw_action_card]').first();
  await draw.hover();
  const deTitle = await draw.getAttribute('title');
  check('hovering a pro field shows its effect in German', /ziehen\.$/.test(deTitle ?? ''), deTitle);
  await shot(bea, 'table-board-pro-luck-de-start');
  await bea.setViewportSize({ width: 390, height: 844 });
  await bea.waitForTimeout(200);
  await shot(bea, 'table-board-phone-de');
  await bea.setViewportSize({ width: 1200, height: 860 });
  const pro = await playBoard(bea, 'pro-luck-de');
  console.log(`# Bea's choices: ${JSON.stringify(pro)}`);
  check('Bea played the pro game through the board', pro.tiles >= 6, JSON.stringify(pro));
  check('Bea was asked before laying and answered from the offered cards', Object.keys(pro.actions).length > 0, JSON.stringify(pro));
  await bea.locator('[data-testid=result]').waitFor();
  const deLine = await bea.locator('[data-testid=winner]').innerText();
  check('the German pro result names the winner', deLine.trim().length > 0, deLine);
  const t2 = await trackAgrees(bea);
  check('after the pro game the score track shows every final score', t2.ok, JSON.stringify(t2));
  await shot(bea, 'result-board-pro-luck-de');
  await bea.setViewportSize({ width: 390, height: 844 });
  await shot(bea, 'result-board-phone-de');

  // The replay of the base game tells its steps.
  await ann.click('[data-testid=watch-replay]');
  await ann.locator('[data-testid=replay-step]').waitFor();
  await ann.keyboard.press('End');
  const what = await ann.locator('[data-testid=replay-what]').innerText();
  check('the last replay step says who did what', /^[^:]+: \S/.test(what), what);
  check('the replay draws the board and the track', (await ann.locator('[data-testid=board-replay] [data-testid=score-track]').count()) === 1);
  await shot(ann, 'replay-board');
});
