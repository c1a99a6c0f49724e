// End-to-end, a tournament in a real headless Chromium against a real `nimmt serve`: a Swiss of 16
// players over 3 rounds at tables of 4, short games (6 nimmt!, one deal of three cards). Ann, on a
// desktop in English, creates it in the lobby's form (a mistake said in words first) and registers
// on its page; Bea, on a phone in German, opens the page by its address and registers. Twelve
// more accounts are programs over the WebSocket that register and play the first legal move, and
// two are bot accounts played by `nimmt bot connect --spec greedy`. Ann starts it. Each round the
// server seats everybody: Ann's and Bea's pages go to their tables by themselves, where the
// header names the tournament, round and table, and they play by clicking cards. A guest watches
// Ann's table from the page's Watch link and follows the live standings. Checked: everybody at
// exactly one table each round, the standings equal to the sum of the points of the places, the
// winner said in words, a table's replay, the profile's entry; then a tournament by invitation
// (registering takes the link's code, withdrawing before the start).
// Screenshots (desktop English, phone German) go to artifacts/ (ARTIFACTS to change).
//
//   cd web && npm run build && cd .. && NIMMT_WEB_SKIP_BUILD=1 cargo build -p nimmt && \
//     NIMMT_BIN=target/debug/nimmt node web/e2e/tournament.mjs

import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

// The programs speak over Node's WebSocket (behind a flag before Node 22).
if (typeof WebSocket === 'undefined') {
  const r = spawnSync(process.execPath, ['--experimental-websocket', '--no-warnings', fileURLToPath(import.meta.url)], { stdio: 'inherit' });
  process.exit(r.status ?? 1);
}

const { check, session, shot } = await import('./lib.mjs');
const { loggedIn, signUp } = await import('./people.mjs');

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const PROGRAMS = ['Cem', 'Dan', 'Eva', 'Fin', 'Gus', 'Hal', 'Ida', 'Jon', 'Kai', 'Lea', 'Max', 'Nia'];
const BOTS = ['Ole', 'Pia'];
const bin = process.env.NIMMT_BIN ?? 'target/debug/nimmt';
const tmp = mkdtempSync(join(tmpdir(), 'nimmt-tournament-'));
const children = [];
process.on('exit', () => {
  for (const c of children) c.kill('SIGTERM');
  rmSync(tmp, { recursive: true, force: true });
});

const online = (page) => page.locator('[data-testid=conn][data-status=online]').waitFor({ timeout: 15000 });
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
/** Whether the page fits its width (no sideways scrolling on a phone). */
const fits = (page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

/** The page at the speed "instant" (read when it loads) and in `lang`. */
async function prepare(page, lang) {
  await page.evaluate(() => localStorage.setItem('nimmt.speed', 'instant'));
  await page.reload();
  await online(page);
  if (lang === 'de') await page.selectOption('[data-testid=lang]', 'de');
}

/**
 * An account's program over the WebSocket: `hello` with its token, registers for the tournament
 * when told, sits down where the tournament seats it and plays the first legal move when asked.
 */
function program(base, name, token) {
  const ws = new WebSocket(base.replace(/^http/, 'ws') + '/ws');
  const me = { name, ws, log: [], acks: new Set(), errors: [], seated: [], next: 1, tables: {} };
  me.send = (m) => {
    const id = me.next++;
    ws.send(JSON.stringify({ ...m, id }));
    return id;
  };
  me.ready = new Promise((res) => (me.welcomed = res));
  const play = (table) => {
    const t = me.tables[table];
    if (!t || !t.legal?.length || t.sent >= t.version || t.timer) return;
    t.timer = setTimeout(() => {
      t.timer = undefined;
      if (!t.legal?.length || t.sent >= t.version) return;
      t.sent = t.version;
      me.send({ type: 'act', table, version: t.version, action: t.legal[0] });
    }, 40);
  };
  ws.addEventListener('open', () => ws.send(JSON.stringify({ type: 'hello', protocol: 1, name, token, lang: 'en' })));
  ws.addEventListener('message', (e) => {
    const m = JSON.parse(e.data);
    me.log.push(`${m.type} ${m.key ?? ''} ${m.table ?? ''}`);
    if (m.type === 'welcome') me.welcomed();
    else if (m.type === 'ack') me.acks.add(m.id);
    else if (m.type === 'error') {
      me.errors.push(`${m.key}: ${m.text}`);
      if (m.code === 'stale' && m.table !== undefined && me.tables[m.table]) {
        me.tables[m.table].sent = -1;
        me.send({ type: 'resync', table: m.table });
      }
    } else if (m.type === 'tournament_table') {
      me.seated.push(m);
      me.send({ type: 'join', table: m.table, role: 'player' });
    } else if (m.type === 'state') {
      Object.assign((me.tables[m.table.id] ??= { sent: -1 }), { version: m.version, legal: m.legal ?? [] });
      play(m.table.id);
    } else if (m.type === 'update' && me.tables[m.table]) {
      Object.assign(me.tables[m.table], { version: m.version, legal: m.legal ?? [] });
      play(m.table);
    }
  });
  return me;
}

/** Registers `me` for tournament `id`: whether the server said yes. */
async function register(me, id) {
  await me.ready;
  const ask = me.send({ type: 'join_tournament', tournament: id });
  for (let i = 0; i < 100 && !me.acks.has(ask); i++) await sleep(50);
  return me.acks.has(ask);
}

/** A bot account named `name`, its API token in a file for `nimmt bot connect`. */
async function botAccount(base, name) {
  const session = await signUp(base, name);
  const auth = { 'Content-Type': 'application/json', Authorization: `Bearer ${session}` };
  const made = await fetch(`${base}/api/account/bot`, { method: 'POST', headers: auth, body: JSON.stringify({ confirm: true }) });
  if (!made.ok) throw new Error(`${name} as a bot account: ${made.status} ${await made.text()}`);
  const r = await fetch(`${base}/api/account/tokens`, { method: 'POST', headers: auth, body: JSON.stringify({ name: 'tournament' }) });
  const { token } = await r.json();
  const file = join(tmp, `${name}.token`);
  writeFileSync(file, token);
  return { name, token, file };
}

/** Clicks whatever the table offers (a card, or a row after a low card) until stopped. */
function autoplay(page) {
  const state = { stop: false, cards: 0 };
  state.done = (async () => {
    while (!state.stop) {
      try {
        const row = page.locator('.rows.choosing [data-testid=row-0]');
        const card = page.locator('button[data-testid=hand-card]:not([disabled])').first();
        if (await row.count()) await row.evaluate((el) => el.click());
        else if (await card.count()) {
          await card.evaluate((el) => el.click());
          state.cards++;
        }
      } catch {
        // The page moved on (a new table): look again.
      }
      await sleep(120);
    }
  })();
  return state;
}

const api = async (base, id) => (await fetch(`${base}/api/tournaments/${id}`)).json();

const db = join(tmp, 'nimmt.db');
await session(
  async ({ base, person }) => {
    const started = Date.now();
    const tokens = Object.fromEntries(await Promise.all(PROGRAMS.map(async (n) => [n, await signUp(base, n)])));
    const bots = await Promise.all(BOTS.map((n) => botAccount(base, n)));

    // Ann, on a desktop in English: the lobby's tournaments and the create form.
    const ann = await loggedIn(person, base, 'Ann', DESKTOP);
    await prepare(ann, 'en');
    const panel = ann.locator('[data-testid=tournaments]');
    await panel.getByText('No tournament planned yet.').waitFor({ timeout: 5000 }).catch(() => {});
    check('the lobby has a tournaments section, empty at first', (await panel.textContent()).includes('No tournament planned yet.'));
    await ann.click('[data-testid=create-tournament]');
    const form = ann.locator('[data-testid=tournament-form]');
    await form.locator('[name=rounds]').fill('3');
    await form.locator('[name=table_size]').fill('4');
    await form.locator('[name=start_in]').fill('30');
    await form.locator('[name=rated]').uncheck();
    await form.locator('[name=deals]').fill('1');
    await form.locator('[name=hand_size]').fill('3');
    // A table never waits for ever: after 30 s a bot decides.
    await form.locator('[name=timer]').fill('30');
    await ann.click('[data-testid=tournament-create]');
    const nameError = await ann.locator('[data-testid=tour-error-name]').textContent({ timeout: 3000 });
    check('a tournament without a name is refused in words', nameError.includes('Give the tournament a name'), nameError);
    await shot(ann, 'tournament-create-desktop-en');
    await form.locator('[name=name]').fill('Sunday Swiss');
    await ann.click('[data-testid=tournament-create]');
    await ann.waitForURL(/#\/tournament\/\d+/, { timeout: 10000 });
    const id = Number(ann.url().match(/#\/tournament\/(\d+)/)[1]);
    await ann.locator('[data-testid=tournament-register]').waitFor();
    const facts = await ann.locator('[data-testid=tournament-facts]').textContent();
    check('the page says what the tournament is', facts.includes('6 nimmt!') && facts.includes('Swiss, 3 rounds') && facts.includes('Tables of 4') && facts.includes('casual'), facts);
    await ann.click('[data-testid=tournament-register]');
    await ann.locator('[data-testid=tournament-registered]').waitFor({ timeout: 5000 });
    check('Ann is registered and may start it', (await ann.locator('[data-testid=tournament-start]').count()) === 1);
    await shot(ann, 'tournament-registration-desktop-en');

    // Bea, on a phone in German, opens the page by its address and registers.
    const bea = await loggedIn(person, base, 'Bea', PHONE);
    await prepare(bea, 'de');
    await bea.goto(`${base}/tournament/${id}`);
    await online(bea);
    await bea.locator('[data-testid=tournament-register]').click();
    await bea.locator('[data-testid=tournament-registered]').waitFor({ timeout: 5000 });
    check('Bea registers in German', (await bea.locator('[data-testid=tournament-registered]').textContent()) === 'Du bist angemeldet.');
    check('only the creator may start it', (await bea.locator('[data-testid=tournament-start]').count()) === 0);
    await shot(bea, 'tournament-registration-phone-de');

    // Twelve programs and two bot accounts register.
    const programs = PROGRAMS.map((n) => program(base, n, tokens[n]));
    const botRegs = bots.map((b) => program(base, b.name, b.token));
    // All at once, as a room's players do when a tournament is announced.
    const said = await Promise.all([...programs, ...botRegs].map((p) => register(p, id)));
    check('the fourteen others are registered', said.every(Boolean), [...programs, ...botRegs].map((p) => `${p.name}: ${p.errors.join('; ')}`).join(' | '));
    for (const r of botRegs) r.ws.close();
    await sleep(200);
    for (const b of bots) {
      const child = spawn(bin, ['bot', 'connect', '--server', base.replace(/^http/, 'ws') + '/ws', '--token-file', b.file, '--spec', 'greedy', '--games', 'classic'], { stdio: ['ignore', 'pipe', 'pipe'] });
      child.log = '';
      child.stdout.on('data', (d) => (child.log += d));
      child.stderr.on('data', (d) => (child.log += d));
      children.push(child);
    }
    const before = await api(base, id);
    check('sixteen players are registered', before.standings.length === 16, JSON.stringify(before.standings.map((s) => s.name)));

    // Lobbies list it: Ann's on a desktop in English, Bea's on a phone in German.
    await bea.goto(`${base}/#/`);
    await online(bea);
    await bea.locator(`[data-testid=tournament-${id}]`).waitFor({ timeout: 5000 });
    check('the German lobby lists it as open for registration', (await bea.locator(`[data-testid=tournament-${id}]`).textContent()).includes('Anmeldung offen'));
    await shot(bea, 'tournament-lobby-phone-de');
    await bea.click('[data-testid=create-tournament]');
    await bea.locator('[data-testid=tournament-form]').screenshot({ path: join(process.env.ARTIFACTS ?? 'artifacts', 'tournament-create-phone-de.png') });
    check('the create form fits a phone', await fits(bea));
    await bea.locator('[data-testid=tournament-form] button', { hasText: 'Abbrechen' }).click();
    await ann.goto(`${base}/#/`);
    await ann.locator(`[data-testid=tournament-${id}]`).waitFor({ timeout: 5000 });
    for (const b of BOTS) await ann.locator(`[data-testid=bot-${b}]`).waitFor({ timeout: 15000 }).catch(() => {});
    const botsOnline = await ann.locator('[data-testid=bots-online] [data-testid=bot-mark]').count();
    check('the two bot accounts are online before the start', botsOnline === 2, `${botsOnline}: ${children.map((c) => c.log).join(' | ')}`);
    await ann.locator('[data-testid=tournaments]').screenshot({ path: join(process.env.ARTIFACTS ?? 'artifacts', 'tournament-lobby-desktop-en.png') });
    await ann.goto(`${base}/#/tournament/${id}`);
    await ann.locator('[data-testid=tournament-start]').waitFor();
    await sleep(500);

    // Ann starts it; every page goes to its table by itself, and the people play there.
    // (Ann's table waits for her until the watcher below is there.)
    const plays = [autoplay(bea)];
    await ann.click('[data-testid=tournament-start]');
    for (const [page, who] of [
      [ann, 'desktop-en'],
      [bea, 'phone-de'],
    ]) {
      await page.waitForURL(/#\/table\/\d+/, { timeout: 10000 });
      const tag = await page.locator('[data-testid=table-tournament]').textContent({ timeout: 5000 });
      const words = who === 'phone-de' ? /Sunday Swiss · Runde 1 · Tisch \d/ : /Sunday Swiss · round 1 · table \d/;
      check(`${who}: the table's header names the tournament, round and table`, words.test(tag), tag);
      const notice = await page.locator('[data-testid=tournament-seated]').textContent();
      check(`${who}: a notice says where the tournament seated them`, notice.includes('Sunday Swiss'), notice);
      await shot(page, `tournament-table-${who}`);
    }

    // A watcher (a guest) follows the standings live.
    const zoe = await person('Zoe', DESKTOP);
    await zoe.goto(`${base}/#/tournament/${id}`);
    await zoe.locator('[data-testid=tournament][data-phase=running]').waitFor({ timeout: 10000 });
    // The watcher opens Ann's table from the page, and sees it as a tournament's table.
    const annsTable = zoe.locator('[data-testid^=round-1-table-]', { has: zoe.locator('[data-testid=tournament-seat][data-name=Ann]') });
    await annsTable.locator('[data-testid=tournament-watch]').click({ timeout: 10000 });
    const watched = await zoe.locator('[data-testid=table-tournament]').textContent({ timeout: 10000 });
    check('Watch opens the tournament table to a watcher', /Sunday Swiss · round 1 · table \d/.test(watched) && (await zoe.locator('[data-testid=hand-card]').count()) === 0, watched);
    plays.push(autoplay(ann));
    await zoe.goto(`${base}/#/tournament/${id}`);
    const phase = await zoe.locator('[data-testid=tournament-phase]').textContent();
    check('a visitor sees the round running', /Round [12] of 3/.test(phase), phase);
    await zoe.locator('[data-testid=round-2]').waitFor({ timeout: 30000 });
    // The page fetches the tournament again whenever it changes: it shows what the server says.
    let shown = [];
    let server = [];
    for (let i = 0; i < 40; i++) {
      shown = await zoe.locator('[data-testid=standing]').evaluateAll((rows) => rows.map((r) => [r.dataset.name, Number(r.dataset.points)]));
      server = [...(await api(base, id)).standings].sort((a, b) => a.rank - b.rank).map((s) => [s.name, s.points]);
      if (JSON.stringify(shown) === JSON.stringify(server)) break;
      await sleep(250);
    }
    check('the live standings are the server’s', shown.length === 16 && JSON.stringify(shown) === JSON.stringify(server), `${JSON.stringify(shown)} ${JSON.stringify(server)}`);
    const total = shown.reduce((a, [, p]) => a + p, 0);
    check('while round 2 runs, the points are those of whole tables (60 + 40 + 20 + 0 each)', total >= 4 * 120 && total % 120 === 0, String(total));
    await shot(zoe, 'tournament-running-desktop-en');
    await zoe.setViewportSize(PHONE);
    await zoe.selectOption('[data-testid=lang]', 'de');
    await zoe.locator('[data-testid=tournament-phase]', { hasText: 'Runde' }).waitFor();
    await shot(zoe, 'tournament-running-phone-de');

    // To the end.
    let final = await api(base, id);
    for (let i = 0; i < 400 && final.summary.phase !== 'finished'; i++) {
      await sleep(150);
      final = await api(base, id);
    }
    for (const p of plays) p.stop = true;
    await Promise.all(plays.map((p) => p.done));
    check('the tournament finished', final.summary.phase === 'finished', `${final.summary.phase} ${JSON.stringify(final.rounds.map((r) => r.tables.map((t) => t.done)))}`);
    check('three rounds were played', final.rounds.length === 3, String(final.rounds.length));
    for (const r of final.rounds) {
      const names = r.tables.flatMap((t) => t.seats.map((s) => s.name));
      check(`round ${r.number}: everybody at exactly one table of 4`, names.length === 16 && new Set(names).size === 16 && r.tables.every((t) => t.seats.length === 4 && t.done), JSON.stringify(r.tables.map((t) => t.seats.map((s) => s.name))));
    }
    const sums = {};
    for (const r of final.rounds) for (const t of r.tables) for (const s of t.seats) sums[s.name] = (sums[s.name] ?? 0) + (s.points ?? NaN);
    check('the final standings are the sums of the points of the places', final.standings.every((s) => s.points === sums[s.name] && s.games === 3), JSON.stringify(final.standings.map((s) => [s.name, s.points, sums[s.name]])));
    const ranked = [...final.standings].sort((a, b) => a.rank - b.rank);
    check('the standings are ranked by points', ranked.every((s, i) => i === 0 || ranked[i - 1].points >= s.points));
    const person16 = final.standings.filter((s) => s.name === 'Ann' || s.name === 'Bea');
    check('Ann and Bea played their own seats (no bot stood in)', person16.every((s) => s.bot_played === 0), JSON.stringify(person16));
    check('Ann and Bea clicked their cards (3 a game)', plays.every((p) => p.cards >= 9), plays.map((p) => p.cards).join(', '));
    check('the bot accounts are marked in the standings', final.standings.filter((s) => s.bot_account).map((s) => s.name).sort().join() === 'Ole,Pia');

    // The final standings on the page, and who won said in words.
    const winner = ranked[0];
    await ann.goto(`${base}/#/tournament/${id}`);
    await ann.locator('[data-testid=tournament][data-phase=finished]').waitFor({ timeout: 10000 });
    const won = await ann.locator('[data-testid=tournament-winner]').textContent();
    check('the page says who won', won.includes(`${winner.name} won the tournament with ${winner.points} points.`) || won.includes('share the first place'), won);
    const rows = await ann.locator('[data-testid=standing]').evaluateAll((rs) => rs.map((r) => [r.dataset.name, Number(r.dataset.points)]));
    check('the page shows the final standings', JSON.stringify(rows) === JSON.stringify(ranked.map((s) => [s.name, s.points])), JSON.stringify(rows));
    check('each table of each round links to its replay', (await ann.locator('[data-testid=tournament-replay]').count()) === 12);
    await shot(ann, 'tournament-final-desktop-en');
    await ann.locator('[data-testid=round-1-table-1] [data-testid=tournament-replay]').click();
    await ann.locator('[data-testid=replay-step]').waitFor({ timeout: 10000 });
    check('a table’s Replay link opens that game’s replay', /#\/replay\/\d+$/.test(ann.url()) && (await ann.locator('[data-testid=replay-missing]').count()) === 0, ann.url());
    await bea.goto(`${base}/#/tournament/${id}`);
    await bea.locator('[data-testid=tournament][data-phase=finished]').waitFor({ timeout: 10000 });
    const gewonnen = await bea.locator('[data-testid=tournament-winner]').textContent();
    check('… and in German', gewonnen.includes('hat das Turnier mit') || gewonnen.includes('teilen sich'), gewonnen);
    check('the final standings fit a phone (the table scrolls within its box)', await fits(bea));
    await shot(bea, 'tournament-final-phone-de');

    // The profiles list it with the place.
    for (const [page, name, words] of [
      [ann, 'Ann', 'Place'],
      [bea, 'Bea', 'Platz'],
    ]) {
      const place = final.standings.find((s) => s.name === name).rank;
      await page.goto(`${base}/players/${name}`);
      const entry = page.locator(`[data-testid=profile-tournament-${id}]`);
      await entry.waitFor({ timeout: 10000 });
      const text = await entry.textContent();
      check(`${name}'s profile lists the tournament with the place`, text.includes('Sunday Swiss') && text.includes(`${words} ${place} `) && text.includes('16'), text);
      await shot(page, `tournament-profile-${page === ann ? 'desktop-en' : 'phone-de'}`);
    }
    // By invitation: Ann creates one (over HTTP, with her session); Bea may register with the link's
    // code only, and may withdraw before the start. A guest may not create one.
    const made = await fetch(`${base}/api/tournaments?lang=en`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${ann.token}` },
      body: JSON.stringify({ name: 'Friends only', game: 'classic', options: {}, format: { kind: 'swiss', rounds: 2 }, table_size: 4, start_ms: Date.now() + 3_600_000, rated: false, invitation: true, bots_fill: true }),
    }).then((r) => r.json());
    check('a tournament by invitation gets a code', typeof made.invitation_code === 'string' && made.id > 0, JSON.stringify(made));
    await ann.goto(`${base}/#/tournament/${made.id}`);
    const link = await ann.locator('[data-testid=tournament-invite-link]').inputValue({ timeout: 5000 });
    check('its creator sees the invitation link', link === `${base}/tournament/${made.id}?code=${made.invitation_code}`, link);
    await shot(ann, 'tournament-invitation-desktop-en');
    await bea.goto(`${base}/tournament/${made.id}`);
    await bea.locator('[data-testid=tournament-you]').waitFor({ timeout: 10000 });
    const without = await bea.locator('[data-testid=tournament-you]').textContent();
    check('without the code Bea is told she needs the link', without.includes('Die Anmeldung braucht den Einladungslink.') && (await bea.locator('[data-testid=tournament-register]').count()) === 0, without);
    await bea.goto(link);
    await bea.locator('[data-testid=tournament-register]').click({ timeout: 10000 });
    await bea.locator('[data-testid=tournament-withdraw]').click({ timeout: 5000 });
    await bea.locator('[data-testid=tournament-register]').waitFor({ timeout: 5000 });
    check('with the link she registers, and withdraws before the start', (await bea.locator('[data-testid=tournament-registered]').count()) === 0);
    await zoe.goto(`${base}/#/`);
    await zoe.locator(`[data-testid=tournament-${made.id}]`).waitFor({ timeout: 5000 });
    check('a guest sees the list, marked by invitation, but may not create one', (await zoe.locator(`[data-testid=tournament-${made.id}]`).textContent()).includes('nur mit Einladung') && (await zoe.locator('[data-testid=create-tournament]').count()) === 0);
    const left = programs.filter((p) => p.seated.length !== 3).map((p) => `${p.name}: ${p.seated.length} tables; ${p.errors.slice(-3).join('; ')}`);
    check('every program was seated once a round', left.length === 0, left.join(' | '));
    console.log(`# the tournament took ${((Date.now() - started) / 1000).toFixed(1)} s from the first sign-up to the profiles`);
  },
  { nodes: [['--database', `sqlite://${db}`, '--tournaments-by-anyone']] },
);
// The programs' connections and the bot processes would keep Node running.
process.exit(0);
