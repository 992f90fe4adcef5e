/** Investors for the benchmarks: registered over HTTP, signed in in a browser page. */
import type { Page } from 'puppeteer-core';

export interface Session {
  token: string;
  account: string;
}

/** Registers the investor `account` (Japanese) on a running server. */
export async function registerAs(baseUrl: string, account: string): Promise<Session> {
  const res = await fetch(`${baseUrl}/api/vue/user/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      account,
      password: 'secret123',
      repassword: 'secret123',
      agree: 1,
      language: 'jp',
    }),
  });
  const json = (await res.json()) as { status: number; msg: string; data: Session };
  if (json.status !== 1) throw new Error(`register ${account}: ${json.msg}`);
  return json.data;
}

/** Registers a new investor whose account starts with `prefix`. */
export function register(baseUrl: string, prefix: string): Promise<Session> {
  return registerAs(baseUrl, `${prefix}${Date.now().toString(36)}`);
}

/** Puts the session where the app keeps it (local storage of the server's origin), Japanese market selected. */
export async function signIn(page: Page, baseUrl: string, session: Session): Promise<void> {
  await page.goto(`${baseUrl}/`);
  await page.evaluate((s) => {
    localStorage.setItem('language', 'jp');
    localStorage.setItem('stock', 'jpy');
    localStorage.setItem('token', s.token);
    localStorage.setItem('account', s.account);
  }, session);
}
