// The embedded database in its own thread (pglite-thread.ts): PGlite runs here, so its work does
// not hold up the server's event loop. Plain JavaScript, so the thread needs no TypeScript loader.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, parse, protocol } from '@electric-sql/pglite';
import pgUtils from 'pg/lib/utils.js';

const PG_INT8 = 20;

/** int8 → number, refusing values outside the safe range (as database.ts does in process). */
function parseInt8(value) {
  const n = Number(value);
  if (!Number.isSafeInteger(n)) throw new Error(`int8 value out of safe range: ${value}`);
  return n;
}

/** The fields of a database error the application reads (code, detail, constraint, …). */
const ERROR_FIELDS = [
  'name',
  'code',
  'detail',
  'hint',
  'constraint',
  'table',
  'column',
  'schema',
  'severity',
];

function errorOf(error) {
  const out = { message: error instanceof Error ? error.message : String(error) };
  for (const field of ERROR_FIELDS) if (error && error[field] !== undefined) out[field] = error[field];
  return out;
}

const pglite = await PGlite.create({
  ...(workerData.dataDir ? { dataDir: workerData.dataDir } : {}),
  ...(workerData.loadDataDir ? { loadDataDir: new Blob([workerData.loadDataDir]) } : {}),
  parsers: { [PG_INT8]: parseInt8 },
});

/** Concatenates protocol messages into one buffer. */
function concat(parts) {
  const message = new Uint8Array(parts.reduce((n, part) => n + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    message.set(part, offset);
    offset += part.length;
  }
  return message;
}

/** How many prepared statements the thread keeps (the least recently used one goes first). */
const MAX_STATEMENTS = 500;
/** Prepared statements by SQL text, in order of last use. */
const statements = new Map();
let statementCount = 0;

/** PostgreSQL's answers when a prepared statement no longer fits or no longer exists. */
const STALE_STATEMENT = new Set(['0A000', '26000']);

/** The name of the prepared statement for `sql`, preparing it (in its own exchange) the first time. */
async function prepared(sql) {
  const known = statements.get(sql);
  if (known !== undefined) {
    statements.delete(sql);
    statements.set(sql, known);
    return known;
  }
  const parts = [];
  if (statements.size >= MAX_STATEMENTS) {
    const [oldest, oldName] = statements.entries().next().value;
    statements.delete(oldest);
    parts.push(protocol.serialize.close({ type: 'S', name: oldName }));
  }
  const name = `k${++statementCount}`;
  parts.push(protocol.serialize.parse({ name, text: sql }), protocol.serialize.sync());
  await pglite.execProtocolStream(concat(parts), { syncToFs: false });
  statements.set(sql, name);
  return name;
}

/**
 * One statement with parameters. Each distinct SQL text is prepared once (its parse and analysis
 * kept, its plan cached by PostgreSQL's rules); a call then is one exchange with the engine —
 * Bind, Describe, Execute and Sync together — with the parameters as text that the server types
 * from the statement, as node-postgres sends them to a PostgreSQL server (its `prepareValue`),
 * so both databases see the same values. PGlite's own `query` parses every time and makes six
 * exchanges (it asks the server for the parameter types first). The caller holds PGlite's query
 * lock.
 */
async function pipelined(sql, params = [], retry = true) {
  const values = params.map((value) => pgUtils.prepareValue(value));
  const name = await prepared(sql);
  const message = concat([
    protocol.serialize.bind({ statement: name, values }),
    protocol.serialize.describe({ type: 'P' }),
    protocol.serialize.execute({}),
    protocol.serialize.sync(),
  ]);
  try {
    const messages = await pglite.execProtocolStream(message, { syncToFs: false });
    return parse.parseResults(messages, pglite.parsers, { rowMode: 'object' })[0];
  } catch (error) {
    // After a schema change a kept statement may no longer apply: prepare it again, once.
    if (!retry || !STALE_STATEMENT.has(error?.code)) throw error;
    statements.delete(sql);
    return pipelined(sql, params, false);
  }
}

/** A statement outside any transaction: waits for an open transaction to end, as PGlite's `query` does. */
async function query(sql, params) {
  const result = await pglite._runExclusiveTransaction(() =>
    pglite._runExclusiveQuery(() => pipelined(sql, params)),
  );
  await pglite.syncToFs();
  return result;
}

/** Open transactions by id: the transaction handle and how to end it. */
const transactions = new Map();

function begin(id) {
  return new Promise((begun, failed) => {
    let finish;
    const finished = new Promise((resolve, reject) => {
      finish = { resolve, reject };
    });
    const done = pglite.transaction(async (tx) => {
      transactions.set(id, { tx, finish, done });
      begun(id);
      await finished;
    });
    done.catch((error) => {
      if (!transactions.has(id)) failed(error);
    });
  });
}

async function end(id, commit) {
  const open = transactions.get(id);
  if (!open) throw new Error(`no open transaction ${id}`);
  try {
    if (commit) {
      open.finish.resolve();
      await open.done;
    } else {
      open.finish.reject(new Error('rollback'));
      await open.done.catch(() => {});
    }
  } finally {
    transactions.delete(id);
  }
}

async function handle(message) {
  switch (message.kind) {
    case 'query': {
      if (message.tx && !transactions.has(message.tx)) throw new Error(`no open transaction ${message.tx}`);
      const result = message.tx
        ? await pglite._runExclusiveQuery(() => pipelined(message.sql, message.params))
        : await query(message.sql, message.params);
      return { rows: result.rows, affectedRows: result.affectedRows };
    }
    case 'exec':
      return (await pglite.exec(message.sql)).map((r) => ({ rows: r.rows, affectedRows: r.affectedRows }));
    case 'begin':
      return begin(message.id);
    case 'commit':
      return end(message.tx, true);
    case 'rollback':
      return end(message.tx, false);
    case 'dump':
      return new Uint8Array(await (await pglite.dumpDataDir('none')).arrayBuffer());
    case 'close':
      if (!pglite.closed) await pglite.close();
      return null;
    default:
      throw new Error(`unknown request ${message.kind}`);
  }
}

parentPort.on('message', (message) => {
  handle(message).then(
    (result) => parentPort.postMessage({ id: message.id, ok: true, result }),
    (error) => parentPort.postMessage({ id: message.id, ok: false, error: errorOf(error) }),
  );
});
parentPort.postMessage({ ready: true });
