// End-to-end test of the browser client in a real headless Chromium, against a real `nimmt serve`.
//
//   NIMMT_BIN=target/debug/nimmt node web/e2e/game.mjs
//
// Starts the server (SQLite in a temporary directory, an ephemeral port, the client from web/dist),
// then: Ann opens a table (1 deal of 3 cards), Bob joins from the lobby, a bot sits down, they
// play the whole game to the result screen; Bob reloads mid-game and carries on in his seat; a
// spectator sees no hand. Screenshots go to artifacts/ (ARTIFACTS to change).
// Environment: CHROMIUM (default /usr/bin/chromium), NIMMT_WEB_DIST (default web/dist).

import { check, openTable, replayFrom, session, shot } from './lib.mjs';

await session(async ({ base, person }) => {
  const ann = await person('Ann');
  let bob = await person('Bob');

  // Lobby chat reaches the others.
  await ann.fill('[data-testid=lobby-chat] input', 'who plays?');
  await ann.press('[data-testid=lobby-chat] input', 'Enter');
  await bob.locator('[data-testid=lobby-chat] .line', { hasText: 'who plays?' }).waitFor();
  check('lobby chat reaches the others', (await bob.locator('[data-testid=lobby-chat]').innerText()).includes('Ann: who plays?'));

  // Ann opens a short table: one deal of three cards.
  const id = await openTable(ann, { deals: '1', hand_size: '3', seats: '3' });
  check('creating a table opens it', id > 0);

  // Bob sees it in the lobby, with its options and free seats, and joins.
  const row = bob.locator(`[data-testid=lobby-table-${id}]`);
  await row.waitFor();
  const rowText = await row.innerText();
  check('the lobby lists the table with options and free seats', /Deals: 1/.test(rowText) && /Hand size: 3/.test(rowText) && /2 of 3 free/.test(rowText), rowText);
  await shot(bob, 'lobby');
  await bob.click(`[data-testid=join-${id}]`);
  await bob.locator('[data-testid=seat-1]').waitFor();

  await ann.locator('[data-testid=seat-1]').waitFor();
  await ann.click('[data-testid=add-bot]');
  await ann.locator('[data-testid=seat-2]').waitFor();
  check('the bot sits down', (await ann.locator('[data-testid=seat-2]').innerText()).includes('bot'));
  // Table chat takes the server's commands.
  await bob.fill('[data-testid=table-chat] input', '/who');
  await bob.press('[data-testid=table-chat] input', 'Enter');
  await bob.locator('[data-testid=table-chat] .line.notice', { hasText: 'Players:' }).waitFor();
  check('a chat command is answered', /Players: .*Ann.*Bob/.test(await bob.locator('[data-testid=table-chat]').innerText()));
  // The rules are one click away, and Escape closes them.
  await bob.click('[data-testid=rules-button]');
  check('the rules open from the table', (await bob.locator('[data-testid=rules]').innerText()).includes('sixth card'));
  await shot(bob, 'rules');
  await bob.keyboard.press('Escape');
  await bob.locator('[data-testid=rules]').waitFor({ state: 'detached' });
  await ann.click('[data-testid=start]');
  await ann.locator('[data-testid=hand-card]').first().waitFor();
  await bob.locator('[data-testid=hand-card]').first().waitFor();
  check('each player sees a hand of three sorted cards', await sortedHand(ann, 3));

  // A spectator sees the table but no hand.
  const cy = await person('Cy', { width: 390, height: 844 });
  await cy.locator(`[data-testid=watch-${id}]`).click();
  await cy.locator('[data-testid=rows]').waitFor();
  await cy.locator('[data-testid=spectating]').waitFor();
  check('a spectator sees no hand', (await cy.locator('[data-testid=hand-card]').count()) === 0);
  await shot(cy, 'table-phone-spectator');

  // The replay of a game still being played says so politely (no script error).
  const dan = await person('Dan');
  await replayFrom(dan, base, id, { status: 409, body: { code: 'game_running', error: 'the game is still running' } });
  await dan.goto(`${base}/#/replay/${id}`);
  await dan.locator('[data-testid=replay-running]').waitFor();
  check('the replay of a running game says it is still being played', /still being played/.test(await dan.locator('[data-testid=replay-running]').innerText()));
  await dan.close();

  // Play to the end. Bob reloads after the first turn and carries on in his seat.
  let reloaded = false;
  let turnsSeen = 0;
  let tookShot = false;
  let keyboardPlays = 0;
  for (let step = 0; step < 200; step++) {
    if ((await ann.locator('[data-testid=result]').count()) && (await bob.locator('[data-testid=result]').count())) break;
    if (!tookShot && (await ann.locator('[data-testid=flying]').count())) {
      await shot(ann, 'table-taking');
      tookShot = true;
    }
    // Ann clicks; Bob plays with the keyboard only (1 = first card, or the first row).
    for (const [who, page] of [['Ann', ann], ['Bob', bob]]) {
      const rowsChoosing = page.locator('.rows.choosing [data-testid=row-0]');
      if (await rowsChoosing.count()) {
        if (who === 'Bob') await page.keyboard.press('1');
        else await rowsChoosing.evaluate((el) => el.click()).catch(() => {});
        continue;
      }
      const card = page.locator('button[data-testid=hand-card]').first();
      if (await card.count()) {
        if (who === 'Ann' && turnsSeen === 0) await shot(ann, 'table');
        if (who === 'Bob') {
          const before = await page.locator('[data-testid=hand-card]').count();
          await page.keyboard.press('1');
          await page.waitForFunction((n) => document.querySelectorAll('button[data-testid=hand-card]').length !== n, before, { timeout: 5000 }).catch(() => {});
          keyboardPlays++;
        } else await card.click();
        if (who === 'Bob') turnsSeen++;
      }
    }
    if (!reloaded && turnsSeen >= 1 && (await bob.locator('[data-testid=hand-card]').count()) === 2) {
      await bob.reload();
      await bob.locator('[data-testid=conn][data-status=online]').waitFor();
      await bob.locator('[data-testid=table]').waitFor();
      await bob.locator('[data-testid=hand-card]').first().waitFor();
      check('after a reload Bob is back in his seat with his hand', (await bob.locator('[data-testid=hand-card]').count()) === 2);
      const seat = await bob.locator('[data-testid=seat-1]').innerText();
      check('Bob still holds seat 2 and is not replaced by a bot', /Bob/.test(seat) && !/bot plays/.test(seat), seat);
      reloaded = true;
      // Bob opens the room in a new tab at /: it takes over his identity and goes straight to
      // his seat; the old tab says so and stops.
      const tab = await bob.context().newPage();
      tab.on('pageerror', (e) => check(`no page error in the new tab: ${e.message}`, false));
      await tab.goto(base + '/');
      await tab.waitForURL((u) => u.hash === `#/table/${id}`);
      await tab.locator('[data-testid=hand-card]').first().waitFor();
      check('a new tab at / goes straight back to the seat', (await tab.locator('[data-testid=hand-card]').count()) >= 1);
      await bob.locator('.banner').waitFor();
      check('the old tab says the identity is used elsewhere', (await bob.locator('.banner').innerText()).includes('another tab'));
      await bob.close();
      bob = tab;
    }
    await ann.waitForTimeout(150);
  }
  check('Bob reloaded mid-game', reloaded);
  check('Bob played with the keyboard', keyboardPlays >= 2, String(keyboardPlays));
  await ann.locator('[data-testid=result]').waitFor({ timeout: 20000 });
  await bob.locator('[data-testid=result]').waitFor({ timeout: 20000 });
  const winner = await ann.locator('[data-testid=winner]').innerText();
  check('the result names the winner', /wins with|Shared win/.test(winner), winner);
  check('the result shows points per deal', (await ann.locator('[data-testid=result] [data-testid=chart]').count()) === 1);
  // The winner has the fewest points of the ranking.
  const points = await ann.locator('.ranking tbody tr td:nth-child(3)').allInnerTexts();
  const nums = points.map(Number);
  check('the ranking goes from fewest points up', nums.every((p, i) => i === 0 || nums[i - 1] <= p), points.join(','));
  check('the winner line states the fewest points', new RegExp(`with ${Math.min(...nums)} points?!`).test(winner), winner);
  await shot(ann, 'result');
  await cy.locator('[data-testid=result]').waitFor({ timeout: 20000 });
  check('the spectator sees the result too', true);

  // Play again: Ann (the host) starts the next game at the table; Bob is taken along to his seat.
  await ann.click('[data-testid=again]');
  await ann.waitForURL((u) => /#\/table\/\d+/.test(u.hash) && !u.hash.endsWith(`/${id}`));
  const again = Number(ann.url().match(/#\/table\/(\d+)/)?.[1]);
  await bob.waitForURL((u) => u.hash === `#/table/${again}`);
  await bob.locator('[data-testid=hand-card]').first().waitFor();
  check('play again brings both to the next game with the same options', again !== id && /Deals: 1, Hand size: 3/.test(await bob.locator('.tablebar').innerText()));
  await ann.locator('[data-testid=seat-1]').waitFor();
  check('Bob sits at the new table', (await ann.locator('[data-testid=seat-1]').innerText()).includes('Bob'));

  // The replay of the finished game steps forward and back.
  const own = await replayFrom(ann, base, id, { fixture: 'replay-classic.json' });
  await ann.goto(`${base}/#/replay/${id}`);
  await ann.locator('[data-testid=replay-step]').waitFor();
  const first = await ann.locator('[data-testid=replay-step]').innerText();
  await ann.click('[data-testid=replay-forward]');
  await ann.click('[data-testid=replay-forward]');
  await ann.click('[data-testid=replay-back]');
  const now = await ann.locator('[data-testid=replay-step]').innerText();
  check('the replay steps forward and back', /Step 0 of \d+/.test(first) && /Step 1 of/.test(now), `${first} / ${now}`);
  await ann.keyboard.press('End');
  const end = await ann.locator('[data-testid=replay-step]').innerText();
  const [, i, n] = end.match(/Step (\d+) of (\d+)/) ?? [];
  check('the replay reaches the end with the keyboard', i && i === n, end);
  const last = await ann.locator('[data-testid=replay-what]').innerText();
  check('the last step of the replay says who played what', /plays \d+|takes row \d/.test(last), last);
  if (own) check('the replay has a step per action and the opening', Number(n) >= 3 * 3, end);
  await shot(ann, 'replay');

  // German, switched in the header.
  await bob.selectOption('[data-testid=lang]', 'de');
  check('the client switches to German', (await bob.locator('.tablebar h2').innerText()).startsWith('Tisch'));
  await shot(bob, 'table-waiting-de');
});

async function sortedHand(page, n) {
  const cards = (await page.locator('[data-testid=hand-card]').evaluateAll((els) => els.map((e) => Number(e.dataset.card))));
  return cards.length === n && cards.every((c, i) => i === 0 || cards[i - 1] < c);
}

