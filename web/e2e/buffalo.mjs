// End-to-end, Schlagt den Büffel: Hal and Ida with three bots play a whole game against the
// buffalo in the browser (five members: eleven special cards in play). The humans use every
// special card kind they can (each kind once), pass otherwise; the bots pass in the windows.
// Then the result shows the team against the buffalo, and the replay tells the steps.
// Run: NIMMT_BIN=../target/debug/nimmt node e2e/buffalo.mjs

import { check, openTable, replayFrom, session, shot } from './lib.mjs';

await session(async ({ base, person }) => {
  const hal = await person('Hal');
  const ida = await person('Ida');
  await hal.selectOption('[data-testid=create-form] [name=game]', 'buffalo');
  const id = await openTable(hal, { seats: '5' });
  check('a buffalo table opens', id > 0);
  await ida.locator(`[data-testid=join-${id}]`).click();
  await ida.locator('[data-testid=seat-1]').waitFor();
  await hal.locator('[data-testid=seat-1]').waitFor();
  for (const s of [2, 3, 4]) {
    await hal.click('[data-testid=add-bot]');
    await hal.locator(`[data-testid=seat-${s}]`).waitFor();
  }
  await hal.click('[data-testid=rules-button]');
  check('the rules tell of the buffalo', (await hal.locator('[data-testid=rules]').innerText()).includes('buffalo'));
  await hal.keyboard.press('Escape');
  await hal.click('[data-testid=start]');
  await hal.locator('[data-testid=buffalo-board]').waitFor();
  await ida.locator('[data-testid=buffalo-board]').waitFor();
  check('the board shows four rows', (await hal.locator('[data-testid=bf-rows] .row').count()) === 4);
  check('two special cards lie open, each explained', (await hal.locator('[data-testid=open-special]').count()) === 2);
  check('the buffalo has its stack of ten', (await hal.locator('[data-testid=buffalo-stack]').innerText()).includes('10'));

  // Each human: a card when asked, a row when asked, in a window a kind not used yet (its first
  // target: a row, a revealed card or the first of the list), else pass.
  const tried = new Set();
  const shots = { window: false, de: false };
  const step = async (page, who) => {
    if (await page.locator('[data-testid=result]').count()) return 'over';
    const click = async (loc) => {
      await loc.evaluate((el) => el.click()).catch(() => {});
      await page.waitForTimeout(60);
    };
    const card = page.locator('button[data-testid=hand-card]');
    if (await card.count()) return click(card.first()).then(() => 'play');
    const win = page.locator('[data-testid=bf-window]');
    if (!(await win.count())) {
      const row = page.locator('button.row.target');
      if (await row.count()) return click(row.first()).then(() => 'take');
      return 'wait';
    }
    const kinds = await page.locator('[data-testid=use-kind]').evaluateAll((els) => els.map((e) => e.dataset.kind));
    const fresh = kinds.find((k) => k !== 'remove_stop' && !tried.has(`${who}:${k}`) && !tried.has(k));
    if (!fresh) return click(page.locator('[data-testid=pass]')).then(() => 'pass');
    tried.add(`${who}:${fresh}`);
    await click(page.locator(`[data-testid=use-kind][data-kind=${fresh}]`));
    if (!shots.window) {
      shots.window = true;
      await shot(page, 'table-buffalo-window');
    }
    const target = page.locator('button.row.target, [data-testid=bf-queue] button[data-testid=queue-card], [data-testid=use-option]');
    await target.first().waitFor({ timeout: 1500 }).catch(() => {});
    if (await target.count()) {
      await click(target.first());
      tried.add(fresh);
      return `use ${fresh}`;
    }
    return 'wait';
  };
  const log = [];
  for (let i = 0; i < 3000; i++) {
    const a = await step(hal, 'hal');
    const b = await step(ida, 'ida');
    if (a === 'over' && b === 'over') break;
    if (a !== 'wait' || b !== 'wait') log.push(`${a}/${b}`);
    else await hal.waitForTimeout(80);
    if (!shots.de && log.length > 40) {
      shots.de = true;
      await ida.selectOption('[data-testid=lang]', 'de');
      await ida.locator('[data-testid=buffalo-board]').waitFor();
      check('the buffalo board speaks German', (await ida.locator('[data-testid=bf-piles]').innerText()).includes('Büffel'));
      await shot(ida, 'table-buffalo-de');
      await shot(hal, 'table-buffalo');
    }
  }
  await hal.locator('[data-testid=result]').waitFor({ timeout: 20000 });
  const used = ((await hal.locator('[data-testid=used-specials]').getAttribute('data-kinds').catch(() => '')) ?? '').split(' ').filter(Boolean);
  check('the humans used at least three kinds of special card', new Set(used).size >= 3, `${used.join(',')} (tried ${[...tried].join(',')})`);
  const line = await hal.locator('[data-testid=result]').innerText();
  check('the result shows the team against the buffalo', /Team \d+ .*vs buffalo \d+/.test(line) && /(team beats the buffalo|buffalo wins)/.test(line), line);
  await shot(hal, 'result-buffalo');
  const lineDe = await ida.locator('[data-testid=result]').innerText();
  check('the German result shows Team gegen Büffel', /Team \d+ .*gegen Büffel \d+/.test(lineDe), lineDe);
  await shot(ida, 'result-buffalo-de');

  // The replay: every step told, the board drawn.
  await replayFrom(hal, base, id, { status: 404, body: { error: 'unknown game' } });
  await hal.click('[data-testid=watch-replay]');
  await hal.locator('[data-testid=replay-step]').waitFor();
  await hal.keyboard.press('End');
  const what = await hal.locator('[data-testid=replay-what]').innerText();
  check('the last replay step tells the team against the buffalo', /vs buffalo \d+/.test(what), what);
  check('the replay draws the rows', (await hal.locator('[data-testid=bf-rows]').count()) === 1);
  await shot(hal, 'replay-buffalo');
});
