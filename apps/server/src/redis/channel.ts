import { Redis } from 'ioredis';

/** How long a closing channel waits for Redis to take what it already sent. */
const QUIT_WAIT_MS = 1_000;

/**
 * One Redis pub/sub channel carrying JSON messages of one shape, the only pub/sub code in the
 * server (the market bus and the session cache's invalidations both ride on it). A message that
 * is not JSON, or fails `accept`, never reaches a listener; it is reported to `onError` (not
 * JSON) or dropped (another version's message). A publication is sent on its own connection,
 * as Redis requires of a subscribed one.
 */
export class RedisChannel<T> {
  private readonly publisher: Redis;
  private readonly subscriber: Redis;
  private readonly listeners = new Set<(message: T) => void>();
  private subscribed: Promise<unknown> | null = null;

  constructor(
    url: string,
    private readonly name: string,
    private readonly accept: (value: unknown) => value is T,
    private readonly onError: (error: unknown) => void = () => {},
  ) {
    this.publisher = new Redis(url, { maxRetriesPerRequest: 2 });
    this.subscriber = new Redis(url);
    this.publisher.on('error', onError);
    this.subscriber.on('error', onError);
    this.subscriber.on('message', (channel: string, text: string) => {
      if (channel !== this.name) return;
      let message: unknown;
      try {
        message = JSON.parse(text);
      } catch (error) {
        this.onError(error);
        return;
      }
      if (!this.accept(message)) return;
      for (const listener of this.listeners) listener(message);
    });
  }

  /** Resolves once the subscription is active (a message published before that is not seen). */
  ready(): Promise<unknown> {
    this.subscribed ??= this.subscriber.subscribe(this.name);
    return this.subscribed;
  }

  async publish(message: T): Promise<void> {
    await this.publisher.publish(this.name, JSON.stringify(message));
  }

  /** Listens from now on (subscribing if not yet); the answer stops listening. */
  subscribe(listener: (message: T) => void): () => void {
    this.listeners.add(listener);
    void this.ready().catch(this.onError);
    return () => this.listeners.delete(listener);
  }

  /** Stops listening, lets Redis take what was sent (a gone Redis does not hold it up), disconnects. */
  async close(): Promise<void> {
    this.listeners.clear();
    this.subscriber.disconnect();
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      this.publisher.quit().catch(() => undefined),
      new Promise<void>((resolve) => {
        timer = setTimeout(resolve, QUIT_WAIT_MS);
        timer.unref();
      }),
    ]);
    clearTimeout(timer);
    this.publisher.disconnect();
  }
}
