import { zWsClientMessage } from '@kabuto/contract';
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

interface Client {
  socket: WebSocket;
  codes: Set<string>;
  alive: boolean;
}

/**
 * Fan-out of ticks to WebSocket clients: sockets are indexed by code, and each tick's message is
 * serialised once and written to that code's sockets only.
 */
export class QuoteHub {
  private readonly byCode = new Map<string, Set<Client>>();
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
    const client: Client = { socket, codes: new Set(), alive: true };
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

  private remove(client: Client): void {
    if (!this.clients.delete(client)) return;
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
  }
}
