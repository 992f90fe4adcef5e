import { createHash } from 'node:crypto';
import {
  type CallDef,
  ERROR_KEYS,
  type ParsedRequestOf,
  type ResponseOf,
  SUCCESS_KEYS,
  type SuccessKey,
} from '@kabuto/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import { LIMITS } from '../config';
import type { AppContext } from '../context';
import { DomainError } from '../errors';
import { assertAllowed, authenticateOnce, type Guard, type User } from './auth';
import { assertSteppedUp, type StepUp } from './step-up';

export const API_PREFIX = '/api/vue';
/** The header carrying the server's clock (milliseconds since the epoch) on every call's answer. */
export const SERVER_TIME_HEADER = 'x-server-time';

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
  /** A fresh second-factor proof in this session first, when the user has a factor (step-up.ts). */
  stepUp?: StepUp;
}

/** Calls a banned account may still make: who am I (the client then logs out), and logging out. */
const SIGNED_IN_WHILE_BANNED = new Set(['/user/getUserinfo', '/user/logout', '/user/logoutAll']);

/** Keys that name the prototype chain are never fields (the JSON parser refuses them too). */
const PROTOTYPE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/** A key's row is written claimed, then answered, within one transaction (see `idempotent`). */
const IN_PROGRESS = 0;
const ANSWERED = 200;

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
    // Anything else here is the body itself failing to parse (busboy: malformed parts, an
    // unexpected end of the form): the request is malformed, not the server.
    throw new DomainError('bad_request', { field: 'body' });
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

/** What the request carried, put together before validation (see `route`). */
interface Gathered {
  files: Record<string, UploadedFile>;
  /** A multipart body that could not be read; answered after authentication. */
  multipartError?: unknown;
  /** A body or field name that is malformed as a whole; answered after authentication. */
  malformed?: string;
}
const gathered = new WeakMap<FastifyRequest, Gathered>();

/** The answer envelope of a call, for the OpenAPI document (SPEC §8). */
function envelopeOf(call: CallDef) {
  return z.union([
    z.object({ status: z.literal(1), msg: z.enum(SUCCESS_KEYS), data: call.response }),
    z.object({
      status: z.literal(0),
      msg: z.enum(ERROR_KEYS),
      data: z.object({ field: z.string().optional() }).catchall(z.unknown()).optional(),
    }),
  ]);
}

/** The field a failed validation names: the path of its first issue. */
function fieldOf(error: { validation?: FastifyError['validation'] }): string {
  const first = error.validation?.[0];
  const path = first?.instancePath?.replace(/^\//, '').replaceAll('/', '.') ?? '';
  return path || 'body';
}

/**
 * Registers one investor call: POST /api/vue<path>, form or JSON (multipart for uploads). The
 * request and answer schemas come from the contract: fastify-type-provider-zod's compiler
 * validates the request with them and its transform documents both in the OpenAPI document
 * (`@fastify/swagger`); the handler's types come from the same call definition (CallDef).
 * Answers `{status, msg, data}`; 401 without a session on a protected call (before any
 * validation); Idempotency-Key replay on money and order calls.
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
      schema: {
        summary: call.summary,
        operationId: call.path.replace(/^\//, '').replaceAll('/', '_'),
        tags: [call.path.split('/')[1] ?? 'api'],
        ...(call.auth ? { security: [{ token: [], account: [] }] } : {}),
        consumes: call.multipart
          ? ['multipart/form-data']
          : ['application/x-www-form-urlencoded', 'application/json'],
        ...(call.idempotent
          ? {
              headers: z.looseObject({
                'idempotency-key': z.string().max(LIMITS.idempotencyKeyLength).optional(),
              }),
            }
          : {}),
        body: call.request,
        response: {
          200: envelopeOf(call),
          401: z.object({ status: z.literal(0), msg: z.literal('session_expired') }),
        },
      },
      // A request that fails validation still reaches the handler: it answers 401 first when
      // the session is missing, then `bad_request` naming the field.
      attachValidation: true,
      // The server's time (its injected clock) on every answer: the client counts deadlines from
      // it, never from the phone's clock (SPEC §12).
      onRequest: async (_req, reply) => {
        reply.header(SERVER_TIME_HEADER, String(ctx.clock.now().getTime()));
      },
      // Form, JSON, query string and multipart parts are one set of fields (SPEC §8).
      preValidation: async (req) => {
        const found: Gathered = { files: {} };
        gathered.set(req, found);
        const body = req.body;
        // A body is an object of fields: a JSON array, scalar or null, or a multipart body sent
        // to a call that takes none, is malformed rather than empty.
        if (
          (body !== undefined && (typeof body !== 'object' || body === null || Array.isArray(body))) ||
          (!call.multipart && req.isMultipart())
        ) {
          found.malformed = 'body';
          req.body = {};
          return;
        }
        let raw: Record<string, unknown> = { ...(req.query as Record<string, unknown>) };
        if (call.multipart && req.isMultipart()) {
          try {
            const parts = await readMultipart(req);
            raw = { ...raw, ...parts.fields, ...parts.files };
            found.files = parts.files;
          } catch (error) {
            found.multipartError = error;
          }
        } else if (body) {
          raw = { ...raw, ...(body as Record<string, unknown>) };
        }
        found.malformed = Object.keys(raw).find((key) => PROTOTYPE_KEYS.has(key));
        req.body = raw;
      },
      config: options.perMinute
        ? {
            rateLimit: {
              max: options.perMinute,
              timeWindow: 60_000,
              // Signed-in calls are limited per account, counted only once the session is proven:
              // a request with a wrong token counts against its address, never against the
              // account it names. The others are limited per address.
              keyGenerator: async (req: FastifyRequest) => {
                const user = call.auth ? await authenticateOnce(ctx, req) : null;
                return user ? `${call.path}|user:${user.id}` : `${call.path}|ip:${req.ip}`;
              },
            },
          }
        : {},
    },
    async (req, reply) => {
      let user: User | null = null;
      if (call.auth) {
        user = await authenticateOnce(ctx, req);
        if (!user) return reply.code(401).send({ status: 0, msg: 'session_expired' });
        // A banned account may still read who it is (the client then logs out) and log out.
        if (!SIGNED_IN_WHILE_BANNED.has(call.path)) assertAllowed(user, options.guard ?? 'use');
      }
      const found = gathered.get(req) ?? { files: {} };
      if (found.malformed) return { status: 0, msg: 'bad_request', data: { field: found.malformed } };
      if (found.multipartError) throw found.multipartError;
      if (req.validationError) {
        return { status: 0, msg: 'bad_request', data: { field: fieldOf(req.validationError) } };
      }
      const body = req.body as ParsedRequestOf<C>;
      // Before the idempotency key is claimed: a refusal for want of a step-up is not the
      // call's answer, and the same key goes through once the step-up is made.
      if (options.stepUp && user) {
        const sessionId = (req as FastifyRequest & { sessionId: number }).sessionId;
        await assertSteppedUp(ctx, user.id, sessionId, options.stepUp);
      }

      const run = async () => {
        const result = await handler({
          body,
          user: user as CallContext<C, Authed>['user'],
          files: found.files,
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
      return idempotent(ctx, user.id, key, call.path, requestHash(call.path, body), run);
    },
  );
}

/**
 * Stripe-style idempotency (CONVENTIONS §5): the first answer for (user, key) is stored and
 * replayed. The key, the business write and the answer are one unit of work (db/ambient.ts):
 * they commit together, or nothing does, so a crash at any point leaves either no trace (the
 * retry runs afresh) or the stored answer (the retry replays it) — never a business write without
 * its answer. A concurrent repeat waits for the first to finish and replays its answer. A refusal
 * is an answer too; a fault (5xx) rolls everything back. A repeat with a different request is a
 * bad request. Keys live IDEMPOTENCY_KEY_HOURS (jobs: idempotency-key cleanup).
 */
async function idempotent(
  ctx: AppContext,
  userId: number,
  key: string,
  path: string,
  hash: string,
  run: () => Promise<unknown>,
): Promise<unknown> {
  return ctx.database.atomically(async () => {
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
      // Only a version that stored answers apart from their write left keys in progress.
      if (existing.status_code === IN_PROGRESS) return { status: 0, msg: 'too_frequent' };
      return existing.response;
    }
    let answer: unknown;
    // The call runs under a savepoint: a refusal keeps what the call meant to keep (a counted
    // wrong fund password), unless a failed statement (a ledger refusal) aborted the transaction,
    // in which case the call's statements are undone and the refusal is still stored.
    await sql`SAVEPOINT idempotent_call`.execute(ctx.db);
    try {
      answer = await run();
      await sql`RELEASE SAVEPOINT idempotent_call`.execute(ctx.db);
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      answer = { status: 0, msg: error.key, ...(error.data ? { data: error.data } : {}) };
      try {
        await sql`RELEASE SAVEPOINT idempotent_call`.execute(ctx.db);
      } catch {
        await sql`ROLLBACK TO SAVEPOINT idempotent_call`.execute(ctx.db);
      }
    }
    await ctx.db
      .updateTable('idempotency_keys')
      .set({ status_code: ANSWERED, response: JSON.stringify(answer) })
      .where('user_id', '=', userId)
      .where('key', '=', key)
      .execute();
    return answer;
  });
}
