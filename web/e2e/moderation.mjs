// End-to-end, moderation in a real headless Chromium against a real `nimmt serve`: Bob insults the
// table; Ann reports the line from its menu and mutes Bob for herself (his lines leave her chat,
// not Cara's); Olga, made an operator with `nimmt admin grant`, finds the report on the admin page,
// removes the line (it leaves every chat) and mutes Bob for an hour (his next line is refused with
// the reason), resolves the report, dismisses Cara's report of Bob made from the lobby, and reads
// the acts in the audit log. Cara reports Ann from her seat; Olga bans Bob with the form and his
// page says why. A player who is not an operator gets no link and a refusal at `#/admin`.
// Screenshots of the admin page, the line menu, a seat report and a banned page, desktop and
// phone, English and German, go to artifacts/ (ARTIFACTS to change).
//
//   NIMMT_BIN=target/debug/nimmt node web/e2e/moderation.mjs

import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { check, openTable, root, session, shot } from './lib.mjs';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const bin = process.env.NIMMT_BIN ?? join(root, 'target/debug/nimmt');
const db = `sqlite://${join(mkdtempSync(join(tmpdir(), 'nimmt-mod-')), 'room.db')}`;

/** Says `text` at the table. */
async function say(page, text) {
  await page.fill('[data-testid=table-chat] > form input', text);
  await page.press('[data-testid=table-chat] > form input', 'Enter');
}

const chatLine = (page, text) => page.locator('[data-testid=table-chat] .line', { hasText: text });

await session(
  async ({ base, person }) => {
    const olga = await person('Olga', DESKTOP);
    execFileSync(bin, ['admin', 'grant', 'Olga', '--database', db]);
    const ann = await person('Ann', DESKTOP);
    const id = await openTable(ann, { seats: '3' });
    const bob = await person('Bob', DESKTOP);
    await bob.click(`[data-testid=join-${id}]`);
    const cara = await person('Cara', PHONE);
    await cara.click(`[data-testid=join-${id}]`);
    await ann.locator('[data-testid=seat-2]').waitFor();

    await say(bob, 'you all play like potatoes');
    await chatLine(ann, 'potatoes').waitFor();
    await chatLine(cara, 'potatoes').waitFor();
    check('one’s own lines have no report menu', (await bob.locator('[data-testid=table-chat] [data-testid=line-menu]').count()) === 0);

    // Ann reports the line from its menu.
    await chatLine(ann, 'potatoes').locator('[data-testid=line-menu]').click();
    await shot(ann, 'moderation-line-menu-desktop-en');
    await chatLine(ann, 'potatoes').locator('[data-testid=report-line]').click();
    await ann.fill('[data-testid=report-reason]', 'insulting the table');
    await ann.click('[data-testid=report-send]');
    await ann.locator('[data-testid=mod-said]', { hasText: 'operator will look' }).waitFor();
    check('the report is acknowledged', true);

    // Cara, on a phone in German, opens the menu of a line.
    await cara.selectOption('[data-testid=lang]', 'de');
    await chatLine(cara, 'potatoes').locator('[data-testid=line-menu]').click();
    await chatLine(cara, 'potatoes').locator('[data-testid=report-line]').click();
    await shot(cara, 'moderation-line-menu-phone-de');
    check('the menu speaks German', (await cara.locator('[data-testid=report-send]').innerText()).includes('Meldung senden'));
    const wide = await cara.evaluate(() => document.documentElement.scrollWidth > window.innerWidth + 1);
    check('the phone does not scroll sideways with the menu open', !wide);

    // Ann mutes Bob for herself: his line leaves her chat, his next one never reaches her.
    await chatLine(ann, 'potatoes').locator('[data-testid=line-menu]').click();
    await chatLine(ann, 'potatoes').locator('[data-testid=mute-player]').click();
    await ann.waitForTimeout(300);
    check('a muted player’s lines leave the chat at once', (await chatLine(ann, 'potatoes').count()) === 0);
    await say(bob, 'second line');
    await chatLine(cara, 'second line').waitFor();
    await say(cara, 'calm down');
    await chatLine(ann, 'calm down').waitFor();
    check('a muted player’s new lines do not reach who muted them', (await chatLine(ann, 'second line').count()) === 0);

    // In the lobby, a line's speaker can be reported (lobby lines have no number to report).
    await cara.goto(`${base}/#/`);
    await bob.goto(`${base}/#/`);
    await bob.fill('[data-testid=lobby-chat] > form input', 'lobby hello');
    await bob.press('[data-testid=lobby-chat] > form input', 'Enter');
    const lobbyLine = cara.locator('[data-testid=lobby-chat] .line', { hasText: 'lobby hello' });
    await lobbyLine.locator('[data-testid=line-menu]').click();
    check('a lobby line offers no line report', (await lobbyLine.locator('[data-testid=report-line]').count()) === 0);
    await lobbyLine.locator('[data-testid=report-player]').click();
    await cara.fill('[data-testid=lobby-chat] [data-testid=report-reason]', 'rude at table 1');
    await cara.click('[data-testid=lobby-chat] [data-testid=report-send]');
    await cara.locator('[data-testid=lobby-chat] [data-testid=mod-said]').waitFor();
    check('a player is reported from the lobby', true);
    await bob.goto(`${base}/#/table/${id}`);
    await bob.locator('[data-testid=table]').waitFor();

    // In the lobby Ann finds whom she muted, and could read Bob again from there.
    await ann.goto(`${base}/#/`);
    await ann.locator('[data-testid=muted-list] [data-testid=muted-player]', { hasText: 'Bob' }).waitFor();
    check('the lobby lists the players one muted', (await ann.locator('[data-testid=muted-list] [data-testid=unmute]').count()) === 1);
    await ann.goto(`${base}/#/table/${id}`);
    await ann.locator('[data-testid=table]').waitFor();

    // Ann is no operator: no link, and the page refuses.
    check('no admin link for a player', (await ann.locator('[data-testid=admin-link]').count()) === 0);
    const anns = ann.url();
    await ann.goto(`${base}/#/admin`);
    await ann.locator('[data-testid=admin-refused]').waitFor();
    check('the admin page refuses a player', true);
    await ann.goto(anns);

    // Olga sees the link, the report with the line as it was said.
    await olga.reload();
    await olga.locator('[data-testid=admin-link]').click();
    await olga.locator('[data-testid=report]').first().waitFor();
    const first = await olga.locator('[data-testid=report]').first().getAttribute('data-report');
    const report = olga.locator(`[data-testid=report][data-report="${first}"]`);
    check('the report shows the line as said', (await report.locator('[data-testid=report-text]').innerText()).includes('potatoes'));
    check('the report names who reported whom', (await report.innerText()).includes('Ann reports Bob'));
    await shot(olga, 'moderation-admin-desktop-en');

    await report.locator('[data-testid=report-why]').fill('insult removed');
    await report.locator('[data-testid=report-remove-line]').click();
    await olga.locator('[data-testid=admin-said]', { hasText: 'Done' }).waitFor();
    await chatLine(cara, 'potatoes').waitFor({ state: 'detached' });
    check('the removed line leaves everyone’s chat', (await chatLine(bob, 'potatoes').count()) === 0);

    await report.locator('[data-testid=report-why]').fill('insults at table');
    await report.locator('[data-testid=report-mute]').click();
    await olga.locator('[data-testid=sanction][data-kind=mute]').waitFor();
    await say(bob, 'can I still talk?');
    await bob.locator('[data-testid=table-chat] .line.error', { hasText: 'insults at table' }).waitFor();
    check('a muted player’s line is refused with the reason', (await chatLine(cara, 'still talk').count()) === 0);

    await report.locator('[data-testid=report-resolve]').click();
    await report.waitFor({ state: 'detached' });
    // Cara's report of Bob from the lobby waits too, without a line; Olga dismisses it.
    const second = olga.locator('[data-testid=report]').first();
    check('the lobby report names the player, no line', (await second.innerText()).includes('Cara reports Bob') && (await second.locator('[data-testid=report-text]').count()) === 0);
    await second.locator('[data-testid=report-why]').fill('already muted');
    await second.locator('[data-testid=report-dismiss]').click();
    await olga.locator('[data-testid=report]').first().waitFor({ state: 'detached' });
    const actions = await olga.locator('[data-testid=audit-row]').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-action')));
    const expected = ['dismiss_report', 'resolve_report', 'mute', 'remove_line'];
    check('the audit log holds every act, newest first', JSON.stringify(actions) === JSON.stringify(expected), JSON.stringify(actions));
    await shot(olga, 'moderation-admin-after-desktop-en');

    await olga.selectOption('[data-testid=lang]', 'de');
    await olga.locator('[data-testid=admin] h2', { hasText: 'Moderationsbereich' }).waitFor();
    await shot(olga, 'moderation-admin-desktop-de');
    await olga.setViewportSize(PHONE);
    await shot(olga, 'moderation-admin-phone-de');
    const olgaWide = await olga.evaluate(() => document.documentElement.scrollWidth > window.innerWidth + 1);
    check('the admin page fits a phone', !olgaWide);
    await olga.selectOption('[data-testid=lang]', 'en');
    await shot(olga, 'moderation-admin-phone-en');

    // A player is reported from their seat (Cara, on her phone in German, reports Ann).
    await cara.goto(`${base}/#/table/${id}`);
    await cara.locator('[data-testid=seat-0] [data-testid=seat-report]').click();
    await cara.fill('[data-testid=seat-0] [data-testid=report-reason]', 'lässt alle warten');
    await shot(cara, 'moderation-seat-report-phone-de');
    await cara.click('[data-testid=seat-0] [data-testid=report-send]');
    await cara.locator('[data-testid=seat-0] [data-testid=mod-said]', { hasText: 'Moderator' }).waitFor();
    check('one’s own seat has no report button', (await cara.locator('[data-testid=seat-2] [data-testid=seat-report]').count()) === 0);
    await olga.click('[data-testid=admin] .adminhead button');
    await olga.locator('[data-testid=report]', { hasText: 'Cara reports Ann' }).waitFor();
    check('a report from a seat waits for an operator', true);

    // Olga bans Bob with the form: his open page is told why, in his language.
    await olga.fill('[data-testid=act-player]', 'Bob');
    await olga.selectOption('[data-testid=act-kind]', 'ban');
    await olga.fill('[data-testid=act-why]', 'repeated insults');
    await olga.click('[data-testid=act-apply]');
    await olga.locator('[data-testid=sanction][data-kind=ban]').waitFor();
    await bob.locator('text=repeated insults').first().waitFor();
    check('the banned player’s page says why', (await bob.locator('text=banned you').count()) > 0);
    // His connection is closed (4005): the page says "disconnected" and does not try again.
    await bob.locator('[data-testid=conn][data-status=ended]', { hasText: 'disconnected' }).waitFor({ timeout: 5000 });
    await bob.waitForTimeout(1500);
    check('…and stays disconnected, with no new attempt', (await bob.locator('[data-testid=conn]').getAttribute('data-status')) === 'ended');
    await shot(bob, 'moderation-banned-desktop-en');

    // Ann reads Bob again: he leaves her list of muted players.
    await ann.goto(`${base}/#/`);
    await ann.locator('[data-testid=muted-list] [data-testid=unmute]').click();
    await ann.locator('[data-testid=muted-list]').waitFor({ state: 'detached' });
    check('unmuting empties the list', true);
  },
  { nodes: [['--database', db]] },
);
