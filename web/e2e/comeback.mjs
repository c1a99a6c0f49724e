// End-to-end: coming back to a classic table, in a real headless Chromium against a real
// `nimmt serve`. A reload in the middle of a reveal shows the rest of the turn, and the table's
// notices come back with the chat; the deal summary stays over the next deal until it is closed or
// the next turn is shown, and opens again; the
// chat names the winner only once the last deal has been shown; a player back at the seat a bot
// played reads what the bot did for them (in German, on a phone), and the status line does not
// claim they chose the bot's card; the phone layout (rows and hand in view at a turn's start,
// speed and skip ≥ 40 px, nothing sideways) and ten seats in view on a desktop. Screenshots
// (English desktop 1280×800, German phone 390×844) go to artifacts/.
//
//   NIMMT_BIN=target/debug/nimmt node web/e2e/comeback.mjs

import { check, openTable, session, shot } from './lib.mjs';

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

/** Plays one move if asked (the first row, else the first card). */
async function move(page) {
  const row = page.locator('.rows.choosing [data-testid=row-0]');
  if (await row.count()) return row.click({ timeout: 2000 }).then(() => true, () => false);
  const card = page.locator('button[data-testid=hand-card]').first();
  if (await card.count()) return card.click({ timeout: 2000 }).then(() => true, () => false);
  return false;
}

/** What the table shows now: the animation's kind and the status line. */
const anim = (page) => page.locator('[data-testid=table] .classic').getAttribute('data-anim').catch(() => null);

/** Whether the element is wholly inside the viewport. */
const inView = (page, sel) =>
  page.evaluate((s) => {
    const els = [...document.querySelectorAll(s)];
    if (!els.length) return false;
    return els.every((el) => {
      const r = el.getBoundingClientRect();
      return r.top >= 0 && r.left >= 0 && r.bottom <= window.innerHeight && r.right <= window.innerWidth;
    });
  }, sel);

const open = async (person, name, viewport, lang, speed) => {
  const page = await person(name, viewport);
  if (lang !== 'en') await page.selectOption('[data-testid=lang]', lang);
  await page.evaluate((s) => localStorage.setItem('nimmt.speed', s), speed);
  await page.reload();
  await page.locator('[data-testid=conn][data-status=online]').waitFor();
  return page;
};

const addBots = async (page, from, to) => {
  for (let k = from; k <= to; k++) {
    await page.click('[data-testid=add-bot]');
    await page.locator(`[data-testid=seat-${k}]`).waitFor();
  }
};

await session(async ({ person }) => {
  // ---- A reload in the middle of a reveal; the deal summary; the winner named last. ----
  const ann = await open(person, 'Ann', DESKTOP, 'en', 'slow');
  await ann.addInitScript(() => {
    // When the chat first names the winner, what the table shows at that moment.
    window.__winnerAt = null;
    new MutationObserver(() => {
      if (window.__winnerAt !== null) return;
      const chat = document.querySelector('[data-testid=table-chat]');
      if (chat && /Winner:/.test(chat.textContent ?? '')) window.__winnerAt = document.querySelector('.classic')?.dataset.anim ?? 'none';
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
  const zoe = await open(person, 'Zoe', DESKTOP, 'en', 'normal');
  const first = await openTable(ann, { deals: '2', hand_size: '3', seats: '4' });
  await addBots(ann, 1, 3);
  await ann.click('[data-testid=start]');
  await ann.locator('button[data-testid=hand-card]').first().click();
  await ann.locator('.classic[data-anim=reveal]').first().waitFor({ timeout: 10000 });
  await ann.waitForTimeout(300);
  await shot(ann, 'comeback-reveal-en-desktop');
  await ann.reload();
  await ann.locator('[data-testid=table]').waitFor();
  const after = await anim(ann);
  await shot(ann, 'comeback-reload-en-desktop');
  const status = await ann.locator('[data-testid=status]').innerText();
  check('a reload in the middle of a reveal shows the rest of the turn', after !== null && after !== 'idle', `${after} / ${status}`);
  check('…and says what happens', /goes to row|starts row|takes row|revealed|is over|chooses a row/.test(status), status);
  const queued = await ann.locator('[data-testid=queued]').count();
  check('…with the revealed cards and their owners', queued > 0, String(queued));
  const chat = await ann.locator('[data-testid=table-chat]').innerText();
  check('the table’s notices survive a reload', /sits down/.test(chat) && /The game starts with 4 players/.test(chat), chat);
  await ann.locator('.classic[data-anim=idle]').waitFor({ timeout: 20000 });
  // Someone who comes to the table only now (another device) is shown the turn that just went.
  await zoe.click(`[data-testid=watch-${first}]`);
  await zoe.locator('[data-testid=table]').waitFor();
  await zoe.locator('.classic:not([data-anim=idle])').waitFor({ timeout: 5000 }).catch(() => {});
  const shown = await anim(zoe);
  const told = await zoe.locator('[data-testid=status]').innerText();
  check('who comes to the table later is shown the turn that just went', shown !== null && shown !== 'idle', `${shown} / ${told}`);
  await zoe.close();

  // The end of deal 1 at "fast": the summary stays well past its old time, then closes and opens again.
  await ann.selectOption('[data-testid=speed]', 'fast');
  for (let i = 0; i < 400 && !(await ann.locator('[data-testid=deal-summary]').count()); i++) {
    // Only deal 1's cards, and not while a reveal plays: a card of deal 2 chosen before the
    // summary shows would close it at its reveal (a busy machine made this race).
    const heading = await ann.locator('[data-testid=heading]').innerText().catch(() => '');
    if (heading.startsWith('Deal 1') && (await anim(ann)) !== 'reveal') await move(ann);
    await ann.waitForTimeout(100);
  }
  await ann.locator('[data-testid=deal-summary]').waitFor({ timeout: 20000 });
  await shot(ann, 'comeback-summary-en-desktop');
  await ann.waitForTimeout(4000);
  check('the deal summary stays while the next deal’s first card is chosen', (await ann.locator('[data-testid=deal-summary]').count()) === 1);
  check('the hand of the next deal can be played meanwhile', (await ann.locator('button[data-testid=hand-card]').count()) > 0);
  await ann.click('[data-testid=close-summary]');
  check('closing the summary hides it', (await ann.locator('[data-testid=deal-summary]').count()) === 0);
  await ann.click('[data-testid=open-summary]');
  check('the last deal’s summary opens again', (await ann.locator('[data-testid=deal-summary] h3').innerText()).includes('Deal 1'));
  // Left open, it closes by itself when the next turn is shown; "Last deal" opens it again.
  await ann.locator('button[data-testid=hand-card]').first().click();
  await ann.locator('.classic[data-anim=reveal]').waitFor({ timeout: 10000 }).catch(() => {});
  await ann.locator('[data-testid=deal-summary]').waitFor({ state: 'detached', timeout: 5000 }).catch(() => {});
  check('the summary closes when the next turn is shown', (await ann.locator('[data-testid=deal-summary]').count()) === 0);
  await shot(ann, 'comeback-summary-closed-en-desktop');
  check('…and “Last deal” is there to open it again', (await ann.locator('[data-testid=open-summary]').count()) === 1);

  // At "instant" the summary shows too (nothing is animated).
  await ann.selectOption('[data-testid=speed]', 'instant');
  for (let i = 0; i < 400 && !(await ann.locator('[data-testid=result]').count()); i++) {
    await move(ann);
    await ann.waitForTimeout(100);
  }
  await ann.locator('[data-testid=result]').waitFor({ timeout: 20000 });
  await ann.click('[data-testid=result] .buttons button:last-child');
  check('at "instant" the last deal’s summary shows as well', (await ann.locator('[data-testid=deal-summary] h3').innerText().catch(() => '')).includes('Deal 2'));
  await ann.close();

  // The winner is named in the chat only once the last deal has been shown (at "slow").
  const cy = await open(person, 'Cy', DESKTOP, 'en', 'normal');
  await cy.addInitScript(() => {
    window.__winnerAt = null;
  });
  await cy.evaluate(() => {
    window.__winnerAt = null;
    new MutationObserver(() => {
      if (window.__winnerAt !== null) return;
      const chat = document.querySelector('[data-testid=table-chat]');
      if (chat && /Winner:/.test(chat.textContent ?? '')) window.__winnerAt = document.querySelector('.classic')?.dataset.anim ?? 'none';
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
  await openTable(cy, { deals: '1', hand_size: '1', seats: '3' });
  await addBots(cy, 1, 2);
  await cy.click('[data-testid=start]');
  await cy.locator('button[data-testid=hand-card]').first().click();
  await cy.locator('.classic[data-anim=reveal]').waitFor({ timeout: 10000 });
  for (let i = 0; i < 200 && !(await cy.locator('[data-testid=table-chat] .line', { hasText: 'Winner:' }).count()); i++) {
    await move(cy);
    await cy.waitForTimeout(100);
  }
  await shot(cy, 'comeback-winner-en-desktop');
  const winnerAt = await cy.evaluate(() => window.__winnerAt);
  check('the chat names the winner only after the last deal was shown', winnerAt === 'idle', String(winnerAt));
  await cy.close();

  // ---- Back at the seat: what the bot did (German, on a phone). ----
  const dan = await open(person, 'Dan', DESKTOP, 'en', 'instant');
  const bea = await open(person, 'Bea', PHONE, 'de', 'fast');
  const id = await openTable(dan, { deals: '1', hand_size: '6', seats: '4' });
  await bea.click(`[data-testid=join-${id}]`);
  await dan.locator('[data-testid=seat-1]').waitFor();
  await addBots(dan, 2, 3);
  await dan.click('[data-testid=start]');
  await bea.locator('button[data-testid=hand-card]').first().waitFor();
  // The phone at a turn's start: rows and hand in view without scrolling; real tap targets.
  await bea.locator('.classic[data-anim=idle]').waitFor();
  await bea.evaluate(() => window.scrollTo(0, 0));
  const rowsIn = await inView(bea, '[data-testid=rows]');
  const handIn = await inView(bea, '[data-testid=hand] .cards');
  check('phone: at a turn’s start the rows are in view without scrolling', rowsIn);
  check('phone: …and the hand too', handIn);
  const wide = await bea.evaluate(() => document.documentElement.scrollWidth);
  check('phone: nothing scrolls sideways', wide <= 390, `scrollWidth ${wide}`);
  const speedBox = await bea.locator('[data-testid=speed]').boundingBox();
  check('phone: the speed setting is a real tap target (≥ 40 px)', !!speedBox && speedBox.height >= 40 && speedBox.width >= 40, JSON.stringify(speedBox));
  await shot(bea, 'comeback-turn-de-phone');
  await bea.locator('button[data-testid=hand-card]').first().click();
  for (let i = 0; i < 100 && !(await bea.locator('[data-testid=skip]').count()); i++) {
    await move(dan);
    await bea.waitForTimeout(50);
  }
  await bea.locator('[data-testid=skip]').waitFor({ timeout: 10000 });
  const skipBox = await bea.locator('[data-testid=skip]').boundingBox();
  check('phone: skip is a real tap target (≥ 40 px)', !!skipBox && skipBox.height >= 40 && skipBox.width >= 40, JSON.stringify(skipBox));
  await bea.locator('.classic[data-anim=idle]').waitFor({ timeout: 20000 });

  // Bea leaves; the bot plays two turns for her; she takes the seat back.
  await bea.click('[data-testid=leave]');
  await bea.click('[data-testid=confirm-yes]');
  await bea.waitForURL((u) => u.hash === '#/' || u.hash === '');
  await dan.locator('[data-testid=table-chat] .line.notice', { hasText: 'A bot plays for Bea' }).waitFor();
  for (let played = 0; played < 2; ) {
    if (await move(dan)) played++;
    await dan.waitForTimeout(150);
  }
  await dan.waitForTimeout(500);
  await bea.locator(`[data-testid=back-${id}]`).click();
  await bea.locator('[data-testid=away-summary]').waitFor({ timeout: 10000 });
  const away = await bea.locator('[data-testid=away-summary]').innerText();
  check('back at the seat, the player reads what the bot did for them', /Während du weg warst/.test(away) && /Ein Bot hat (1 Zug|\d+ Züge) für dich gemacht/.test(away) && /Er hat [\d, ↔]+ gespielt/.test(away), away);
  const said = await bea.locator('[data-testid=status]').innerText();
  check('the status line does not claim the player chose the bot’s card', !/Du hast \d+ gewählt/.test(said), said);
  // The table's earlier lines arrive with its state: give them a moment on a busy machine.
  await bea
    .locator('[data-testid=table-chat]', { hasText: 'Ein Bot spielt ab jetzt für Bea' })
    .waitFor({ timeout: 5000 })
    .catch(() => {});
  const beaChat = await bea.locator('[data-testid=table-chat]').innerText();
  check('the chat says in German that a bot played for her', /Ein Bot spielt ab jetzt für Bea/.test(beaChat), beaChat);
  await shot(bea, 'comeback-away-de-phone');
  await bea.click('[data-testid=close-away]');
  check('the away summary closes', (await bea.locator('[data-testid=away-summary]').count()) === 0);
  await dan.close();
  await bea.close();

  // ---- Ten seats on a desktop: every seat in view. Before: an option refused, in German. ----
  const eve = await open(person, 'Eve', DESKTOP, 'de', 'instant');
  await openTable(eve, { deals: '1', hand_size: '2', seats: '10' });
  await eve.fill('[data-testid=table-chat] input', '/option hand_size=99');
  await eve.press('[data-testid=table-chat] input', 'Enter');
  await eve.locator('[data-testid=option-error]').waitFor();
  const refused = await eve.locator('[data-testid=option-error]').innerText();
  check('a refused option shows beside the form, in German', /99 ist kein Wert für die Option Handkarten: erwartet eine ganze Zahl von 1 bis 50/.test(refused), refused);
  await shot(eve, 'comeback-option-error-de-desktop');
  await eve.selectOption('.setopt select', 'hand_size');
  await eve.fill('.setopt [name=hand_size]', '2');
  await eve.click('.setopt button[type=submit]');
  await eve.locator('[data-testid=option-error]').waitFor({ state: 'detached' });
  check('…and goes away once the option is set', true);
  await eve.selectOption('[data-testid=lang]', 'en');
  await addBots(eve, 1, 9);
  await eve.click('[data-testid=start]');
  await eve.locator('button[data-testid=hand-card]').first().waitFor();
  await eve.evaluate(() => window.scrollTo(0, 0));
  check('desktop: at ten players every seat is in view', await inView(eve, '[data-testid^=seat-]'));
  check('desktop: nothing scrolls sideways', (await eve.evaluate(() => document.documentElement.scrollWidth)) <= 1280);
  await shot(eve, 'comeback-ten-en-desktop');
  await eve.close();
});
