import { isDeepStrictEqual } from 'node:util';
import sharp from 'sharp';
import { ADMIN_PASSWORD, sleep } from './servers';

/**
 * The bank workload (after Jepsen's bank test): clients that register, get verified, fund their
 * accounts and then, concurrently, place and cancel orders, close positions (twice at once),
 * deposit, withdraw and exchange — every money and order call with an Idempotency-Key, retried
 * with the same key after a cut-off answer (a dropped connection, a 503), on whichever node
 * answers; replays of answered calls; concurrent duplicates of one key. A reviewer approves and
 * rejects deposits and withdrawals through the back-office API. Everything sent and every answer
 * is logged, for the checks from the database (checks.ts).
 */

export interface Envelope {
  status: 0 | 1;
  msg: string;
  data?: unknown;
}

export type OpKind = 'order' | 'cancel' | 'close' | 'deposit' | 'withdraw' | 'exchange';

export interface Op {
  kind: OpKind;
  /** Index of the client (user) that sent it. */
  client: number;
  userId: number;
  key: string;
  path: string;
  body: Record<string, unknown>;
  multipart: boolean;
  /** Position a cancel or close is for. */
  target?: number;
  /** Part of a pair of closes sent at once with different keys. */
  doubleClose?: number;
  /** Definitive answers, in order (the first outcome, then any replay of the key). */
  answers: Envelope[];
  /** Attempts that got no definitive answer (cut off, 503, key in progress). */
  cutOffs: number;
  /** Node the first attempt goes to (later attempts: whichever the picker names). */
  via?: string;
  /** Sent again with the same key although answered (a replay), or twice at once. */
  retried: boolean;
  /** No definitive answer within the retry budget. */
  unresolved: boolean;
  /** When the first definitive answer came, and when the attempt that got it was sent. */
  answeredAt?: number;
  answeredSentAt?: number;
}

export interface Decision {
  kind: 'deposit' | 'withdrawal';
  id: number;
  decision: 'approve' | 'reject';
  /** HTTP status of the decision (200 done, 409 already decided); 0 = cut off. */
  http: number;
}

export interface Session {
  token: string;
  account: string;
  userId: number;
  cardId: number;
}

/** A node to send to: the workload asks for one per request, so a client moves to a survivor. */
export type NodePicker = (client: number) => string;

const FUND_PASSWORD = 'fund1234';
const REAL_NAME = 'Fault Tester';
/** How long a client keeps retrying one key before it records the call as unresolved. */
const RETRY_BUDGET_MS = 45_000;
const REQUEST_TIMEOUT_MS = 20_000;
/** Answers that say "not now", not "this is the outcome". */
const NOT_DEFINITIVE = new Set(['too_frequent', 'network_error']);

type Sent = { kind: 'answer'; http: number; envelope: Envelope } | { kind: 'cut'; reason: string };

let receiptImage: Buffer | null = null;
let idImage: Buffer | null = null;
async function images() {
  receiptImage ??= await sharp({
    create: { width: 64, height: 40, channels: 3, background: { r: 200, g: 30, b: 60 } },
  })
    .jpeg()
    .toBuffer();
  idImage ??= await sharp({
    create: { width: 48, height: 48, channels: 3, background: { r: 10, g: 120, b: 200 } },
  })
    .jpeg()
    .toBuffer();
  return { receipt: receiptImage, id: idImage };
}

async function send(
  base: string,
  path: string,
  body: Record<string, unknown>,
  options: { session?: Session; key?: string; multipart?: boolean } = {},
): Promise<Sent> {
  const headers: Record<string, string> = {};
  if (options.session) {
    headers.token = options.session.token;
    headers.account = options.session.account;
  }
  if (options.key) headers['idempotency-key'] = options.key;
  let payload: BodyInit;
  if (options.multipart) {
    const form = new FormData();
    for (const [name, value] of Object.entries(body)) {
      if (value instanceof Uint8Array)
        form.append(name, new Blob([new Uint8Array(value)], { type: 'image/jpeg' }), `${name}.jpg`);
      else form.append(name, String(value));
    }
    payload = form;
  } else {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  try {
    const res = await fetch(`${base}/api/vue${path}`, {
      method: 'POST',
      headers,
      body: payload,
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    const text = await res.text();
    if (res.status >= 500) return { kind: 'cut', reason: `HTTP ${res.status}` };
    return { kind: 'answer', http: res.status, envelope: JSON.parse(text) as Envelope };
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause?.code;
    return { kind: 'cut', reason: cause ?? (error as Error).name };
  }
}

function definitive(sent: Sent): sent is { kind: 'answer'; http: number; envelope: Envelope } {
  return sent.kind === 'answer' && sent.http === 200 && !NOT_DEFINITIVE.has(sent.envelope.msg);
}

export interface WorkloadFigures {
  requests: number;
  cutOffs: number;
  operations: number;
  acknowledged: number;
  refused: number;
  replays: number;
  concurrentDuplicates: number;
  doubleCloses: number;
  decisions: number;
}

export class Workload {
  readonly ops: Op[] = [];
  readonly decisions: Decision[] = [];
  readonly sessions: Session[] = [];
  readonly figures: WorkloadFigures = {
    requests: 0,
    cutOffs: 0,
    operations: 0,
    acknowledged: 0,
    refused: 0,
    replays: 0,
    concurrentDuplicates: 0,
    doubleCloses: 0,
    decisions: 0,
  };
  /** Every cut-off: when its request was sent, when it ended, and why (an HTTP 5xx or a socket error). */
  readonly cuts: Array<{ sentAt: number; endedAt: number; reason: string; path: string }> = [];
  private running = false;
  private seq = 0;
  private codes: string[] = [];
  private prices = new Map<string, number>();
  private adminToken = '';
  /** Per client: positions it believes pending or holding (refreshed from its list). */
  private readonly open: Array<Set<number>> = [];
  /** Positions the clients leave alone (a scenario watches them). */
  private readonly reserved = new Set<number>();
  private tasks: Promise<void>[] = [];

  constructor(
    private readonly name: string,
    private readonly pick: NodePicker,
    private readonly clients: number,
    private readonly random: () => number,
  ) {}

  // ---- set-up: users verified, funded, with a card ----

  private async must(
    base: string,
    path: string,
    body: Record<string, unknown>,
    session?: Session,
    multipart = false,
  ) {
    for (let attempt = 0; ; attempt++) {
      const sent = await send(base, path, body, { ...(session ? { session } : {}), multipart });
      this.figures.requests++;
      if (definitive(sent) && sent.envelope.status === 1)
        return sent.envelope.data as Record<string, unknown>;
      if (attempt > 20) throw new Error(`set-up call ${path} failed: ${JSON.stringify(sent)}`);
      await sleep(200);
    }
  }

  private async admin(
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
  ): Promise<{ http: number; json: unknown }> {
    const base = this.pick(0);
    try {
      const res = await fetch(`${base}/api/admin${path}`, {
        method,
        headers: {
          ...(this.adminToken ? { authorization: `Bearer ${this.adminToken}` } : {}),
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      this.figures.requests++;
      const text = await res.text();
      return { http: res.status, json: text ? JSON.parse(text) : null };
    } catch {
      this.figures.requests++;
      return { http: 0, json: null };
    }
  }

  async setUp(): Promise<void> {
    const login = await this.admin('POST', '/login', { username: 'admin', password: ADMIN_PASSWORD });
    this.adminToken = (login.json as { token: string }).token;
    if (!this.adminToken) throw new Error(`operator login failed: ${JSON.stringify(login)}`);
    const { receipt, id } = await images();
    const base = this.pick(0);
    const hot = (await this.must(base, '/market/hot', { type: 'jpy', size: 4 })) as unknown as {
      list?: Array<{ code: string; price: string }>;
    };
    const list = Array.isArray(hot) ? (hot as Array<{ code: string; price: string }>) : (hot.list ?? []);
    this.codes = list.slice(0, 4).map((q) => q.code);
    for (const q of list) this.prices.set(q.code, Number(q.price));
    if (this.codes.length === 0) throw new Error('no instruments to trade');

    await Promise.all(
      Array.from({ length: this.clients }, async (_, client) => {
        const account = `f${this.name}${client}${Math.floor(this.random() * 1e6)}`.slice(0, 20);
        const registered = await this.must(base, '/user/register', {
          account,
          password: 'secret123',
          repassword: 'secret123',
          agree: 1,
        });
        const session: Session = {
          token: String(registered.token),
          account: String(registered.account),
          userId: 0,
          cardId: 0,
        };
        const info = await this.must(base, '/user/getUserinfo', { type: 'jpy' }, session);
        session.userId = Number(info.id);
        await this.must(
          base,
          '/user/verify',
          { name: REAL_NAME, id_number: 'AB1234567', agree: 1, front: id, back: id },
          session,
          true,
        );
        this.sessions[client] = session;
        this.open[client] = new Set();
      }),
    );
    await this.approveAll('kyc');
    await Promise.all(
      this.sessions.map(async (session) => {
        await this.must(
          base,
          '/user/setFundPassword',
          { password: FUND_PASSWORD, repassword: FUND_PASSWORD },
          session,
        );
        const card = await this.must(
          base,
          '/user/bankAdd',
          {
            holder: REAL_NAME,
            card_number: `62${String(session.userId).padStart(14, '0')}`,
            card_type: 'debit',
            institution: 'Demo Bank',
            branch: 'Shinjuku',
            branch_code: '123',
          },
          session,
        );
        session.cardId = Number(card.id);
      }),
    );
    // Opening deposits go through the same idempotent path as the workload's, and are checked alike.
    await Promise.all(
      this.sessions.map((_, client) =>
        this.operate(client, 'deposit', '/user/deposit', {
          type: 'jpy',
          channel: 'bank',
          amount: '20000000',
          fund_password: FUND_PASSWORD,
          receipt,
        }),
      ),
    );
    await this.approveAll('deposit');
  }

  private async approveAll(kind: 'kyc' | 'deposit'): Promise<void> {
    const listed = await this.admin('GET', `/reviews?kind=${kind}&state=pending`);
    const items = (listed.json as { list?: Array<{ id: number }> })?.list ?? [];
    for (const item of items) {
      const done = await this.admin('POST', `/reviews/${kind}/${item.id}/approve`, { reason: 'ok' });
      if (kind === 'deposit') {
        this.decisions.push({ kind, id: item.id, decision: 'approve', http: done.http });
        this.figures.decisions++;
      }
    }
  }

  // ---- operations ----

  /**
   * Sends one call with its key until it gets a definitive answer: a cut-off or a key still in
   * progress is retried with the same key (on whichever node the picker names then).
   */
  private async deliver(op: Op): Promise<Envelope | null> {
    const started = Date.now();
    for (let attempt = 0; ; attempt++) {
      const sentAt = Date.now();
      const base = attempt === 0 && op.via ? op.via : this.pick(op.client);
      const sent = await send(base, op.path, op.body, {
        session: this.sessions[op.client]!,
        key: op.key,
        multipart: op.multipart,
      });
      this.figures.requests++;
      if (definitive(sent)) {
        if (op.answers.length === 0) {
          op.answeredAt = Date.now();
          op.answeredSentAt = sentAt;
        }
        op.answers.push(sent.envelope);
        return sent.envelope;
      }
      if (sent.kind === 'cut')
        this.cuts.push({ sentAt, endedAt: Date.now(), reason: sent.reason, path: op.path });
      op.cutOffs++;
      this.figures.cutOffs++;
      if (Date.now() - started > RETRY_BUDGET_MS) {
        op.unresolved = true;
        return null;
      }
      await sleep(150 + Math.floor(this.random() * 150));
    }
  }

  private newOp(client: number, kind: OpKind, path: string, body: Record<string, unknown>): Op {
    const op: Op = {
      kind,
      client,
      userId: this.sessions[client]!.userId,
      key: `${this.name}-${client}-${++this.seq}`,
      path,
      body,
      multipart: kind === 'deposit',
      answers: [],
      cutOffs: 0,
      retried: false,
      unresolved: false,
    };
    this.ops.push(op);
    this.figures.operations++;
    return op;
  }

  private settle(op: Op, answer: Envelope | null): void {
    if (!answer) return;
    if (answer.status === 1) this.figures.acknowledged++;
    else this.figures.refused++;
    const data = answer.data as { id?: number; state?: string } | undefined;
    if (answer.status === 1 && op.kind === 'order' && data?.id && !this.reserved.has(data.id))
      this.open[op.client]!.add(data.id);
    if (answer.status === 1 && (op.kind === 'cancel' || op.kind === 'close') && op.target)
      this.open[op.client]!.delete(op.target);
  }

  async operate(
    client: number,
    kind: OpKind,
    path: string,
    body: Record<string, unknown>,
    extra: Partial<Op> = {},
  ): Promise<Op> {
    const op = Object.assign(this.newOp(client, kind, path, body), extra);
    this.settle(op, await this.deliver(op));
    return op;
  }

  private pickCode(): string {
    return this.codes[Math.floor(this.random() * this.codes.length)]!;
  }

  private orderBody(): Record<string, unknown> {
    const code = this.pickCode();
    const direction = this.random() < 0.5 ? 'long' : 'short';
    const leverage = [2, 5, 10][Math.floor(this.random() * 3)]!;
    const body: Record<string, unknown> = { type: 'jpy', code, direction, quantity: 100, leverage };
    const price = this.prices.get(code);
    if (this.random() < 0.5 || !price) {
      body.order_type = 'market';
    } else {
      // A few ticks either side of the last price: some fill at once, some rest and fill later.
      const ticks = Math.floor(this.random() * 9) - 4;
      body.order_type = 'limit';
      body.price = (Math.round(price * 10) / 10 + ticks * 0.1).toFixed(1);
    }
    return body;
  }

  private async refresh(client: number): Promise<void> {
    const sent = await send(
      this.pick(client),
      '/trade/userstocklist',
      { type: 'jpy', size: 50 },
      {
        session: this.sessions[client]!,
      },
    );
    this.figures.requests++;
    if (!definitive(sent) || sent.envelope.status !== 1) return;
    const data = sent.envelope.data as { list?: Array<{ id: number }> };
    this.open[client] = new Set((data.list ?? []).map((p) => p.id).filter((id) => !this.reserved.has(id)));
    const code = this.pickCode();
    const quote = await send(this.pick(client), '/market/quote', { type: 'jpy', code });
    this.figures.requests++;
    if (definitive(quote) && quote.envelope.status === 1)
      this.prices.set(code, Number((quote.envelope.data as { price: string }).price));
  }

  private anyOpen(client: number): number | null {
    const ids = [...this.open[client]!];
    return ids.length === 0 ? null : ids[Math.floor(this.random() * ids.length)]!;
  }

  /** One step of a client: an operation drawn from the mix. */
  private async step(client: number, n: number): Promise<void> {
    if (n % 8 === 0) await this.refresh(client);
    const r = this.random();
    const session = this.sessions[client]!;
    if (r < 0.34) {
      await this.operate(client, 'order', '/trade/order', this.orderBody());
    } else if (r < 0.44) {
      const id = this.anyOpen(client);
      if (id) await this.operate(client, 'cancel', '/trade/cancel', { type: 'jpy', id }, { target: id });
    } else if (r < 0.54) {
      const id = this.anyOpen(client);
      if (id) await this.operate(client, 'close', '/trade/close', { type: 'jpy', id }, { target: id });
    } else if (r < 0.6) {
      // Two closes of one position at once, with different keys: at most one may succeed.
      const id = this.anyOpen(client);
      if (id) {
        this.figures.doubleCloses++;
        await Promise.all([
          this.operate(client, 'close', '/trade/close', { type: 'jpy', id }, { target: id, doubleClose: id }),
          this.operate(client, 'close', '/trade/close', { type: 'jpy', id }, { target: id, doubleClose: id }),
        ]);
      }
    } else if (r < 0.65) {
      const { receipt } = await images();
      await this.operate(client, 'deposit', '/user/deposit', {
        type: 'jpy',
        channel: 'bank',
        amount: String(100_000 + Math.floor(this.random() * 10) * 10_000),
        fund_password: FUND_PASSWORD,
        receipt,
      });
    } else if (r < 0.7) {
      await this.operate(client, 'withdraw', '/user/withdraw', {
        type: 'jpy',
        amount: String(30_000 + Math.floor(this.random() * 10) * 1_000),
        card_id: session.cardId,
        fund_password: FUND_PASSWORD,
      });
    } else if (r < 0.8) {
      const toUsd = this.random() < 0.7;
      await this.operate(client, 'exchange', '/user/exchange', {
        from: toUsd ? 'JPY' : 'USD',
        to: toUsd ? 'USD' : 'JPY',
        amount: toUsd ? String(5_000 + Math.floor(this.random() * 50) * 100) : '10.00',
        fund_password: FUND_PASSWORD,
      });
    } else if (r < 0.9) {
      // A replay of an answered call: the same key and request must answer the first outcome.
      const mine = this.ops.filter((o) => o.client === client && o.answers.length > 0 && !o.doubleClose);
      const op = mine[Math.floor(this.random() * mine.length)];
      if (op) {
        op.retried = true;
        this.figures.replays++;
        await this.deliver(op);
      }
    } else {
      // Concurrent duplicates: one key sent twice at once; one runs, both answer its outcome.
      const kind = this.random() < 0.6 ? 'order' : 'exchange';
      const op =
        kind === 'order'
          ? this.newOp(client, 'order', '/trade/order', this.orderBody())
          : this.newOp(client, 'exchange', '/user/exchange', {
              from: 'JPY',
              to: 'USD',
              amount: '3000',
              fund_password: FUND_PASSWORD,
            });
      op.retried = true;
      this.figures.concurrentDuplicates++;
      const [first] = await Promise.all([this.deliver(op), this.deliver(op)]);
      this.settle(op, first);
    }
  }

  /** The reviewer: approves most pending deposits and withdrawals, rejects some, with a reason. */
  private async review(): Promise<void> {
    while (this.running) {
      for (const kind of ['deposit', 'withdrawal'] as const) {
        const listed = await this.admin('GET', `/reviews?kind=${kind}&state=pending`);
        const items = (listed.json as { list?: Array<{ id: number }> } | null)?.list ?? [];
        for (const item of items.slice(0, 10)) {
          const decision = this.random() < 0.75 ? 'approve' : 'reject';
          const done = await this.admin('POST', `/reviews/${kind}/${item.id}/${decision}`, {
            reason: decision === 'reject' ? 'receipt unreadable' : 'ok',
          });
          this.decisions.push({ kind, id: item.id, decision, http: done.http });
          this.figures.decisions++;
        }
      }
      await sleep(250);
    }
  }

  /** Starts every client and the reviewer; `stop` ends them after their current step. */
  start(): void {
    this.running = true;
    this.tasks = [
      ...this.sessions.map(async (_, client) => {
        for (let n = 0; this.running; n++) await this.step(client, n);
      }),
      this.review(),
    ];
  }

  async stop(): Promise<void> {
    this.running = false;
    await Promise.all(this.tasks);
    this.tasks = [];
  }

  /**
   * When the first operation of a kind sent after `since` (the attempt that got its answer) was
   * acknowledged, if one was: the first order placed after a fault measures when service was back.
   */
  firstAcknowledgedAfter(kind: OpKind, since: number): number | null {
    let first: number | null = null;
    for (const op of this.ops) {
      if (op.kind !== kind || op.answers[0]?.status !== 1 || op.answeredSentAt === undefined) continue;
      if (op.answeredSentAt >= since && (first === null || op.answeredAt! < first)) first = op.answeredAt!;
    }
    return first;
  }

  /** The time of each traded code's last quote on a node (it moves while the feed runs). */
  async quoteTimes(base: string): Promise<Map<string, string>> {
    const times = new Map<string, string>();
    for (const code of this.codes) {
      const sent = await send(base, '/market/quote', { type: 'jpy', code });
      this.figures.requests++;
      if (definitive(sent) && sent.envelope.status === 1)
        times.set(code, String((sent.envelope.data as { time: unknown }).time));
    }
    return times;
  }

  /** The last price of a code as a node quotes it. */
  async lastPrice(base: string, code: string): Promise<number | null> {
    const sent = await send(base, '/market/quote', { type: 'jpy', code });
    this.figures.requests++;
    return definitive(sent) && sent.envelope.status === 1
      ? Number((sent.envelope.data as { price: string }).price)
      : null;
  }

  /**
   * Resting limit orders placed through one node, for each code one tick below the price (long)
   * and one above (short): whichever way the price moves next, some of them fill.
   */
  async probeOrders(
    base: string,
  ): Promise<Array<{ id: number; code: string; direction: 'long' | 'short'; limit: number }>> {
    const probes = [];
    for (const code of this.codes) {
      const price = await this.lastPrice(base, code);
      if (price === null) continue;
      for (const direction of ['long', 'short'] as const) {
        const limit = Math.round(price * 10) / 10 + (direction === 'long' ? -0.1 : 0.1);
        const op = await this.operate(
          0,
          'order',
          '/trade/order',
          {
            type: 'jpy',
            code,
            direction,
            order_type: 'limit',
            price: limit.toFixed(1),
            quantity: 100,
            leverage: 10,
          },
          { via: base },
        );
        const data = op.answers[0]?.data as { id?: number; state?: string } | undefined;
        if (data?.id) {
          this.reserved.add(data.id);
          this.open[0]!.delete(data.id);
        }
        if (op.answers[0]?.status === 1 && data?.id && data.state === 'pending')
          probes.push({ id: data.id, code, direction, limit: Number(limit.toFixed(1)) });
      }
    }
    return probes;
  }

  /** State and fill time of client 0's positions, as a node reports them. */
  async positionStates(
    base: string,
    positions: Array<{ id: number }>,
  ): Promise<Map<number, { state: string; openedAt: number | null }>> {
    const states = new Map<number, { state: string; openedAt: number | null }>();
    for (const { id } of positions) {
      const sent = await send(
        base,
        '/trade/positionInfo',
        { type: 'jpy', id },
        { session: this.sessions[0]! },
      );
      this.figures.requests++;
      if (definitive(sent) && sent.envelope.status === 1) {
        const data = sent.envelope.data as { state: string; openedAt: string | null };
        states.set(id, { state: data.state, openedAt: data.openedAt ? Date.parse(data.openedAt) : null });
      }
    }
    return states;
  }

  /** Replays every answered key once more: each must answer its first outcome. */
  async replayAll(): Promise<void> {
    const answered = this.ops.filter((o) => o.answers.length > 0);
    for (let at = 0; at < answered.length; at += 16) {
      await Promise.all(
        answered.slice(at, at + 16).map(async (op) => {
          op.retried = true;
          this.figures.replays++;
          await this.deliver(op);
        }),
      );
    }
  }
}

/** Whether two answers to one key are the same outcome (stored answers may order keys differently). */
export function sameAnswer(a: Envelope, b: Envelope): boolean {
  return isDeepStrictEqual(a, b);
}

/** A seeded generator (mulberry32), so a run's mix is reproducible from its seed. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
