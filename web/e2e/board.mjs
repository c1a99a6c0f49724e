// End-to-end: the 6 nimmt! Brettspiel in the browser. A whole base game and a whole pro game with
// luck cards, each one person and two bots; the person plays what the server's `legal` offers
// through the board (tiles, cards, rows, luck cards) to the result. Fields tell their effect on
// hover and tap; the score track shows every counter. Every tile is told: it slides to its field,
// the field's effect and points are named there, the round ends with a summary and a log keeps
// every line; cards explain themselves; the result charts the score track round by round; on a
// phone the board fits and its targets are large enough. Screenshots in English (desktop
// 1280×800) and German (phone 390×844).

import { check, openTable, session, shot as rawShot } from './lib.mjs';

// Pictures once tiles have slid and counters moved.
const shot = async (page, name) => {
  await page.waitForTimeout(700);
  await rawShot(page, name);
};

/** Waits for a tile's move on the board (its field named, the status telling it) and returns the status. */
async function tileMove(page) {
  for (let i = 0; i < 300; i++) {
    if (await page.locator('[data-testid=field-badge]').count()) break;
    // Asked before laying (holding cards): just lay the tile.
    const lay = page.locator('[data-testid=board-action][data-type=lay]').first();
    if (await lay.count()) await lay.click({ timeout: 1000 }).catch(() => {});
    await page.waitForTimeout(100);
  }
  return page.locator('[data-testid=status]').innerText();
}

/** What a phone shows of the board: sideways scroll, the smallest field and label, tap targets. */
async function phoneLayout(page) {
  return page.evaluate(() => {
    const fields = [...document.querySelectorAll('[data-testid=board-field]')].map((e) => e.getBoundingClientRect());
    const labels = [...document.querySelectorAll('.bfield .ficon, .browlabel b, .browlabel small, .trackbar .counter, .bcard, .fxbadge')]
      .filter((e) => e.getClientRects().length)
      .map((e) => parseFloat(getComputedStyle(e).fontSize));
    const targets = [...document.querySelectorAll('.boardgame button, .boardgame [role=button]')]
      .filter((e) => e.getClientRects().length && !e.closest('.card'))
      .map((e) => e.getBoundingClientRect())
      .map((r) => Math.min(r.width, r.height));
    const panel = document.querySelector('[data-testid=board-rows]').getBoundingClientRect();
    const rows = [...document.querySelectorAll('.brow')].map((e) => e.getBoundingClientRect());
    return {
      outside: Math.max(...rows.map((r) => r.right - panel.right)),
      scroll: document.documentElement.scrollWidth,
      width: window.innerWidth,
      field: Math.min(...fields.map((r) => Math.min(r.width, r.height))),
      right: Math.max(...fields.map((r) => r.right)),
      label: Math.min(...labels),
      target: Math.min(...targets),
    };
  });
}

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
  await ann.setViewportSize({ width: 1280, height: 800 });
  await ann.click('[data-testid=start]');
  await ann.locator('[data-testid=board-board]').waitFor();
  await ann.selectOption('[data-testid=speed]', 'slow');
  check('the base board shows five rows, four of them active', (await ann.locator('[data-testid^=board-row-]').count()) === 5 && (await ann.locator('[data-testid^=board-row-][data-active=true]').count()) === 4);
  check('the score track shows the clovers and three counters', (await ann.locator('[data-testid=clover]').count()) > 0 && (await ann.locator('[data-testid=track-counter]').count()) === 3);
  // Hovering a field tells its effect; tapping it writes the effect under the board.
  const take = ann.locator('[data-testid=board-field][data-kind=take_row]').first();
  await take.hover();
  const title = await take.getAttribute('title');
  check('hovering a field shows its effect', /^Take the row: minus points/.test(title ?? ''), title);
  await take.click();
  check('tapping a field writes its effect', (await ann.locator('[data-testid=field-tip]').innerText()).includes('Take the row'));
  check('tapping a field shows its effect beside the field', (await take.locator('[data-testid=field-tip-near]').innerText()).includes('Take the row'));
  await take.click();
  const red = await ann.locator('[data-testid=board-field][data-kind=red_bulls]').first().getAttribute('title');
  check('a red bull field tells its minus points', /^Red bull heads ×\d: minus points/.test(red ?? ''), red);
  // The first round, slowly: each tile lands on its field, named there, and the status says what it gave.
  await shot(ann, 'board-start-en');
  // The first tile by the keyboard: key 1 chooses the first tile (not while a menu has the focus).
  await ann.evaluate(() => document.activeElement?.blur());
  const before = await ann.locator('[data-testid=hand-card]').count();
  await ann.keyboard.press('1');
  const byKey = await ann
    .waitForFunction((n) => document.querySelectorAll('.hand [data-testid=hand-card]').length < n, before, { timeout: 5000 })
    .then(() => true)
    .catch(() => false);
  check('key 1 chose Ann’s first tile', byKey);
  const told = await tileMove(ann);
  await rawShot(ann, 'board-tile-move-en');
  check('a tile laid is told with its field and row', /lands on .+ \(row \d, field \d\)|opens row \d|Revealed/.test(told), told);
  const toldAll = [];
  let flew = false;
  for (let i = 0; i < 40 && !(await ann.locator('[data-testid=round-summary]').count()); i++) {
    toldAll.push(await ann.locator('[data-testid=status]').innerText());
    flew ||= (await ann.locator('[data-testid=points-fly]').count()) > 0;
    await ann.waitForTimeout(250);
  }
  check('points fly from the field to the score track', flew);
  check('the status names a tile landing on its field', toldAll.some((l) => /’s \d+ lands on /.test(l)), toldAll.join(' | '));
  await ann.locator('[data-testid=round-summary]').waitFor({ timeout: 20000 });
  const summary = await ann.locator('[data-testid=round-summary]').innerText();
  check('the round ends with a summary of points and scores', /Round 1 is over/.test(summary) && summary.includes('Ann'), summary);
  await rawShot(ann, 'board-round-summary-en');
  const log = await ann.locator('[data-testid=log-line]').allInnerTexts();
  check('the log of the round tells each tile and the round’s end', log.some((l) => / lands on /.test(l)) && log.some((l) => /^End of round 1: /.test(l)), log.join(' | '));
  // The rest at once.
  await ann.selectOption('[data-testid=speed]', 'instant');
  const base = await playBoard(ann, 'base');
  check('Ann chose her tiles by clicking them', base.tiles + base.pairs >= 10, JSON.stringify(base));
  await ann.locator('[data-testid=result]').waitFor();
  const line = await ann.locator('[data-testid=winner]').innerText();
  check('the base result names who has the most points', /wins with|Shared win/.test(line), line);
  const t1 = await trackAgrees(ann);
  check('after the base game the score track shows every final score', t1.ok, JSON.stringify(t1));
  const ranking = await ann.locator('.ranking').innerText();
  check('the ranking lists the three players', ['Ann'].every((n) => ranking.includes(n)) && ranking.split('\n').length >= 4, ranking);
  const chart = await ann.locator('[data-testid=chart]').innerText();
  check('the result charts the score track round by round', chart.includes('Score track, round by round'), chart);
  const inside = await ann.locator('[data-testid=chart] circle').evaluateAll((cs) => cs.every((c) => Number(c.getAttribute('cy')) >= 0 && Number(c.getAttribute('cy')) <= 160));
  check('every point of the chart, negative ones too, lies inside its frame', inside);
  await shot(ann, 'board-result-en');

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
  const boardValues = await bea.locator('[data-testid=create-form] [name=board] option').evaluateAll((os) => os.map((o) => o.value)).catch(() => []);
  check('a room without board data does not offer board=custom', !boardValues.includes('custom'), JSON.stringify(boardValues));
  await bea.click('[data-testid=start]');
  await bea.locator('[data-testid=board-board]').waitFor();
  check('the pro game shows the luck stacks and Bea’s action cards', (await bea.locator('[data-testid=luck-stacks]').innerText()).includes('Glückskarten') && (await bea.locator('[data-testid=action-card]').count()) > 0);
  const draw = bea.locator('[data-testid=board-field][data-kind=draw_tile], [data-testid=board-field][data-kind=draw_action_card]').first();
  await draw.hover();
  const deTitle = await draw.getAttribute('title');
  check('hovering a pro field shows its effect in German', /ziehen\.$/.test(deTitle ?? ''), deTitle);
  // Cards explain themselves: on hover, on tap, and in the rules.
  const card = bea.locator('[data-testid=action-card]').first();
  const cardTitle = await card.getAttribute('title');
  check('an action card tells its effect on hover, in German', (cardTitle ?? '').length > 30, cardTitle);
  await card.click();
  check('a tapped action card shows its effect beside it', (await bea.locator('[data-testid=card-tip]').innerText()).length > 30);
  await card.click();
  const stackTitle = await bea.locator('[data-testid=luck-stacks] .bcard.luck').first().getAttribute('title');
  check('a luck card tells its effect on hover', /^5 Pluspunkte: /.test(stackTitle ?? ''), stackTitle);
  await bea.click('[data-testid=rules-button]');
  const rules = await bea.locator('.modal').innerText();
  const cards = ['5 Pluspunkte:', 'Positive Hornochsen:', 'Stop!:', 'Plättchentausch:', 'Überspringen:', 'An den Anfang legen:', 'Aufsteigend anlegen:', 'Noch ein Plättchen:'];
  check('the rules explain every luck and action card in German', cards.every((c) => rules.includes(c)), rules);
  await bea.keyboard.press('Escape');
  await bea.locator('.modal').waitFor({ state: 'detached', timeout: 3000 }).catch(async () => bea.locator('.modal button').last().click());
  // On a phone: the board fits without sideways scroll, fields and targets are large enough,
  // labels readable, and a tapped field's tip shows beside it.
  await bea.setViewportSize({ width: 390, height: 844 });
  await bea.waitForTimeout(300);
  const phone = await phoneLayout(bea);
  check('on a phone the board fits 390 px without sideways scroll, every row inside its panel', phone.scroll <= 390 && phone.right <= 390 && phone.outside <= 0, JSON.stringify(phone));
  check('on a phone every field is at least 40 px', phone.field >= 40, JSON.stringify(phone));
  check('on a phone the board’s labels are at least 12 px', phone.label >= 12, JSON.stringify(phone));
  check('on a phone the board’s buttons are at least 40 px', phone.target >= 40, JSON.stringify(phone));
  const far = bea.locator('[data-testid=board-field]').last();
  await far.click();
  const near = await bea.evaluate(() => {
    const tip = document.querySelector('[data-testid=field-tip-near]')?.getBoundingClientRect();
    const f = document.querySelector('[data-testid=field-tip-near]')?.closest('[data-testid=board-field]')?.getBoundingClientRect();
    return tip && f ? { gap: tip.top - f.bottom, left: tip.left, right: tip.right } : null;
  });
  check('on a phone a tapped field’s tip shows right below it, on screen', !!near && near.gap >= 0 && near.gap < 20 && near.left >= 0 && near.right <= 390, JSON.stringify(near));
  await rawShot(bea, 'board-phone-tip-de');
  await far.click();
  await bea.selectOption('[data-testid=speed]', 'slow');
  await bea.locator('button[data-testid=hand-card]').first().click();
  const deTold = await tileMove(bea);
  await rawShot(bea, 'board-tile-move-phone-de');
  check('the German status tells a tile on its field', /landet auf|eröffnet Reihe|Aufgedeckt|spielt/.test(deTold), deTold);
  // Bea lays her tile when asked (she holds cards), until the round is over.
  for (let i = 0; i < 150 && !(await bea.locator('[data-testid=round-summary]').count()); i++) {
    const lay = bea.locator('[data-testid=board-action][data-type=lay]').first();
    if (await lay.count()) await lay.click({ timeout: 1000 }).catch(() => {});
    await bea.waitForTimeout(200);
  }
  await bea.locator('[data-testid=round-summary]').waitFor({ timeout: 5000 });
  await rawShot(bea, 'board-round-summary-phone-de');
  check('the German round summary says the round is over', /Runde 1 ist vorbei/.test(await bea.locator('[data-testid=round-summary]').innerText()));
  await bea.selectOption('[data-testid=speed]', 'instant');
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
  await shot(bea, 'board-result-phone-de');

  // The replay of the base game tells its steps.
  await ann.click('[data-testid=watch-replay]');
  await ann.locator('[data-testid=replay-step]').waitFor();
  await ann.keyboard.press('End');
  const what = await ann.locator('[data-testid=replay-what]').innerText();
  check('the last replay step says who did what', /^[^:]+: \S/.test(what), what);
  check('the replay draws the board and the track', (await ann.locator('[data-testid=board-replay] [data-testid=score-track]').count()) === 1);
  await shot(ann, 'replay-board');
});
