// End-to-end test of the table variants in headless Chromium: the draft (open cards picked in
// turn) with the jumping cow beside a row, and the digit swap with its toggle. One player and
// two bots each, played to the result screen. Run like game.mjs.

import { check, openTable, replayFrom, session, shot } from './lib.mjs';

/** Plays whatever the page is asked until the result shows; returns what was seen on the way. */
async function playOut(page, opts = {}) {
  const seen = { draftPicks: 0, swaps: 0, marker: false, rowsTaken: 0 };
  for (let step = 0; step < 400; step++) {
    if (await page.locator('[data-testid=result]').count()) return seen;
    if (await page.locator('[data-testid=marker]').count()) seen.marker = true;
    const row = page.locator('.rows.choosing [data-testid=row-0]');
    if (await row.count()) {
      // A click event on the row as it is now (the row may be redrawn while a pointer would move).
      await row.evaluate((el) => el.click()).catch(() => {});
      seen.rowsTaken++;
      continue;
    }
    const pick = page.locator('.pool button.card').first();
    if (await pick.count()) {
      if (seen.draftPicks === 0 && opts.onDraft) await opts.onDraft();
      await pick.click();
      seen.draftPicks++;
      await page.waitForTimeout(100);
      continue;
    }
    const card = page.locator('button[data-testid=hand-card]').last();
    if (await card.count()) {
      const swap = page.locator('.swap input[type=checkbox]');
      if (opts.swap && (await swap.count()) && seen.swaps === 0) {
        await swap.check();
        const note = await page.locator('button[data-testid=hand-card] .note').first().innerText();
        check('with the swap on, the cards show their swapped value', /↔ \d+/.test(note), note);
        await shot(page, 'table-digit-swap');
        seen.swaps++;
      }
      await card.click();
      await page.waitForTimeout(100);
      continue;
    }
    await page.waitForTimeout(150);
  }
  return seen;
}

await session(async ({ base, person, restart }) => {
  const dee = await person('Dee');
  await openTable(dee, { deal: 'draft', fan: 'cow', deck: 'tactic', deals: '1', hand_size: '3', seats: '3' });
  await dee.click('[data-testid=add-bot]');
  await dee.locator('[data-testid=seat-1]').waitFor();
  await dee.click('[data-testid=add-bot]');
  await dee.locator('[data-testid=seat-2]').waitFor();
  // The host sets an option with the form (it says /option placement=both-ends).
  await dee.selectOption('.setopt select[aria-label=Options]', 'placement');
  await dee.selectOption('.setopt select[aria-label=Placement]', 'both-ends');
  await dee.click('.setopt button[type=submit]');
  await dee.locator('.tablebar', { hasText: 'Placement: both ends' }).waitFor();
  check('the host sets an option from the table', (await dee.locator('[data-testid=table-chat]').innerText()).includes('placement'));
  await dee.click('[data-testid=start]');
  await dee.locator('.pool').waitFor();
  const seen = await playOut(dee, {
    onDraft: async () => {
      const open = await dee.locator('.pool .card').count();
      // Tactic deck for 3 players of 3 cards: 3 × 3 + 4 = 13 open cards; the first pick is Dee's.
      check('the draft lays all 13 cards of the tactic deck open', open === 13, String(open));
      await shot(dee, 'table-draft');
    },
  });
  check('Dee picked her three cards in the draft', seen.draftPicks === 3, String(seen.draftPicks));
  check('the jumping cow stands beside a row', seen.marker);
  await dee.locator('[data-testid=result] [data-testid=winner]').waitFor();
  check('the draft game ends on the result screen', true);

  const eve = await person('Eve', { width: 390, height: 844 });
  await shot(eve, 'lobby-phone');
  await openTable(eve, { fan: 'digit-swap', deals: '1', hand_size: '4', seats: '3', timer: '30' });
  await eve.click('[data-testid=add-bot]');
  await eve.locator('[data-testid=seat-1]').waitFor();
  await eve.click('[data-testid=add-bot]');
  await eve.locator('[data-testid=seat-2]').waitFor();
  await eve.click('[data-testid=start]');
  await eve.locator('button[data-testid=hand-card]').first().waitFor();
  const timer = await eve.locator('[data-testid=timer]').innerText();
  check('the timer counts down the seconds of the decision', /\d+ s left/.test(timer) && Number(timer.match(/(\d+) s/)[1]) <= 30, timer);
  const seen2 = await playOut(eve, { swap: true });
  check('Eve played a card with the digit swap', seen2.swaps === 1);
  await eve.locator('[data-testid=result]').waitFor();
  await shot(eve, 'result-phone');
  // The replay of the digit-swap game reaches the same winner line as the result screen.
  check('the phone result names the winner', /wins with|Shared win/.test(await eve.locator('[data-testid=winner]').innerText()));

  // A dropped connection: the server stops and comes back (same port, same database); the page
  // reconnects by itself and Fay plays on in her seat.
  const fay = await person('Fay');
  await openTable(fay, { deals: '1', hand_size: '4', seats: '3' });
  await fay.click('[data-testid=add-bot]');
  await fay.locator('[data-testid=seat-1]').waitFor();
  await fay.click('[data-testid=add-bot]');
  await fay.locator('[data-testid=seat-2]').waitFor();
  await fay.click('[data-testid=start]');
  await fay.locator('button[data-testid=hand-card]').first().click();
  // The server has taken the card when the hand shows three.
  await fay.waitForFunction(() => document.querySelectorAll('[data-testid=hand-card]').length === 3);
  await restart();
  await fay.locator('[data-testid=conn][data-status=online]').waitFor({ timeout: 20000 });
  await fay.locator('[data-testid=hand-card]').first().waitFor();
  const cards = await fay.locator('[data-testid=hand-card]').count();
  check('after the server came back Fay holds her seat and her three cards', cards === 3 && (await fay.locator('[data-testid=seat-0]').innerText()).includes('Fay'), String(cards));
  const seen3 = await playOut(fay);
  check('the game goes on to its end after the reconnection', (await fay.locator('[data-testid=result]').count()) === 1, JSON.stringify(seen3));

  // HELP!: a shared row, actions as buttons, played to the end (one point ends it).
  const gus = await person('Gus');
  await gus.selectOption('[data-testid=create-form] [name=game]', 'help');
  await openTable(gus, { end_at: '1', seats: '3' });
  check('a HELP! table lists its option', (await gus.locator('.tablebar').innerText()).includes('HELP!'));
  await gus.click('[data-testid=add-bot]');
  await gus.locator('[data-testid=seat-1]').waitFor();
  await gus.click('[data-testid=add-bot]');
  await gus.locator('[data-testid=seat-2]').waitFor();
  await gus.click('[data-testid=start]');
  await gus.locator('[data-testid=help-board]').waitFor();
  let acted = 0;
  for (let i = 0; i < 600; i++) {
    if (await gus.locator('[data-testid=result]').count()) break;
    const a = gus.locator('[data-testid=help-action]').first();
    if (await a.count()) {
      if (acted === 0) await shot(gus, 'table-help');
      await a.evaluate((el) => el.click()).catch(() => {});
      acted++;
      await gus.waitForTimeout(120);
    } else await gus.waitForTimeout(150);
  }
  check('Gus played HELP! by its buttons', acted > 0, String(acted));
  await gus.locator('[data-testid=result]').waitFor();
  const line = await gus.locator('[data-testid=winner]').innerText();
  check('the HELP! result names who reached the mark', /wins with 1 point!|Shared win: .* 1 point!/.test(line), line);
  await shot(gus, 'result-help');

  // Its replay, from the result screen: HELP! steps told as the buttons said them.
  const helpId = Number(gus.url().match(/#\/table\/(\d+)/)?.[1]);
  await replayFrom(gus, base, helpId, { fixture: 'replay-help.json' });
  await gus.click('[data-testid=watch-replay]');
  await gus.locator('[data-testid=replay-step]').waitFor();
  check('the HELP! replay opens at its first step', /Step 0 of \d+/.test(await gus.locator('[data-testid=replay-step]').innerText()));
  check('the HELP! replay shows the row', (await gus.locator('[data-testid=help-row]').count()) === 1);
  await gus.keyboard.press('End');
  const what = await gus.locator('[data-testid=replay-what]').innerText();
  check('the last step of the HELP! replay says who did what', /^[^:]+: \S/.test(what), what);
  await shot(gus, 'replay-help');
});
