/**
 * Reference counts of subscribed codes: many screens may show the same code, but the stream
 * subscribes it once and drops it only when the last screen lets go.
 */
export class RefCounter {
  private readonly counts = new Map<string, number>();

  /** Adds one reference per code; answers the codes that were not referenced before. */
  acquire(codes: Iterable<string>): string[] {
    const added: string[] = [];
    for (const code of codes) {
      const count = this.counts.get(code) ?? 0;
      this.counts.set(code, count + 1);
      if (count === 0) added.push(code);
    }
    return added;
  }

  /** Drops one reference per code; answers the codes no longer referenced. */
  release(codes: Iterable<string>): string[] {
    const removed: string[] = [];
    for (const code of codes) {
      const count = this.counts.get(code);
      if (count === undefined) continue;
      if (count <= 1) {
        this.counts.delete(code);
        removed.push(code);
      } else {
        this.counts.set(code, count - 1);
      }
    }
    return removed;
  }

  count(code: string): number {
    return this.counts.get(code) ?? 0;
  }

  /** Every referenced code, in first-subscribed order. */
  active(): string[] {
    return [...this.counts.keys()];
  }

  get size(): number {
    return this.counts.size;
  }
}
