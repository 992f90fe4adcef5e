import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGliteThread } from './pglite-thread';

let db: PGliteThread;

beforeAll(async () => {
  db = await PGliteThread.create();
  await db.exec(`
    CREATE TABLE kinds (id BIGSERIAL PRIMARY KEY, amount BIGINT, price NUMERIC(24, 6), at TIMESTAMPTZ,
      day DATE, flag BOOLEAN, doc JSONB, tags TEXT[], ids INT8[], raw BYTEA, note TEXT);
    CREATE TABLE counters (id INT PRIMARY KEY, n INT NOT NULL CHECK (n >= 0));
    INSERT INTO counters VALUES (1, 0);
  `);
});
afterAll(async () => {
  await db.close();
});

describe('the embedded database in its own thread', () => {
  it('sends and reads back every kind of value the application stores', async () => {
    const at = new Date('2026-11-17T01:02:03.456Z');
    const { rows } = await db.query(
      `INSERT INTO kinds (amount, price, at, day, flag, doc, tags, ids, raw, note)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING *`,
      [
        9_007_199_254_740_991,
        '2850.5',
        at,
        '2026-11-17',
        true,
        JSON.stringify({ cn: '买入', jp: '買い' }),
        ['a', 'b c', 'd"e'],
        [1, 2, 3],
        Buffer.from([0, 1, 255]),
        null,
      ],
    );
    expect(rows[0]).toMatchObject({
      id: 1,
      amount: 9_007_199_254_740_991,
      price: '2850.500000',
      flag: true,
      doc: { cn: '买入', jp: '買い' },
      tags: ['a', 'b c', 'd"e'],
      ids: [1, 2, 3],
      note: null,
    });
    const row = rows[0] as { at: Date; raw: Uint8Array };
    expect(row.at.toISOString()).toBe(at.toISOString());
    expect([...row.raw]).toEqual([0, 1, 255]);
  });

  it('refuses an int8 outside the safe integer range rather than rounding it', async () => {
    await expect(db.query('SELECT 9007199254740993::int8 AS n')).rejects.toThrow(/safe range/);
  });

  it('reports database errors with their PostgreSQL fields', async () => {
    const error = await db.query('UPDATE counters SET n = n - 1 WHERE id = 1').catch((e: unknown) => e);
    expect(error).toMatchObject({ code: '23514', constraint: 'counters_n_check' });
    const raised = await db
      .query(
        `DO $$ BEGIN RAISE EXCEPTION USING ERRCODE = 'KB001', MESSAGE = 'no', DETAIL = 'available JPY'; END $$`,
      )
      .catch((e: unknown) => e);
    expect(raised).toMatchObject({ code: 'KB001', detail: 'available JPY', message: 'no' });
  });

  it('commits a transaction that succeeds and rolls back one that throws', async () => {
    await db.transaction(async (tx) => {
      await tx.query('UPDATE counters SET n = n + $1 WHERE id = 1', [5]);
    });
    await expect(
      db.transaction(async (tx) => {
        await tx.query('UPDATE counters SET n = n + $1 WHERE id = 1', [100]);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect((await db.query('SELECT n FROM counters WHERE id = 1')).rows).toEqual([{ n: 5 }]);
  });

  it('rolls back a transaction whose statement failed, and keeps working', async () => {
    await expect(
      db.transaction(async (tx) => {
        await tx.query('UPDATE counters SET n = n + 1 WHERE id = 1');
        await tx.query('UPDATE counters SET n = -1 WHERE id = 1');
      }),
    ).rejects.toMatchObject({ code: '23514' });
    expect((await db.query('SELECT n FROM counters WHERE id = 1')).rows).toEqual([{ n: 5 }]);
  });

  it('runs a statement sent during a transaction after the transaction ends', async () => {
    const order: string[] = [];
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const transaction = db.transaction(async (tx) => {
      await tx.query('UPDATE counters SET n = 50 WHERE id = 1');
      order.push('updated');
      await held;
      order.push('committing');
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    const outside = db.query('SELECT n FROM counters WHERE id = 1').then((r) => {
      order.push('read');
      return r.rows;
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    release();
    await transaction;
    expect(await outside).toEqual([{ n: 50 }]);
    expect(order).toEqual(['updated', 'committing', 'read']);
  });

  it('answers many concurrent statements, each with its own result', async () => {
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) => db.query('SELECT $1::int * 2 AS n', [i])),
    );
    expect(answers.map((a) => (a.rows[0] as { n: number }).n)).toEqual(
      Array.from({ length: 200 }, (_, i) => i * 2),
    );
  });

  it('answers a statement it has prepared before, even after its table changed shape', async () => {
    await db.exec('CREATE TABLE shapes (id INT PRIMARY KEY, a TEXT)');
    await db.query('INSERT INTO shapes VALUES ($1, $2)', [1, 'one']);
    const read = () => db.query('SELECT * FROM shapes WHERE id = $1', [1]);
    expect((await read()).rows).toEqual([{ id: 1, a: 'one' }]);
    await db.exec("ALTER TABLE shapes ADD COLUMN b TEXT DEFAULT 'two'");
    expect((await read()).rows).toEqual([{ id: 1, a: 'one', b: 'two' }]);
  });

  it('keeps answering when more distinct statements run than it keeps prepared', async () => {
    for (let i = 0; i < 520; i++) {
      const { rows } = await db.query(`SELECT $1::int + ${i} AS n`, [1]);
      expect(rows).toEqual([{ n: i + 1 }]);
    }
    expect((await db.query('SELECT $1::int + 0 AS n', [7])).rows).toEqual([{ n: 7 }]);
  });
});
