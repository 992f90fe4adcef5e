import { type Language, zWsServerMessage } from '@kabuto/contract';
import { type BackoffOptions, backoffDelay, DEFAULT_BACKOFF } from './backoff';
import { type Flash, flashOf } from './flash';
import { RefCounter } from './ref-counter';

/** One price update of a code, from the stream or from a poll of /market/quote. */
export interface LiveTick {
  code: string;
  price: string;
  change: string;
  changePercent: string;
  /** The day's traded volume so far. */
  volume: number;
  time: string;
  simulated: boolean;
}

/** The latest tick of a code plus the highlight of its last move (SPEC §12). */
export interface LiveQuote extends LiveTick {
  flash: Flash;
}

/** Who the socket speaks for: the signed-in investor, for live notifications (SPEC §13.3). */
export interface StreamAuth {
  token: string;
  account: string;
  language?: Language;
}

/** A live notification, or the bell's count once the socket is bound (`authed`). */
export type StreamNotice =
  | { type: 'authed'; unread: number }
  | { type: 'notice'; id: number; kind: string; title: string; body: string; unread: number; live: boolean };

/** `open`: ticks are pushed; `down`: the socket is lost and quotes are polled until it is back. */
export type StreamStatus = 'idle' | 'connecting' | 'open' | 'down';

/** The part of a browser WebSocket the stream uses (a fake one in tests). */
export interface SocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((event: unknown) => void) | null;
  onclose: ((event: unknown) => void) | null;
  onerror: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
}

export interface QuoteStreamOptions {
  connect: () => SocketLike;
  /** Fallback while the socket is down: the current quote of one code, or null. */
  poll: (code: string) => Promise<LiveTick | null>;
  pollMs?: number;
  flashMs?: number;
  /** With nothing subscribed for this long, the socket is closed. */
  idleCloseMs?: number;
  /** A socket that has not opened after this long counts as failed. */
  connectTimeoutMs?: number;
  backoff?: BackoffOptions;
  random?: () => number;
  /** Every tick the stream takes (the last prices kept for an offline start). */
  onTick?: (tick: LiveTick) => void;
}

const OPEN = 1;
/** The server refuses more codes than this in one message (contract zWsClientMessage). */
const MAX_CODES_PER_MESSAGE = 200;

type Timer = ReturnType<typeof setTimeout>;

/**
 * One quote stream for the whole app (SPEC §8): a single WebSocket to /api/ws, codes subscribed
 * once however many screens show them, reconnection with backoff, and polling of /market/quote
 * while the socket is down so prices keep moving.
 */
export class QuoteStream {
  private readonly refs = new RefCounter();
  private readonly quotes = new Map<string, LiveQuote>();
  private readonly listeners = new Map<string, Set<() => void>>();
  private readonly statusListeners = new Set<(status: StreamStatus) => void>();
  private readonly flashTimers = new Map<string, Timer>();
  /** Codes the server does not know: never sent again. */
  private readonly unknown = new Set<string>();
  private socket: SocketLike | null = null;
  private currentStatus: StreamStatus = 'idle';
  private attempt = 0;
  private reconnectTimer: Timer | null = null;
  private pollTimer: Timer | null = null;
  private polling = false;
  private idleTimer: Timer | null = null;
  private connectTimer: Timer | null = null;
  private disposed = false;
  private auth: StreamAuth | null = null;
  private readonly noticeListeners = new Set<(notice: StreamNotice) => void>();

  private readonly pollMs: number;
  private readonly flashMs: number;
  private readonly idleCloseMs: number;
  private readonly connectTimeoutMs: number;
  private readonly backoff: BackoffOptions;
  private readonly random: () => number;

  constructor(private readonly options: QuoteStreamOptions) {
    this.pollMs = options.pollMs ?? 3000;
    this.flashMs = options.flashMs ?? 700;
    this.idleCloseMs = options.idleCloseMs ?? 15_000;
    this.connectTimeoutMs = options.connectTimeoutMs ?? 8000;
    this.backoff = options.backoff ?? DEFAULT_BACKOFF;
    this.random = options.random ?? Math.random;
  }

  get status(): StreamStatus {
    return this.currentStatus;
  }

  /** The latest quote of a subscribed code. */
  get(code: string): LiveQuote | undefined {
    return this.quotes.get(code);
  }

  /** Codes currently subscribed (for diagnostics and tests). */
  subscribed(): string[] {
    return this.refs.active();
  }

  onStatus(listener: (status: StreamStatus) => void): () => void {
    this.statusListeners.add(listener);
    return () => this.statusListeners.delete(listener);
  }

  onNotice(listener: (notice: StreamNotice) => void): () => void {
    this.noticeListeners.add(listener);
    return () => this.noticeListeners.delete(listener);
  }

  /**
   * Binds the socket to the signed-in investor (null: signed out). A signed-in app keeps its
   * socket open with no codes subscribed, so notifications still arrive; every new socket is
   * bound again on open.
   */
  setAuth(auth: StreamAuth | null): void {
    const same =
      auth?.token === this.auth?.token &&
      auth?.account === this.auth?.account &&
      auth?.language === this.auth?.language;
    if (same) return;
    const hadAuth = this.auth !== null;
    this.auth = auth;
    if (auth) {
      if (this.idleTimer) {
        clearTimeout(this.idleTimer);
        this.idleTimer = null;
      }
      if (this.socket?.readyState === OPEN) this.sendAuth();
      else this.ensureConnected();
    } else if (hadAuth && this.socket) {
      // The socket still speaks for the investor who left: start a fresh one, or none.
      this.closeSocket();
      if (this.refs.size > 0) this.ensureConnected();
      else this.setStatus('idle');
    }
  }

  /**
   * Subscribes `codes`; `listener` runs whenever one of them gets a new quote or flash state.
   * The answer releases exactly what this call took.
   */
  subscribe(codes: readonly string[], listener: () => void): () => void {
    const unique = [...new Set(codes.filter((c) => c.length > 0))];
    for (const code of unique) {
      let set = this.listeners.get(code);
      if (!set) {
        set = new Set();
        this.listeners.set(code, set);
      }
      set.add(listener);
    }
    const added = this.refs.acquire(unique);
    if (this.idleTimer) {
      clearTimeout(this.idleTimer);
      this.idleTimer = null;
    }
    if (added.length > 0) {
      if (this.socket?.readyState === OPEN) this.sendCodes('subscribe', added);
      else this.ensureConnected();
      if (this.currentStatus === 'down') this.schedulePoll(0);
    }
    let released = false;
    return () => {
      if (released) return;
      released = true;
      for (const code of unique) this.listeners.get(code)?.delete(listener);
      const gone = this.refs.release(unique);
      for (const code of gone) {
        this.listeners.delete(code);
        this.quotes.delete(code);
        const timer = this.flashTimers.get(code);
        if (timer) clearTimeout(timer);
        this.flashTimers.delete(code);
      }
      if (gone.length > 0 && this.socket?.readyState === OPEN) this.sendCodes('unsubscribe', gone);
      if (this.refs.size === 0) this.scheduleIdleClose();
    };
  }

  /** Takes a tick (pushed or polled); a changed price flashes for `flashMs`. */
  ingest(tick: LiveTick): void {
    if (this.refs.count(tick.code) === 0) return;
    const previous = this.quotes.get(tick.code);
    if (previous) {
      const before = Date.parse(previous.time);
      const now = Date.parse(tick.time);
      // Polls and pushes may cross: an older quote never replaces a newer one.
      if (now < before) return;
      if (now === before && previous.price === tick.price && previous.volume === tick.volume) return;
    }
    const moved = flashOf(previous?.price, tick.price);
    const flash = moved ?? previous?.flash ?? null;
    this.quotes.set(tick.code, { ...tick, flash });
    this.options.onTick?.(tick);
    if (moved) {
      const old = this.flashTimers.get(tick.code);
      if (old) clearTimeout(old);
      this.flashTimers.set(
        tick.code,
        setTimeout(() => {
          this.flashTimers.delete(tick.code);
          const current = this.quotes.get(tick.code);
          if (!current || current.flash === null) return;
          this.quotes.set(tick.code, { ...current, flash: null });
          this.emit(tick.code);
        }, this.flashMs),
      );
    }
    this.emit(tick.code);
  }

  /** Closes everything (tests, hot reload). */
  dispose(): void {
    this.disposed = true;
    this.clearTimers();
    for (const timer of this.flashTimers.values()) clearTimeout(timer);
    this.flashTimers.clear();
    this.closeSocket();
    this.setStatus('idle');
  }

  private emit(code: string): void {
    const set = this.listeners.get(code);
    if (!set) return;
    for (const listener of [...set]) listener();
  }

  private setStatus(status: StreamStatus): void {
    if (this.currentStatus === status) return;
    this.currentStatus = status;
    for (const listener of [...this.statusListeners]) listener(status);
  }

  private wanted(): string[] {
    return this.refs.active().filter((code) => !this.unknown.has(code));
  }

  private sendCodes(op: 'subscribe' | 'unsubscribe', codes: readonly string[]): void {
    const list = op === 'subscribe' ? codes.filter((c) => !this.unknown.has(c)) : codes;
    const socket = this.socket;
    if (!socket || socket.readyState !== OPEN) return;
    for (let i = 0; i < list.length; i += MAX_CODES_PER_MESSAGE) {
      socket.send(JSON.stringify({ op, codes: list.slice(i, i + MAX_CODES_PER_MESSAGE) }));
    }
  }

  private ensureConnected(): void {
    if (this.disposed || this.socket || this.reconnectTimer || !this.wantsSocket()) return;
    let socket: SocketLike;
    try {
      socket = this.options.connect();
    } catch {
      this.onLost();
      return;
    }
    this.socket = socket;
    if (this.currentStatus !== 'down') this.setStatus('connecting');
    this.connectTimer = setTimeout(() => {
      this.connectTimer = null;
      if (this.socket === socket && socket.readyState !== OPEN) {
        this.detach(socket);
        this.socket = null;
        try {
          socket.close();
        } catch {
          // Already closing.
        }
        this.onLost();
      }
    }, this.connectTimeoutMs);
    socket.onopen = () => {
      if (this.socket !== socket) return;
      if (this.connectTimer) clearTimeout(this.connectTimer);
      this.connectTimer = null;
      this.attempt = 0;
      this.stopPolling();
      this.setStatus('open');
      this.sendAuth();
      this.sendCodes('subscribe', this.wanted());
    };
    socket.onmessage = (event) => {
      if (this.socket === socket) this.onMessage(event.data);
    };
    socket.onerror = () => {
      // A close event follows; reconnection is handled there.
    };
    socket.onclose = () => {
      if (this.socket !== socket) return;
      this.detach(socket);
      this.socket = null;
      if (this.connectTimer) clearTimeout(this.connectTimer);
      this.connectTimer = null;
      this.onLost();
    };
  }

  /** Codes to watch, or an investor to hear from. */
  private wantsSocket(): boolean {
    return this.refs.size > 0 || this.auth !== null;
  }

  private sendAuth(): void {
    const socket = this.socket;
    if (!this.auth || !socket || socket.readyState !== OPEN) return;
    socket.send(JSON.stringify({ op: 'auth', ...this.auth }));
  }

  private detach(socket: SocketLike): void {
    socket.onopen = null;
    socket.onmessage = null;
    socket.onerror = null;
    socket.onclose = null;
  }

  /** The socket failed or dropped: poll meanwhile and try again later. */
  private onLost(): void {
    if (this.disposed) return;
    if (!this.wantsSocket()) {
      this.setStatus('idle');
      return;
    }
    this.setStatus('down');
    this.schedulePoll(0);
    const delay = backoffDelay(this.attempt, this.backoff, this.random);
    this.attempt += 1;
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      this.ensureConnected();
    }, delay);
  }

  private onMessage(data: unknown): void {
    if (typeof data !== 'string') return;
    let json: unknown;
    try {
      json = JSON.parse(data);
    } catch {
      return;
    }
    const parsed = zWsServerMessage.safeParse(json);
    if (!parsed.success) return;
    const message = parsed.data;
    if (message.type === 'authed' || message.type === 'notice') {
      for (const listener of [...this.noticeListeners]) listener(message);
      return;
    }
    if (message.type === 'tick') {
      this.ingest({
        code: message.code,
        price: message.price,
        change: message.change,
        changePercent: message.changePercent,
        volume: message.volume,
        time: message.time,
        simulated: message.simulated,
      });
      return;
    }
    // One unknown code refuses the whole subscription: drop it and ask for the rest again.
    if (
      message.type === 'error' &&
      message.msg === 'not_found' &&
      message.codes &&
      message.codes.length > 0
    ) {
      for (const code of message.codes) this.unknown.add(code);
      const rest = this.wanted();
      if (rest.length > 0) this.sendCodes('subscribe', rest);
    }
  }

  private schedulePoll(delay: number): void {
    if (this.pollTimer || this.polling || this.disposed) return;
    this.pollTimer = setTimeout(() => {
      this.pollTimer = null;
      void this.pollOnce();
    }, delay);
  }

  private async pollOnce(): Promise<void> {
    if (this.currentStatus !== 'down' || this.refs.size === 0) return;
    this.polling = true;
    try {
      await Promise.all(
        this.wanted().map(async (code) => {
          try {
            const tick = await this.options.poll(code);
            if (tick && this.currentStatus === 'down') this.ingest(tick);
          } catch {
            // The next round tries again.
          }
        }),
      );
    } finally {
      this.polling = false;
    }
    if (this.currentStatus === 'down' && this.refs.size > 0) this.schedulePoll(this.pollMs);
  }

  private stopPolling(): void {
    if (this.pollTimer) clearTimeout(this.pollTimer);
    this.pollTimer = null;
  }

  private scheduleIdleClose(): void {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = setTimeout(() => {
      this.idleTimer = null;
      if (this.wantsSocket()) return;
      this.clearTimers();
      this.closeSocket();
      this.attempt = 0;
      this.setStatus('idle');
    }, this.idleCloseMs);
  }

  private clearTimers(): void {
    for (const timer of [this.reconnectTimer, this.pollTimer, this.idleTimer, this.connectTimer]) {
      if (timer) clearTimeout(timer);
    }
    this.reconnectTimer = null;
    this.pollTimer = null;
    this.idleTimer = null;
    this.connectTimer = null;
  }

  private closeSocket(): void {
    const socket = this.socket;
    if (!socket) return;
    this.detach(socket);
    this.socket = null;
    try {
      socket.close(1000, 'idle');
    } catch {
      // Already closed.
    }
  }
}
