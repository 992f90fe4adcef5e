import { randomBytes } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createTestApp, registerUser, type Session, type TestApp } from '../../../test/helpers';
import { LIMITS } from '../../config';
import {
  type FilePart,
  jpegImage,
  multipartApi,
  operatorToken,
  pngImage,
  reviewList,
  submitKyc,
} from './testing';

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  token = await operatorToken(t);
});
afterAll(() => t.close());

async function storedOnDisk(): Promise<string[]> {
  try {
    const entries = await readdir(path.join(t.ctx.config.dataDir, 'files'), {
      recursive: true,
      withFileTypes: true,
    });
    return entries.filter((e) => e.isFile()).map((e) => e.name);
  } catch {
    return [];
  }
}

async function storedRows(): Promise<number> {
  const rows = await t.ctx.db.selectFrom('stored_files').select('id').execute();
  return rows.length;
}

/** Submits a verification whose front is `front` (the back is a valid image), and checks nothing was kept. */
async function expectRefusedUpload(session: Session, files: Record<string, FilePart>) {
  const diskBefore = await storedOnDisk();
  const rowsBefore = await storedRows();
  const res = await multipartApi(
    t.app,
    '/user/verify',
    { name: 'Yamada Taro', id_number: 'AB1234567', agree: 1 },
    files,
    { session },
  );
  expect(res.httpStatus).toBe(200);
  expect(res).toMatchObject({ status: 0, msg: 'file_invalid' });
  expect(await storedOnDisk()).toEqual(diskBefore);
  expect(await storedRows()).toBe(rowsBefore);
  const user = await t.ctx.db
    .selectFrom('users')
    .select('kyc_state')
    .where('id', '=', session.userId)
    .executeTakeFirstOrThrow();
  expect(user.kyc_state).toBe('unverified');
}

describe('upload attacks are refused with file_invalid and nothing is stored', () => {
  it('refuses a script behind a PNG header', async () => {
    const session = await registerUser(t.app);
    const script = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.from('<?php system($_GET["c"]); ?><script>alert(1)</script>'),
    ]);
    await expectRefusedUpload(session, {
      front: { data: script, filename: 'id.png', type: 'image/png' },
      back: { data: await jpegImage() },
    });
  });

  it('refuses a 6 MB image', async () => {
    const session = await registerUser(t.app);
    const side = 1450;
    const big = await sharp(randomBytes(side * side * 3), { raw: { width: side, height: side, channels: 3 } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(big.length).toBeGreaterThan(LIMITS.uploadBytes);
    expect(big.length).toBeLessThan(7 * 1024 * 1024);
    await expectRefusedUpload(session, {
      front: { data: big, type: 'image/png' },
      back: { data: await jpegImage() },
    });
  });

  it('refuses a zero-byte file', async () => {
    const session = await registerUser(t.app);
    await expectRefusedUpload(session, {
      front: { data: new Uint8Array(0) },
      back: { data: await jpegImage() },
    });
  });

  it('refuses images under a wrong field name', async () => {
    const session = await registerUser(t.app);
    await expectRefusedUpload(session, {
      file: { data: await jpegImage() },
      back: { data: await jpegImage() },
    });
  });

  it('refuses a file that is not an image at all, and one whose bytes are cut short', async () => {
    const session = await registerUser(t.app);
    await expectRefusedUpload(session, {
      front: { data: Buffer.from('hello'), type: 'image/jpeg' },
      back: { data: await jpegImage() },
    });
    const truncated = (await jpegImage({ width: 400, height: 300 })).subarray(0, 200);
    await expectRefusedUpload(session, { front: { data: truncated }, back: { data: await jpegImage() } });
  });
});

describe('stored images', () => {
  it('judges the format by content, not by the declared type or name', async () => {
    const session = await registerUser(t.app);
    const res = await multipartApi<{ frontFileId: number }>(
      t.app,
      '/user/verify',
      { name: 'Yamada Taro', id_number: 'AB1234567', agree: 1 },
      {
        front: { data: await pngImage(), filename: 'photo.jpg', type: 'image/jpeg' },
        back: { data: await jpegImage() },
      },
      { session },
    );
    expect(res.status).toBe(1);
    const file = await api<{ mime: string }>(t.app, '/user/file', { id: res.data.frontFileId }, { session });
    expect(file.data.mime).toBe('image/png');
  });

  it('re-encodes without metadata under a random name outside any static root', async () => {
    const session = await registerUser(t.app);
    const withExif = await jpegImage({ exif: true });
    expect(withExif.includes('KabutoTestCam')).toBe(true);
    const res = await multipartApi<{ frontFileId: number }>(
      t.app,
      '/user/verify',
      { name: 'Yamada Taro', id_number: 'AB1234567', agree: 1 },
      { front: { data: withExif, filename: '../../etc/passwd.jpg' }, back: { data: await jpegImage() } },
      { session },
    );
    expect(res.status).toBe(1);
    const row = await t.ctx.db
      .selectFrom('stored_files')
      .selectAll()
      .where('id', '=', res.data.frontFileId)
      .executeTakeFirstOrThrow();
    expect(row.storage_name).toMatch(/^[0-9a-f]{32}\.jpg$/);
    expect(await storedOnDisk()).toContain(row.storage_name);

    const file = await api<{ dataUrl: string }>(t.app, '/user/file', { id: row.id }, { session });
    const bytes = Buffer.from(file.data.dataUrl.replace(/^data:image\/jpeg;base64,/, ''), 'base64');
    expect(bytes.includes('KabutoTestCam')).toBe(false);
    const meta = await sharp(bytes).metadata();
    expect(meta.format).toBe('jpeg');
    expect(meta.exif).toBeUndefined();
  });

  it('serves a file to its owner and to reviewers only, and audits each operator view', async () => {
    const owner = await registerUser(t.app);
    const other = await registerUser(t.app);
    await submitKyc(t.app, owner);
    const mine = await api<{ frontFileId: number }>(t.app, '/user/verifyInfo', {}, { session: owner });
    const id = mine.data.frontFileId;

    expect(await api(t.app, '/user/file', { id }, { session: owner })).toMatchObject({
      status: 1,
      data: { id, mime: 'image/jpeg' },
    });
    expect(await api(t.app, '/user/file', { id }, { session: other })).toMatchObject({
      status: 0,
      msg: 'not_found',
    });
    expect((await api(t.app, '/user/file', { id })).httpStatus).toBe(401);

    expect((await t.app.inject({ method: 'GET', url: `/api/admin/files/${id}` })).statusCode).toBe(401);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/admin/files/${id}`,
          headers: { authorization: 'Bearer nope' },
        })
      ).statusCode,
    ).toBe(401);
    const item = (await reviewList(t, token, 'kyc')).list.find((i) => i.userId === owner.userId)!;
    const res = await t.app.inject({
      method: 'GET',
      url: String(item.details.front),
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect((await sharp(res.rawPayload).metadata()).format).toBe('jpeg');
    const audit = await t.ctx.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'file_view')
      .where('target_id', '=', String(id))
      .execute();
    expect(audit).toHaveLength(1);

    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/admin/files/999999',
          headers: { authorization: `Bearer ${token}` },
        })
      ).statusCode,
    ).toBe(404);
  });
});
