// End-to-end, Schlagt den Büffel: Hal (desktop, English) and Ida (phone, German) with three bots
// play a whole game against the buffalo in the browser (five members: eleven special cards in
// play). Hal uses every kind of special card he is offered once, on the cards themselves
// (Sortieren: the revealed cards clicked in laying order; Verschieben: a card of a row, then its
// new place; ...), and passes for the rest of the turn otherwise; Ida uses none and answers a
// window with the plain "Pass" (for the rest of the turn), from turn 4 leaves the special cards to
// the team ("don't ask me") and three turns later asks to be asked again. Counted: Ida's clicks
// per turn beyond playing (at most one). On Hal's 1280×800 screen with five members, the window's
// buttons, its hint line and his hand lie in view without scrolling. Then the result says who won
// with the winner's score first, and the replay tells the steps.
// Screenshots: a reveal, a window, the result, in English on a 1280×800 desktop and in German on
// a 390×844 phone.
// Run: NIMMT_BIN=../target/debug/nimmt node e2e/buffalo.mjs

import { countButtons } from './buttons.mjs';
import { join } from 'node:path';
import { artifacts, check, openTable, replayFrom, session, shot } from './lib.mjs';

await session(async ({ base, person }) => {
  const hal = await person('Hal', { width: 1280, height: 800 });
  const ida = await person('Ida', { width: 390, height: 844 });
  // Fast animations: each update still plays step by step, in a fraction of the time.
  for (const p of [hal, ida]) await p.evaluate(() => localStorage.setItem('nimmt.speed', 'fast'));
  await ida.selectOption('[data-testid=lang]', 'de');
  await hal.selectOption('[data-testid=create-form] [name=game]', 'buffalo');
  const id = await openTable(hal, { seats: '5' });
  check('a buffalo table opens', id > 0);
  await ida.locator(`[data-testid=join-${id}]`).click();
  await ida.locator('[data-testid=seat-1]').waitFor();
  await hal.locator('[data-testid=seat-1]').waitFor();
  for (const s of [2, 3, 4]) {
    await hal.click('[data-testid=add-bot]');
    await hal.locator(`[data-testid=seat-${s}]`).waitFor();
  }
  await hal.click('[data-testid=rules-button]');
  check('the rules tell of the buffalo', (await hal.locator('[data-testid=rules]').innerText()).includes('buffalo'));
  await hal.keyboard.press('Escape');
  await hal.click('[data-testid=start]');
  await hal.locator('[data-testid=buffalo-board]').waitFor();
  await ida.locator('[data-testid=buffalo-board]').waitFor();
  check('the board shows four rows', (await hal.locator('[data-testid=bf-rows] .row').count()) === 4);
  check('two special cards lie open, each explained', (await hal.locator('[data-testid=open-special]').count()) === 2);
  check('the buffalo has its stack of ten', (await hal.locator('[data-testid=buffalo-stack]').innerText()).includes('10'));
  check('the German board speaks German', (await ida.locator('[data-testid=bf-piles]').innerText()).includes('Büffel'));
  check('no member shows points of its own', (await hal.locator('[data-testid^=total-]').count()) === 0);

  const turnOf = async (page) => Number(((await page.locator('.dealline').innerText().catch(() => '')) ?? '').match(/(\d+)/)?.[1] ?? 0);
  const click = async (page, loc) => {
    await loc.first().evaluate((el) => el.click()).catch(() => {});
    await page.waitForTimeout(60);
  };
  const lit = (page, sel) => page.locator(sel);
  const shots = { reveal: false, revealDe: false, window: false, windowDe: false };
  const tried = new Set();
  const interactions = { sort: null, shift: null };
  // Hal's screen while a use is being made: what of the window and the hand lies outside the
  // 1280×800 viewport, the page scrolled to the top (element bounding boxes); the fullest
  // window of the game is kept, and its screenshot.
  let inView = null;
  const measureInView = async () => {
    const now = await hal.evaluate(() => {
      window.scrollTo(0, 0);
      const h = window.innerHeight;
      const boxes = [
        ...[...document.querySelectorAll('[data-testid=bf-window] button')].map((e) => ['button ' + e.textContent.trim(), e]),
        ...[...document.querySelectorAll('[data-testid=use-hint]')].map((e) => ['hint', e]),
        ...[...document.querySelectorAll('[data-testid=hand] [data-testid=hand-card]')].map((e) => ['hand ' + e.textContent.trim(), e]),
      ].map(([name, e]) => [name, e.getBoundingClientRect()]);
      return {
        height: h,
        hint: boxes.some(([n]) => n === 'hint'),
        hand: boxes.filter(([n]) => n.startsWith('hand')).length,
        buttons: boxes.filter(([n]) => n.startsWith('button')).length,
        out: boxes.filter(([, r]) => r.top < 0 || r.bottom > h).map(([n, r]) => `${n} ${Math.round(r.top)}–${Math.round(r.bottom)}`),
        bottom: Math.round(Math.max(...boxes.map(([, r]) => r.bottom))),
      };
    });
    if (inView && now.bottom <= inView.bottom) return;
    inView = now;
    await hal.screenshot({ path: join(artifacts, 'buffalo-window-view-en.png') });
  };

  // Hal: a card when asked, a row when asked, in a window a kind he has not used yet, made on
  // the cards step by step, else a pass for the rest of the turn.
  const halStep = async () => {
    if (await hal.locator('[data-testid=result]').count()) return 'over';
    const caption = hal.locator('[data-testid=bf-caption]');
    if (!shots.reveal && (await caption.count()) && /goes to row/.test(await caption.innerText().catch(() => ''))) {
      shots.reveal = true;
      await shot(hal, 'buffalo-reveal-en');
    }
    const card = hal.locator('[data-testid=hand] button[data-testid=hand-card]');
    const win = hal.locator('[data-testid=bf-window]');
    if (!(await win.count())) {
      if (await card.count()) return click(hal, card).then(() => 'play');
      const row = hal.locator('button.row.target');
      if (await row.count()) return click(hal, row).then(() => 'take');
      return 'wait';
    }
    await countButtons(hal, 'buffalo');
    const kinds = await hal.locator('[data-testid=use-kind]').evaluateAll((els) => els.map((e) => e.dataset.kind));
    const kind = ['sort', 'shift', ...kinds].find((k) => kinds.includes(k) && k !== 'remove_stop' && !tried.has(k));
    if (!kind) return click(hal, hal.locator('[data-testid=pass]')).then(() => 'pass');
    tried.add(kind);
    await click(hal, hal.locator(`[data-testid=use-kind][data-kind=${kind}]`));
    await measureInView();
    const queueCards = '[data-testid=bf-queue] button[data-testid=queue-card]';
    if (kind === 'sort') {
      const n = await hal.locator('[data-testid=bf-queue] [data-testid=queue-card]').count();
      const before = await lit(hal, queueCards).count();
      await click(hal, lit(hal, queueCards));
      const after = await lit(hal, queueCards).count();
      const numbered = await hal.locator('[data-testid=bf-queue] .ordernum').count();
      if (!shots.window) {
        shots.window = true;
        await shot(hal, 'buffalo-window-sort-en');
      }
      for (let i = 1; i < n && (await lit(hal, queueCards).count()); i++) await click(hal, lit(hal, queueCards));
      interactions.sort = { n, before, after, numbered, done: !(await hal.locator('[data-testid=use-kind][data-kind=sort][aria-pressed=true]').count()) };
      return 'use sort';
    }
    if (kind === 'shift') {
      const sources = await lit(hal, '[data-testid=bf-rows] button[data-testid=row-card]').count();
      await click(hal, lit(hal, '[data-testid=bf-rows] button[data-testid=row-card]'));
      const gaps = await hal.locator('[data-testid=gap]').count();
      const places = await hal.locator('[data-testid=bf-rows] .row').evaluateAll((rows) => rows.reduce((n, r) => n + r.querySelectorAll('[data-testid=row-card]').length + 1, 0));
      if (!shots.window) {
        shots.window = true;
        await shot(hal, 'buffalo-window-shift-en');
      }
      await click(hal, hal.locator('[data-testid=gap]'));
      interactions.shift = { sources, gaps, places };
      return 'use shift';
    }
    // Every other kind: its first lit target, then (in two steps) the first lit second target.
    const first = hal.locator(`button.row.target, ${queueCards}`);
    await first.first().waitFor({ timeout: 1500 }).catch(() => {});
    if (!(await first.count())) return 'wait';
    await click(hal, first);
    const second = hal.locator('[data-testid=gap], [data-testid=hand] button[data-testid=hand-card]');
    if (await second.count()) await click(hal, second);
    return `use ${kind}`;
  };

  // Ida: a card when asked, a row when asked, the plain "Pass" in a window; her window clicks
  // counted by turn.
  const idaClicks = new Map();
  const delegated = { from: null, until: null };
  const idaStep = async () => {
    if (await ida.locator('[data-testid=result]').count()) return 'over';
    const caption = ida.locator('[data-testid=bf-caption]');
    if (!shots.revealDe && (await caption.count()) && /kommt in Reihe/.test(await caption.innerText().catch(() => ''))) {
      shots.revealDe = true;
      await shot(ida, 'buffalo-reveal-phone-de');
    }
    const win = ida.locator('[data-testid=bf-window]');
    if (await win.count()) {
      await countButtons(ida, 'buffalo');
      const turn = await turnOf(ida);
      idaClicks.set(turn, (idaClicks.get(turn) ?? 0) + 1);
      if (idaClicks.get(turn) > 1) console.log(`# DEBUG Ida asked again in turn ${turn}: ${await ida.locator('[data-testid=status]').innerText()} | ${(await ida.locator('.chat .line').allInnerTexts()).slice(-3).join(' / ')}`);
      if (!shots.windowDe) {
        shots.windowDe = true;
        await shot(ida, 'buffalo-window-phone-de');
        const wide = await ida.evaluate(() => document.documentElement.scrollWidth);
        check('the phone table does not scroll sideways in a window', wide <= 390, `${wide}px`);
      }
      if (turn >= 4 && delegated.from === null) {
        // "Don't ask me": the teammates decide until she asks again.
        delegated.from = turn;
        return click(ida, ida.locator('[data-testid=pass-game]')).then(() => 'pass game');
      }
      // The window goes once her pass is taken: every click counted is one she had to make.
      await click(ida, ida.locator('[data-testid=pass]'));
      await win.waitFor({ state: 'detached', timeout: 3000 }).catch(() => {});
      return 'pass';
    }
    const again = ida.locator('[data-testid=ask-again]');
    if (delegated.from !== null && delegated.until === null && (await turnOf(ida)) >= delegated.from + 3 && (await again.count())) {
      delegated.until = await turnOf(ida);
      return click(ida, again).then(() => 'ask again');
    }
    const card = ida.locator('[data-testid=hand] button[data-testid=hand-card]');
    if (await card.count()) return click(ida, card).then(() => 'play');
    const row = ida.locator('button.row.target');
    if (await row.count()) return click(ida, row).then(() => 'take');
    return 'wait';
  };

  let halPasses = 0;
  let quick = false;
  for (let i = 0; i < 4000; i++) {
    const a = await halStep();
    const b = await idaStep();
    if (!quick && shots.reveal && shots.revealDe && shots.windowDe) {
      // Seen step by step: the rest of the game without animations, to keep the test short.
      quick = true;
      for (const p of [hal, ida]) await p.locator('[data-testid=speed]').selectOption('instant').catch(() => {});
    }
    if (a === 'pass') halPasses += 1;
    if (a === 'over' && b === 'over') break;
    if (a === 'wait' && b === 'wait') await hal.waitForTimeout(50);
  }
  await hal.locator('[data-testid=result]').waitFor({ timeout: 20000 });

  const perTurn = [...idaClicks.entries()].sort((x, y) => x[0] - y[0]);
  const total = perTurn.reduce((n, [, c]) => n + c, 0);
  console.log(`# Ida's window clicks per turn: ${perTurn.map(([t, c]) => `${t}:${c}`).join(' ') || 'none'} (total ${total}); Hal's passes: ${halPasses}; Hal used: ${[...tried].join(',')}`);
  check('a member who uses no special card clicks at most once per turn beyond playing', perTurn.every(([, c]) => c <= 1), JSON.stringify(perTurn));
  check('at most ten such clicks in the game', total <= 10, String(total));
  // A move overtaken by a teammate's quicker one is told quietly, never as an error in red.
  for (const [who, page] of [['Hal', hal], ['Ida', ida]]) {
    const red = await page.locator('.chat .line.error').allInnerTexts();
    const quiet = (await page.locator('.chat .line.notice').allInnerTexts()).filter((l) => /quicker|schneller/.test(l));
    console.log(`# ${who}'s chat: ${quiet.length} moves overtaken (told quietly); in red: ${JSON.stringify(red)}`);
    check(`${who}'s chat shows no overtaken move in red`, !red.some((l) => /quicker|schneller|older state|älteren Stand/.test(l)), JSON.stringify(red));
  }
  console.log(`# Hal's window at 1280×800 with five members: ${JSON.stringify(inView)}`);
  check(
    "the window's buttons, its hint line and the hand are in view without scrolling (1280×800, five members)",
    !!inView && inView.hint && inView.hand > 0 && inView.buttons >= 2 && inView.out.length === 0,
    JSON.stringify(inView),
  );
  console.log(`# Ida left the special cards to the team in turn ${delegated.from}, asked again in turn ${delegated.until}`);
  if (delegated.from !== null) {
    const end = delegated.until ?? 11;
    const asked = perTurn.filter(([t]) => t > delegated.from && t < end);
    check('a member who leaves the special cards to the team is not asked until she asks again', asked.length === 0, JSON.stringify(asked));
  }
  if (interactions.sort) {
    const s = interactions.sort;
    console.log(`# sort: ${JSON.stringify(s)}`);
    check('Sortieren: every revealed card is lit at first, a clicked one is numbered and no longer lit', s.before === s.n && s.after === s.n - 1 && s.numbered === 1, JSON.stringify(s));
    check('Sortieren: clicking every revealed card in turn uses the card', s.done, JSON.stringify(s));
  }
  if (interactions.shift) {
    const s = interactions.shift;
    console.log(`# shift: ${JSON.stringify(s)}`);
    check('Verschieben: after a card is picked only legal places light up', s.sources > 0 && s.gaps > 0 && s.gaps < s.places, JSON.stringify(s));
  }
  check('Sortieren or Verschieben was offered and used on the cards', !!(interactions.sort || interactions.shift), [...tried].join(','));
  const used = ((await hal.locator('[data-testid=used-specials]').getAttribute('data-kinds').catch(() => '')) ?? '').split(' ').filter(Boolean);
  check('Hal used at least three kinds of special card', new Set(used).size >= 3, `${used.join(',')} (tried ${[...tried].join(',')})`);
  check('the log tells what happened', /goes to row/.test(await hal.locator('[data-testid=bf-log]').innerText().catch(() => '')));

  const head = await hal.locator('[data-testid=winner]').innerText();
  // The winner's score first, each score named by its party.
  const winnerFirst = /(The team beat the buffalo: \d+ bull heads for the team, \d+ for the buffalo|The buffalo wins: \d+ bull heads for the buffalo, \d+ for the team)/;
  check('the result says who won, the winner\'s score first', winnerFirst.test(head), head);
  const parties = await hal.locator('[data-testid=parties]').innerText().catch(() => '');
  check('the result lists the team and the buffalo, no member ranked', /The team/.test(parties) && /Buffalo/.test(parties) && !(await hal.locator('[data-testid=result] td:text-matches("^1\\.$")').count()), parties);
  await shot(hal, 'buffalo-result-en');
  const headDe = await ida.locator('[data-testid=winner]').innerText();
  check('the German result says who won, the winner\'s score first', /(Das Team hat den Büffel geschlagen: \d+ Hornochsen für das Team, \d+ für den Büffel|Der Büffel gewinnt: \d+ Hornochsen für den Büffel, \d+ für das Team)/.test(headDe), headDe);
  await shot(ida, 'buffalo-result-phone-de');

  // The replay: every step told, the board drawn.
  await replayFrom(hal, base, id, { status: 404, body: { error: 'unknown game' } });
  await hal.click('[data-testid=watch-replay]');
  await hal.locator('[data-testid=replay-step]').waitFor();
  await hal.keyboard.press('End');
  const what = await hal.locator('[data-testid=replay-what]').innerText();
  check('the last replay step says who won', /(The team beat the buffalo|The buffalo wins): \d+ bull heads/.test(what), what);
  check('the replay draws the rows', (await hal.locator('[data-testid=bf-rows]').count()) === 1);
  await shot(hal, 'replay-buffalo');
});
