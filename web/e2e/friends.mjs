// End-to-end, friends in a real headless Chromium against a real `nimmt serve`: Ann, Bea and Cem
// are accounts. Ann challenges Cem from his profile page (1 day per move, casual); Cem sees the
// challenge in his lobby and declines; Ann is told on the page she is on. Ann follows Bea from
// her profile; Bea opens a table; Ann's lobby shows Bea online at that table. A second
// challenge reaches Cem on a phone in German; a third he accepts, and both are taken to the new
// table. Screenshots, desktop 1280x800 and phone 390x844,
// English and German, go to artifacts/ (ARTIFACTS to change).
//
//   NIMMT_BIN=target/debug/nimmt node web/e2e/friends.mjs

import { check, openTable, session, shot } from './lib.mjs';
import { loggedIn } from './people.mjs';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const online = (page) => page.locator('[data-testid=conn][data-status=online]').waitFor({ timeout: 15000 });

await session(async ({ base, person }) => {
  const cem = await loggedIn(person, base, 'Cem', DESKTOP);
  const ann = await loggedIn(person, base, 'Ann', DESKTOP);
  const bea = await loggedIn(person, base, 'Bea', DESKTOP);
  await cem.locator('[data-testid=friends]').waitFor();

  // Ann challenges Cem from his profile page.
  await ann.goto(`${base}/players/Cem`);
  await online(ann);
  await ann.locator('[data-testid=friend-actions]').waitFor();
  check('a profile of another account offers to follow and challenge', (await ann.locator('[data-testid=follow]').count()) === 1);
  await ann.click('[data-testid=challenge]');
  await ann.locator('[data-testid=challenge-dialog]').waitFor();
  await ann.selectOption('[data-testid=challenge-pace]', '1d');
  await ann.uncheck('[data-testid=challenge-rated]');
  await shot(ann, 'friends-challenge-dialog-desktop-en');
  await ann.click('[data-testid=challenge-send]');
  const said = await ann.locator('[data-testid=challenge-said]').textContent({ timeout: 5000 });
  check('the challenger is told it was sent', said.includes('Challenge sent to Cem'), said);
  await ann.click('[data-testid=challenge-close]');

  // Cem sees it in his lobby and declines.
  const incoming = cem.locator('[data-testid=incoming-Ann]');
  await incoming.waitFor({ timeout: 5000 });
  const line = await incoming.textContent();
  check('the challenged player sees game, pace and rating', line.includes('Ann challenges you') && line.includes('1 day per move') && line.includes('casual'), line);
  await shot(cem, 'friends-incoming-desktop-en');
  await cem.click('[data-testid=incoming-Ann] [data-testid=decline]');
  await incoming.waitFor({ state: 'detached', timeout: 5000 });
  check('a declined challenge leaves the list', (await cem.locator('[data-testid=incoming-Ann]').count()) === 0);
  check('…and the one who declined is not told of it as if challenged', (await cem.locator('[data-testid=challenge-answered]').count()) === 0);
  const answer = await ann.locator('[data-testid=challenge-answered]').textContent({ timeout: 5000 });
  check('the challenger is told of the decline', answer.includes('Cem declined your challenge'), answer);
  await shot(ann, 'friends-declined-desktop-en');

  // A challenge to oneself is refused with the server's words, in the dialog.
  await ann.goto(`${base}/#/`);
  await online(ann);
  await ann.fill('[data-testid=challenge-name]', 'Ann');
  await ann.press('[data-testid=challenge-name]', 'Enter');
  await ann.click('[data-testid=challenge-send]');
  const refused = await ann.locator('[data-testid=challenge-said]').textContent({ timeout: 5000 });
  check('a challenge to oneself is refused in words', refused.includes('You cannot challenge yourself'), refused);
  await ann.click('[data-testid=challenge-close]');

  // Ann follows Bea from her profile; Bea opens a table; Ann's lobby shows her there.
  await ann.goto(`${base}/players/Bea`);
  await online(ann);
  await ann.click('[data-testid=follow]');
  await ann.locator('[data-testid=unfollow]').waitFor({ timeout: 5000 });
  check('following turns the button into unfollow', true);
  const table = await openTable(bea, { seats: '4' });
  await ann.goto(`${base}/#/`);
  await online(ann);
  const at = ann.locator(`[data-testid=at-Bea-${table}]`);
  await at.waitFor({ timeout: 20000 });
  const row = await ann.locator('[data-testid=following-Bea]').textContent();
  check('Ann sees Bea online at her table', row.includes('online') && row.includes(`table ${table}`), row);
  await shot(ann, 'friends-following-desktop-en');
  await ann.setViewportSize(PHONE);
  await shot(ann, 'friends-following-phone-en');
  await ann.selectOption('[data-testid=lang]', 'de');
  await ann.locator('[data-testid=following-Bea]', { hasText: 'im Raum' }).waitFor();
  await shot(ann, 'friends-following-phone-de');
  await ann.setViewportSize(DESKTOP);
  await shot(ann, 'friends-following-desktop-de');
  // A click on the table watches it.
  await at.click();
  await ann.locator('[data-testid=table]').waitFor();
  check('the followed player’s table opens', ann.url().includes(`#/table/${table}`), ann.url());

  // Cem on a phone in German gets the next challenge, and declines it too.
  await cem.setViewportSize(PHONE);
  await cem.selectOption('[data-testid=lang]', 'de');
  await ann.goto(`${base}/players/Cem`);
  await online(ann);
  await ann.click('[data-testid=challenge]');
  await ann.click('[data-testid=challenge-send]');
  await ann.locator('[data-testid=challenge-said]').waitFor();
  await ann.click('[data-testid=challenge-close]');
  const de = cem.locator('[data-testid=incoming-Ann]');
  await de.waitFor({ timeout: 5000 });
  check('the challenge reads in German', (await de.textContent()).includes('Ann fordert dich heraus'), await de.textContent());
  await shot(cem, 'friends-incoming-phone-de');
  await cem.setViewportSize(DESKTOP);
  await shot(cem, 'friends-incoming-desktop-de');
  await cem.click('[data-testid=incoming-Ann] [data-testid=decline]');
  await ann.locator('[data-testid=challenge-answered]').waitFor({ timeout: 5000 });
  await ann.setViewportSize(PHONE);
  await shot(ann, 'friends-declined-phone-de');

  // A third challenge, accepted: both are taken to the new table, where both sit.
  await ann.setViewportSize(DESKTOP);
  await ann.click('[data-testid=answered-ok]');
  await ann.click('[data-testid=challenge]');
  await ann.click('[data-testid=challenge-send]');
  await ann.locator('[data-testid=challenge-said]').waitFor();
  await cem.click('[data-testid=incoming-Ann] [data-testid=accept]', { timeout: 5000 });
  for (const page of [cem, ann]) {
    await page.waitForURL(/#\/table\/\d+$/, { timeout: 10000 });
    await page.locator('[data-testid=table]').waitFor();
  }
  const annAt = ann.url().match(/#\/table\/(\d+)/)?.[1];
  check('an accepted challenge takes both to the same new table', !!annAt && cem.url().endsWith(`#/table/${annAt}`), `${ann.url()} ${cem.url()}`);
  await cem.locator('button[data-testid=hand-card]').first().waitFor({ timeout: 10000 });
  check('the game has started with both seated', (await cem.locator('button[data-testid=hand-card]').count()) > 0);
  await shot(cem, 'friends-accepted-table-desktop-de');
});
