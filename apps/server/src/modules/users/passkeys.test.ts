import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createTestApp, fund, type Session, type TestApp } from '../../../test/helpers';
import { operatorToken } from '../identity/testing';
import { FUND_PASSWORD, moneySnapshot, moneyUser } from '../money/testing';
import { SoftAuthenticator } from './webauthn-testing';

const ORIGIN = 'http://localhost:3999';
let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp({ config: { webauthnOrigin: ORIGIN } });
  token = await operatorToken(t);
});
afterAll(() => t.close());

type Options = { challenge: string } & Record<string, unknown>;
const options = async (path: string, session?: Session) =>
  (await api<Options>(t.app, path, {}, session ? { session } : {})).data;

/** A user with a fresh software passkey registered. */
async function withPasskey() {
  const user = await moneyUser(t, token);
  await fund(t.ctx, user.session.userId, 'JPY', 100_000);
  const device = new SoftAuthenticator(ORIGIN, 'localhost');
  const created = device.register(await options('/user/passkeyOptions', user.session));
  const added = await api<{ id: number }>(
    t.app,
    '/user/passkeyAdd',
    { credential: created, name: 'My phone' },
    { session: user.session },
  );
  expect(added).toMatchObject({ status: 1, msg: 'add' });
  return { ...user, device, passkeyId: added.data.id };
}

const passkeyLogin = (credential: unknown) =>
  api<{ token: string; account: string }>(t.app, '/user/passkeyLogin', { credential });
const passkeys = (userId: number) =>
  t.ctx.db
    .selectFrom('user_passkeys')
    .select(['counter', 'last_used_at'])
    .where('user_id', '=', userId)
    .execute();

describe('passkeys (SPEC §13.1)', () => {
  it('registers a passkey and signs in with it alone; the passkey shows its name and last use', async () => {
    const { session, device } = await withPasskey();
    const signedIn = await passkeyLogin(device.assert(await options('/user/passkeyLoginOptions')));
    expect(signedIn).toMatchObject({ status: 1, data: { account: session.account } });
    const info = await api<{ passkeys: Array<{ name: string; lastUsedAt: string | null }> }>(
      t.app,
      '/user/securityInfo',
      {},
      { session },
    );
    expect(info.data.passkeys).toEqual([
      expect.objectContaining({ name: 'My phone', lastUsedAt: expect.any(String) }),
    ]);
  });

  it('refuses a passkey made for another origin, changing nothing', async () => {
    const user = await moneyUser(t, token);
    const device = new SoftAuthenticator(ORIGIN, 'localhost');
    const created = device.register(await options('/user/passkeyOptions', user.session), {
      origin: 'https://kabuto.example.evil',
    });
    expect(
      await api(t.app, '/user/passkeyAdd', { credential: created }, { session: user.session }),
    ).toMatchObject({
      status: 0,
      msg: 'passkey_invalid',
    });
    expect(await passkeys(user.session.userId)).toEqual([]);
  });

  it('refuses a malformed credential, a replayed challenge and a foreign-origin assertion', async () => {
    const { device, session } = await withPasskey();
    const before = await passkeys(session.userId);
    const malformed = { ...device.assert(await options('/user/passkeyLoginOptions')) };
    malformed.response = { ...malformed.response, clientDataJSON: 'bm90LWpzb24' };
    expect(await passkeyLogin(malformed)).toMatchObject({ status: 0, msg: 'passkey_invalid' });
    const opts = await options('/user/passkeyLoginOptions');
    expect((await passkeyLogin(device.assert(opts))).status).toBe(1);
    const accepted = device.counter;
    // The same challenge again (a replay), even with a fresh signature: refused.
    expect(await passkeyLogin(device.assert(opts))).toMatchObject({ status: 0, msg: 'passkey_invalid' });
    const foreign = device.assert(await options('/user/passkeyLoginOptions'), {
      origin: 'https://evil.example',
    });
    expect(await passkeyLogin(foreign)).toMatchObject({ status: 0, msg: 'passkey_invalid' });
    // Only the accepted assertion moved the stored counter.
    expect(before[0]?.counter).toBe(0);
    expect((await passkeys(session.userId))[0]?.counter).toBe(accepted);
  });

  it('refuses a signature counter that goes backwards (a cloned authenticator)', async () => {
    const { device, session } = await withPasskey();
    expect((await passkeyLogin(device.assert(await options('/user/passkeyLoginOptions')))).status).toBe(1);
    expect((await passkeyLogin(device.assert(await options('/user/passkeyLoginOptions')))).status).toBe(1);
    const stored = (await passkeys(session.userId))[0]?.counter;
    const cloned = device.assert(await options('/user/passkeyLoginOptions'), { counter: 1 });
    expect(await passkeyLogin(cloned)).toMatchObject({ status: 0, msg: 'passkey_invalid' });
    expect((await passkeys(session.userId))[0]?.counter).toBe(stored);
  });

  it('asks a passkey user for a step-up before a withdrawal and lets it through after one', async () => {
    const { device, session, cardId } = await withPasskey();
    const withdrawal = () =>
      api(
        t.app,
        '/user/withdraw',
        { amount: '30000', card_id: cardId, fund_password: FUND_PASSWORD },
        { session },
      );
    const before = await moneySnapshot(t.ctx, session.userId);
    expect(await withdrawal()).toMatchObject({ status: 0, msg: 'step_up_required' });
    expect(await moneySnapshot(t.ctx, session.userId)).toEqual(before);
    const stepUp = await api<{ methods: string[]; passkey: Options }>(
      t.app,
      '/user/stepUpOptions',
      {},
      { session },
    );
    // A passkey alone comes with no recovery codes: none is offered until the investor asks for them.
    expect(stepUp.data.methods).toEqual(['passkey']);
    // A step-up challenge of another session does not count in this one.
    const other = (await passkeyLogin(device.assert(await options('/user/passkeyLoginOptions')))).data;
    const otherSession = { ...other, userId: session.userId };
    const foreignOptions = await api<{ passkey: Options }>(
      t.app,
      '/user/stepUpOptions',
      {},
      { session: otherSession },
    );
    expect(
      await api(
        t.app,
        '/user/stepUp',
        { credential: device.assert(foreignOptions.data.passkey) },
        { session },
      ),
    ).toMatchObject({ status: 0, msg: 'passkey_invalid' });
    expect(await withdrawal()).toMatchObject({ status: 0, msg: 'step_up_required' });
    expect(
      (await api(t.app, '/user/stepUp', { credential: device.assert(stepUp.data.passkey) }, { session }))
        .status,
    ).toBe(1);
    expect((await withdrawal()).status).toBe(1);
  });

  it('renames and, after a step-up, removes a passkey; removal ends the other sessions', async () => {
    const { device, session, passkeyId } = await withPasskey();
    const other = (await passkeyLogin(device.assert(await options('/user/passkeyLoginOptions')))).data;
    expect(
      (await api(t.app, '/user/passkeyRename', { id: passkeyId, name: 'Old phone' }, { session })).status,
    ).toBe(1);
    expect(await api(t.app, '/user/passkeyDelete', { id: passkeyId }, { session })).toMatchObject({
      msg: 'step_up_required',
    });
    const stepUp = await api<{ passkey: Options }>(t.app, '/user/stepUpOptions', {}, { session });
    await api(t.app, '/user/stepUp', { credential: device.assert(stepUp.data.passkey) }, { session });
    expect((await api(t.app, '/user/passkeyDelete', { id: passkeyId }, { session })).status).toBe(1);
    expect(await passkeys(session.userId)).toEqual([]);
    expect((await api(t.app, '/user/getUserinfo', {}, { session: { ...other, userId: 0 } })).httpStatus).toBe(
      401,
    );
    expect((await passkeyLogin(device.assert(await options('/user/passkeyLoginOptions')))).msg).toBe(
      'passkey_invalid',
    );
  });
});
