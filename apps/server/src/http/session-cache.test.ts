import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createTestApp, registerUser, type TestApp } from '../../test/helpers';
import type { User } from './auth';
import { SessionCache } from './session-cache';

const user = (id: number) => ({ id, account: `u${id}` }) as User;
const session = (id: number, sessionId = id * 10) => ({
  user: user(id),
  sessionId,
  lastSeenAt: new Date(0),
  expiresAt: new Date(0),
});

describe('the cache itself', () => {
  it('keeps a session for its time to live and no longer', () => {
    let now = 1_000;
    const cache = new SessionCache(2_000, () => now);
    cache.set('a', session(1));
    now = 2_999;
    expect(cache.get('a')?.user.id).toBe(1);
    now = 3_001;
    expect(cache.get('a')).toBeUndefined();
  });

  it('forgets one user and does not take that user back until the time to live has passed', () => {
    let now = 0;
    const cache = new SessionCache(1_000, () => now);
    cache.set('a', session(1));
    cache.set('b', session(2));
    cache.forgetUser(1);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('b')?.user.id).toBe(2);
    now = 500;
    cache.set('a', session(1));
    expect(cache.get('a')).toBeUndefined();
    now = 1_000;
    cache.set('a', session(1));
    expect(cache.get('a')?.user.id).toBe(1);
  });

  it("forgets one session by its id (not the user's others), and everyone when asked to", () => {
    const cache = new SessionCache(1_000, () => 0);
    cache.set('a', session(1, 11));
    cache.set('b', session(1, 12));
    cache.set('c', session(2, 21));
    cache.forgetSession(11);
    expect([cache.get('a'), cache.get('b')?.sessionId, cache.get('c')?.sessionId]).toEqual([
      undefined,
      12,
      21,
    ]);
    cache.forgetUser(null);
    expect(cache.size).toBe(0);
  });

  it('caches nothing when turned off', () => {
    const cache = new SessionCache(0, () => 0);
    cache.set('a', session(1));
    expect(cache.get('a')).toBeUndefined();
  });
});

describe('signed-in calls', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { sessionCacheMs: 60_000 } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('serve a cached session without reading it again, and refuse a ban on the very next call once it is announced', async () => {
    const s = await registerUser(t.app);
    expect((await api(t.app, '/user/summary', {}, { session: s })).status).toBe(1);
    // A change this node does not make (another node's; here SQL the cache does not watch)…
    await sql`UPDATE users SET banned = TRUE, flag_reason = 'review' WHERE id = ${s.userId}`.execute(
      t.ctx.db,
    );
    // …is not seen while the session is cached (its expiry is the unit tests above)…
    expect((await api(t.app, '/user/summary', {}, { session: s })).status).toBe(1);
    // …and is seen on the next call once announced, as every write of account flags does.
    t.ctx.sessions.forgetUser(s.userId);
    expect(await api(t.app, '/user/summary', {}, { session: s })).toMatchObject({
      status: 0,
      msg: 'account_blocked',
    });
  });

  it('end at once on logout, even though the session was cached', async () => {
    const s = await registerUser(t.app);
    expect((await api(t.app, '/user/summary', {}, { session: s })).status).toBe(1);
    expect((await api(t.app, '/user/logout', {}, { session: s })).status).toBe(1);
    expect((await api(t.app, '/user/summary', {}, { session: s })).httpStatus).toBe(401);
  });
});
