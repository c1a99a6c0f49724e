// Accounts for the end-to-end scripts: signed up over HTTP, then a browser logged in as them.

export const PASSWORD = 'cows and bulls 104';

/** Signs `name` up over HTTP: the session token. */
export async function signUp(base, name) {
  const r = await fetch(`${base}/api/account/signup`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ name, password: PASSWORD }),
  });
  const body = await r.json();
  if (r.status !== 201) throw new Error(`sign-up of ${name}: ${r.status} ${JSON.stringify(body)}`);
  return body.token;
}

/** `name`'s browser, logged in as the account (its session in the page's storage); with the
 * token, for requests made beside the page. */
export async function loggedIn(person, base, name, viewport) {
  const token = await signUp(base, name);
  const page = await person(`Guest ${name}`, viewport);
  await page.evaluate(
    ([n, tk]) => {
      localStorage.setItem('nimmt.token', tk);
      localStorage.setItem('nimmt.account', n);
      localStorage.setItem('nimmt.name', n);
    },
    [name, token],
  );
  await page.reload();
  await page.locator('[data-testid=conn][data-status=online]').waitFor({ timeout: 15000 });
  page.token = token;
  return page;
}
