import type { TestApp } from '../../../test/helpers';
import { hashPassword } from '../../http/auth';
import { ensureFirstOperator, type OperatorRole } from '../admin/port';

export const OPERATOR_PASSWORD = 'operator-pass-1';

/** Creates an operator with a role (when missing) and returns a bearer token for it. */
export async function operatorAs(t: TestApp, username: string, role: OperatorRole): Promise<string> {
  if (username === 'admin') await ensureFirstOperator(t.ctx, OPERATOR_PASSWORD);
  else
    await t.ctx.db
      .insertInto('operators')
      .values({
        username,
        password_hash: await hashPassword(OPERATOR_PASSWORD),
        role,
        created_at: t.clock.now(),
      })
      .onConflict((oc) => oc.column('username').doNothing())
      .execute();
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/admin/login',
    payload: { username, password: OPERATOR_PASSWORD },
  });
  const token = (res.json() as { token?: string }).token;
  if (!token) throw new Error(`operator login failed: ${res.body}`);
  return token;
}

/** Calls the back-office API as an operator; answers the HTTP status and JSON body. */
export async function adminApi<T = Record<string, unknown>>(
  t: TestApp,
  token: string | null,
  method: 'GET' | 'POST',
  url: string,
  payload?: unknown,
): Promise<{ status: number; body: T }> {
  const res = await t.app.inject({
    method,
    url,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
  const type = String(res.headers['content-type'] ?? '');
  return { status: res.statusCode, body: (type.includes('json') ? res.json() : res.body) as T };
}
