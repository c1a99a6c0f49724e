// End-to-end, bot accounts in a real headless Chromium against a real `nimmt serve`: Robo's owner,
// on a phone in German, makes the account a bot account on the account page (confirmed, it cannot
// be undone) and creates an API token, shown once. A small bot program in this script connects
// with that token (`hello`, `bot_ready`; on `bot_seated` it joins and plays the first legal move
// whenever asked). Ann, on a desktop in English, sees Robo in the lobby's bot list, seats it with
// Add bot and plays a rated game to its end: the result marks Robo as a bot. Robo plays a few more
// rated games against a guest program then, so the leaderboard's Bots filter lists it (people
// stay apart). A challenge to Robo from the bot list is accepted at once and opens a table with
// both. Screenshots of each step at desktop and phone size in English and German go to
// artifacts/ (ARTIFACTS to change).
//
//   NIMMT_BIN=target/debug/nimmt node web/e2e/botaccounts.mjs

import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

// The bot program speaks over Node's WebSocket (behind a flag before Node 22).
if (typeof WebSocket === 'undefined') {
  const r = spawnSync(process.execPath, ['--experimental-websocket', '--no-warnings', fileURLToPath(import.meta.url)], { stdio: 'inherit' });
  process.exit(r.status ?? 1);
}

const { check, openTable, session, shot } = await import('./lib.mjs');
const { loggedIn } = await import('./people.mjs');

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const online = (page) => page.locator('[data-testid=conn][data-status=online]').waitFor({ timeout: 15000 });

/** The page at desktop and phone size, in English and German; back as it was. */
async function shots(page, name) {
  const size = page.viewportSize();
  const lang = await page.locator('[data-testid=lang]').inputValue();
  for (const [w, view] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ]) {
    await page.setViewportSize(view);
    for (const l of ['en', 'de']) {
      await page.selectOption('[data-testid=lang]', l);
      await page.waitForTimeout(150);
      await shot(page, `botaccounts-${name}-${w}-${l}`);
    }
  }
  await page.setViewportSize(size);
  await page.selectOption('[data-testid=lang]', lang);
}

/**
 * A program in the room over the WebSocket: `hello` with `token` (or as a guest named `name`),
 * then `onWelcome`; at every table it sits at it plays the first legal move whenever asked.
 * `join` on `bot_seated` (a bot account is told where it was seated).
 */
function program(base, { name, token, onWelcome = () => {}, onMessage = () => {} }) {
  const ws = new WebSocket(base.replace(/^http/, 'ws') + '/ws');
  const me = { ws, log: [], welcome: null, finished: new Set(), send: (m) => ws.send(JSON.stringify(m)) };
  const tables = {};
  // A moment after being asked, on the latest version (the other player may be answering the
  // same question at once; a move that lost that race is answered `stale`, and asked again).
  const play = (table) => {
    const t = tables[table];
    if (!t || !t.legal?.length || t.sent >= t.version || t.timer) return;
    t.timer = setTimeout(() => {
      t.timer = undefined;
      if (!t.legal?.length || t.sent >= t.version) return;
      t.sent = t.version;
      me.send({ type: 'act', table, version: t.version, action: t.legal[0] });
    }, 60);
  };
  ws.addEventListener('open', () => me.send({ type: 'hello', protocol: 1, name, ...(token ? { token } : {}), lang: 'en' }));
  ws.addEventListener('message', (e) => {
    const m = JSON.parse(e.data);
    me.log.push(m.type === 'error' || m.type === 'notice' ? `${m.type} ${m.table ?? ''} ${m.text}` : `${m.type} ${m.version ?? ''}`);
    if (m.type === 'welcome') {
      me.welcome = m;
      onWelcome(me);
    } else if (m.type === 'bot_seated') me.send({ type: 'join', table: m.table, role: 'player' });
    else if (m.type === 'state') {
      Object.assign((tables[m.table.id] ??= { sent: -1 }), { version: m.version, legal: m.legal ?? [] });
      play(m.table.id);
    } else if (m.type === 'update' && tables[m.table]) {
      Object.assign(tables[m.table], { version: m.version, legal: m.legal ?? [] });
      play(m.table);
    } else if (m.type === 'error' && m.code === 'rate_limited') {
      // Over the connection's budget: the moves dropped are sent again once it allows.
      setTimeout(() => {
        for (const [id, t] of Object.entries(tables)) {
          t.sent = -1;
          play(Number(id));
        }
      }, Number(m.params?.retry_ms ?? 100) + 50);
    } else if (m.type === 'error' && m.code === 'stale' && m.table !== undefined && tables[m.table]) {
      tables[m.table].sent = -1;
      me.send({ type: 'resync', table: m.table });
    }
    onMessage(me, m);
  });
  return me;
}

const declaration = { games: [{ game: 'classic', players: [2, 3, 4] }], rated: true, casual: true, most_games: 4, ladder: true };

await session(async ({ base, person }) => {
  // Robo's owner, on a phone in German: a bot account and a token, on the account page.
  const owner = await loggedIn(person, base, 'Robo', PHONE);
  await owner.selectOption('[data-testid=lang]', 'de');
  await owner.goto(`${base}/#/account`);
  await owner.locator('[data-testid=bot-account]').waitFor({ timeout: 10000 });
  check('the account page explains a bot account', (await owner.locator('[data-testid=bot-account]').textContent()).includes('Ein Bot-Konto spielt ein Programm'));
  await owner.click('[data-testid=become-bot]');
  await owner.locator('[data-testid=confirm]').waitFor();
  const asked = await owner.locator('[data-testid=confirm]').textContent();
  check('becoming a bot account asks first and says it cannot be undone', asked.includes('nicht rückgängig'), asked);
  await shots(owner, 'confirm');
  await owner.click('[data-testid=confirm-yes]');
  await owner.locator('[data-testid=is-bot]').waitFor({ timeout: 5000 });
  check('the account is a bot account now, with the bot mark', (await owner.locator('[data-testid=bot-account] [data-testid=bot-mark]').count()) === 1);
  await owner.fill('[data-testid=token-name]', 'Laptop');
  await owner.click('[data-testid=create-token]');
  const token = (await owner.locator('[data-testid=new-token]').textContent({ timeout: 5000 })).trim();
  check('a new token is shown once, with a warning to copy it', token.startsWith('t.') && (await owner.locator('.tokenwarn').textContent()).includes('nur einmal'), token);
  check('and listed by its name as never used', (await owner.locator('[data-testid=token-Laptop]').textContent()).includes('nie benutzt'));
  await shots(owner, 'token');
  await owner.context().close();

  // The bot program, online with its token.
  const robo = program(base, { name: 'Robo', token, onWelcome: (me) => me.send({ type: 'bot_ready', declaration }) });

  // Ann, on a desktop in English, sees Robo in the lobby's bot list.
  const ann = await loggedIn(person, base, 'Ann', DESKTOP);
  await ann.evaluate(() => localStorage.setItem('nimmt.speed', 'instant'));
  // (The page reads the speed when it loads.)
  await ann.reload();
  await online(ann);
  const row = ann.locator('[data-testid=bot-Robo]');
  await row.waitFor({ timeout: 10000 });
  const said = await row.textContent();
  check('the lobby lists Robo among the bots online, marked, with its game and the ladder', said.includes('BOT') && said.includes('6 nimmt!') && said.includes('on the ladder'), said);
  check('the welcome names the bot program by its account', robo.welcome?.name === 'Robo', JSON.stringify(robo.welcome));
  await shots(ann, 'lobby');

  // Ann seats Robo with Add bot and plays a rated game to its end.
  const table = await openTable(ann, { seats: '2' });
  await ann.locator('[data-testid=bot-level] optgroup[data-testid=bot-accounts] option[value="@Robo"]').waitFor({ state: 'attached', timeout: 5000 });
  check('Add bot lists the built-in levels and Robo', (await ann.locator('[data-testid=bot-level] option').count()) >= 5);
  await ann.selectOption('[data-testid=bot-level]', '@Robo');
  await shots(ann, 'addbot');
  await ann.click('[data-testid=add-bot]');
  const seat = ann.locator('[data-testid=seat-1]');
  await seat.locator('[data-testid=bot-mark]').waitFor({ timeout: 10000 });
  check('Robo sits at the table with the bot mark', (await seat.textContent()).includes('Robo'));
  await ann.click('[data-testid=start]');
  for (let i = 0; i < 3000; i++) {
    if (await ann.locator('[data-testid=result]').count()) break;
    const row = ann.locator('.rows.choosing [data-testid=row-0]');
    const card = ann.locator('button[data-testid=hand-card]:not([disabled])').first();
    if (await row.count()) await row.evaluate((el) => el.click()).catch(() => {});
    else if (await card.count()) await card.evaluate((el) => el.click()).catch(() => {});
    await ann.waitForTimeout(80);
  }
  const result = ann.locator('[data-testid=result]');
  await result.waitFor({ timeout: 10000 });
  const ranking = await result.locator('.ranking').textContent();
  check('the result ranks Robo with the bot mark', ranking.includes('Robo') && (await result.locator('[data-testid=bot-mark]').count()) === 1, ranking);
  check('the game was rated', (await result.locator('[data-testid^=rating-change-]').count()) === 2);
  await shots(ann, 'result');
  await result.locator('button', { hasText: 'Back to the table' }).click();
  check('the chat of the table marks nothing of Ann as a bot', (await ann.locator('[data-testid=table-chat] [data-testid=bot-mark]').count()) === 0);
  await ann.click('[data-testid=leave]');
  await ann.locator('[data-testid=bots-online]').waitFor();

  // A guest program plays more rated games against Robo (the leaderboard lists a bot after five
  // rated games).
  const host = program(base, {
    name: 'Hub',
    onWelcome: (me) => me.send({ type: 'create_table', game: 'classic', options: {}, seats: 2 }),
    onMessage: (me, m) => {
      if (m.type === 'state' && m.table.state === 'open' && !m.table.seats.some((s) => s.name === 'Robo') && !me.asked?.has(m.table.id)) {
        (me.asked ??= new Set()).add(m.table.id);
        me.send({ type: 'command', table: m.table.id, command: { name: 'bot_add', account: 'Robo' } });
      }
      if (m.type === 'state' && m.table.state === 'open' && m.table.seats.length === 2 && !me.started?.has(m.table.id)) {
        (me.started ??= new Set()).add(m.table.id);
        me.send({ type: 'command', table: m.table.id, command: { name: 'start' } });
      }
      if (m.type === 'notice' && m.table !== undefined && m.key.startsWith('game_over') && !me.finished.has(m.table)) {
        me.finished.add(m.table);
        me.send({ type: 'leave', table: m.table });
        if (me.finished.size < 4) me.send({ type: 'create_table', game: 'classic', options: {}, seats: 2 });
      }
    },
  });

  // The leaderboard: people by default, Robo under Bots.
  for (let i = 0; i < 300 && host.finished.size < 4; i++) await ann.waitForTimeout(100);
  check('Robo played more rated games against the guest program', host.finished.size >= 4, `${host.finished.size}\n${host.log.slice(-25).join('\n')}`);
  await ann.goto(`${base}/leaderboard/classic`);
  await online(ann);
  await ann.locator('[data-testid=board-filter]').waitFor();
  check('the leaderboard shows people first', (await ann.locator('[data-testid=who-people]').getAttribute('aria-pressed')) === 'true');
  await ann.click('[data-testid=who-bots]');
  const listed = ann.locator('.boardtable tr', { hasText: 'Robo' });
  await listed.waitFor({ timeout: 10000 });
  check('the Bots filter lists Robo with the bot mark', (await listed.locator('[data-testid=bot-mark]').count()) === 1);
  await shots(ann, 'leaderboard');

  // A challenge to Robo from the bot list: accepted at once, both at the new table.
  await ann.goto(`${base}/#/`);
  await online(ann);
  const challenge = ann.locator('[data-testid=challenge-bot-Robo]');
  await challenge.waitFor({ timeout: 10000 }).catch(() => {});
  check('the bot list offers a challenge to Robo', (await challenge.count()) === 1, robo.log.filter((l) => !l.startsWith('update')).slice(-12).join('\n'));
  await challenge.click();
  await ann.locator('[data-testid=challenge-dialog]').waitFor();
  await shots(ann, 'challenge');
  await ann.click('[data-testid=challenge-send]');
  await ann.waitForURL(/#\/table\/\d+$/, { timeout: 10000 });
  const at = Number(ann.url().match(/#\/table\/(\d+)/)?.[1]);
  check('the challenge is accepted at once and opens a new table', at > 0 && at !== table, ann.url());
  await ann.locator('[data-testid=seats] [data-testid=bot-mark]').waitFor({ timeout: 10000 });
  check('Robo sits at the challenge’s table', (await ann.locator('[data-testid=seats]').textContent()).includes('Robo'));
  await shots(ann, 'challenged');

  // The ladder of the game, from the bot list: Robo with its rating.
  await ann.goto(`${base}/#/`);
  await online(ann);
  await ann.click('[data-testid=ladder-link-classic]');
  await ann.locator('[data-testid=ladder-Robo]').waitFor({ timeout: 10000 });
  check('the ladder page lists Robo with its rating and games', /Robo\s*BOT\s*\d{4}/.test(await ann.locator('[data-testid=ladder-Robo]').textContent()));
  await shots(ann, 'ladder');
  robo.ws.close();
  host.ws.close();
});
