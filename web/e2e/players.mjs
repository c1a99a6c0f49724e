// End-to-end, ratings and histories in a real headless Chromium against a real `nimmt serve`: Ann
// plays a rated game against the bots to its end; the result shows how the game moved each
// rating (hers provisional) and, in words, hers from the start value with the rated games still to
// play until it settles (also in German on a phone); the table and the lobby show the ratings
// beside the names, "My games" lists the game, her profile has her rating, counts and the chart
// from its start, a bot level's profile is reached from the game's line, and the leaderboard
// (which needs 5 rated games) says how far she is from it, in English and German. Screenshots go
// to artifacts/ (ARTIFACTS to change).
//
//   NIMMT_BIN=target/debug/nimmt node web/e2e/players.mjs

import { check, session, shot } from './lib.mjs';

const PHONE = { width: 390, height: 844 };

await session(async ({ base, person }) => {
  const ann = await person('Ann');
  await ann.evaluate(() => localStorage.setItem('nimmt.speed', 'instant'));
  await ann.locator('[data-testid=quick-play]:not([disabled])').click();
  await ann.locator('[data-testid=seats]').waitFor();
  for (let i = 0; i < 3000; i++) {
    if (await ann.locator('[data-testid=result]').count()) break;
    if ((await ann.locator('.rows.choosing [data-testid=row-0]').count()) || (await ann.locator('button[data-testid=hand-card]').count())) await ann.keyboard.press('1');
    await ann.waitForTimeout(100);
  }
  await ann.locator('[data-testid=rating-change-0]').waitFor({ timeout: 15000 });
  const mine = await ann.locator('[data-testid=rating-change-0]').textContent();
  check('the result shows how the game moved Ann’s provisional rating', /^\d+\? [+−±]\d+$/.test(mine.trim()), mine);
  check('and every seat’s', (await ann.locator('[data-testid^=rating-change-]').count()) >= 2);
  const note = (await ann.locator('[data-testid=rating-note]').textContent()).trim();
  const change = mine.trim().split(' ')[1];
  check(
    'the result says in words how her rating moved from the start, and how many games it stays provisional',
    note.startsWith(`Your rating: 1500 → ${mine.trim().split('?')[0]} (${change}).`) &&
      note.includes('Provisional: 4 more rated games') &&
      note.includes('“?”') &&
      note.includes('Everyone starts at 1500'),
    note,
  );
  check('a first game moves a rating a little, not by hundreds', Math.abs(Number(change.replace('−', '-'))) < 150, change);
  await shot(ann, 'players-result-desktop-en');
  await ann.selectOption('[data-testid=lang]', 'de');
  await ann.setViewportSize(PHONE);
  await ann.locator('[data-testid=rating-note]', { hasText: 'Vorläufig: noch 4 gewertete Partien' }).waitFor();
  check('and in German', (await ann.locator('[data-testid=rating-note]').textContent()).includes('Deine Wertung: 1500 →'));
  await shot(ann, 'players-result-phone-de');
  await ann.selectOption('[data-testid=lang]', 'en');
  await ann.setViewportSize({ width: 1280, height: 800 });
  check('the seats at the table show their ratings', (await ann.locator('[data-testid=seats] [data-testid=rating]').count()) >= 2);

  await ann.goto(`${base}/#/`);
  await ann.locator('[data-testid=my-games-toggle]').click();
  await ann.locator('[data-testid=my-game-list]').waitFor();
  check('My games lists the game', (await ann.locator('[data-testid=my-game-list] tbody tr').count()) === 1);
  await ann.selectOption('[data-testid=game-filter]', 'help');
  await ann.locator('[data-testid=my-games] >> text=No finished games yet.').waitFor();
  check('filtered by another game, My games has none', true);

  await ann.locator('[data-testid=my-games] a', { hasText: 'My profile' }).click();
  await ann.locator('[data-testid=standing-classic]').waitFor();
  const standing = await ann.locator('[data-testid=standing-classic]').textContent();
  check('the profile shows the provisional rating and one game', standing.includes('?') && /Games\s*1/.test(standing), standing);
  check('and the games until it settles', (await ann.locator('[data-testid=to-settle-classic]').textContent()).includes('Provisional: 4 more rated games'));
  check('its chart starts at the start value', (await ann.locator('[data-testid=standing-classic] [data-testid=chart-start]').count()) === 1 && standing.includes('from its start (1500)'), standing);
  await shot(ann, 'players-profile-desktop-en');

  await ann.locator('[data-testid=game-list] a[href^="/players/bot"]').first().click();
  await ann.locator('[data-testid=profile] h2', { hasText: 'Bot level' }).waitFor();
  check('a bot level has a profile of its own', (await ann.locator('[data-testid=standing-classic]').count()) === 1);

  await ann.goto(`${base}/leaderboard/classic`);
  await ann.locator('[data-testid=leaderboard] >> text=Nobody has played enough rated games yet.').waitFor();
  check('the leaderboard waits for settled ratings', true);
  const you = (await ann.locator('[data-testid=you-on-board]').textContent()).trim();
  check('and says how far Ann is from it', you === 'You: 1 of 5 rated games. 4 more and you are on this list.', you);
  await shot(ann, 'players-leaderboard-desktop-en');
  await ann.selectOption('[data-testid=lang]', 'de');
  await ann.locator('[data-testid=leaderboard] h2', { hasText: 'Bestenliste' }).waitFor();
  check('the leaderboard speaks German', (await ann.locator('[data-testid=you-on-board]').textContent()).includes('Du: 1 von 5 gewerteten Partien.'));
  await ann.setViewportSize(PHONE);
  await ann.locator('[data-testid=my-games]').count();
  await ann.goto(`${base}/#/`);
  await ann.locator('[data-testid=my-games] a', { hasText: 'Mein Profil' }).click();
  await ann.locator('[data-testid=standing-classic]').waitFor();
  await shot(ann, 'players-profile-phone-de');
  check('the profile in German on a phone', (await ann.locator('[data-testid=profile]').textContent()).includes('Partien'));
});
