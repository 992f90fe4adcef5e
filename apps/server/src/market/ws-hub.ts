import { type Language, type WsServerMessage, zWsClientMessage } from '@kabuto/contract';
import type { WebSocket } from 'ws';
import type { MarketService, Quote, Tick } from './types';

/** Limits of the quote stream (CONVENTIONS §11). */
export const WS_LIMITS = {
  /** A socket whose unsent data exceeds this misses ticks until it drains (a slow client never slows others). */
  maxBufferedBytes: 1024 * 1024,
  /** Idle sockets are pinged this often and closed when the previous ping got no pong. */
  heartbeatMs: 30_000,
  /** Client messages larger than this are refused. */
  maxMessageBytes: 16 * 1024,
  /** `auth` requests per socket per minute (each reads the database); more answer too_frequent. */
  authPerMinute: 10,
} as const;

const TEXT_FRAME = { binary: false } as const;

/** SPEC §8: the quote stream's push, one per tick of a subscribed code. */
export interface TickMessage {
  type: 'tick';
  code: string;
  price: string;
  change: string;
  changePercent: string;
  volume: number;
  time: string;
  simulated: boolean;
}

export function tickMessage(quote: Quote): TickMessage {
  return {
    type: 'tick',
    code: quote.code,
    price: quote.price,
    change: quote.change,
    changePercent: quote.changePercent,
    volume: quote.volume,
    time: quote.time,
    simulated: quote.simulated,
  };
}

/** The TCP socket under a ws WebSocket (ws keeps it as `_socket`). */
interface RawSocket {
  cork(): void;
  uncork(): void;
  write(data: Buffer): boolean;
}

/**
 * One complete WebSocket text frame (RFC 6455 §5.2: FIN, opcode 1, unmasked as a server sends)
 * holding `payload`, built once per tick and written as-is to every subscriber's socket.
 */
export function textFrame(payload: Buffer): Buffer {
  const length = payload.length;
  const headerLength = length < 126 ? 2 : length < 65_536 ? 4 : 10;
  const frame = Buffer.allocUnsafe(headerLength + length);
  frame[0] = 0x81;
  if (length < 126) {
    frame[1] = length;
  } else if (length < 65_536) {
    frame[1] = 126;
    frame.writeUInt16BE(length, 2);
  } else {
    frame[1] = 127;
    frame.writeBigUInt64BE(BigInt(length), 2);
  }
  payload.copy(frame, headerLength);
  return frame;
}

/**
 * The raw socket of a WebSocket whose frames may be written directly: open, no extension
 * negotiated (without permessage-deflate ws never holds frames back, so a frame written here
 * cannot overtake one it queued).
 */
function rawSocketOf(socket: WebSocket): RawSocket | null {
  if (socket.readyState !== 1 || socket.extensions !== '') return null;
  const raw = (socket as unknown as { _socket?: Partial<RawSocket> })._socket;
  return raw?.cork && raw.uncork && raw.write ? (raw as RawSocket) : null;
}

/** The investor a socket's `auth` bound it to (SPEC §13.3 live notifications). */
interface SocketUser {
  id: number;
  token: string;
  account: string;
  /** The language its notices are written in. */
  language: Language;
  /** Messages up to this id were counted in its `authed` answer: only later ones are notices. */
  afterMessageId: number;
}

interface Client {
  socket: WebSocket;
  codes: Set<string>;
  alive: boolean;
  user: SocketUser | null;
  /** Counts `auth` requests, so an answer that arrives after a newer request is dropped. */
  authSeq: number;
  /** When its recent `auth` requests came (monotonic ms), for `authPerMinute`. */
  authTimes: number[];
}

/** The investor a socket's token and account stand for, or the refusal's key. */
export type SocketSession =
  | { id: number; language: Language }
  | { refused: 'session_expired' | 'account_blocked' };

/**
 * How the hub checks a socket's token and account, the way HTTP calls check their headers, and
 * reads the bell's count (modules/market/routes.ts). Without one, `auth` is refused.
 */
export interface SocketAuthenticator {
  /** `language`: the one the investor's app now shows, kept as theirs (pushes are written in it). */
  resolve(token: string, account: string, language: Language | undefined): Promise<SocketSession>;
  /** The investor's unread count, and the newest message id that count covers. */
  counts(userId: number): Promise<{ unread: number; afterMessageId: number }>;
}

/**
 * Fan-out of ticks to WebSocket clients: sockets are indexed by code, and each tick's message is
 * serialised once and written to that code's sockets only.
 */
export class QuoteHub {
  private readonly byCode = new Map<string, Set<Client>>();
  private readonly byUser = new Map<number, Set<Client>>();
  private readonly clients = new Set<Client>();
  private heartbeat: NodeJS.Timeout | null = null;
  private readonly unsubscribe: () => void;
  /** Ticks skipped for slow sockets (exposed for metrics and benchmarks). */
  dropped = 0;
  private readonly corked = new Set<RawSocket>();
  private flushScheduled = false;

  constructor(
    private readonly market: MarketService,
    private readonly maxSubscriptions: number,
    private readonly authenticator: SocketAuthenticator | null = null,
  ) {
    this.unsubscribe = market.onTick((tick) => this.broadcast(tick));
  }

  get connections(): number {
    return this.clients.size;
  }

  private broadcast(tick: Tick): void {
    const subscribers = this.byCode.get(tick.code);
    if (!subscribers || subscribers.size === 0) return;
    const quote = this.market.quote(tick.code);
    if (!quote) return;
    // Encoded and framed once for every subscriber.
    const data = Buffer.from(JSON.stringify(tickMessage(quote)));
    const frame = textFrame(data);
    for (const client of subscribers) {
      if (client.socket.readyState !== 1) continue;
      if (client.socket.bufferedAmount > WS_LIMITS.maxBufferedBytes) {
        this.dropped += 1;
        continue;
      }
      const raw = rawSocketOf(client.socket);
      if (raw) {
        this.cork(raw);
        raw.write(frame);
      } else {
        client.socket.send(data, TEXT_FRAME);
      }
    }
  }

  /**
   * The feed delivers a second's ticks in one synchronous batch; holding each socket's writes
   * until the batch ends sends a client's ticks in one write instead of one system call per tick.
   */
  private cork(raw: RawSocket): void {
    if (this.corked.has(raw)) return;
    raw.cork();
    this.corked.add(raw);
    if (!this.flushScheduled) {
      this.flushScheduled = true;
      queueMicrotask(() => this.uncorkAll());
    }
  }

  private uncorkAll(): void {
    this.flushScheduled = false;
    for (const raw of this.corked) raw.uncork();
    this.corked.clear();
  }

  add(socket: WebSocket): void {
    const client: Client = { socket, codes: new Set(), alive: true, user: null, authSeq: 0, authTimes: [] };
    this.clients.add(client);
    this.ensureHeartbeat();
    socket.on('pong', () => {
      client.alive = true;
    });
    socket.on('message', (data, isBinary) => {
      client.alive = true;
      const size = Array.isArray(data)
        ? data.reduce((n, b) => n + b.length, 0)
        : (data as Buffer | ArrayBuffer).byteLength;
      if (isBinary || size > WS_LIMITS.maxMessageBytes) {
        this.send(client, { type: 'error', msg: 'bad_request', field: 'message' });
        return;
      }
      this.handle(client, String(data));
    });
    socket.on('close', () => this.remove(client));
    socket.on('error', () => this.remove(client));
  }

  private send(client: Client, message: unknown): void {
    if (client.socket.readyState === 1) client.socket.send(JSON.stringify(message));
  }

  private handle(client: Client, text: string): void {
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      this.send(client, { type: 'error', msg: 'bad_request', field: 'message' });
      return;
    }
    const parsed = zWsClientMessage.safeParse(json);
    if (!parsed.success) {
      const field = parsed.error.issues[0]?.path[0];
      this.send(client, {
        type: 'error',
        msg: 'bad_request',
        field: typeof field === 'string' ? field : 'op',
      });
      return;
    }
    const message = parsed.data;
    if (message.op === 'ping') {
      this.send(client, { type: 'pong' });
      return;
    }
    if (message.op === 'auth') {
      const now = performance.now();
      client.authTimes = client.authTimes.filter((at) => at > now - 60_000);
      if (client.authTimes.length >= WS_LIMITS.authPerMinute) {
        this.send(client, { type: 'error', msg: 'too_frequent' });
        return;
      }
      client.authTimes.push(now);
      void this.authenticate(client, message.token, message.account, message.language);
      return;
    }
    const codes = [...new Set(message.codes)];
    if (message.op === 'unsubscribe') {
      for (const code of codes) this.drop(client, code);
      this.send(client, { type: 'unsubscribed', codes, subscriptions: [...client.codes] });
      return;
    }
    // A refused subscription changes nothing: unknown codes or going over the cap refuse the whole request.
    const unknown = codes.filter((code) => !this.market.instrument(code));
    if (unknown.length > 0) {
      this.send(client, { type: 'error', msg: 'not_found', field: 'codes', codes: unknown });
      return;
    }
    const added = codes.filter((code) => !client.codes.has(code));
    if (client.codes.size + added.length > this.maxSubscriptions) {
      this.send(client, { type: 'error', msg: 'bad_request', field: 'codes', limit: this.maxSubscriptions });
      return;
    }
    for (const code of added) {
      client.codes.add(code);
      let set = this.byCode.get(code);
      if (!set) {
        set = new Set();
        this.byCode.set(code, set);
      }
      set.add(client);
    }
    this.send(client, { type: 'subscribed', codes, subscriptions: [...client.codes] });
    // The current quote at once, so a client never shows an empty price while waiting for a tick.
    for (const code of codes) {
      const quote = this.market.quote(code);
      if (quote) this.send(client, tickMessage(quote));
    }
  }

  private drop(client: Client, code: string): void {
    client.codes.delete(code);
    const set = this.byCode.get(code);
    if (!set) return;
    set.delete(client);
    if (set.size === 0) this.byCode.delete(code);
  }

  private async authenticate(
    client: Client,
    token: string,
    account: string,
    language: Language | undefined,
  ): Promise<void> {
    client.authSeq += 1;
    const seq = client.authSeq;
    let session: SocketSession;
    let counts: { unread: number; afterMessageId: number } | null = null;
    try {
      session = this.authenticator
        ? await this.authenticator.resolve(token, account, language)
        : { refused: 'session_expired' };
      if (!('refused' in session) && this.authenticator) counts = await this.authenticator.counts(session.id);
    } catch {
      // The database did not answer: not a reason to sign the investor out; the client retries.
      if (seq === client.authSeq && this.clients.has(client))
        this.send(client, { type: 'error', msg: 'network_error' });
      return;
    }
    // A later `auth` or the socket's close decides instead.
    if (seq !== client.authSeq || !this.clients.has(client)) return;
    this.unbind(client);
    if ('refused' in session || !counts) {
      this.send(client, { type: 'error', msg: 'refused' in session ? session.refused : 'session_expired' });
      return;
    }
    client.user = {
      id: session.id,
      token,
      account,
      language: language ?? session.language,
      afterMessageId: counts.afterMessageId,
    };
    let set = this.byUser.get(session.id);
    if (!set) {
      set = new Set();
      this.byUser.set(session.id, set);
    }
    set.add(client);
    this.send(client, { type: 'authed', unread: counts.unread });
  }

  private unbind(client: Client): void {
    const user = client.user;
    if (!user) return;
    client.user = null;
    const set = this.byUser.get(user.id);
    if (!set) return;
    set.delete(client);
    if (set.size === 0) this.byUser.delete(user.id);
  }

  /** Investors with at least one authenticated socket on this node. */
  authedUsers(): number[] {
    return [...this.byUser.keys()];
  }

  /**
   * Checks the sessions of these investors' sockets again (a session may have ended since its
   * `auth`): a socket whose session no longer resolves is told `session_expired` and unbound,
   * and keeps its quotes.
   */
  async revalidate(userIds: readonly number[]): Promise<void> {
    const authenticator = this.authenticator;
    if (!authenticator) return;
    const checks: Array<Promise<void>> = [];
    for (const userId of userIds) {
      for (const client of this.byUser.get(userId) ?? []) {
        const user = client.user;
        if (!user) continue;
        const seq = client.authSeq;
        checks.push(
          authenticator.resolve(user.token, user.account, undefined).then(
            (session) => {
              if (seq !== client.authSeq || client.user !== user) return;
              if ('refused' in session || session.id !== user.id) {
                this.unbind(client);
                this.send(client, {
                  type: 'error',
                  msg: 'refused' in session ? session.refused : 'session_expired',
                });
              }
            },
            // A database fault is not an ended session: the socket stays bound.
            () => undefined,
          ),
        );
      }
    }
    await Promise.all(checks);
  }

  /**
   * Sends a message to the authenticated sockets of one investor (null: of every investor), each
   * in its own language; sockets bound after the message was written are skipped (their
   * `authed` count included it). Returns how many sockets it went to.
   */
  deliver(
    userId: number | null,
    messageId: number,
    build: (to: { userId: number; language: Language }) => WsServerMessage,
  ): number {
    const targets = userId === null ? this.clients : (this.byUser.get(userId) ?? new Set<Client>());
    const built = new Map<string, string>();
    let sent = 0;
    for (const client of targets) {
      const user = client.user;
      if (!user || messageId <= user.afterMessageId || client.socket.readyState !== 1) continue;
      // A socket that stopped reading gets no more: the bell's count catches up on its next notice.
      if (client.socket.bufferedAmount > WS_LIMITS.maxBufferedBytes) continue;
      const key = `${user.id}:${user.language}`;
      let text = built.get(key);
      if (text === undefined) {
        text = JSON.stringify(build({ userId: user.id, language: user.language }));
        built.set(key, text);
      }
      client.socket.send(text);
      sent += 1;
    }
    return sent;
  }

  private remove(client: Client): void {
    if (!this.clients.delete(client)) return;
    this.unbind(client);
    for (const code of client.codes) this.drop(client, code);
    client.codes.clear();
    if (this.clients.size === 0 && this.heartbeat) {
      clearInterval(this.heartbeat);
      this.heartbeat = null;
    }
  }

  private ensureHeartbeat(): void {
    if (this.heartbeat) return;
    this.heartbeat = setInterval(() => {
      for (const client of this.clients) {
        if (!client.alive) {
          client.socket.terminate();
          this.remove(client);
          continue;
        }
        client.alive = false;
        client.socket.ping();
      }
    }, WS_LIMITS.heartbeatMs);
    this.heartbeat.unref();
  }

  close(): void {
    this.unsubscribe();
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = null;
    for (const client of this.clients) client.socket.close(1001, 'server shutting down');
    this.clients.clear();
    this.byCode.clear();
    this.byUser.clear();
  }
}
