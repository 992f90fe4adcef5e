/**
 * Price-triggered entries of one instrument, kept so a tick touches only what it triggers.
 *
 * Two sides: `atOrBelow` entries trigger when the price is at or below their level (long limit
 * orders, long stop-outs) and are sorted by level descending; `atOrAbove` entries trigger at or
 * above their level (short limit orders, short stop-outs), sorted ascending. A tick takes entries
 * from the front of each side until one does not trigger: O(log n) to place, O(k) to trigger k.
 *
 * Levels are JavaScript numbers parsed from decimal strings. Parsing is monotonic, so a number
 * comparison never misses an entry that the exact decimal comparison would trigger; it can at
 * most over-trigger at equal numbers, which is why callers re-check with exact decimals.
 */
export type BookSide = 'atOrBelow' | 'atOrAbove';

export interface BookEntry {
  id: number;
  level: number;
  side: BookSide;
}

export class PriceBook<E extends BookEntry = BookEntry> {
  private readonly below: E[] = [];
  private readonly above: E[] = [];

  get size(): number {
    return this.below.length + this.above.length;
  }

  /** Precedes: the entry that triggers first sorts first (ties keep arrival order). */
  private static before(side: BookSide, a: number, b: number): boolean {
    return side === 'atOrBelow' ? a > b : a < b;
  }

  private list(side: BookSide): E[] {
    return side === 'atOrBelow' ? this.below : this.above;
  }

  /** First index whose entry sorts after `level` (insertion point after equal levels). */
  private upperBound(side: BookSide, level: number): number {
    const list = this.list(side);
    let lo = 0;
    let hi = list.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (PriceBook.before(side, level, list[mid]!.level)) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  }

  add(entry: E): void {
    if (!Number.isFinite(entry.level)) throw new RangeError(`book level must be finite, got ${entry.level}`);
    this.list(entry.side).splice(this.upperBound(entry.side, entry.level), 0, entry);
  }

  /**
   * Adds many entries at once (an engine loading its orders at start): appended, then each side
   * sorted once — O(n log n) instead of a splice each. The sort is stable, so ties keep arrival order.
   */
  addMany(entries: readonly E[]): void {
    if (entries.length === 0) return;
    for (const entry of entries) {
      if (!Number.isFinite(entry.level))
        throw new RangeError(`book level must be finite, got ${entry.level}`);
      this.list(entry.side).push(entry);
    }
    this.below.sort((a, b) => b.level - a.level);
    this.above.sort((a, b) => a.level - b.level);
  }

  /** Removes the entry with `id` (placed at `level` on `side`); false when it is not there. */
  remove(id: number, side: BookSide, level: number): boolean {
    const list = this.list(side);
    // Equal levels sit together just before the upper bound; walk back over them.
    for (let i = this.upperBound(side, level) - 1; i >= 0 && list[i]!.level === level; i--) {
      if (list[i]!.id === id) {
        list.splice(i, 1);
        return true;
      }
    }
    // Not where its level says (should not happen): fall back to a scan.
    const at = list.findIndex((e) => e.id === id);
    if (at < 0) return false;
    list.splice(at, 1);
    return true;
  }

  /** Removes and returns every entry the price triggers, in trigger order per side. */
  take(price: number): E[] {
    let nBelow = 0;
    while (nBelow < this.below.length && price <= this.below[nBelow]!.level) nBelow++;
    let nAbove = 0;
    while (nAbove < this.above.length && price >= this.above[nAbove]!.level) nAbove++;
    if (nBelow === 0 && nAbove === 0) return [];
    return [...this.below.splice(0, nBelow), ...this.above.splice(0, nAbove)];
  }

  /** Entries the price would trigger, without removing them. */
  peek(price: number): E[] {
    const out: E[] = [];
    for (const e of this.below) {
      if (price > e.level) break;
      out.push(e);
    }
    for (const e of this.above) {
      if (price < e.level) break;
      out.push(e);
    }
    return out;
  }

  entries(): E[] {
    return [...this.below, ...this.above];
  }
}
