// End-to-end test of what a classic table tells, in headless Chromium against a real `nimmt serve`:
// the reveal at the table (the queue of revealed cards with their owners), the replay's steps (a
// step that laid cards shows them in the rows only, never also as waiting; the last step names the
// winner), and the German option help of the lobby form. Kim plays in English on a 1280×800
// desktop, Uta in German on a 390×844 phone, each with two bots. Run like game.mjs.

import { buttonsChecked, countButtons } from './buttons.mjs';
import { check, openTable, session, shot } from './lib.mjs';

/** The classic log's lines, newest first. */
const logOf = (page) => page.locator('[data-testid=classic-log] [data-testid=log-line]').allInnerTexts();

/** Plays the page's seat to the result; shoots the first reveal as `revealShot`, and the log
 * once the second turn has been shown as `logShot`. Returns the log's lines before the result. */
async function playOut(page, revealShot, logShot) {
  let revealed = false;
  let plays = 0;
  let log = [];
  for (let step = 0; step < 300; step++) {
    if (await page.locator('[data-testid=result]').count()) break;
    if (logShot && plays === 2 && (await page.locator('.classic[data-anim=idle]').count())) {
      await page.locator('[data-testid=classic-log]').scrollIntoViewIfNeeded();
      await shot(page, logShot);
      logShot = null;
    }
    if (await page.locator('.classic[data-anim=idle]').count()) log = await logOf(page);
    await countButtons(page, 'classic');
    const row = page.locator('.rows.choosing [data-testid=row-0]');
    if (await row.count()) {
      await row.evaluate((el) => el.click()).catch(() => {});
      continue;
    }
    const card = page.locator('button[data-testid=hand-card]').first();
    if (await card.count()) {
      if (await card.click().then(() => true, () => false)) plays++;
      if (!revealed) {
        // The bots have chosen: the cards are revealed at once and wait in the queue.
        const reveal = page.locator('.classic[data-anim=reveal]');
        if (await reveal.waitFor({ timeout: 4000 }).then(() => true, () => false)) {
          const queued = await page.locator('[data-testid=queued]').count();
          const owners = await page.locator('[data-testid=queued] .owner').allInnerTexts();
          check(`${revealShot}: the reveal shows the three cards, each with its owner`, queued === 3 && owners.length === 3, `${queued} ${owners}`);
          await shot(page, revealShot);
          revealed = true;
        }
      }
      continue;
    }
    await page.waitForTimeout(120);
  }
  check(`${revealShot}: the reveal was seen`, revealed);
  await page.locator('[data-testid=result]').waitFor({ timeout: 20000 });
  return (await logOf(page)).length ? await logOf(page) : log;
}

/** The log (newest first) tells every turn's reveal and, when the last deal gave points, who
 * took which row in it. */
function checkLog(log, name, words) {
  check(`${name}: the log tells each turn's revealed cards`, [1, 2, 3].every((n) => log.some((l) => l.startsWith(`${words.turn} ${n}:`))), log.join(' | '));
  const ends = log.map((l, i) => (words.end.test(l) ? i : -1)).filter((i) => i >= 0);
  check(`${name}: the log tells the deal's end`, ends.length > 0, log.join(' | '));
  // The last deal: its end line's points, and its lines (older than the end, newer than the deal before's end).
  const lastDeal = log.slice(ends[0], ends[1] ?? log.length);
  const points = (log[ends[0]] ?? '').split(': ').slice(1).join(': ').split(' · ').reduce((a, p) => a + Number(p.split(' ').pop()), 0);
  const takes = lastDeal.filter((l) => words.take.test(l));
  check(`${name}: the log tells who took which row (${points} points taken)`, points === 0 || takes.length > 0, log.join(' | '));
  check(`${name}: …with the row, the card and the bull heads`, takes.every((l) => words.row.test(l) && /\d+ 🐮$/.test(l)), takes.join(' | '));
}

/** Steps through the replay of table `id` from its start; checks each step and shoots two. */
async function checkReplay(page, base, id, name, winnerLine) {
  await page.goto(`${base}/#/replay/${id}`);
  await page.locator('[data-testid=replay-step]').waitFor();
  let twice = [];
  let laidSteps = 0;
  let shotReveal = false;
  for (let i = 0; i < 60; i++) {
    // The cards still waiting are not in the rows as well.
    const queued = await page.locator('[data-testid=queued]').evaluateAll((els) => els.map((e) => e.dataset.queueCard));
    const inRows = await page.locator('[data-testid=rows] .rowcards [data-card]').evaluateAll((els) => els.map((e) => e.dataset.card));
    const both = queued.filter((c) => inRows.includes(c));
    if (both.length) twice.push(`step ${i}: ${both}`);
    const laid = await page.locator('[data-testid=rows] [data-testid=laid]').count();
    if (laid > 0) {
      laidSteps++;
      if (!shotReveal) {
        // Once the cards have slid in.
        await page.waitForTimeout(600);
        await shot(page, `${name}-reveal-step`);
        shotReveal = true;
      }
    }
    const forward = page.locator('[data-testid=replay-forward]');
    if (await forward.isDisabled()) break;
    await forward.click();
  }
  check(`${name}: no replay step shows a card both waiting and laid`, twice.length === 0, twice.join('; '));
  check(`${name}: the steps that laid cards mark them in the rows`, laidSteps >= 3, String(laidSteps));
  const last = await page.locator('[data-testid=replay-what]').innerText();
  check(`${name}: the last step names the winner`, winnerLine.test(last), last);
  await page.waitForTimeout(600);
  await shot(page, `${name}-last-step`);
}

await session(async ({ base, person }) => {
  // English, desktop.
  const kim = await person('Kim', { width: 1280, height: 800 });
  const id = await openTable(kim, { deals: '1', hand_size: '3', seats: '3' });
  for (const s of [1, 2]) {
    await kim.click('[data-testid=add-bot]');
    await kim.locator(`[data-testid=seat-${s}]`).waitFor();
  }
  await kim.click('[data-testid=start]');
  await kim.locator('button[data-testid=hand-card]').first().waitFor();
  const kimLog = await playOut(kim, 'classic-reveal-en', 'classic-log-en-desktop');
  checkLog(kimLog, 'classic-en', { turn: 'Turn', end: /^Deal \d+ is over/, take: /takes? (\d+ cards|row \d)/, row: /row \d/ });
  await checkReplay(kim, base, id, 'classic-replay-en', /· (.+ wins with \d+ points?!|Shared win: .+ with \d+ points?!)$/);

  // German, phone: the option help in the lobby form is German, then a game and its replay.
  const uta = await person('Uta', { width: 390, height: 844 });
  await uta.selectOption('[data-testid=lang]', 'de');
  if (!(await uta.locator('.create details').evaluate((d) => d.open))) await uta.click('.create summary');
  const help = {};
  for (const key of ['deck', 'deal', 'placement', 'fan']) help[key] = await uta.locator(`[data-testid=create-form] [data-testid=help-${key}]`).innerText();
  check('the German option help names the values in German', help.deck.startsWith('Taktik') && help.deal.startsWith('Auswahl') && help.placement.startsWith('an beiden Enden'), JSON.stringify(help));
  check('the German option help calls the fan cards Fächerkarte', help.fan.includes('Fächerkarte'), help.fan);
  await shot(uta, 'classic-options-de-phone');
  const id2 = await openTable(uta, { deals: '2', hand_size: '3', seats: '3', fan: 'cow' });
  for (const s of [1, 2]) {
    await uta.click('[data-testid=add-bot]');
    await uta.locator(`[data-testid=seat-${s}]`).waitFor();
  }
  await uta.click('[data-testid=start]');
  await uta.locator('button[data-testid=hand-card]').first().waitFor();
  // The end of deal 1: the summary stays while the next card is chosen, and closes when the
  // next turn is shown ("Letzte Runde" opens it again).
  for (let i = 0; i < 100 && !(await uta.locator('[data-testid=deal-summary]').count()); i++) {
    const card = uta.locator('button[data-testid=hand-card]').first();
    if (await card.count()) await card.click().catch(() => {});
    const row = uta.locator('.rows.choosing [data-testid=row-0]');
    if (await row.count()) await row.evaluate((el) => el.click()).catch(() => {});
    await uta.waitForTimeout(150);
  }
  await uta.locator('[data-testid=deal-summary]').waitFor({ timeout: 20000 });
  await uta.locator('button[data-testid=hand-card]').first().waitFor();
  await uta.waitForTimeout(1500);
  check('phone: the deal summary stays while the next card is chosen', (await uta.locator('[data-testid=deal-summary]').count()) === 1);
  await shot(uta, 'classic-summary-de-phone');
  await uta.locator('button[data-testid=hand-card]').first().click();
  await uta.locator('[data-testid=deal-summary]').waitFor({ state: 'detached', timeout: 10000 }).catch(() => {});
  check('phone: the summary closes when the next turn is shown', (await uta.locator('[data-testid=deal-summary]').count()) === 0);
  const again = await uta.locator('[data-testid=open-summary]').innerText().catch(() => '');
  check('phone: “Letzte Runde” opens it again', again.includes('Letzte Runde'), again);
  await uta.locator('.classic[data-anim=idle]').waitFor({ timeout: 10000 });
  await shot(uta, 'classic-summary-closed-de-phone');
  const utaLog = await playOut(uta, 'classic-reveal-de-phone', 'classic-log-de-phone');
  checkLog(utaLog, 'classic-de-phone', { turn: 'Zug', end: /^Runde \d+ ist vorbei/, take: /(nimmt|nimmst) (\d+ Karten|Reihe \d)/, row: /Reihe \d/ });
  await checkReplay(uta, base, id2, 'classic-replay-de-phone', /· (.+ gewinnt mit \d+ Punkt(en)?!|Geteilter Sieg: .+ mit \d+ Punkt(en)?!)$/);
  buttonsChecked('classic');
});
