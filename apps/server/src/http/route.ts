import { createHash } from 'node:crypto';
import type { CallDef, ParsedRequestOf, ResponseOf, SuccessKey } from '@kabuto/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { LIMITS } from '../config';
import type { AppContext } from '../context';
import { DomainError } from '../errors';
import { assertAllowed, authenticate, type Guard, type User } from './auth';

export const API_PREFIX = '/api/vue';

/** A file from a multipart call, already fully read (bounded by LIMITS.uploadBytes). */
export interface UploadedFile {
  kind: 'file';
  field: string;
  filename: string;
  mimetype: string;
  data: Buffer;
}

export interface CallContext<C extends CallDef, Authed extends boolean> {
  body: ParsedRequestOf<C>;
  user: Authed extends true ? User : User | null;
  files: Record<string, UploadedFile>;
  req: FastifyRequest;
  reply: FastifyReply;
  ctx: AppContext;
}

export interface HandlerResult<C extends CallDef> {
  msg?: SuccessKey;
  data: ResponseOf<C>;
}

export interface RouteOptions {
  /** What the account must be allowed to do (flags are checked in one place: auth.assertAllowed). */
  guard?: Guard;
  /** Rate limit for this call (requests per minute), keyed per account when signed in. */
  perMinute?: number;
}

/** Answers that the idempotency store replays; an entry in progress has status 0. */
const IN_PROGRESS = 0;

function firstIssueField(error: z.ZodError): string {
  const path = error.issues[0]?.path ?? [];
  return path.length > 0 ? path.map(String).join('.') : 'body';
}

async function readMultipart(
  req: FastifyRequest,
): Promise<{ fields: Record<string, unknown>; files: Record<string, UploadedFile> }> {
  const fields: Record<string, unknown> = {};
  const files: Record<string, UploadedFile> = {};
  try {
    for await (const part of req.parts({ limits: { fileSize: LIMITS.uploadBytes, files: 4, fields: 30 } })) {
      if (part.type === 'file') {
        const data = await part.toBuffer();
        files[part.fieldname] = {
          kind: 'file',
          field: part.fieldname,
          filename: part.filename,
          mimetype: part.mimetype,
          data,
        };
      } else {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code ?? '';
    if (code.startsWith('FST_') || code === 'ERR_STREAM_PREMATURE_CLOSE') {
      throw new DomainError('file_invalid', { reason: code });
    }
    throw error;
  }
  return { fields, files };
}

/** Fingerprint of a request for idempotency: uploaded files count by their content digest. */
function requestHash(path: string, body: unknown): string {
  const replacer = (_key: string, value: unknown) =>
    isUploadedFile(value) ? { file: createHash('sha256').update(value.data).digest('hex') } : value;
  return createHash('sha256')
    .update(path)
    .update(JSON.stringify(body ?? null, replacer))
    .digest('hex');
}

function isUploadedFile(value: unknown): value is UploadedFile {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as { kind?: unknown }).kind === 'file' &&
    Buffer.isBuffer((value as { data?: unknown }).data)
  );
}

/**
 * Registers one investor call: POST /api/vue<path>, form or JSON (multipart for uploads),
 * validated by the contract schema; `{status, msg, data}` answers; 401 without a session on a
 * protected call; Idempotency-Key replay on money and order calls.
 */
export function route<C extends CallDef, Authed extends boolean = C['auth'] extends true ? true : false>(
  app: FastifyInstance,
  ctx: AppContext,
  call: C,
  handler: (c: CallContext<C, Authed>) => Promise<HandlerResult<C>>,
  options: RouteOptions = {},
): void {
  const validateAnswers = process.env.NODE_ENV !== 'production';
  app.post(
    `${API_PREFIX}${call.path}`,
    {
      config: options.perMinute
        ? {
            rateLimit: {
              max: options.perMinute,
              timeWindow: 60_000,
              keyGenerator: (req: FastifyRequest) =>
                // Signed-in calls are limited per account; the others per address.
                `${call.path}|${call.auth && typeof req.headers.account === 'string' ? req.headers.account : req.ip}`,
            },
          }
        : {},
    },
    async (req, reply) => {
      let user: User | null = null;
      if (call.auth) {
        user = await authenticate(ctx, req);
        if (!user) return reply.code(401).send({ status: 0, msg: 'session_expired' });
        // A banned account may still read who it is (the client then logs out) and log out.
        if (call.path !== '/user/getUserinfo' && call.path !== '/user/logout')
          assertAllowed(user, options.guard ?? 'use');
      }

      let raw: Record<string, unknown> = { ...(req.query as Record<string, unknown>) };
      let files: Record<string, UploadedFile> = {};
      if (call.multipart && req.isMultipart()) {
        const parts = await readMultipart(req);
        raw = { ...raw, ...parts.fields, ...parts.files };
        files = parts.files;
      } else if (req.body && typeof req.body === 'object' && !Array.isArray(req.body)) {
        raw = { ...raw, ...(req.body as Record<string, unknown>) };
      }
      const parsed = call.request.safeParse(raw);
      if (!parsed.success) {
        return { status: 0, msg: 'bad_request', data: { field: firstIssueField(parsed.error) } };
      }

      const run = async () => {
        const result = await handler({
          body: parsed.data as ParsedRequestOf<C>,
          user: user as CallContext<C, Authed>['user'],
          files,
          req,
          reply,
          ctx,
        });
        if (validateAnswers) {
          const check = call.response.safeParse(result.data);
          if (!check.success) {
            throw new Error(`answer of ${call.path} breaks its contract: ${check.error.message}`);
          }
        }
        return { status: 1, msg: result.msg ?? 'ok', data: result.data ?? null };
      };

      const key = req.headers['idempotency-key'];
      if (!call.idempotent || !user || typeof key !== 'string' || key.length === 0) return run();
      if (key.length > LIMITS.idempotencyKeyLength)
        return { status: 0, msg: 'bad_request', data: { field: 'Idempotency-Key' } };
      return idempotent(ctx, user.id, key, call.path, requestHash(call.path, parsed.data), run);
    },
  );
}

/**
 * Stripe-style idempotency (CONVENTIONS §5): the first answer for (user, key) is stored and
 * replayed; a concurrent repeat while the first is running is refused as too frequent; a repeat
 * with a different request is a bad request. Faults (5xx) are not stored, so a retry runs again.
 */
async function idempotent(
  ctx: AppContext,
  userId: number,
  key: string,
  path: string,
  hash: string,
  run: () => Promise<unknown>,
): Promise<unknown> {
  const claimed = await ctx.db
    .insertInto('idempotency_keys')
    .values({
      user_id: userId,
      key,
      path,
      request_hash: hash,
      status_code: IN_PROGRESS,
      response: 'null',
      created_at: ctx.clock.now(),
    })
    .onConflict((oc) => oc.columns(['user_id', 'key']).doNothing())
    .returning('key')
    .executeTakeFirst();
  if (!claimed) {
    const existing = await ctx.db
      .selectFrom('idempotency_keys')
      .selectAll()
      .where('user_id', '=', userId)
      .where('key', '=', key)
      .executeTakeFirstOrThrow();
    if (existing.path !== path || existing.request_hash !== hash) {
      return { status: 0, msg: 'bad_request', data: { field: 'Idempotency-Key' } };
    }
    if (existing.status_code === IN_PROGRESS) return { status: 0, msg: 'too_frequent' };
    return existing.response;
  }
  let answer: unknown;
  try {
    answer = await run();
  } catch (error) {
    if (error instanceof DomainError) {
      answer = { status: 0, msg: error.key, ...(error.data ? { data: error.data } : {}) };
    } else {
      await ctx.db
        .deleteFrom('idempotency_keys')
        .where('user_id', '=', userId)
        .where('key', '=', key)
        .execute();
      throw error;
    }
  }
  await ctx.db
    .updateTable('idempotency_keys')
    .set({ status_code: 200, response: JSON.stringify(answer) })
    .where('user_id', '=', userId)
    .where('key', '=', key)
    .execute();
  return answer;
}
