import { ERROR_KEYS } from '@kabuto/contract';
import Ajv2020 from 'ajv/dist/2020.js';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, fund, registerUser, setFundPassword } from '../../test/helpers';

/**
 * Hostile input against every investor call of the OpenAPI document at /api/docs, signed in as a
 * real user with money: control characters, unpaired surrogates, oversized text, wrong types,
 * non-decimal numbers, prototype-pollution bodies, malformed bodies, encodings and headers. The
 * calls and their fields come from the document, so a new call is covered when it is documented.
 *
 * Every answer must be the envelope `{status: 0, msg}` (HTTP 200, or 401 for a malformed session),
 * never a 5xx; a value the field cannot take must be refused with `bad_request` naming that field;
 * and nothing the user owns may change (row counts of every table with a user id, balances, the
 * user's own row, its open sessions).
 */

type JsonSchema = {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  exclusiveMinimum?: number;
  maximum?: number;
};

interface Operation {
  security?: unknown[];
  parameters?: Array<{ name?: string; in?: string }>;
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

interface Call {
  path: string;
  auth: boolean;
  multipart: boolean;
  idempotent: boolean;
  schema: JsonSchema;
  fields: Array<[string, JsonSchema]>;
}

const t = await createTestApp();
const user = await registerUser(t.app);
await fund(t.ctx, user.userId, 'JPY', 5_000_000);
await fund(t.ctx, user.userId, 'USD', 100_000);
await setFundPassword(t.app, user);
afterAll(async () => {
  await t.close();
});

const doc = (await t.app.inject({ method: 'GET', url: '/api/docs' })).json() as {
  paths: Record<string, Record<string, Operation>>;
};

/** Follows `$ref`s within the document (`#/components/...`) or within the schema (`#/$defs/...`). */
function resolve(schema: JsonSchema | undefined, root: JsonSchema): JsonSchema {
  let current = schema ?? {};
  for (let depth = 0; current.$ref && depth < 10; depth++) {
    const pointer = current.$ref.replace(/^#\//, '').split('/');
    const base: unknown = pointer[0] === '$defs' || pointer[0] === 'definitions' ? root : doc;
    current = pointer.reduce<unknown>(
      (node, key) => (node as Record<string, unknown>)?.[key],
      base,
    ) as JsonSchema;
  }
  return current ?? {};
}

const API_PREFIX = '/api/vue/';
const calls: Call[] = Object.entries(doc.paths)
  .filter(([path]) => path.startsWith(API_PREFIX))
  .map(([path, item]) => {
    const op = item.post ?? {};
    const content = op.requestBody?.content ?? {};
    const media = content['application/json'] ?? content['multipart/form-data'] ?? Object.values(content)[0];
    const root = media?.schema ?? {};
    const schema = resolve(root, root);
    return {
      path: path.slice(API_PREFIX.length - 1),
      auth: (op.security ?? []).length > 0,
      multipart: 'multipart/form-data' in content,
      idempotent: (op.parameters ?? []).some(
        (p) => p.in === 'header' && p.name?.toLowerCase() === 'idempotency-key',
      ),
      schema: root,
      fields: Object.entries(schema.properties ?? {}).map(([name, field]): [string, JsonSchema] => [
        name,
        resolve(field, root),
      ]),
    };
  });

/** Values a text pattern is tried with when the schema gives no default or example. */
const PATTERN_CANDIDATES = [
  '1234567890',
  '1',
  '100',
  '1.5',
  'AAPL',
  '7203',
  'abc123',
  'JPY',
  'a',
  '2026-11-17T01:00:00.000Z',
];

/** A value the field accepts, so that a request fails on the hostile field only. */
function sample(field: JsonSchema, root: JsonSchema): unknown {
  const s = resolve(field, root);
  if (s.default !== undefined) return s.default;
  if (s.const !== undefined) return s.const;
  if (s.enum && s.enum.length > 0) return s.enum[0];
  for (const branch of s.anyOf ?? s.oneOf ?? s.allOf ?? []) {
    const value = sample(branch, root);
    if (value !== undefined) return value;
  }
  const type = Array.isArray(s.type) ? s.type[0] : s.type;
  if (type === 'integer' || type === 'number') return Math.max(s.minimum ?? 1, (s.exclusiveMinimum ?? 0) + 1);
  if (type === 'boolean') return true;
  if (type === 'array') return s.items ? [sample(s.items, root)] : [];
  if (type === 'object') {
    // A nested object (a WebAuthn credential) gets a sample of each field it requires.
    const nested: Record<string, unknown> = {};
    for (const name of s.required ?? []) {
      const value = s.properties?.[name] ? sample(s.properties[name], root) : undefined;
      if (value !== undefined) nested[name] = value;
    }
    return nested;
  }
  if (type === 'string') {
    if (s.format === 'binary') return undefined;
    if (s.format === 'date-time') return '2026-11-17T01:00:00.000Z';
    if (s.pattern) {
      const pattern = new RegExp(s.pattern, 'u');
      return PATTERN_CANDIDATES.find((c) => pattern.test(c)) ?? 'a';
    }
    return 'abcdef12'.padEnd(s.minLength ?? 0, 'x').slice(0, Math.max(s.maxLength ?? 8, s.minLength ?? 1));
  }
  return undefined;
}

function baseline(call: Call): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const [name, field] of call.fields) {
    const value = sample(field, call.schema);
    if (value !== undefined) body[name] = value;
  }
  return body;
}

/** Values no field may take: each must be refused with bad_request naming the field. */
function alwaysInvalid(field: JsonSchema): Array<[string, unknown]> {
  const oversized = 'x'.repeat(Math.max(field.maxLength ?? 0, 4096) + 1);
  return [
    ['NUL', 'a\u0000b'],
    ['lone NUL', '\u0000'],
    ['BEL', 'x\u0007y'],
    ['escape sequence', '\u001b[31mred'],
    ['DEL', 'a\u007f'],
    ['C1 control', 'x\u0085y'],
    ['unpaired high surrogate', 'x\uD800'],
    ['unpaired low surrogate', '\uDFFFy'],
    ['oversized text', oversized],
    ['object', { a: 1 }],
    ['empty object', {}],
    ['array', ['1']],
    ['nested array', [['1']]],
  ];
}

/** Values some fields may take: refused with bad_request naming the field whenever the document's schema refuses them. */
const MAYBE_INVALID: Array<[string, unknown]> = [
  ['hexadecimal', '0x10'],
  ['exponent', '1e3'],
  ['sign', '+1'],
  ['negative', '-1'],
  ['fraction', '1.5'],
  ['NaN', 'NaN'],
  ['Infinity', 'Infinity'],
  ['true', true],
  ['false', false],
  ['JSON fraction', 12.5],
  ['JSON negative', -5],
  ['JSON huge', 1e21],
];

const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: false });
ajv.addSchema(doc as object, 'doc');
const documentAccepts = (call: Call, name: string, value: unknown) => {
  const field = call.schema.properties?.[name];
  if (!field) return true;
  try {
    const defs = (call.schema as { $defs?: unknown }).$defs;
    return ajv.validate(defs ? { $defs: defs, ...field } : field, value) as boolean;
  } catch {
    // A schema ajv cannot read: treat the value as acceptable and only check for faults.
    return true;
  }
};

const sessionHeaders = { token: user.token, account: user.account };

async function send(
  call: Call,
  payload: string | Buffer,
  contentType: string,
  options: { headers?: Record<string, string>; query?: string } = {},
) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/vue${call.path}${options.query ? `?${options.query}` : ''}`,
    headers: { ...sessionHeaders, 'content-type': contentType, ...(options.headers ?? {}) },
    payload,
  });
  return res;
}

const sendJson = (
  call: Call,
  body: unknown,
  options: { headers?: Record<string, string>; query?: string } = {},
) => send(call, JSON.stringify(body), 'application/json', options);

const sendForm = (call: Call, pairs: Array<[string, string]>) =>
  send(call, new URLSearchParams(pairs).toString(), 'application/x-www-form-urlencoded');

type Answer = Awaited<ReturnType<typeof send>>;

/** No fault, and the refusal envelope. */
function expectRefusal(res: Answer, what: string): { msg: string; data?: { field?: string } } {
  expect(res.statusCode, `${what}: HTTP ${res.statusCode} ${res.body.slice(0, 200)}`).toBeLessThan(500);
  expect([200, 401], `${what}: HTTP ${res.statusCode}`).toContain(res.statusCode);
  const body = res.json() as { status: number; msg: string; data?: { field?: string } };
  expect(body.status, `${what}: ${res.body.slice(0, 200)}`).toBe(0);
  expect(ERROR_KEYS as readonly string[], `${what}: ${body.msg}`).toContain(body.msg);
  return body;
}

function expectBadRequest(res: Answer, field: string | string[], what: string) {
  const body = expectRefusal(res, what);
  const fields = Array.isArray(field) ? field : [field];
  expect(body.msg, `${what}: ${res.body.slice(0, 200)}`).toBe('bad_request');
  const named = body.data?.field ?? '';
  expect(
    fields.some((f) => named === f || named.startsWith(`${f}.`)),
    `${what}: named ${named}, expected ${fields.join(' or ')}`,
  ).toBe(true);
}

/** What the user owns: rows in every table with a user id, balances, its own row, open sessions. */
async function footprint() {
  const tables = await sql<{ table_name: string }>`
    SELECT table_name FROM information_schema.columns
    WHERE column_name = 'user_id' AND table_schema = current_schema()
    ORDER BY table_name`.execute(t.ctx.db);
  const counts: Record<string, number> = {};
  for (const { table_name } of tables.rows) {
    const row = await sql<{ n: string }>`
      SELECT count(*)::text AS n FROM ${sql.table(table_name)} WHERE user_id = ${user.userId}`.execute(
      t.ctx.db,
    );
    counts[table_name] = Number(row.rows[0]?.n ?? 0);
  }
  const balances = await t.ctx.db
    .selectFrom('ledger_accounts')
    .select(['name', 'currency', 'balance_minor'])
    .where('user_id', '=', user.userId)
    .orderBy('name')
    .orderBy('currency')
    .execute();
  const own = await t.ctx.db.selectFrom('users').selectAll().where('id', '=', user.userId).executeTakeFirst();
  const open = await t.ctx.db
    .selectFrom('sessions')
    .select(['id'])
    .where('user_id', '=', user.userId)
    .where('ended_at', 'is', null)
    .execute();
  const throttled = await t.ctx.db
    .selectFrom('login_throttle')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirst();
  return JSON.stringify({ counts, balances, own, open, throttled: throttled?.n });
}

const isUpload = (field: JsonSchema) => field.format === 'binary';

describe('hostile input against every investor call of /api/docs', () => {
  it('finds the investor calls and their fields in the document', () => {
    expect(calls.length).toBeGreaterThan(20);
    expect(calls.find((c) => c.path === '/user/login')?.fields.map(([n]) => n)).toEqual(
      expect.arrayContaining(['account', 'password']),
    );
  });

  for (const call of calls) {
    it(`${call.path}: refuses hostile values in every field and changes nothing`, async () => {
      const before = await footprint();
      const base = baseline(call);

      for (const [name, field] of call.fields) {
        const upload = isUpload(field);
        const check = (res: Answer, what: string) =>
          upload ? expectRefusal(res, what) : expectBadRequest(res, name, what);

        for (const [label, value] of alwaysInvalid(field)) {
          check(await sendJson(call, { ...base, [name]: value }), `${call.path} ${name} = ${label} (JSON)`);
        }
        for (const [label, value] of MAYBE_INVALID) {
          if (upload || documentAccepts(call, name, value)) continue;
          check(await sendJson(call, { ...base, [name]: value }), `${call.path} ${name} = ${label} (JSON)`);
        }
        // The same field as a form and in the query string, and repeated (an array).
        const formBase = Object.entries(base)
          .filter(([key, v]) => key !== name && (typeof v !== 'object' || v === null))
          .map(([key, v]): [string, string] => [key, String(v)]);
        // A field that is an object (a WebAuthn credential) cannot travel in a form: a form
        // request is refused naming either field.
        const unformable = Object.entries(base)
          .filter(([key, v]) => key !== name && typeof v === 'object' && v !== null)
          .map(([key]) => key);
        const checkForm = (res: Answer, what: string) =>
          upload ? expectRefusal(res, what) : expectBadRequest(res, [name, ...unformable], what);
        checkForm(
          await sendForm(call, [...formBase, [name, 'a\u0000b']]),
          `${call.path} ${name} = NUL (form)`,
        );
        checkForm(
          await sendForm(call, [...formBase, [name, 'x\u0007'], [name, 'y\u0007']]),
          `${call.path} ${name} repeated (form)`,
        );
        check(
          await sendJson(call, { ...base, [name]: undefined }, { query: `${encodeURIComponent(name)}=%00` }),
          `${call.path} ${name} = NUL (query)`,
        );
      }

      // Whole bodies: prototype pollution, malformed JSON, wrong shapes and content types.
      const poisoned: Array<[string, string]> = [
        ['__proto__ body', '{"__proto__":{"polluted":true}}'],
        ['constructor body', '{"constructor":{"prototype":{"polluted":true}}}'],
        ['nested __proto__', `{"${call.fields[0]?.[0] ?? 'x'}":{"__proto__":{"polluted":true}}}`],
        ['truncated JSON', '{"a":'],
        ['not JSON', 'account=%E0%A4%A'],
        ['JSON array', '[{"a":1}]'],
        ['JSON string', '"text"'],
        ['JSON null', 'null'],
        ['empty JSON', ''],
      ];
      for (const [label, payload] of poisoned) {
        expectBadRequest(
          await send(call, payload, 'application/json'),
          ['body', call.fields[0]?.[0] ?? 'body'],
          `${call.path} ${label}`,
        );
      }
      const invalidUtf8 = Buffer.concat([
        Buffer.from('{"type":"'),
        Buffer.from([0xff, 0xfe, 0xc3]),
        Buffer.from('"}'),
      ]);
      expectBadRequest(
        await send(call, invalidUtf8, 'application/json'),
        'body',
        `${call.path} invalid UTF-8 (JSON)`,
      );
      expectBadRequest(
        await send(
          call,
          Buffer.from([0x74, 0x79, 0x70, 0x65, 0x3d, 0xff]),
          'application/x-www-form-urlencoded',
        ),
        'body',
        `${call.path} invalid UTF-8 (form)`,
      );
      for (const [label, pairs] of [
        ['__proto__ form field', [['__proto__', 'x']]],
        ['constructor form field', [['constructor', 'x']]],
      ] as Array<[string, Array<[string, string]>]>) {
        expectBadRequest(await sendForm(call, pairs), ['__proto__', 'constructor'], `${call.path} ${label}`);
      }
      expectBadRequest(
        await sendJson(call, base, { query: '__proto__=x' }),
        '__proto__',
        `${call.path} __proto__ query`,
      );
      expectRefusal(await send(call, 'a,b', 'text/csv'), `${call.path} text/csv`);
      expectRefusal(
        await send(call, '{"a":', 'application/json; charset=utf-16'),
        `${call.path} utf-16 charset`,
      );
      expectRefusal(
        await send(call, 'garbage without parts', 'multipart/form-data; boundary=----kabuto'),
        `${call.path} malformed multipart`,
      );
      expectRefusal(
        await send(call, 'garbage', 'multipart/form-data'),
        `${call.path} multipart without boundary`,
      );
      const first = call.fields.find(([, field]) => !isUpload(field))?.[0];
      if (first) {
        for (const payload of [`a=%E0%A4%A&${first}=x`, `${first}=%%`, `${first}=%ZZ`, `${first}=%FF`]) {
          expectBadRequest(
            await send(call, payload, 'application/x-www-form-urlencoded'),
            'body',
            `${call.path} malformed percent-encoding ${payload}`,
          );
        }
      }

      // Headers: a malformed or oversized session never reaches the call.
      if (call.auth) {
        for (const [label, headers] of [
          ['malformed account encoding', { account: '%E0%A4%A' }],
          ['lone percent in account', { account: '%' }],
          ['oversized account', { account: 'a'.repeat(8000) }],
          ['oversized token', { token: 't'.repeat(8000) }],
          ['latin-1 token', { token: 'ÿ'.repeat(43) }],
          ['empty token', { token: '' }],
        ] as Array<[string, Record<string, string>]>) {
          const res = await sendJson(call, base, { headers });
          expect(res.statusCode, `${call.path} ${label}`).toBe(401);
          expectRefusal(res, `${call.path} ${label}`);
        }
      }
      if (call.idempotent) {
        expectBadRequest(
          await sendJson(call, base, { headers: { 'idempotency-key': 'k'.repeat(1000), language: 'ÿÿ' } }),
          ['Idempotency-Key', 'idempotency-key'],
          `${call.path} oversized Idempotency-Key`,
        );
      }

      expect(({} as Record<string, unknown>).polluted, 'Object.prototype polluted').toBeUndefined();
      expect(await footprint(), `${call.path} changed what the user owns`).toBe(before);
    });
  }

  it('leaves the user signed in with the same balances', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/vue/user/getUserinfo',
      headers: { ...sessionHeaders, 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(res.json()).toMatchObject({ status: 1, data: { jpy: '5000000', usd: '1000.00' } });
  });
});
