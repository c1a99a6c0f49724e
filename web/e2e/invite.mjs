// End-to-end: a private table and its invitation link in a real headless Chromium against a real
// `nimmt serve`.
//
//   NIMMT_BIN=target/debug/nimmt node web/e2e/invite.mjs
//
// Ann (desktop) opens a private table and reads its link in the side panel; Bea (phone) opens
// the link and is seated; Cem (desktop, German) opens the table without the code: the lobby does
// not list it, and his join is refused with a clear German message. Ann renews the link: the old
// one is refused as renewed. Screenshots (English and German, 1280×800 and 390×844) go to
// artifacts/invite-*.png.

import { check, openTable, session, shot } from './lib.mjs';

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

const toastText = (page) => page.locator('[data-testid=error]').first().textContent({ timeout: 10000 });

await session(async ({ base, person }) => {
  const ann = await person('Ann', DESKTOP);
  const id = await openTable(ann, { private: 'yes' });
  check('Ann opened a table', id > 0, `id ${id}`);
  const box = ann.locator('[data-testid=invite]');
  await box.waitFor({ timeout: 10000 });
  const link = await ann.locator('[data-testid=invite-link]').inputValue();
  check('the host sees the invitation link', link.startsWith(`${base}/t/${id}?invite=`), link);
  check('the code has at least 128 bits', (new URL(link).searchParams.get('invite') ?? '').length >= 22, link);
  check('the host may renew it', await ann.locator('[data-testid=invite-renew]').isVisible());
  await shot(ann, 'invite-host-desktop-en');

  // Bea opens the link on her phone and is seated.
  const bea = await person('Bea', PHONE);
  await bea.goto(link);
  await bea.locator('[data-testid=table] .seat.me').waitFor({ timeout: 15000 });
  check('Bea is seated by the link', (await bea.locator('.seat.me').textContent()).includes('Bea'));
  check('the address bar shows the table, not the code', !bea.url().includes('invite='), bea.url());
  await bea.locator('[data-testid=invite]').waitFor();
  check('Bea, seated, sees the link too, without the renew button', !(await bea.locator('[data-testid=invite-renew]').count()));
  await shot(bea, 'invite-guest-phone-en');
  await bea.selectOption('[data-testid=lang]', 'de');
  await bea.locator('[data-testid=invite] h3', { hasText: 'Einladungslink' }).waitFor();
  await shot(bea, 'invite-guest-phone-de');

  // Cem, without the code: not in his lobby, and refused in German.
  const cem = await person('Cem', DESKTOP);
  await cem.selectOption('[data-testid=lang]', 'de');
  await cem.waitForTimeout(300);
  const listed = await cem.locator(`[data-testid=lobby-table-${id}], [data-table="${id}"]`).count();
  check('the private table is not in the lobby of someone not seated', listed === 0);
  const body = await (await fetch(`${base}/api/tables`)).text();
  check('nor in /api/tables', !body.includes(`"id":${id},`) && !body.includes(link.split('invite=')[1]));
  await cem.goto(`${base}/t/${id}`);
  await cem.locator('[data-testid=conn][data-status=online]').waitFor();
  await cem.getByRole('button', { name: /Mitspielen|Platz nehmen|Beitreten/ }).first().click();
  const refused = await toastText(cem);
  check('Cem is refused in German', /privat/.test(refused) && /Einladungslink/.test(refused), refused);
  await shot(cem, 'invite-refused-desktop-de');

  // Ann renews the link: the old code is refused as renewed (Dan, on a phone).
  await ann.click('[data-testid=invite-renew]');
  await ann.click('[data-testid=confirm-yes]');
  await ann.waitForFunction((old) => document.querySelector('[data-testid=invite-link]')?.value !== old, link);
  const renewed = await ann.locator('[data-testid=invite-link]').inputValue();
  check('the renewed link differs', renewed !== link && renewed.startsWith(`${base}/t/${id}?invite=`), renewed);
  const dan = await person('Dan', PHONE);
  await dan.goto(link);
  const old = await toastText(dan);
  check('the old link is refused as renewed', old.includes('renewed by the host'), old);
  await shot(dan, 'invite-renewed-phone-en');
  await ann.selectOption('[data-testid=lang]', 'de');
  await ann.locator('[data-testid=invite] h3', { hasText: 'Einladungslink' }).waitFor();
  await shot(ann, 'invite-host-desktop-de');

  // Its players do find it in their lobby (the list Cem's check above looked at).
  await ann.click('[data-testid=table] .tablebar button:has-text("Lobby")');
  await ann.locator(`[data-testid=lobby-table-${id}]`).waitFor({ timeout: 10000 });
  check('the host finds the private table in the lobby', (await ann.locator(`[data-testid=lobby-table-${id}]`).count()) === 1);
});
