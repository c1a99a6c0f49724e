// Shared by the end-to-end scripts: a real `nimmt serve` in a temporary directory, headless
// Chromium, checks that count, screenshots.

import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const here = dirname(fileURLToPath(import.meta.url));
export const root = resolve(here, '../..');
const bin = process.env.NIMMT_BIN ?? join(root, 'target/debug/nimmt');
const dist = process.env.NIMMT_WEB_DIST ?? join(root, 'web/dist');
export const artifacts = process.env.ARTIFACTS ?? join(root, 'artifacts');
const browserPath = process.env.CHROMIUM ?? '/usr/bin/chromium';
mkdirSync(artifacts, { recursive: true });

export const failures = [];
let passed = 0;
export function check(name, ok, detail = '') {
  if (ok) {
    passed++;
    console.log(`ok - ${name}`);
  } else {
    failures.push(name);
    console.log(`not ok - ${name} ${detail}`);
  }
}

/**
 * Starts the server and the browser; `run(ctx)` does the test; everything stops afterwards.
 * `opts.nodes`: the servers to start, each as its `nimmt serve` arguments besides the address
 * (default: one server with SQLite in a temporary directory); `ctx.bases` has their URLs, in
 * that order, `ctx.base` the first one's.
 */
export async function session(run, opts = {}) {
  const tmp = mkdtempSync(join(tmpdir(), 'nimmt-e2e-'));
  let serverLog = '';
  const nodes = opts.nodes ?? [['--database', `sqlite://${join(tmp, 'nimmt.db')}`]];
  const servers = [];
  const start = (i, addr) =>
    new Promise((res, rej) => {
      const server = spawn(
        bin,
        ['serve', '--addr', addr, ...nodes[i], '--web-dir', dist, '--bot-delay-ms', '100'],
        { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, RUST_LOG: 'warn' } },
      );
      servers[i] = server;
      const tag = nodes.length > 1 ? `[node ${i}] ` : '';
      server.stderr.on('data', (d) => (serverLog += tag + d));
      let out = '';
      const timer = setTimeout(() => rej(new Error(`the server did not start:\n${out}\n${serverLog}`)), 30000);
      server.stdout.on('data', (d) => {
        out += d;
        const m = out.match(/serving on (http:\/\/[0-9.:]+)/);
        if (m) {
          clearTimeout(timer);
          res(m[1]);
        }
      });
      server.on('exit', (c) => rej(new Error(`the server exited (${c}):\n${out}\n${serverLog}`)));
    });
  let browser;
  try {
    const bases = [];
    for (let i = 0; i < nodes.length; i++) bases.push(await start(i, '127.0.0.1:0'));
    const base = bases[0];
    /** Stops the (first) server and starts it again on the same port and database. */
    const restart = async () => {
      const old = servers[0];
      const gone = new Promise((r) => old.once('exit', r));
      old.kill('SIGTERM');
      await gone;
      await start(0, base.replace('http://', ''));
    };
    console.log(`# server at ${bases.join(', ')}`);
    browser = await chromium.launch({
      executablePath: browserPath,
      headless: true,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    });
    /** A person in their own browser context, in the room at `at` (default: the first server). */
    const person = async (name, viewport = { width: 1200, height: 860 }, at = base) => {
      const ctx = await browser.newContext({ viewport, locale: 'en-US' });
      await ctx.addInitScript((n) => {
        if (!localStorage.getItem('nimmt.name')) localStorage.setItem('nimmt.name', n);
      }, name);
      const page = await ctx.newPage();
      page.on('pageerror', (e) => failures.push(`${name}: page error ${e.message} ${(e.stack ?? '').split('\n').slice(1, 3).join(' ')}`));
      await page.goto(at + '/');
      await page.locator('[data-testid=conn][data-status=online]').waitFor({ timeout: 15000 });
      return page;
    };
    await run({ base, bases, person, restart });
  } catch (e) {
    failures.push(`exception: ${e.stack ?? e}`);
    console.log(e);
  } finally {
    await browser?.close();
    for (const server of servers) server?.kill('SIGTERM');
    rmSync(tmp, { recursive: true, force: true });
  }
  console.log(`${passed} passed, ${failures.length} failed`);
  if (failures.length) {
    console.log(failures.join('\n'));
    if (serverLog) console.log(`# server log:\n${serverLog.slice(-3000)}`);
    process.exit(1);
  }
}

export const shot = (page, name) => page.screenshot({ path: join(artifacts, `${name}.png`), fullPage: true });

/** Opens a table from the lobby form with these option fields. */
export async function openTable(page, fields) {
  // On a phone the form starts folded.
  if (!(await page.locator('.create details').evaluate((d) => d.open))) await page.click('.create summary');
  for (const [k, v] of Object.entries(fields)) {
    const el = page.locator(`[data-testid=create-form] [name=${k}]`);
    if ((await el.evaluate((e) => e.tagName)) === 'SELECT') await el.selectOption(v);
    else await el.fill(v);
  }
  await page.click('[data-testid=create]');
  await page.locator('[data-testid=table]').waitFor();
  return Number(page.url().match(/#\/table\/(\d+)/)?.[1]);
}

/**
 * Whether the server answers `GET /api/games/{id}/replay` itself. A server from before that
 * endpoint answers the page instead; then `page` gets `fallback` for it (status and body of the
 * same shape: a fixture of web/fixtures/ or an error object), and a comment line says so.
 */
export async function replayFrom(page, base, id, fallback) {
  const r = await fetch(`${base}/api/games/${id}/replay`);
  if ((r.headers.get('content-type') ?? '').includes('json')) return true;
  const body = fallback.fixture ? readFileSync(join(root, 'web/fixtures', fallback.fixture), 'utf8') : JSON.stringify(fallback.body);
  await page.route(`**/api/games/${id}/replay`, (route) => route.fulfill({ status: fallback.status ?? 200, contentType: 'application/json', body }));
  console.log(`# this server has no replay endpoint yet: the replay of game ${id} is answered with ${fallback.fixture ?? body}`);
  return false;
}
