// End-to-end, the room around a game, in a real headless Chromium against a real `nimmt serve`:
// the lobby in German on a phone (no sideways scrolling), "play against bots now", the decision
// timer's deadline surviving a reload, leaving a running game (asked first) and coming back to the
// seat, the table chat after a reload, server errors and old lines in German, and playing again at
// the same table (a rematch with the same players, options and bot). Screenshots of the lobby
// (English and German, desktop and phone) and the result go to artifacts/ (ARTIFACTS to change).
//
//   NIMMT_BIN=target/debug/nimmt node web/e2e/room.mjs

import { check, openTable, session, shot } from './lib.mjs';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

/** Seconds the timer shows now (null without one). */
async function timerSeconds(page) {
  const t = page.locator('[data-testid=timer]');
  if (!(await t.count())) return null;
  const m = (await t.innerText()).match(/(\d+)/);
  return m ? Number(m[1]) : null;
}

/** Plays the first card (or takes the first row) whenever asked, until the result shows. */
async function playToResult(pages) {
  for (let step = 0; step < 300; step++) {
    let done = true;
    for (const page of pages) {
      if (await page.locator('[data-testid=result]').count()) continue;
      done = false;
      const row = page.locator('.rows.choosing [data-testid=row-0]');
      if (await row.count()) await row.evaluate((el) => el.click()).catch(() => {});
      else {
        const card = page.locator('button[data-testid=hand-card]').first();
        if (await card.count()) await card.click({ timeout: 2000 }).catch(() => {});
      }
    }
    if (done) return true;
    await pages[0].waitForTimeout(150);
  }
  return false;
}

await session(async ({ person }) => {
  // Ann opens a table with a timer and a bot and starts it: the lobby then lists a running table.
  const ann = await person('Ann');
  const id = await openTable(ann, { timer: '60', seats: '2' });
  await ann.click('[data-testid=add-bot]');
  await ann.locator('[data-testid=seat-1]').waitFor();
  await ann.fill('[data-testid=table-chat] input', 'hello everybody');
  await ann.press('[data-testid=table-chat] input', 'Enter');
  await ann.locator('[data-testid=table-chat] .line', { hasText: 'hello everybody' }).waitFor();
  await ann.click('[data-testid=start]');
  await ann.locator('button[data-testid=hand-card]').first().waitFor();

  // The deadline: the countdown runs from the server's deadline, and a reload shows the time
  // really left, not the full time again.
  await ann.locator('[data-testid=timer]').waitFor();
  const before = await timerSeconds(ann);
  check('the countdown starts at most at the full time', before !== null && before <= 60, String(before));
  await ann.waitForTimeout(2500);
  await ann.reload();
  await ann.locator('[data-testid=conn][data-status=online]').waitFor();
  await ann.locator('[data-testid=timer]').waitFor();
  const after = await timerSeconds(ann);
  check('after a reload the countdown shows the time left, less than the full time', after !== null && after < 60 && after <= before, `${before} → ${after}`);

  // The chat is still there after the reload.
  await ann.locator('[data-testid=table-chat] .line', { hasText: 'hello everybody' }).waitFor({ timeout: 5000 }).catch(() => {});
  check('the table chat survives a reload', (await ann.locator('[data-testid=table-chat]').innerText()).includes('Ann: hello everybody'));

  // Leaving a running game asks first; staying keeps the seat.
  await ann.click('[data-testid=leave]');
  await ann.locator('[data-testid=confirm]').waitFor();
  check('leaving a running game asks first', /bot plays your seat/.test(await ann.locator('[data-testid=confirm]').innerText()));
  await ann.click('[data-testid=confirm-no]');
  await ann.locator('[data-testid=confirm]').waitFor({ state: 'detached' });
  check('staying keeps the seat', (await ann.locator('button[data-testid=hand-card]').count()) > 0 && ann.url().endsWith(`#/table/${id}`));
  await ann.click('[data-testid=leave]');
  await ann.click('[data-testid=confirm-yes]');
  await ann.waitForURL((u) => u.hash === '#/' || u.hash === '');
  // Back from the lobby: the seat is there to take back.
  await ann.locator(`[data-testid=back-${id}]`).click();
  await ann.locator('[data-testid=table]').waitFor();
  await ann.locator('[data-testid=table-chat] .line.notice', { hasText: 'takes their seat back' }).waitFor();
  const seat0 = await ann.locator('[data-testid=seat-0]').innerText();
  check('a player who left comes back to the seat', /Ann/.test(seat0) && /you/.test(seat0) && !/\bbot\b/.test(seat0), seat0);

  // German: server errors in German, and old lines switch language too.
  await ann.selectOption('[data-testid=lang]', 'de');
  await ann.fill('[data-testid=table-chat] input', '/fly');
  await ann.press('[data-testid=table-chat] input', 'Enter');
  await ann.locator('[data-testid=table-chat] .line.error').first().waitFor();
  const errorLine = await ann.locator('[data-testid=table-chat] .line.error').last().innerText();
  check('a server error shows in German', /Unbekannter Befehl \/fly/.test(errorLine), errorLine);
  const chat = await ann.locator('[data-testid=table-chat]').innerText();
  check('older notices switch to German too', /übernimmt wieder den eigenen Platz/.test(chat) && !/takes their seat back/.test(chat), chat);

  // The lobby in German on a phone fits 390 px: nothing is cut off, nothing scrolls sideways.
  const eva = await person('Eva', PHONE);
  await eva.selectOption('[data-testid=lang]', 'de');
  await eva.locator(`[data-testid=lobby-table-${id}]`).waitFor();
  const width = await eva.evaluate(() => document.documentElement.scrollWidth);
  check('the German lobby fits a 390 px phone', width <= 390, `scrollWidth ${width}`);
  const watch = await eva.locator(`[data-testid=watch-${id}]`).boundingBox();
  check('"Zuschauen" is fully on the screen', !!watch && watch.x >= 0 && watch.x + watch.width <= 390, JSON.stringify(watch));
  check('a running table does not count free seats', !/frei/.test(await eva.locator(`[data-testid=lobby-table-${id}]`).innerText()));
  await shot(eva, 'lobby-de-phone');
  await eva.selectOption('[data-testid=lang]', 'en');
  check('the English lobby fits a 390 px phone', (await eva.evaluate(() => document.documentElement.scrollWidth)) <= 390);
  await shot(eva, 'lobby-en-phone');
  await eva.close();
  const dora = await person('Dora', DESKTOP);
  await dora.locator(`[data-testid=lobby-table-${id}]`).waitFor();
  await shot(dora, 'lobby-en-desktop');
  await dora.selectOption('[data-testid=lang]', 'de');
  await shot(dora, 'lobby-de-desktop');

  // Play against bots now: one click opens a table with bots and starts it.
  await dora.click('[data-testid=quick-play]');
  await dora.locator('button[data-testid=hand-card]').first().waitFor({ timeout: 15000 });
  const bots = await dora.locator('[data-testid=seats] .seat', { hasText: 'Bot' }).count();
  check('"play against bots now" starts a game with bots', bots >= 1 && (await dora.locator('[data-testid=hand-card]').count()) > 0, String(bots));
  await dora.close();

  // HELP!: who the player before you is, and what the others did since your last move.
  const ivo = await person('Ivo');
  if (!(await ivo.locator('.create details').evaluate((d) => d.open))) await ivo.click('.create summary');
  await ivo.selectOption('[data-testid=create-form] [name=game]', 'help');
  await ivo.fill('[data-testid=create-form] [name=seats]', '3');
  await ivo.click('[data-testid=create]');
  await ivo.locator('[data-testid=add-bot]').click();
  await ivo.locator('[data-testid=seat-1]').waitFor();
  await ivo.locator('[data-testid=add-bot]').click();
  await ivo.locator('[data-testid=seat-2]').waitFor();
  await ivo.click('[data-testid=start]');
  await ivo.locator('[data-testid=help-before]').waitFor();
  check('HELP! names the player before you', /The player before you: Bot \d/.test(await ivo.locator('[data-testid=help-before]').innerText()));
  let logged = '';
  for (let i = 0; i < 60 && !logged; i++) {
    const log = ivo.locator('[data-testid=help-log]');
    if ((await log.count()) && (await ivo.locator('[data-testid=help-action]').count())) logged = await log.innerText();
    else if (await ivo.locator('[data-testid=help-action]').count()) await ivo.locator('[data-testid=help-action]').first().click().catch(() => {});
    await ivo.waitForTimeout(200);
  }
  check('HELP! tells what the others did since your last move', /Bot \d (lays|switches|zaps|asks|lays a No!|hands|gives|is skipped|clears)/.test(logged), logged);
  await shot(ivo, 'help-log');
  await ivo.close();

  // A rematch: Gil and Hal play a short game with a bot; the host's "Play again" seats everyone
  // at the next game with the same options and bot.
  const gil = await person('Gil');
  const hal = await person('Hal');
  const g1 = await openTable(gil, { deals: '1', hand_size: '2', seats: '3' });
  await hal.locator(`[data-testid=join-${g1}]`).click();
  await hal.locator('[data-testid=seat-1]').waitFor();
  await gil.locator('[data-testid=seat-1]').waitFor();
  // The host's option form follows an option set by chat command.
  await gil.fill('[data-testid=table-chat] input', '/option deck=tactic');
  await gil.press('[data-testid=table-chat] input', 'Enter');
  await gil.locator('[data-testid=table-chat] .line.notice', { hasText: 'deck = tactic' }).waitFor();
  check('the host’s option form shows an option set by /option', (await gil.locator('.setopt [name=deck]').inputValue()) === 'tactic');
  await gil.click('[data-testid=add-bot]');
  await gil.locator('[data-testid=seat-2]').waitFor();
  await gil.click('[data-testid=start]');
  check('the first game ends with a result for both', await playToResult([gil, hal]));
  await gil.locator('[data-testid=result] [data-testid=chart-me]').waitFor();
  check('the result chart marks "you"', (await gil.locator('[data-testid=result] .legend li.mine').innerText()).includes('Gil'));
  await shot(gil, 'room-result');
  await gil.click('[data-testid=again]');
  await gil.waitForURL((u) => /#\/table\/\d+/.test(u.hash) && !u.hash.endsWith(`/${g1}`));
  const g2 = Number(gil.url().match(/#\/table\/(\d+)/)[1]);
  await hal.waitForURL((u) => u.hash === `#/table/${g2}`);
  await hal.locator('button[data-testid=hand-card]').first().waitFor();
  await gil.locator('button[data-testid=hand-card]').first().waitFor();
  const seats = await hal.locator('[data-testid=seats]').innerText();
  check('the rematch has the same players and bot', /Gil/.test(seats) && /Hal/.test(seats) && /Bot 1/.test(seats), seats);
  const bar = await hal.locator('.tablebar').innerText();
  check('the rematch has the same options', /Deals: 1/.test(bar) && /Deck: tactic/.test(bar) && /Hand size: 2/.test(bar), bar);
  check('the rematch is a new game', g2 !== g1);
  await shot(hal, 'rematch');
});
