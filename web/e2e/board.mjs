// End-to-end: the 6 nimmt! Brettspiel in the browser, all four versions, each one person and two
// bots: base (EN desktop), pro with luck cards (DE phone), pro (EN desktop) and base with luck
// cards, the last three at the same time. The person plays what the server's `legal` offers
// through the board: tiles, buttons, and action cards as a card, then one of its lit targets (a
// tile behind the screen or a row); plus tiles picked on the row. Every decision's buttons are
// counted (buttons.mjs: at most 8). Fields tell their effect on hover and tap, in a line under
// their row that covers no control and goes at the next tap anywhere; the score track shows every
// counter. Every tile is told: it slides to its field, the field's effect and points are named
// there, the round ends with a summary and a log keeps every line; cards explain themselves; the
// result charts the score track round by round; on a phone the board fits, its texts are at least
// 12 px and its targets large enough. Screenshots in English (desktop 1280×800) and German
// (phone 390×844).

import { buttonsChecked, countButtons } from './buttons.mjs';
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
    // Every text on the board: each element with text of its own (bull heads, names, labels).
    const texts = [...document.querySelectorAll('.boardgame *')].filter(
      (e) => e.getClientRects().length && [...e.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim()),
    );
    const small = texts.filter((e) => parseFloat(getComputedStyle(e).fontSize) < 12).map((e) => `${e.className || e.tagName}:${e.textContent.trim().slice(0, 12)}:${getComputedStyle(e).fontSize}`);
    const labels = texts.map((e) => parseFloat(getComputedStyle(e).fontSize));
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
      small: [...new Set(small)].slice(0, 8),
      target: Math.min(...targets),
    };
  });
}

/** Uses the action card `card` on the window: the card's button, then its first lit target
 * (a tile behind the screen or a row). Returns the clicks, the lit targets and whether the card
 * left the hand; `onLit` runs while the targets are lit (for pictures). */
async function useCard(page, card, onLit) {
  const held = () => page.locator(`[data-testid=action-card][data-card=${card}]`).count();
  const before = await held();
  let clicks = 0;
  await page.locator(`[data-testid=board-action][data-card=${card}]`).click({ timeout: 2000 });
  clicks++;
  const targets = page.locator('[data-testid=hand] button.target, [data-testid=row-target]');
  await targets.first().waitFor({ timeout: 2000 });
  const lit = await targets.count();
  // The first target is brought into view (on a phone the rows lie above the buttons).
  await page.waitForTimeout(500);
  const inView = await targets.first().evaluate((el) => {
    const r = el.getBoundingClientRect();
    return r.top >= 0 && r.bottom <= window.innerHeight;
  });
  const chip = await page.locator(`[data-testid=action-card][data-card=${card}].active`).count();
  const pressed = await page.locator(`[data-testid=board-action][data-card=${card}][aria-pressed=true]`).count();
  const hint = await page.locator('[data-testid=card-hint]').innerText();
  if (onLit) await onLit(card);
  await targets.first().click({ timeout: 2000 });
  clicks++;
  await page.waitForFunction(({ c, n }) => document.querySelectorAll(`[data-testid=action-card][data-card=${c}]`).length < n, { c: card, n: before }, { timeout: 5000 }).catch(() => {});
  return { card, clicks, lit, pressed, hint, inView, chip, played: (await held()) < before };
}

/**
 * Plays the person's decisions until the result shows, counting the buttons of every decision
 * under `tag`. In a window before laying, each action card the first time it is offered (its
 * button, then its first lit target), otherwise the offered buttons in turn; tiles to choose,
 * rows to open and plus tiles picked on the board. Returns the kinds of choices made.
 */
async function playBoard(page, tag, opts = {}) {
  const seen = { tiles: 0, pairs: 0, positive: 0, actions: {}, cards: [] };
  const used = new Set();
  let shotTaken = !opts.shot;
  const deadline = Date.now() + 240000;
  while (Date.now() < deadline) {
    if (await page.locator('[data-testid=result]').count()) break;
    const tiles = page.locator('button[data-testid=hand-card]');
    const buttons = page.locator('[data-testid=board-action]');
    const rowTiles = page.locator('[data-testid=board-rows] button[data-testid=row-tile][aria-pressed=false]');
    try {
      await countButtons(page, tag);
      if (await buttons.count()) {
        const cards = await page.locator('[data-testid=board-action][data-card]').evaluateAll((els) => els.map((e) => e.dataset.card));
        const fresh = cards.find((c) => !used.has(c));
        if (fresh) {
          used.add(fresh);
          seen.cards.push(await useCard(page, fresh, opts.onLit));
          continue;
        }
        // The buttons that act at once, in turn: lay, a luck card and lay, skip, a row, a luck card.
        const direct = page.locator('[data-testid=board-action]:not([data-card])');
        const n = await direct.count();
        const i = (seen.tiles + Object.values(seen.actions).reduce((a, b) => a + b, 0)) % n;
        const b = direct.nth(i);
        const type = await b.getAttribute('data-type', { timeout: 2000 });
        await b.click({ timeout: 2000 });
        seen.actions[type] = (seen.actions[type] ?? 0) + 1;
        await page.waitForTimeout(100);
      } else if (await rowTiles.count()) {
        // Positive Hornochsen: two tiles of the row, tapped on the row.
        await rowTiles.first().click({ timeout: 2000 });
        await rowTiles.first().click({ timeout: 2000 });
        seen.positive++;
      } else if (await tiles.count()) {
        if (!shotTaken) {
          await shot(page, opts.shot);
          shotTaken = true;
          continue;
        }
        // One click a time: a single choice goes at once, a pair with its second tile.
        const two = (await page.locator('.hand h3 .swap').count()) > 0;
        await page.locator('button[data-testid=hand-card][aria-pressed=false]').first().click({ timeout: 2000 });
        if (two && (await page.locator('button[data-testid=hand-card][aria-pressed=true]').count()) === 0) seen.pairs++;
        else seen.tiles++;
        await page.waitForTimeout(100);
      } else await page.waitForTimeout(150);
    } catch {
      // The board was redrawn under the click (a bot moved): look again.
    }
  }
  if (!(await page.locator('[data-testid=result]').count())) {
    console.log(`# ${tag}: no result yet; status: ${await page.locator('[data-testid=status]').innerText().catch(() => '?')}; ${JSON.stringify(seen)}`);
    await shot(page, `stuck-board-${tag.replace('/', '-')}`);
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
  const nearTip = ann.locator('[data-testid=field-tip-near]');
  check('tapping a field shows its effect right under its row', (await nearTip.innerText()).includes('Take the row') && (await take.evaluate((f) => f.closest('.brow').contains(document.querySelector('[data-testid=field-tip-near]')))));
  await rawShot(ann, 'board-tip-en');
  await ann.locator('[data-testid=heading]').click();
  check('the next tap anywhere closes the field’s tip', (await nearTip.count()) === 0);
  await take.click();
  await take.click();
  check('tapping the field again closes its tip', (await nearTip.count()) === 0);
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
  const base = await playBoard(ann, 'board/base', { shot: 'table-board-base' });
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
  check('on a phone every text of the board (bull heads, names, labels) is at least 12 px', phone.label >= 12, JSON.stringify(phone));
  check('on a phone the board’s buttons are at least 40 px', phone.target >= 40, JSON.stringify(phone));
  // A field of the first row tapped: its tip shows right under it, pushes the rows below down
  // (row 2's buttons stay in view and clickable) and goes at the next tap anywhere.
  const first = bea.locator('[data-testid=board-row-0] [data-testid=board-field]').last();
  await first.click();
  const near = await bea.evaluate(() => {
    const tip = document.querySelector('[data-testid=field-tip-near]')?.getBoundingClientRect();
    const f = document.querySelector('.bfield.tipped')?.getBoundingClientRect();
    return tip && f ? { gap: tip.top - f.bottom, left: tip.left, right: tip.right } : null;
  });
  check('on a phone a tapped field’s tip shows right below it, on screen', !!near && near.gap >= 0 && near.gap < 20 && near.left >= 0 && near.right <= 390, JSON.stringify(near));
  const covered = await bea.evaluate(() =>
    [...document.querySelectorAll('.boardgame button, .boardgame [role=button], .boardgame select')]
      .filter((e) => e.getClientRects().length)
      .map((e) => [e, e.getBoundingClientRect()])
      .filter(([, r]) => r.top >= 0 && r.bottom <= window.innerHeight)
      .filter(([e, r]) => {
        const at = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        return !at || !(e.contains(at) || at.contains(e));
      })
      .map(([e]) => e.textContent.trim().slice(0, 20)),
  );
  check('on a phone an open tip covers no control of the board', covered.length === 0, JSON.stringify(covered));
  await rawShot(bea, 'board-phone-tip-de');
  await bea.locator('[data-testid=status]').click();
  check('on a phone the next tap anywhere closes the tip', (await bea.locator('[data-testid=field-tip-near]').count()) === 0);
  await bea.selectOption('[data-testid=speed]', 'slow');
  await bea.locator('button[data-testid=hand-card]').first().click();
  const deTold = await tileMove(bea);
  await rawShot(bea, 'board-tile-move-phone-de');
  check('the German status tells a tile on its field', /landet auf|eröffnet Reihe|Aufgedeckt|spielt/.test(deTold), deTold);
  // Bea lays her tile when asked (she holds cards), opens a row, takes a luck card or picks plus
  // tiles when asked, until the round is over.
  for (let i = 0; i < 250 && !(await bea.locator('[data-testid=round-summary]').count()); i++) {
    const lay = bea.locator('[data-testid=board-action][data-type=lay]');
    const other = bea.locator('[data-testid=board-action]:not([data-card])');
    const plus = bea.locator('[data-testid=board-rows] button[data-testid=row-tile][aria-pressed=false]');
    const next = (await lay.count()) ? lay : (await other.count()) ? other : plus;
    if (await next.count()) await next.first().click({ timeout: 1000 }).catch(() => {});
    await bea.waitForTimeout(200);
  }
  await bea.locator('[data-testid=round-summary]').waitFor({ timeout: 5000 });
  await rawShot(bea, 'board-round-summary-phone-de');
  check('the German round summary says the round is over', /Runde 1 ist vorbei/.test(await bea.locator('[data-testid=round-summary]').innerText()));
  await bea.selectOption('[data-testid=speed]', 'instant');

  // The other two versions at the same time: Cy plays pro in English on a desktop, Dan base with
  // luck cards. Every decision of all four games has its buttons counted.
  const more = [];
  for (const [name, version] of [
    ['Cy', 'pro'],
    ['Dan', 'base-luck'],
  ]) {
    const p = await person(name, { width: 1280, height: 800 });
    await p.selectOption('[data-testid=create-form] [name=game]', 'board');
    await openTable(p, { version, seats: '3' });
    for (const s of [1, 2]) {
      await p.click('[data-testid=add-bot]');
      await p.locator(`[data-testid=seat-${s}]`).waitFor();
    }
    await p.click('[data-testid=start]');
    await p.locator('[data-testid=board-board]').waitFor();
    await p.selectOption('[data-testid=speed]', 'instant');
    more.push(p);
  }
  const [cy, dan] = more;
  // The window with an action card chosen and its targets lit: pictures on the desktop (EN) and
  // on the phone (DE), the first time a card is used.
  let phoneWindow = null;
  const litShot = (page, name) => {
    let done = false;
    return async (card) => {
      if (done) return;
      done = true;
      console.log(`# ${name}.png: ${card} chosen, its targets lit`);
      await rawShot(page, name);
      if (page === bea) phoneWindow = await phoneLayout(bea);
    };
  };
  const started = Date.now();
  const [pro, cyPro, danLuck] = await Promise.all([
    playBoard(bea, 'board/pro-luck', { onLit: litShot(bea, 'board-pro-card-phone-de') }),
    playBoard(cy, 'board/pro', { onLit: litShot(cy, 'board-pro-card-en') }),
    playBoard(dan, 'board/base-luck'),
  ]);
  console.log(`# three games at once in ${Math.round((Date.now() - started) / 1000)} s`);
  console.log(`# Bea's choices: ${JSON.stringify(pro)}`);
  console.log(`# Cy's choices: ${JSON.stringify(cyPro)}`);
  console.log(`# Dan's choices: ${JSON.stringify(danLuck)}`);
  check('Bea played the pro game through the board', pro.tiles >= 6, JSON.stringify(pro));
  check('Bea was asked before laying and answered from the offered buttons', Object.keys(pro.actions).length > 0, JSON.stringify(pro));
  check('Dan played the base game with luck cards through the board', danLuck.tiles + danLuck.pairs >= 10, JSON.stringify(danLuck));
  const uses = [...pro.cards, ...cyPro.cards];
  check('action cards were used in the pro games', uses.length >= 1, JSON.stringify(uses));
  check('an action card is used with two clicks: its button (the card marked in the hand), then one of its lit targets, brought into view', uses.every((u) => u.clicks === 2 && u.lit >= 1 && u.pressed === 1 && u.chip >= 1 && u.inView && u.hint.length > 20 && u.played), JSON.stringify(uses));
  check('on a phone, with a card chosen and its targets lit, every text is at least 12 px and every button 40 px', !!phoneWindow && phoneWindow.label >= 12 && phoneWindow.target >= 40 && phoneWindow.scroll <= 390, JSON.stringify(phoneWindow));
  const swaps = uses.filter((u) => u.card === 'swap_tile');
  console.log(`# Tile swap used ${swaps.length} times: ${swaps.map((u) => `${u.clicks} clicks, ${u.lit} tiles lit`).join('; ') || 'not offered in these games'}`);
  for (const tag of ['board/base', 'board/base-luck', 'board/pro', 'board/pro-luck']) buttonsChecked(tag);
  for (const [p, tag] of [
    [cy, 'pro'],
    [dan, 'base-luck'],
  ]) {
    await p.locator('[data-testid=result]').waitFor();
    const tr = await trackAgrees(p);
    check(`after the ${tag} game the score track shows every final score`, tr.ok, JSON.stringify(tr));
  }
  await bea.locator('[data-testid=result]').waitFor();
  const deLine = await bea.locator('[data-testid=winner]').innerText();
  check('the German pro result names the winner', deLine.trim().length > 0, deLine);
  const t2 = await trackAgrees(bea);
  check('after the pro game the score track shows every final score', t2.ok, JSON.stringify(t2));
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
