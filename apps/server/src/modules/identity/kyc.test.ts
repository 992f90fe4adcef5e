import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createTestApp, registerUser, type Session, type TestApp } from '../../../test/helpers';
import { decide, jpegImage, multipartApi, operatorToken, pngImage, reviewList, submitKyc } from './testing';

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  token = await operatorToken(t);
});
afterAll(() => t.close());

interface KycAnswer {
  state: string;
  name: string | null;
  idNumber: string | null;
  reason: string | null;
  frontFileId: number | null;
}

const info = async (session: Session) =>
  (await api<KycAnswer>(t.app, '/user/verifyInfo', {}, { session })).data;

async function pendingItemOf(userId: number) {
  const list = await reviewList(t, token, 'kyc');
  const item = list.list.find((i) => i.userId === userId);
  if (!item) throw new Error('no pending kyc item');
  return item;
}

async function lastMessage(session: Session) {
  const res = await api<{ list: Array<{ title: string; body: string; kind: string }> }>(
    t.app,
    '/user/messageList',
    {},
    { session },
  );
  return res.data.list[0];
}

describe('real-name verification', () => {
  it('starts unverified and goes to under review on a complete submission', async () => {
    const session = await registerUser(t.app);
    expect((await info(session)).state).toBe('unverified');
    const res = await submitKyc(t.app, session);
    expect(res).toMatchObject({
      status: 1,
      msg: 'upload',
      data: { state: 'pending', name: 'Yamada Taro', idNumber: '*****4567' },
    });
    expect((await info(session)).state).toBe('pending');
  });

  it('refuses a second submission while one is under review (kyc_pending)', async () => {
    const session = await registerUser(t.app);
    expect((await submitKyc(t.app, session)).status).toBe(1);
    const again = await submitKyc(t.app, session);
    expect(again).toMatchObject({ status: 0, msg: 'kyc_pending' });
    const rows = await t.ctx.db
      .selectFrom('kyc_submissions')
      .select('id')
      .where('user_id', '=', session.userId)
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('requires the name and the ID number (id_required)', async () => {
    const session = await registerUser(t.app);
    const images = { front: { data: await jpegImage() }, back: { data: await jpegImage() } };
    const noName = await multipartApi(
      t.app,
      '/user/verify',
      { name: ' ', id_number: 'AB123456', agree: 1 },
      images,
      { session },
    );
    expect(noName).toMatchObject({ status: 0, msg: 'id_required', data: { field: 'name' } });
    const noId = await multipartApi(t.app, '/user/verify', { name: 'Yamada Taro', agree: 1 }, images, {
      session,
    });
    expect(noId).toMatchObject({ status: 0, msg: 'id_required', data: { field: 'id_number' } });
    expect((await info(session)).state).toBe('unverified');
  });

  it('requires the privacy notice to be ticked (privacy_required)', async () => {
    const session = await registerUser(t.app);
    const res = await multipartApi(
      t.app,
      '/user/verify',
      { name: 'Yamada Taro', id_number: 'AB123456' },
      { front: { data: await jpegImage() }, back: { data: await jpegImage() } },
      { session },
    );
    expect(res).toMatchObject({ status: 0, msg: 'privacy_required' });
  });

  it('requires both images (file_invalid)', async () => {
    const session = await registerUser(t.app);
    const res = await multipartApi(
      t.app,
      '/user/verify',
      { name: 'Yamada Taro', id_number: 'AB123456', agree: 1 },
      { front: { data: await pngImage() } },
      { session },
    );
    expect(res).toMatchObject({ status: 0, msg: 'file_invalid', data: { field: 'back' } });
  });

  it('approval verifies the user, records the real name and starts the credit score, with a message and an audit entry', async () => {
    const session = await registerUser(t.app);
    await submitKyc(t.app, session, '山田　太郎');
    const item = await pendingItemOf(session.userId);
    expect(item.details).toMatchObject({ name: '山田 太郎', idNumber: 'AB1234567' });
    expect(String(item.details.front)).toMatch(/^\/api\/admin\/files\/\d+$/);

    expect(await decide(t, token, 'kyc', item.id, 'approve')).toBe(200);
    const user = await t.ctx.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', session.userId)
      .executeTakeFirstOrThrow();
    expect(user).toMatchObject({
      kyc_state: 'verified',
      real_name: '山田 太郎',
      credit_score: t.ctx.config.initialCreditScore,
    });
    expect(await info(session)).toMatchObject({ state: 'verified', name: '山田 太郎', reason: null });
    expect(await lastMessage(session)).toMatchObject({
      kind: 'review_outcome',
      title: '本人確認が完了しました',
    });
    const audit = await t.ctx.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'kyc_approve')
      .where('target_id', '=', String(item.id))
      .execute();
    expect(audit).toHaveLength(1);

    expect(await submitKyc(t.app, session)).toMatchObject({ status: 0, msg: 'kyc_done' });
    expect(await decide(t, token, 'kyc', item.id, 'reject', 'late')).toBe(409);
  });

  it('rejection fails the verification with the reason shown to the user, and allows a resubmission', async () => {
    const session = await registerUser(t.app);
    await submitKyc(t.app, session);
    const item = await pendingItemOf(session.userId);
    expect(await decide(t, token, 'kyc', item.id, 'reject')).toBe(400);
    expect(await decide(t, token, 'kyc', item.id, 'reject', 'The back image is blurred')).toBe(200);

    expect(await info(session)).toMatchObject({ state: 'failed', reason: 'The back image is blurred' });
    const message = await lastMessage(session);
    expect(message?.body).toContain('The back image is blurred');
    const user = await t.ctx.db
      .selectFrom('users')
      .select(['kyc_state', 'real_name', 'credit_score'])
      .where('id', '=', session.userId)
      .executeTakeFirstOrThrow();
    expect(user).toEqual({ kyc_state: 'failed', real_name: null, credit_score: null });
    const audit = await t.ctx.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'kyc_reject')
      .where('target_id', '=', String(item.id))
      .executeTakeFirstOrThrow();
    expect(audit.reason).toBe('The back image is blurred');

    expect((await submitKyc(t.app, session)).data).toMatchObject({ state: 'pending', reason: null });
  });

  it('lists decided items with their reviewer', async () => {
    const approved = await reviewList(t, token, 'kyc', 'approved');
    expect(approved.list.length).toBeGreaterThan(0);
    expect(approved.list[0]).toMatchObject({ state: 'approved', reviewer: 'admin' });
  });
});
