// End-to-end test of the analysis of a finished game: Ann plays a short game of classic with hints
// against a bot of the level "Strong", asking for a hint twice (English desktop, German phone:
// the best card marked at the hand, the others' costs on hover, no row of numbers in the chat),
// opens its replay, asks for the analysis, waits while it is queued, and reads each decision with
// its choices and marks, the marked decisions worst first with the filters by player and by mark,
// a jump of the board to one, and the summary per player, in English and German, on a desktop
// (the analysis beside the board) and a phone (below it). Screenshots go to artifacts/.
//
//   NIMMT_BIN=target/debug/nimmt node web/e2e/analysis.mjs

import { join } from 'node:path';
import { artifacts, check, openTable, session, shot } from './lib.mjs';

/** The marked decisions: worst first, filtered by player and by mark, a click jumps the board. */
async function checkMarked(page, label) {
  const jumps = page.locator('[data-testid=analysis-jump]');
  const worst = { blunder: 0, mistake: 1, inaccuracy: 2 };
  const ranks = (await jumps.evaluateAll((els) => els.map((e) => e.dataset.mark))).map((m) => worst[m]);
  check(`${label}: the marked decisions come worst first`, ranks.every((r, k) => k === 0 || ranks[k - 1] <= r), ranks.join(' '));
  if (!(await jumps.count())) {
    console.log(`# ${label}: no decision was marked in this game`);
    return;
  }
  const all = await jumps.count();
  // Only Ann's, then mistakes and blunders only: the list follows the filters.
  await page.selectOption('[data-testid=analysis-player]', '0');
  const seats = await jumps.evaluateAll((els) => els.map((e) => e.dataset.seat));
  check(`${label}: the player filter keeps that player's decisions only`, seats.length > 0 && seats.every((x) => x === '0'), seats.join(' '));
  await page.selectOption('[data-testid=analysis-player]', '');
  await page.selectOption('[data-testid=analysis-marks]', 'mistake');
  const marks = await jumps.evaluateAll((els) => els.map((e) => e.dataset.mark));
  check(`${label}: the mark filter keeps mistakes and blunders only`, marks.every((m) => m === 'mistake' || m === 'blunder') && marks.length < all, `${marks.join(' ')} of ${all}`);
  await page.selectOption('[data-testid=analysis-marks]', 'blunder');
  const only = await jumps.evaluateAll((els) => els.map((e) => e.dataset.mark));
  check(`${label}: …and blunders only`, only.every((m) => m === 'blunder'), only.join(' '));
  if (!only.length) await page.selectOption('[data-testid=analysis-marks]', 'inaccuracy');
  const target = await jumps.first().innerText();
  await jumps.first().click();
  const stepNo = Number((target.match(/(?:Step|Schritt) (\d+)/) ?? [])[1]);
  const at = await page.locator('[data-testid=replay-step]').innerText();
  check(`${label}: a click on a marked decision jumps the board to its step`, stepNo > 0 && new RegExp(`\\b${stepNo}\\b`).test(at), `${target} → ${at}`);
  const marked = await page.locator('[data-testid=analysis-decision] [data-testid=analysis-mark]').count();
  check(`${label}: the decision shown there carries its mark`, marked === 1);
  check(`${label}: …and is lit in the list`, (await page.locator('[data-testid=analysis-jump][aria-pressed=true]').count()) === 1);
  const board = await page.locator('[data-testid=replay-what]').boundingBox();
  check(`${label}: the board is in view after the jump`, board.y > -2 && board.y < (page.viewportSize()?.height ?? 800), JSON.stringify(board));
}

await session(async ({ base, person }) => {
  const ann = await person('Ann');
  const id = await openTable(ann, { deals: '1', hand_size: '6', seats: '2', hints: 'yes' });
  const bar = await ann.locator('.tablebar').innerText();
  check('the table says hints are on (and it is casual)', /Hints: on/.test(bar), bar);
  await ann.selectOption('[data-testid=bot-level]', 'strong');
  await ann.click('[data-testid=add-bot]');
  await ann.locator('[data-testid=seat-1]').waitFor();
  const seat = await ann.locator('[data-testid=seat-1]').innerText();
  check('the bot sits down with its level by name', /Strong/.test(seat), seat);
  await shot(ann, 'analysis-add-bot-level');
  await ann.click('[data-testid=start]');
  await ann.locator('button[data-testid=hand-card]').first().waitFor();
  // The hint is drawn at the hand: the best card marked, every other card's cost on hover.
  const askHint = async (page) => {
    // (A low card played before: its row is chosen first.)
    await page.locator('button[data-testid=hand-card], .rows.choosing [data-testid=row-0]').first().waitFor({ timeout: 15000 });
    const row = page.locator('.rows.choosing [data-testid=row-0]');
    if (await row.count()) await row.evaluate((el) => el.click());
    await page.locator('button[data-testid=hand-card]').first().waitFor();
    await page.locator('.classic[data-anim=idle]').waitFor({ timeout: 15000 });
    await page.click('[data-testid=hint]');
    await page.locator('[data-testid=hand-card][data-hint=best]').waitFor({ timeout: 15000 });
  };
  await askHint(ann);
  const best = ann.locator('[data-testid=hand-card][data-hint=best]');
  check('the hint marks one card of the hand as the best', (await best.count()) === 1 && /★/.test(await best.innerText()));
  const others = await ann.locator('[data-testid=hand-card][data-hint=other]').evaluateAll((els) => els.map((e) => e.title));
  const inHand = await ann.locator('button[data-testid=hand-card]').count();
  check('…every other card says on hover what it costs', others.length === inHand - 1 && others.every((x) => /^Hint: \d+\.\d worse than the best: -?\d+\.\d \(bull heads/.test(x)), others.join(' | '));
  const line = await ann.locator('[data-testid=hint-line]').innerText();
  check('…and a line above the hand names the best card', new RegExp(`★ ${await best.getAttribute('data-card')} is the best choice`).test(line), line);
  const chat = await ann.locator('[data-testid=table-chat]').innerText();
  check('the chat does not repeat the hint as a row of numbers', !/Hint:/.test(chat), chat);
  await shot(ann, 'analysis-hint-en-desktop');
  await best.click();
  await ann.waitForTimeout(300);
  check('once a card is played the hint is gone', (await ann.locator('[data-hint]').count()) === 0);
  // The next turn on a German phone.
  await ann.setViewportSize({ width: 390, height: 844 });
  await ann.selectOption('[data-testid=lang]', 'de');
  await askHint(ann);
  const beste = await ann.locator('[data-testid=hint-line]').innerText();
  check('German: the hint line names the best card', /Tipp: ★ \d+ ist die beste Wahl/.test(beste), beste);
  const kosten = await ann.locator('[data-testid=hand-card][data-hint=other]').first().getAttribute('title');
  check('German: another card’s cost on hover', /^Tipp: \d+\.\d schlechter als die beste/.test(kosten ?? ''), kosten);
  // A phone has no hover: each other card shows how much worse it is.
  const cdp = await ann.context().newCDPSession(ann);
  await cdp.send('Emulation.setTouchEmulationEnabled', { enabled: true, maxTouchPoints: 1 });
  const costs = await ann.locator('[data-testid=hand-card][data-hint=other] .hintcost').evaluateAll((els) => els.filter((e) => getComputedStyle(e).display !== 'none').map((e) => e.textContent));
  const touchLine = await ann.locator('[data-testid=hint-line]').innerText();
  check('German phone: every other card shows its cost without hover', costs.length > 0 && costs.length === (await ann.locator('[data-testid=hand-card][data-hint=other]').count()) && costs.every((c) => /^\+\d+\.\d$/.test(c)), costs.join(' '));
  check('German phone: …and the line says so', /die anderen zeigen, um wie viel sie schlechter sind/.test(touchLine), touchLine);
  await ann.locator('[data-testid=hand]').evaluate((el) => el.scrollIntoView({ block: 'center' }));
  // (Not a full-page shot: that would end the touch emulation.)
  await ann.screenshot({ path: join(artifacts, 'analysis-hint-de-phone.png') });
  await cdp.send('Emulation.setTouchEmulationEnabled', { enabled: false });
  await ann.setViewportSize({ width: 1200, height: 860 });
  await ann.selectOption('[data-testid=lang]', 'en');

  // A game whose board does not draw hints (HELP!, in a second browser): one line above the board,
  // in the player's words, and no row of numbers in the chat.
  const cy = await person('Cy', { width: 1280, height: 800 });
  await cy.selectOption('[data-testid=create-form] [name=game]', 'help');
  await openTable(cy, { seats: '3', hints: 'yes' });
  for (const k of [1, 2]) {
    await cy.click('[data-testid=add-bot]');
    await cy.locator(`[data-testid=seat-${k}]`).waitFor();
  }
  await cy.click('[data-testid=start]');
  for (let i = 0; i < 100 && !(await cy.locator('[data-testid=help-action]').count()); i++) await cy.waitForTimeout(100);
  await cy.click('[data-testid=hint]');
  await cy.locator('[data-testid=hint-box]').waitFor({ timeout: 15000 });
  const box = await cy.locator('[data-testid=hint-box]').innerText();
  check('HELP!: the hint stands above the board, best first, in words', /^Hint: ★ .+ is the (best|only) choice/.test(box) && !/\b(play|lay)_?\w* \d+ -?\d+\.\d/.test(box), box);
  check('HELP!: …and not in the chat', !/Hint:/.test(await cy.locator('[data-testid=table-chat]').innerText()));
  await shot(cy, 'analysis-hint-help-en-desktop');
  await cy.close();
  for (let step = 0; step < 200; step++) {
    if (await ann.locator('[data-testid=result]').count()) break;
    const rows = ann.locator('.rows.choosing [data-testid=row-0]');
    if (await rows.count()) await rows.evaluate((el) => el.click()).catch(() => {});
    const card = ann.locator('button[data-testid=hand-card]').first();
    if (await card.count()) await card.click().catch(() => {});
    await ann.waitForTimeout(150);
  }
  await ann.locator('[data-testid=result]').waitFor({ timeout: 20000 });

  for (const [lang, viewport, name] of [
    ['en', { width: 1280, height: 800 }, 'desktop'],
    ['de', { width: 1280, height: 800 }, 'desktop'],
    ['en', { width: 390, height: 844 }, 'phone'],
    ['de', { width: 390, height: 844 }, 'phone'],
  ]) {
    const page = await person(`Reader ${lang} ${name}`, viewport);
    await page.selectOption('[data-testid=lang]', lang);
    await page.goto(`${base}/#/replay/${id}`);
    await page.locator('[data-testid=analysis]').waitFor();
    const ask = page.locator('[data-testid=analysis-ask]');
    // The first reader asks; the others find the stored analysis. The panel learns which it is
    // from the server: wait for the button or the summary before deciding.
    await page.locator('[data-testid=analysis-ask], [data-testid=analysis-summary]').first().waitFor();
    if (await ask.count()) await ask.click();
    await page.locator('[data-testid=analysis-summary]').waitFor({ timeout: 60000 });
    const summary = await page.locator('[data-testid=analysis-summary]').innerText();
    check(`${lang} ${name}: the summary names both players`, summary.includes('Ann') && summary.includes('Bot 1'), summary);
    // To the first decision: the opening has none, the first card is one.
    await page.click('[data-testid=replay-forward]');
    const decision = await page.locator('[data-testid=analysis-decision]').innerText();
    const words = lang === 'de' ? /spielte|keine Wahl/ : /played|No choice/;
    check(`${lang} ${name}: a step shows its decision`, words.test(decision), decision);
    const choices = await page.locator('[data-testid=analysis-decision] table.choices tbody tr').count();
    check(`${lang} ${name}: every choice with its estimate`, choices >= 2 || /No choice|keine Wahl/.test(decision), String(choices));
    const unit = await page.locator('[data-testid=analysis] > p.muted').innerText();
    check(`${lang} ${name}: the estimates say what they measure`, lang === 'de' ? /Hornochsen/.test(unit) : /bull heads/.test(unit), unit);
    // Where the analysis stands: beside the board on a desktop, below it on a phone.
    const box = await page.locator('[data-testid=analysis]').boundingBox();
    const board = await page.locator('[data-testid=replay] .replayboard').boundingBox();
    if (name === 'desktop') {
      check(`${lang} ${name}: the analysis stands beside the board`, box.x >= board.x + board.width - 1 && box.y < board.y + board.height, JSON.stringify({ box, board }));
      const height = await page.evaluate(() => document.documentElement.scrollHeight);
      console.log(`# ${lang} ${name}: the replay page with its analysis is ${height} px high`);
      check(`${lang} ${name}: the page with the analysis fits in little more than a screen`, height <= 1200, String(height));
    } else check(`${lang} ${name}: on the phone the analysis comes below the board`, box.y >= board.y + board.height - 1, JSON.stringify({ box, board }));
    await checkMarked(page, `${lang} ${name}`);
    await shot(page, `analysis-${name}-${lang}`);
    await page.close();
  }

  // A game with many marks (the analysis above with every decision that had a choice marked in
  // turn as blunder, mistake, inaccuracy): on a desktop the list stays beside the board in a page
  // of about one screen, the filters and jumps work; on a German phone too.
  const real = await (await fetch(`${base}/api/games/${id}/analysis`)).json();
  const kinds = ['blunder', 'mistake', 'inaccuracy'];
  const many = real.analysis.decisions.filter((d) => d.choices.length > 1);
  many.forEach((d, k) => {
    d.mark = kinds[k % 3];
    d.chosen = d.choices.length - 1;
    d.loss = [6, 3, 1.2][k % 3] + k / 10;
  });
  console.log(`# ${many.length} decisions marked for the layout check`);
  for (const [lang, viewport, name] of [
    ['en', { width: 1280, height: 800 }, 'desktop'],
    ['de', { width: 390, height: 844 }, 'phone'],
  ]) {
    const page = await person(`Marks ${lang} ${name}`, viewport);
    await page.selectOption('[data-testid=lang]', lang);
    await page.route(`**/api/games/${id}/analysis*`, (route) => route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(real) }));
    await page.goto(`${base}/#/replay/${id}`);
    await page.locator('[data-testid=analysis-summary]').waitFor({ timeout: 20000 });
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    console.log(`# marked ${lang} ${name}: the replay page with ${many.length} marked decisions is ${height} px high`);
    if (name === 'desktop') check(`marked ${lang} ${name}: the page stays about one screen high`, height <= 1200, String(height));
    await checkMarked(page, `marked ${lang} ${name}`);
    await shot(page, `analysis-marked-${name}-${lang}`);
    await page.close();
  }
});
