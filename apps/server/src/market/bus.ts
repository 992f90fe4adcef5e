import { EventEmitter } from 'node:events';
import { Redis } from 'ioredis';
import type { FxTable } from './simulator';
import type { Tick } from './types';

/** What travels from the node running the feed to every node's market service. */
export type BusMessage = { kind: 'ticks'; ticks: Tick[] } | { kind: 'fx'; rates: FxTable };

/**
 * The tick bus (ARCHITECTURE "Market", "Scale-out"): in-process by default; Redis pub/sub when
 * REDIS_URL is set, so one leader's ticks reach every node.
 */
export interface TickBus {
  publish(message: BusMessage): Promise<void>;
  subscribe(listener: (message: BusMessage) => void): () => void;
  close(): Promise<void>;
}

export class LocalTickBus implements TickBus {
  private readonly emitter = new EventEmitter();

  async publish(message: BusMessage): Promise<void> {
    this.emitter.emit('message', message);
  }

  subscribe(listener: (message: BusMessage) => void): () => void {
    this.emitter.on('message', listener);
    return () => this.emitter.off('message', listener);
  }

  async close(): Promise<void> {
    this.emitter.removeAllListeners();
  }
}

export const DEFAULT_BUS_CHANNEL = 'kabuto:market';

export function isBusMessage(value: unknown): value is BusMessage {
  if (!value || typeof value !== 'object') return false;
  const kind = (value as { kind?: unknown }).kind;
  if (kind === 'ticks') return Array.isArray((value as { ticks?: unknown }).ticks);
  if (kind === 'fx') return typeof (value as { rates?: unknown }).rates === 'object';
  return false;
}

export class RedisTickBus implements TickBus {
  private readonly publisher: Redis;
  private readonly subscriber: Redis;
  private readonly listeners = new Set<(message: BusMessage) => void>();
  private subscribed: Promise<unknown> | null = null;

  constructor(
    url: string,
    private readonly channel = DEFAULT_BUS_CHANNEL,
    private readonly onError: (error: unknown) => void = () => {},
  ) {
    this.publisher = new Redis(url, { maxRetriesPerRequest: 2, lazyConnect: false });
    this.subscriber = new Redis(url, { lazyConnect: false });
    this.publisher.on('error', onError);
    this.subscriber.on('error', onError);
    this.subscriber.on('message', (channel: string, text: string) => {
      if (channel !== this.channel) return;
      let message: unknown;
      try {
        message = JSON.parse(text);
      } catch (error) {
        this.onError(error);
        return;
      }
      if (!isBusMessage(message)) return;
      for (const listener of this.listeners) listener(message);
    });
  }

  /** Resolves once the subscription is active (a message published before that is not seen). */
  ready(): Promise<unknown> {
    this.subscribed ??= this.subscriber.subscribe(this.channel);
    return this.subscribed;
  }

  async publish(message: BusMessage): Promise<void> {
    await this.publisher.publish(this.channel, JSON.stringify(message));
  }

  subscribe(listener: (message: BusMessage) => void): () => void {
    this.listeners.add(listener);
    void this.ready().catch(this.onError);
    return () => this.listeners.delete(listener);
  }

  async close(): Promise<void> {
    this.listeners.clear();
    await Promise.allSettled([this.subscriber.quit(), this.publisher.quit()]);
  }
}
