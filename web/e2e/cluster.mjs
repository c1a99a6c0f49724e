// End-to-end test of the browser client against two `nimmt serve` nodes of one room (one
// PostgreSQL schema, one NATS server): Ann, in the room through node B, opens a table (one deal of
// three cards) and seats a bot; Bob, in the room through node A, finds that table in his lobby,
// joins it, chats with Ann across the nodes, and both play the game to its result.
//
//   NIMMT_E2E_POSTGRES='postgres://postgres@127.0.0.1:5432/test?options=-c%20search_path%3DSCHEMA' \
//   NIMMT_BIN=target/debug/nimmt node web/e2e/cluster.mjs
//
// NIMMT_E2E_POSTGRES: a PostgreSQL database the nodes may fill (a fresh schema: `cargo test -p
// nimmt-web` makes one per run and drops it afterwards); NIMMT_E2E_NATS: the NATS server
// (default nats://127.0.0.1:4222). Without PostgreSQL the script fails and says so.
// Environment as for game.mjs: CHROMIUM, NIMMT_WEB_DIST, ARTIFACTS.

import { randomBytes } from 'node:crypto';
import { check, openTable, session, shot } from './lib.mjs';

const postgres = process.env.NIMMT_E2E_POSTGRES;
if (!postgres) {
  console.log('not ok - NIMMT_E2E_POSTGRES is not set: this test needs a PostgreSQL database (and NATS) for its two nodes');
  console.log('0 passed, 1 failed');
  process.exit(1);
}
const nats = process.env.NIMMT_E2E_NATS ?? 'nats://127.0.0.1:4222';
const prefix = `e2e${randomBytes(5).toString('hex')}`;
const node = (name) => [
  '--database', postgres,
  '--cluster', nats,
  '--node-name', name,
  '--cluster-prefix', prefix,
  '--max-conns-per-addr', '0',
  '--new-identities-per-min', '0',
];

await session(
  async ({ bases: [a, b], person }) => {
    const ann = await person('Ann', undefined, b);
    const bob = await person('Bob', undefined, a);

    // Ann opens a short table on node B and seats a bot.
    const id = await openTable(ann, { deals: '1', hand_size: '3', seats: '3' });
    check('Ann opens a table on node B', id > 0);
    await ann.click('[data-testid=add-bot]');
    await ann.locator('[data-testid=seat-1]').waitFor();
    check('the bot sits down', (await ann.locator('[data-testid=seat-1]').innerText()).includes('bot'));

    // Node B runs it, and node A knows so.
    const cluster = await (await fetch(`${a}/api/cluster`)).json();
    const owner = cluster.nodes?.find((n) => n.tables?.some((t) => t.table === id));
    check('node B holds the lease of the table', owner?.name === 'b', JSON.stringify(cluster));

    // Bob, on node A, sees it in his lobby with its options and the free seat, and joins.
    const row = bob.locator(`[data-testid=lobby-table-${id}]`);
    await row.waitFor({ timeout: 15000 });
    const rowText = await row.innerText();
    check('node A lists the table of node B with its options and free seat', /Hand size: 3/.test(rowText) && /1 of 3 free/.test(rowText), rowText);
    await bob.click(`[data-testid=join-${id}]`);
    await bob.locator('[data-testid=seat-2]').waitFor();
    await ann.locator('[data-testid=seat-2]').waitFor();
    check('Ann sees Bob sit down', (await ann.locator('[data-testid=seat-2]').innerText()).includes('Bob'));

    // Table chat crosses the nodes both ways.
    await bob.fill('[data-testid=table-chat] input', 'hello from node A');
    await bob.press('[data-testid=table-chat] input', 'Enter');
    await ann.locator('[data-testid=table-chat] .line', { hasText: 'hello from node A' }).waitFor();
    await ann.fill('[data-testid=table-chat] input', 'hello from node B');
    await ann.press('[data-testid=table-chat] input', 'Enter');
    await bob.locator('[data-testid=table-chat] .line', { hasText: 'hello from node B' }).waitFor();
    check('table chat reaches the other node both ways', true);

    await ann.click('[data-testid=start]');
    await bob.locator('[data-testid=hand-card]').first().waitFor();
    check('Bob gets his hand of three from the other node', (await bob.locator('[data-testid=hand-card]').count()) === 3);
    await shot(bob, 'cluster-table');

    // Both play to the end: the first card, or the first row when asked to take one.
    for (let step = 0; step < 200; step++) {
      if ((await ann.locator('[data-testid=result]').count()) && (await bob.locator('[data-testid=result]').count())) break;
      for (const page of [bob, ann]) {
        const rows = page.locator('.rows.choosing [data-testid=row-0]');
        if (await rows.count()) {
          await rows.evaluate((el) => el.click()).catch(() => {});
          continue;
        }
        const card = page.locator('button[data-testid=hand-card]').first();
        if (await card.count()) await card.click().catch(() => {});
      }
      await bob.waitForTimeout(150);
    }
    await bob.locator('[data-testid=result]').waitFor({ timeout: 20000 });
    await ann.locator('[data-testid=result]').waitFor({ timeout: 20000 });
    const winner = await bob.locator('[data-testid=winner]').innerText();
    check('Bob sees the result with its winner', /wins with|Shared win/.test(winner), winner);
    const ranking = await bob.locator('.ranking').innerText();
    check('the ranking names both players', ranking.includes('Ann') && ranking.includes('Bob'), ranking);
    check('Ann on node B sees the same winner', (await ann.locator('[data-testid=winner]').innerText()) === winner);
    await shot(bob, 'cluster-result');

    // The finished game's record is served by the node that did not run it.
    const record = await fetch(`${a}/api/games/${id}/record`);
    check('node A serves the record of the game node B ran', record.status === 200, String(record.status));
  },
  { nodes: [node('a'), node('b')] },
);
