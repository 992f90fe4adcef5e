import { randomBytes } from 'node:crypto';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createTestApp, registerUser, type TestApp } from '../../test/helpers';
import { ensureFirstOperator } from '../modules/admin/auth';
import { newTotpSecret, sealStoredTotpSecrets, sealTotpSecret, totpValid } from './totp';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const codeAt = (secret: string, now: Date) => generate({ secret, epoch: Math.floor(now.getTime() / 1000) });

describe('TOTP secrets at rest', () => {
  it('stores an investor’s authenticator secret sealed, not as the secret, and its codes still work', async () => {
    const session = await registerUser(t.app);
    const setup = await api<{ secret: string }>(t.app, '/user/totpSetup', {}, { session });
    expect(setup.status).toBe(1);
    const row = await t.ctx.db
      .selectFrom('user_totp')
      .select('secret')
      .where('user_id', '=', session.userId)
      .executeTakeFirstOrThrow();
    expect(row.secret).not.toBe(setup.data.secret);
    expect(row.secret).not.toContain(setup.data.secret);
    expect(row.secret.startsWith('v1:')).toBe(true);

    const enabled = await api(
      t.app,
      '/user/totpEnable',
      { code: await codeAt(setup.data.secret, t.clock.now()) },
      { session },
    );
    expect(enabled.status).toBe(1);
  });

  it('seals the same secret differently each time and refuses codes under another key', async () => {
    const secret = newTotpSecret();
    const key = t.ctx.config.totpKey;
    const first = sealTotpSecret(key, secret);
    expect(sealTotpSecret(key, secret)).not.toBe(first);
    const now = t.clock.now();
    const code = await codeAt(secret, now);
    expect(await totpValid(key, first, code, now)).toBe(true);
    expect(await totpValid(randomBytes(32), first, code, now)).toBe(false);
  });

  it('seals secrets stored in the clear before sealing existed, for investors and operators', async () => {
    const session = await registerUser(t.app);
    const secret = newTotpSecret();
    await t.ctx.db
      .insertInto('user_totp')
      .values({ user_id: session.userId, secret, enabled_at: null, last_step: null })
      .execute();
    await ensureFirstOperator(t.ctx, 'adminpass');
    const operator = await t.ctx.db
      .selectFrom('operators')
      .select('id')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await t.ctx.db
      .updateTable('operators')
      .set({ totp_secret: secret })
      .where('id', '=', operator.id)
      .execute();

    expect(await sealStoredTotpSecrets(t.ctx.db, t.ctx.config.totpKey)).toBeGreaterThanOrEqual(2);

    const stored = await t.ctx.db
      .selectFrom('user_totp')
      .select('secret')
      .where('user_id', '=', session.userId)
      .executeTakeFirstOrThrow();
    const op = await t.ctx.db
      .selectFrom('operators')
      .select('totp_secret')
      .where('id', '=', operator.id)
      .executeTakeFirstOrThrow();
    for (const sealed of [stored.secret, op.totp_secret ?? '']) {
      expect(sealed).not.toContain(secret);
      const now = t.clock.now();
      expect(await totpValid(t.ctx.config.totpKey, sealed, await codeAt(secret, now), now)).toBe(true);
    }
    // A second run finds nothing left in the clear.
    expect(await sealStoredTotpSecrets(t.ctx.db, t.ctx.config.totpKey)).toBe(0);
  });
});
