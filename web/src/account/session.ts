// Where the browser keeps an account's session: the session token in `localStorage` under the
// same key as a guest's token (`hello` says either), and the account's name beside it.

export const ACCOUNT_KEY = 'nimmt.account';
