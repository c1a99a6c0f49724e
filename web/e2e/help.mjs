// End-to-end, HELP!: Ann (desktop, English) and Bea (phone, German) with two bots play to the end.
// The rules say who scores when a deal ends; when a deal ends, the log says who could not help
// whom and who scores how many points, and a summary of the deal stays until dismissed.
// Screenshots: the board, the deal summary and the result, EN 1280×800 and DE 390×844.
// Run: NIMMT_BIN=../target/debug/nimmt node e2e/help.mjs

import { buttonsChecked, countButtons } from './buttons.mjs';
import { check, openTable, session, shot } from './lib.mjs';

await session(async ({ person }) => {
  const ann = await person('Ann', { width: 1280, height: 800 });
  const bea = await person('Bea', { width: 390, height: 844 });
  await bea.selectOption('[data-testid=lang]', 'de');
  await ann.selectOption('[data-testid=create-form] [name=game]', 'help');
  const id = await openTable(ann, { end_at: '2', seats: '4' });
  check('a HELP! table opens', id > 0);
  await bea.locator(`[data-testid=join-${id}]`).click();
  await bea.locator('[data-testid=seat-1]').waitFor();
  await ann.locator('[data-testid=seat-1]').waitFor();
  for (const s of [2, 3]) {
    await ann.click('[data-testid=add-bot]');
    await ann.locator(`[data-testid=seat-${s}]`).waitFor();
  }

  // The rules, both ways a deal ends, in both languages (rule book "Ende eines Durchgangs").
  await ann.click('[data-testid=rules-button]');
  const rules = await ann.locator('[data-testid=rules]').innerText();
  check('the rules say everyone else scores when the one asked cannot help', rules.includes('everyone else (not the two of you) scores 1 point'), rules);
  check('the rules say only the asker scores when everybody else has a No!', rules.includes('only you score 1 point'), rules);
  check('the rules no longer say that whoever cannot help scores', !rules.includes('whoever cannot help scores'), rules);
  await shot(ann, 'help-rules-en');
  await ann.keyboard.press('Escape');
  await bea.click('[data-testid=rules-button]');
  const regeln = await bea.locator('[data-testid=rules]').innerText();
  check('die Regeln: alle anderen bekommen einen Punkt', regeln.includes('alle anderen (nicht ihr beide) bekommen 1 Punkt') && regeln.includes('nur du bekommst 1 Punkt'), regeln);
  await bea.keyboard.press('Escape');

  await ann.click('[data-testid=start]');
  await ann.locator('[data-testid=help-board]').waitFor();
  await bea.locator('[data-testid=help-board]').waitFor();

  // A person plays the first action offered, but not while a deal's summary is open (so the test
  // reads the deal's end before anyone plays on).
  const act = (page) =>
    page
      .evaluate(() => {
        const a = document.querySelector('[data-testid=help-action]');
        if (!a || document.querySelector('[data-testid=deal-summary]')) return false;
        a.click();
        return true;
      })
      .catch(() => false);
  const seen = { board: false, summary: false, bea: false };
  let acted = 0;
  for (let i = 0; i < 1500; i++) {
    if (await ann.locator('[data-testid=result]').count()) break;
    // A deal's end: the line in the log and the summary, before anyone plays on.
    // (Later deals' summaries are dismissed at once.)
    for (const page of seen.summary ? [ann, bea] : []) {
      if (await page.locator('[data-testid=deal-summary-close]').count()) await page.click('[data-testid=deal-summary-close]').catch(() => {});
    }
    if (!seen.summary && (await ann.locator('[data-testid=deal-summary]').count())) {
      seen.summary = true;
      const why = await ann.locator('[data-testid=deal-summary-why]').innerText();
      check('the deal summary says how the deal ended and who scores, with the unit', /(could not help|could play nothing|hold no card that helps).*: the deal is over — .*(scores?|score) \d+ points?/.test(why), why);
      const log = await ann.locator('[data-testid=help-log]').innerText();
      check('the log tells the end of the deal', log.includes(why), `${why} | ${log}`);
      const rows = await ann.locator('[data-testid=deal-summary] tbody tr').count();
      check('the deal summary has a line per player', rows === 4, String(rows));
      await shot(ann, 'help-deal-summary-en');
      await bea.locator('[data-testid=deal-summary]').waitFor({ timeout: 5000 });
      const warum = await bea.locator('[data-testid=deal-summary-why]').innerText();
      check('die Übersicht der Runde sagt, wer wie viele Punkte bekommt', /die Runde ist vorbei — .*(bekommt|bekommen je|du bekommst) \d+ Punkte?/.test(warum), warum);
      await shot(bea, 'help-deal-summary-de');
      // It stays until dismissed, while the game goes on.
      await ann.waitForTimeout(1500);
      check('the deal summary stays until dismissed', (await ann.locator('[data-testid=deal-summary]').count()) === 1);
      await ann.click('[data-testid=deal-summary-close]');
      check('the deal summary goes when dismissed', (await ann.locator('[data-testid=deal-summary]').count()) === 0);
      await bea.click('[data-testid=deal-summary-close]');
    }
    for (const page of [ann, bea]) await countButtons(page, 'help');
    const a = await act(ann);
    const b = await act(bea);
    if (a || b) {
      acted++;
      if (!seen.board && acted > 6) {
        seen.board = true;
        await shot(ann, 'help-board-en');
        await shot(bea, 'help-board-de');
        const before = await ann.locator('[data-testid=help-before]').innerText();
        check('the board says whom you would ask for help', /The player before you: \S+|nobody you could ask/.test(before), before);
      }
      await ann.waitForTimeout(100);
    } else await ann.waitForTimeout(120);
  }
  check('Ann and Bea played by the buttons', acted > 5, String(acted));
  buttonsChecked('help');
  check('a deal ended with its summary', seen.summary);
  await ann.locator('[data-testid=result]').waitFor({ timeout: 20000 });
  const winner = await ann.locator('[data-testid=winner]').innerText();
  check('the result names who reached 2 points', /wins with 2 points!|Shared win: .* 2 points!/.test(winner), winner);
  const result = await ann.locator('[data-testid=result]').innerText();
  check('the result says how the last deal ended', /Deal \d+: .*the deal is over — .* \d+ points?/.test(result), result);
  await shot(ann, 'help-result-en');
  await bea.locator('[data-testid=result]').waitFor({ timeout: 20000 });
  await shot(bea, 'help-result-de');
});
