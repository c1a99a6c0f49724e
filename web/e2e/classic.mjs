// End-to-end test of what a classic table tells, in headless Chromium against a real `nimmt serve`:
// the reveal at the table (the queue of revealed cards with their owners), the replay's steps (a
// step that laid cards shows them in the rows only, never also as waiting; the last step names the
// winner), and the German option help of the lobby form. Kim plays in English on a 1280×800
// desktop, Uta in German on a 390×844 phone, each with two bots. Run like game.mjs.

import { buttonsChecked, countButtons } from './buttons.mjs';
import { check, openTable, session, shot } from './lib.mjs';

/** Plays the page's seat to the result; shoots the first reveal as `revealShot`. */
async function playOut(page, revealShot) {
  let revealed = false;
  for (let step = 0; step < 300; step++) {
    if (await page.locator('[data-testid=result]').count()) break;
    await countButtons(page, 'classic');
    const row = page.locator('.rows.choosing [data-testid=row-0]');
    if (await row.count()) {
      await row.evaluate((el) => el.click()).catch(() => {});
      continue;
    }
    const card = page.locator('button[data-testid=hand-card]').first();
    if (await card.count()) {
      await card.click().catch(() => {});
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
  await playOut(kim, 'classic-reveal-en');
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
  const id2 = await openTable(uta, { deals: '1', hand_size: '3', seats: '3', fan: 'cow' });
  for (const s of [1, 2]) {
    await uta.click('[data-testid=add-bot]');
    await uta.locator(`[data-testid=seat-${s}]`).waitFor();
  }
  await uta.click('[data-testid=start]');
  await uta.locator('button[data-testid=hand-card]').first().waitFor();
  await playOut(uta, 'classic-reveal-de-phone');
  await checkReplay(uta, base, id2, 'classic-replay-de-phone', /· (.+ gewinnt mit \d+ Punkt(en)?!|Geteilter Sieg: .+ mit \d+ Punkt(en)?!)$/);
  buttonsChecked('classic');
});
