import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { type ApiAnswer, api, registerUser, type Session, type TestApp } from '../../../test/helpers';
import { ensureFirstOperator } from '../admin/port';

/** Test support for identity and money: images, multipart calls, operator reviews. */

export async function jpegImage(
  options: { width?: number; height?: number; exif?: boolean } = {},
): Promise<Buffer> {
  let image = sharp({
    create: {
      width: options.width ?? 64,
      height: options.height ?? 40,
      channels: 3,
      background: { r: 200, g: 30, b: 60 },
    },
  }).jpeg();
  if (options.exif) {
    image = image.withExif({
      IFD0: { Make: 'KabutoTestCam', Model: 'GPS-Leak 9000', Copyright: 'secret-owner' },
    });
  }
  return image.toBuffer();
}

export async function pngImage(options: { width?: number; height?: number } = {}): Promise<Buffer> {
  return sharp({
    create: {
      width: options.width ?? 48,
      height: options.height ?? 48,
      channels: 4,
      background: { r: 10, g: 120, b: 200, alpha: 1 },
    },
  })
    .png()
    .toBuffer();
}

export interface FilePart {
  data: Uint8Array;
  filename?: string;
  type?: string;
}

/** POSTs a multipart investor call (uploads) and returns the envelope. */
export async function multipartApi<T = unknown>(
  app: FastifyInstance,
  path: string,
  fields: Record<string, string | number>,
  files: Record<string, FilePart>,
  options: { session?: Session; headers?: Record<string, string> } = {},
): Promise<ApiAnswer<T>> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, String(value));
  for (const [name, file] of Object.entries(files)) {
    form.append(
      name,
      new Blob([file.data], { type: file.type ?? 'image/jpeg' }),
      file.filename ?? `${name}.jpg`,
    );
  }
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  const payload = Buffer.from(await request.arrayBuffer());
  const headers: Record<string, string> = {
    ...(options.headers ?? {}),
    'content-type': request.headers.get('content-type')!,
  };
  if (options.session) {
    headers.token = options.session.token;
    headers.account = options.session.account;
  }
  const res = await app.inject({ method: 'POST', url: `/api/vue${path}`, headers, payload });
  const json = res.json() as { status: 0 | 1; msg: string; data: T };
  return { httpStatus: res.statusCode, ...json };
}

/** Logs the first operator in and returns its bearer token. */
export async function operatorToken(t: TestApp): Promise<string> {
  await ensureFirstOperator(t.ctx, 'adminpass');
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/admin/login',
    payload: { username: 'admin', password: 'adminpass' },
  });
  const token = (res.json() as { token?: string }).token;
  if (!token) throw new Error(`operator login failed: ${res.body}`);
  return token;
}

export interface ReviewListAnswer {
  list: Array<{
    id: number;
    userId: number;
    account: string;
    state: string;
    reason: string | null;
    reviewer: string | null;
    dueAt: string | null;
    details: Record<string, unknown>;
  }>;
  total: number;
}

export async function reviewList(
  t: TestApp,
  token: string,
  kind: string,
  state = 'pending',
): Promise<ReviewListAnswer> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/admin/reviews?kind=${kind}&state=${state}`,
    headers: { authorization: `Bearer ${token}` },
  });
  if (res.statusCode !== 200) throw new Error(`review list failed: ${res.statusCode} ${res.body}`);
  return res.json() as ReviewListAnswer;
}

/** Approves or rejects one review item through the back-office API; returns the HTTP status. */
export async function decide(
  t: TestApp,
  token: string,
  kind: string,
  id: number,
  decision: 'approve' | 'reject',
  reason?: string,
): Promise<number> {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/admin/reviews/${kind}/${id}/${decision}`,
    headers: { authorization: `Bearer ${token}` },
    payload: reason ? { reason } : {},
  });
  return res.statusCode;
}

export const TEST_REAL_NAME = 'Yamada Taro';

/** Submits real-name verification with two valid images. */
export async function submitKyc(
  app: FastifyInstance,
  session: Session,
  name = TEST_REAL_NAME,
): Promise<ApiAnswer> {
  return multipartApi(
    app,
    '/user/verify',
    { name, id_number: 'AB1234567', agree: 1 },
    {
      front: { data: await jpegImage() },
      back: { data: await pngImage(), filename: 'back.png', type: 'image/png' },
    },
    { session },
  );
}

/** A registered user whose real name an operator has approved. */
export async function verifiedUser(t: TestApp, token: string, name = TEST_REAL_NAME): Promise<Session> {
  const session = await registerUser(t.app);
  const submitted = await submitKyc(t.app, session, name);
  if (submitted.status !== 1) throw new Error(`verify failed: ${submitted.msg}`);
  const pending = await reviewList(t, token, 'kyc');
  const item = pending.list.find((i) => i.userId === session.userId);
  if (!item || (await decide(t, token, 'kyc', item.id, 'approve')) !== 200)
    throw new Error('kyc approval failed');
  return session;
}

/** Binds a card in the user's verified name and returns its id. */
export async function addTestCard(
  app: FastifyInstance,
  session: Session,
  cardNumber = '6222021234567890123',
  holder = TEST_REAL_NAME,
): Promise<number> {
  const res = await api<{ id: number }>(
    app,
    '/user/bankAdd',
    {
      holder,
      card_number: cardNumber,
      card_type: 'debit',
      institution: 'Demo Bank',
      branch: 'Shinjuku',
      branch_code: '123',
    },
    { session },
  );
  if (res.status !== 1) throw new Error(`bankAdd failed: ${res.msg}`);
  return res.data.id;
}
