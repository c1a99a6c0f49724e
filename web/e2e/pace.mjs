// End-to-end: the classic table's reveal and pace, and the replay viewer, in a real headless
// Chromium against a real `nimmt serve`.
//
//   NIMMT_BIN=target/debug/nimmt node web/e2e/pace.mjs
//   PACE_MEASURE=all …   measures every speed at 4 and 10 players (10 cards each); without it,
//                        normal and fast at 4 players and fast at 10
//
// Every page records each picture of the table (rows, revealed cards with owners, heading,
// points, hand) with performance.now(); the checks read that record: a low card never at a row's
// end, the queue of revealed cards with owners while a row is chosen (by a person and by a bot),
// heading and points following the animation, the hand greyed out while nothing can be done, the
// deal summary as the deal ends (it stays open until closed). Then: the speed setting after a reload, skip, the replay
// playing by itself and stepping by turn and deal, and the replay of a running game refused
// politely. Screenshots (English and German, 1280×800 and 390×844) go to artifacts/.
// Animation times are measured and printed as `# pace …` lines, not asserted.

import { check, openTable, replayFrom, session, shot } from './lib.mjs';

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const measureAll = process.env.PACE_MEASURE === 'all';
const only = process.env.PACE_ONLY ?? '';

/** Installed in every page: the record of what the table shows, one entry per change. */
function recorder() {
  window.__pace = [];
  let last = '';
  const snap = () => {
    const c = document.querySelector('[data-testid=table] .classic[data-anim]');
    if (!c) return;
    const e = {
      kind: c.dataset.anim,
      rows: [...c.querySelectorAll('[data-testid=rows] .rowcards')].map((r) => (r.dataset.cards ? r.dataset.cards.split(' ').map(Number) : [])),
      heading: c.querySelector('[data-testid=heading]')?.textContent ?? '',
      points: [...document.querySelectorAll('[data-testid^=total-]')].map((p) => p.textContent).join(','),
      queue: [...c.querySelectorAll('[data-testid=queued]')].map((q) => ({ card: Number(q.dataset.queueCard), owner: q.querySelector('.owner')?.textContent ?? '' })),
      hand: c.querySelectorAll('[data-testid=hand-card]').length,
      handButtons: c.querySelectorAll('button[data-testid=hand-card]').length,
      handIdle: !!c.querySelector('.hand.idle'),
      choosing: !!c.querySelector('.rows.choosing'),
      summary: !!document.querySelector('[data-testid=deal-summary]'),
    };
    const key = JSON.stringify(e);
    if (key === last) return;
    last = key;
    e.t = performance.now();
    window.__pace.push(e);
  };
  new MutationObserver(snap).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
}

await session(async ({ base, person }) => {
  const open = async (name, viewport, lang, speed) => {
    const page = await person(name, viewport);
    await page.addInitScript(recorder);
    await page.evaluate(recorder);
    if (lang !== 'en') await page.selectOption('[data-testid=lang]', lang);
    await page.evaluate((s) => localStorage.setItem('nimmt.speed', s), speed);
    await page.reload();
    await page.locator('[data-testid=conn][data-status=online]').waitFor();
    return page;
  };

  // The speed setting survives a reload; skip ends the animation at once.
  if (!only || only === 'skip') {
    const cy = await open('Cy', DESKTOP, 'en', 'slow');
    await openTable(cy, { deals: '1', hand_size: '3', seats: '4' });
    for (let k = 1; k <= 3; k++) {
      await cy.click('[data-testid=add-bot]');
      await cy.locator(`[data-testid=seat-${k}]`).waitFor();
    }
    await cy.click('[data-testid=start]');
    await cy.locator('button[data-testid=hand-card]').first().waitFor();
    await cy.selectOption('[data-testid=speed]', 'fast');
    await cy.reload();
    await cy.locator(`[data-testid=table]`).waitFor();
    check('the speed setting survives a reload', (await cy.locator('[data-testid=speed]').inputValue()) === 'fast');
    await cy.selectOption('[data-testid=speed]', 'slow');
    await cy.locator('button[data-testid=hand-card]').first().click();
    await cy.locator('.classic[data-anim=reveal]').waitFor({ timeout: 10000 }).catch(async (e) => {
      await shot(cy, 'pace-skip-failed');
      throw e;
    });
    await cy.click('[data-testid=skip]');
    const after = await cy.evaluate(() => new Promise((r) => requestAnimationFrame(() => r(document.querySelector('.classic').dataset.anim))));
    check('skip finishes the animation at once', after === 'idle', after);
    await cy.close();
  }

  // Two people and two bots, two deals, in English then in German; the people play their lowest
  // card, so low cards come up. Screenshots on the way.
  const shots = {};
  const chosen = { byPerson: 0, byBot: 0 };
  for (const lang of !only || only === 'games' ? ['en', 'de'] : []) {
    const ann = await open(lang === 'en' ? 'Ann' : 'Anna', DESKTOP, lang, 'slow');
    const bea = await open(lang === 'en' ? 'Bea' : 'Berta', PHONE, lang, 'slow');
    const id = await openTable(ann, { deals: '2', hand_size: lang === 'en' ? '6' : '4', seats: '4' });
    await bea.click(`[data-testid=join-${id}]`);
    await ann.locator('[data-testid=seat-1]').waitFor();
    await ann.click('[data-testid=add-bot]');
    await ann.locator('[data-testid=seat-2]').waitFor();
    await ann.click('[data-testid=add-bot]');
    await ann.locator('[data-testid=seat-3]').waitFor();
    await ann.click('[data-testid=start]');
    await ann.locator('[data-testid=hand-card]').first().waitFor();

    // The replay of the running game is refused politely, in the page's language.
    const dan = await open('Dan', DESKTOP, lang, 'normal');
    await replayFrom(dan, base, id, { status: 409, body: { code: 'game_running', error: 'the game is still running' } });
    await dan.goto(`${base}/#/replay/${id}`);
    await dan.locator('[data-testid=replay-running]').waitFor();
    const refusal = await dan.locator('[data-testid=replay-running]').innerText();
    check(`${lang}: the replay of a running game is refused politely`, lang === 'en' ? /still being played/.test(refusal) : /läuft noch/.test(refusal), refusal);
    await dan.close();

    await playToEnd([
      { page: ann, tag: `${lang}-desktop` },
      { page: bea, tag: `${lang}-phone` },
    ], shots);
    for (const [page, tag] of [[ann, `${lang}-desktop`], [bea, `${lang}-phone`]]) {
      await page.locator('[data-testid=result]').waitFor({ timeout: 30000 });
      await shot(page, `pace-result-${tag}`);
      const c = analyse(await page.evaluate(() => window.__pace), tag, 4);
      chosen.byPerson += c.byPerson;
      chosen.byBot += c.byBot;
    }

    // The replay plays by itself, and steps by turn and by deal.
    for (const [page, tag] of [[ann, `${lang}-desktop`], [bea, `${lang}-phone`]]) {
      await page.goto(`${base}/#/replay/${id}`);
      await page.locator('[data-testid=replay-step]').waitFor();
      const stepNo = async () => Number((await page.locator('[data-testid=replay-step]').innerText()).match(/\d+/)[0]);
      if (tag.endsWith('desktop')) {
        await page.click('[data-testid=replay-next-turn]');
        const a = await stepNo();
        const turnA = await page.locator('.replay [data-testid=heading]').innerText();
        await page.click('[data-testid=replay-next-turn]');
        const turnB = await page.locator('.replay [data-testid=heading]').innerText();
        check(`${tag}: the replay steps by turn`, a > 1 && turnA !== turnB, `${a} ${turnA} / ${turnB}`);
        await page.click('[data-testid=replay-next-deal]');
        const deal = await page.locator('.replay [data-testid=heading]').innerText();
        check(`${tag}: the replay steps by deal`, /(Deal|Runde) 2/.test(deal), deal);
        await page.click('[data-testid=replay-prev-deal]');
        check(`${tag}: the replay steps back by deal`, /(Deal|Runde) 1/.test(await page.locator('.replay [data-testid=heading]').innerText()));
      }
      const from = await stepNo();
      await page.click('[data-testid=replay-play]');
      await page.locator('[data-testid=replay-frame]').first().waitFor({ timeout: 20000 });
      await shot(page, `pace-replay-${tag}`);
      await page.waitForFunction((n) => Number(document.querySelector('[data-testid=replay-step]').textContent.match(/\d+/)[0]) >= n + 3, from, { timeout: 30000 });
      check(`${tag}: the replay plays by itself, with the table's animation`, true);
      await page.click('[data-testid=replay-play]');
      const what = await page.locator('[data-testid=replay-what]').innerText();
      check(`${tag}: the replay's line says who did what`, /\S+ (plays|picks|takes|spielt|nimmt)/.test(what) || what.length > 0, what);
    }
    const lines = [];
    await ann.click('[data-testid=replay-play]').catch(() => {});
    await ann.click('[data-testid=replay-play]').catch(() => {});
    for (let k = 0; k < 60; k++) {
      await ann.keyboard.press('ArrowRight');
      lines.push(await ann.locator('[data-testid=replay-what]').innerText());
    }
    const takes = lines.filter((l) => (lang === 'en' ? / takes row \d \(\d+ bull heads?\)/ : / nimmt Reihe \d \(\d+ Hornochsen?\)/).test(l));
    check(`${lang}: the replay says who takes which row for how many bull heads`, takes.length > 0, lines.slice(0, 8).join(' | '));
    await ann.close();
    await bea.close();
  }
  for (const [k, v] of Object.entries(shots)) check(`screenshot of ${k}`, v, 'this moment did not come up');
  if (!only || only === 'games') {
    check('a person chose a row while the queue showed', chosen.byPerson > 0);
    check('a bot chose a row while the queue showed', chosen.byBot > 0);
  }

  // Measured: a whole game of 10 cards against bots at each speed (4 and 10 players).
  // PACE_RUNS=4:fast:10,10:normal:5 picks the games to measure (players:speed:cards).
  const picked = process.env.PACE_RUNS?.split(',').map((r) => r.split(':').map((x, k) => (k === 1 ? x : Number(x))));
  const all = [4, 10].flatMap((p) => ['slow', 'normal', 'fast', 'instant'].map((s) => [p, s, 10]));
  const some = [[4, 'normal', 10], [4, 'fast', 10], [10, 'fast', 4]];
  const runs = only && only !== 'measure' ? [] : (picked ?? (measureAll ? all : some));
  const totals = {};
  for (const [players, speed, cards] of runs) {
    const me = await open(`M${players}${speed[0]}`, DESKTOP, 'en', speed);
    const wire = [];
    if (process.env.PACE_WIRE)
      me.on('websocket', (ws) => {
        ws.on('framereceived', (f) => {
          const m = String(f.payload).match(/^\{"type":"(\w+)".*?"version":(\d+)/);
          if (m && m[1] !== 'update') wire.push(`in ${m[1]} v${m[2]} ${String(f.payload).slice(0, 120)}`);
        });
      });
    if (process.env.PACE_WIRE) await me.reload();
    await openTable(me, { deals: '1', hand_size: String(cards), seats: String(players) });
    for (let k = 1; k < players; k++) {
      await me.click('[data-testid=add-bot]');
      await me.locator(`[data-testid=seat-${k}]`).waitFor();
    }
    await me.click('[data-testid=start]');
    await playToEnd([{ page: me, tag: 'measure' }], null);
    await me.locator('[data-testid=result]').waitFor({ timeout: 60000 });
    const log = await me.evaluate(() => window.__pace);
    const m = measure(log);
    totals[`${players}-${speed}`] = m;
    const old = m.turns * (1100 + 650 * players + 650) + 1300 * m.takes;
    console.log(
      `# pace players=${players} speed=${speed} cards=${cards} turns=${m.turns} takes=${m.takes} animation total=${m.total} ms, per turn avg=${Math.round(m.total / Math.max(1, m.turns))} max=${m.max} ms; the same game at the former fixed pace: ${old} ms (${Math.round(old / Math.max(1, m.turns))} per turn)`,
    );
    analyse(log, `${players} players ${speed}`, players);
    if (wire.length) console.log(wire.join('\n'));
    await me.close();
  }
  check('every measured game was animated (but at instant)', Object.entries(totals).every(([k, m]) => k.endsWith('instant') || m.turns > 0));
});

/** Plays until each page shows the result: lowest card, first row; screenshots on the way. */
async function playToEnd(players, shots) {
  const want = (tag, moment) => shots && !shots[`${moment} ${tag}`];
  if (shots) for (const { tag } of players) for (const m of ['reveal', 'row choice', 'deal summary']) shots[`${m} ${tag}`] ??= false;
  for (let step = 0; step < 2000; step++) {
    let done = 0;
    for (const { page, tag } of players) {
      if (await page.locator('[data-testid=result]').count()) {
        done++;
        continue;
      }
      const kind = await page.locator('[data-testid=table] .classic').getAttribute('data-anim').catch(() => null);
      if (kind === 'lay' && want(tag, 'reveal')) {
        await shot(page, `pace-reveal-${tag}`);
        shots[`reveal ${tag}`] = true;
      }
      if ((kind === 'choose' || (await page.locator('.rows.choosing').count())) && want(tag, 'row choice')) {
        await shot(page, `pace-choice-${tag}`);
        shots[`row choice ${tag}`] = true;
      }
      // A poll of a busy machine may come after the next deal's first turn closed the summary:
      // "Last deal" opens it again.
      if (want(tag, 'deal summary') && !(await page.locator('[data-testid=deal-summary]').count()) && (await page.locator('[data-testid=open-summary]').count())) {
        await page.locator('[data-testid=open-summary]').click().catch(() => {});
        await page.locator('[data-testid=deal-summary]').waitFor({ timeout: 3000 }).catch(() => {});
      }
      if ((await page.locator('[data-testid=deal-summary]').count()) && want(tag, 'deal summary')) {
        await shot(page, `pace-summary-${tag}`);
        shots[`deal summary ${tag}`] = true;
      }
      const row = page.locator('.rows.choosing [data-testid=row-0]');
      if (await row.count()) {
        await row.click().catch(() => {});
        continue;
      }
      const card = page.locator('button[data-testid=hand-card]').first();
      if (await card.count()) await card.click().catch(() => {});
    }
    if (done === players.length) return;
    await players[0].page.waitForTimeout(60);
  }
}

function ascending(r) {
  return r.every((c, i) => i === 0 || r[i - 1] < c);
}
function turnOf(h) {
  return h.match(/(\d+)\D*$/)?.[1];
}

/** The checks on one page's record of the table. */
function analyse(log, tag, players) {
  // A failure shows the first entry that breaks the rule and the two before it.
  const bad = (name, entries) => check(`${tag}: ${name}`, entries.length === 0, entries.length ? JSON.stringify(log.slice(Math.max(0, log.indexOf(entries[0]) - 2), log.indexOf(entries[0]) + 1)) : '');
  check(`${tag}: the table was recorded`, log.length > 10, String(log.length));
  bad('no low card is ever shown at the end of a row (every row ascends)', log.filter((e) => !e.rows.every(ascending)));
  const reveals = log.filter((e, i) => e.kind === 'reveal' && log[i - 1]?.kind !== 'reveal');
  bad('each revealed card shows with its owner', reveals.filter((e) => e.queue.length !== players || e.queue.some((q) => !q.owner)));
  bad('the revealed cards wait lowest first', log.filter((e) => !ascending(e.queue.map((q) => q.card)) && !/↔/.test(JSON.stringify(e))));
  const choosing = log.filter((e) => e.kind === 'choose' || e.choosing);
  bad('while a row is chosen, the waiting cards show with their owners', choosing.filter((e) => e.queue.length === 0 || e.queue.some((q) => !q.owner)));
  const byPerson = choosing.filter((e) => e.choosing);
  const byBot = choosing.filter((e) => e.kind === 'choose' && /^Bot /.test(e.queue[0]?.owner ?? ''));
  if (tag.includes('desktop') || tag.includes('phone')) console.log(`# ${tag}: rows chosen while the queue showed: by a person ${byPerson.length}, by a bot ${byBot.length}`);
  // Points change only as a taken row's points land (the frame after the take), never ahead.
  bad(
    'points change only when a taken row lands',
    log.filter((e, i) => i > 0 && e.points !== log[i - 1].points && log[i - 1].points !== '' && e.points !== '' && log[i - 1].kind !== 'take' && !(log[i - 1].kind === 'idle' && e.kind === 'idle')),
  );
  // The turn in the heading changes only with a reveal or once the animation is over.
  bad(
    'the heading follows the animation',
    log.filter((e, i) => i > 0 && turnOf(e.heading) !== turnOf(log[i - 1].heading) && !['reveal', 'idle'].includes(e.kind)),
  );
  bad('the hand is greyed out and not clickable while the animation runs', log.filter((e) => e.kind !== 'idle' && (e.handButtons > 0 || (e.hand > 0 && !e.handIdle))));
  // The deal's summary opens as the animation ends the deal, and stays open (until closed).
  const dealOf = (h) => h.match(/(\d+)\D+\d+\D*$/)?.[1];
  bad('a deal ends with its summary', log.filter((e, i) => i > 0 && dealOf(e.heading) !== dealOf(log[i - 1].heading) && dealOf(log[i - 1].heading) && !e.summary));
  return { byPerson: byPerson.length, byBot: byBot.length };
}

/** Animation time: from each start of a run of frames to the next idle table. */
function measure(log) {
  let total = 0;
  let max = 0;
  let start = null;
  let turnStart = null;
  let turns = 0;
  let takes = 0;
  for (let i = 0; i < log.length; i++) {
    const e = log[i];
    const prev = log[i - 1];
    if (e.kind !== 'idle' && (!prev || prev.kind === 'idle')) start = e.t;
    if (e.kind === 'idle' && start !== null) {
      total += e.t - start;
      start = null;
    }
    if (e.kind === 'reveal' && prev?.kind !== 'reveal') {
      turns++;
      turnStart = e.t;
    }
    if (e.kind === 'take' && prev?.kind !== 'take') takes++;
    if (turnStart !== null && (e.kind === 'idle' || (e.kind === 'reveal' && prev?.kind !== 'reveal' && e.t !== turnStart))) {
      max = Math.max(max, e.t - turnStart);
      turnStart = e.kind === 'reveal' ? e.t : null;
    }
  }
  return { total: Math.round(total), max: Math.round(max), turns, takes };
}
