import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createTestApp, registerUser, type Session, type TestApp } from '../../../test/helpers';
import { messages } from './service';

let t: TestApp;
let alice: Session;
let bob: Session;
beforeAll(async () => {
  t = await createTestApp();
  alice = await registerUser(t.app);
  bob = await registerUser(t.app);
});
afterAll(async () => {
  await t.close();
});

const text = (s: string) => ({ cn: `${s}（中文）`, us: `${s} (English)`, jp: `${s}（日本語）` });

describe('messages', () => {
  it('shows a user their own and broadcast messages, in the language asked for, with the unread count', async () => {
    await messages.send(
      t.ctx.db,
      { userId: alice.userId, kind: 'notice', title: text('For Alice'), body: text('Hello Alice') },
      t.clock.now(),
    );
    await messages.send(
      t.ctx.db,
      { userId: null, kind: 'notice', title: text('For everyone'), body: text('Hello all') },
      t.clock.now(),
    );
    await messages.send(
      t.ctx.db,
      { userId: bob.userId, kind: 'notice', title: text('For Bob'), body: text('Hello Bob') },
      t.clock.now(),
    );

    const list = await api<{
      list: Array<{ title: string; read: boolean; broadcast: boolean }>;
      total: number;
    }>(t.app, '/user/messageList', {}, { session: alice, headers: { language: 'us' } });
    expect(list.data.total).toBe(2);
    expect(list.data.list.map((m) => m.title)).toEqual(['For everyone (English)', 'For Alice (English)']);
    expect(list.data.list.every((m) => !m.read)).toBe(true);
    expect(await api(t.app, '/user/unreadCount', {}, { session: alice })).toMatchObject({
      data: { count: 2 },
    });
  });

  it('marks a message read when opened and never opens someone else’s', async () => {
    const list = await api<{ list: Array<{ id: number; title: string }> }>(
      t.app,
      '/user/messageList',
      {},
      { session: alice, headers: { language: 'jp' } },
    );
    const first = list.data.list[0]!;
    const opened = await api<{ body: string; read: boolean }>(
      t.app,
      '/user/messageInfo',
      { id: first.id },
      { session: alice, headers: { language: 'jp' } },
    );
    expect(opened).toMatchObject({ status: 1, data: { read: true, body: 'Hello all（日本語）' } });
    expect(await api(t.app, '/user/unreadCount', {}, { session: alice })).toMatchObject({
      data: { count: 1 },
    });
    // Broadcast read state is per user.
    expect(await api(t.app, '/user/unreadCount', {}, { session: bob })).toMatchObject({ data: { count: 2 } });

    const bobs = await api<{ list: Array<{ id: number; title: string }> }>(
      t.app,
      '/user/messageList',
      {},
      { session: bob, headers: { language: 'us' } },
    );
    const bobOnly = bobs.data.list.find((m) => m.title.startsWith('For Bob'))!;
    expect(await api(t.app, '/user/messageInfo', { id: bobOnly.id }, { session: alice })).toMatchObject({
      status: 0,
      msg: 'not_found',
    });
    expect(await api(t.app, '/user/messageInfo', { id: 'abc' }, { session: alice })).toMatchObject({
      status: 0,
      msg: 'bad_request',
      data: { field: 'id' },
    });
  });
});
