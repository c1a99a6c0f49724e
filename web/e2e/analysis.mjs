// End-to-end test of the analysis of a finished game: Ann plays a short game of classic with hints
// against a bot of the level "Strong" (asking for a hint once), opens its replay, asks for the analysis, waits while it is queued,
// and reads each decision with its choices and marks and the summary per player, in English and
// German, on a desktop and a phone. Screenshots go to artifacts/ (ARTIFACTS to change).
//
//   NIMMT_BIN=target/debug/nimmt node web/e2e/analysis.mjs

import { check, openTable, session, shot } from './lib.mjs';

await session(async ({ base, person }) => {
  const ann = await person('Ann');
  const id = await openTable(ann, { deals: '1', hand_size: '4', seats: '2', hints: 'yes' });
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
  await ann.click('[data-testid=hint]');
  const hint = ann.locator('[data-testid=table-chat] .line', { hasText: 'Hint:' });
  await hint.waitFor({ timeout: 15000 });
  check('a hint names the best card and every card with its estimate', /Hint: \d+|Hint: play \d+/.test(await hint.innerText()), await hint.innerText());
  await shot(ann, 'analysis-hint');
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
    const unit = await page.locator('[data-testid=analysis] p.muted').innerText();
    check(`${lang} ${name}: the estimates say what they measure`, lang === 'de' ? /Hornochsen/.test(unit) : /bull heads/.test(unit), unit);
    const jumps = page.locator('[data-testid=analysis-jump]');
    if (await jumps.count()) {
      await jumps.first().click();
      const marked = await page.locator('[data-testid=analysis-decision] [data-testid=analysis-mark]').count();
      check(`${lang} ${name}: a marked decision shows its mark`, marked === 1);
    }
    await shot(page, `analysis-${name}-${lang}`);
    await page.close();
  }
});
