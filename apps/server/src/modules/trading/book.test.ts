import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type BookEntry, type BookSide, PriceBook } from './book';

const triggers = (e: BookEntry, price: number) =>
  e.side === 'atOrBelow' ? price <= e.level : price >= e.level;

const arbEntries = fc.uniqueArray(
  fc.record({
    id: fc.integer({ min: 1, max: 1_000_000 }),
    level: fc.integer({ min: 1, max: 50 }).map((n) => n / 2),
    side: fc.constantFrom<BookSide>('atOrBelow', 'atOrAbove'),
  }),
  { selector: (e) => e.id, maxLength: 80 },
);

describe('price book', () => {
  it('a tick takes exactly the entries it triggers and leaves the rest', () => {
    fc.assert(
      fc.property(
        arbEntries,
        fc.array(
          fc.integer({ min: 0, max: 52 }).map((n) => n / 2),
          { maxLength: 10 },
        ),
        (entries, prices) => {
          const book = new PriceBook();
          for (const e of entries) book.add(e);
          let remaining = [...entries];
          for (const price of prices) {
            const taken = book.take(price);
            const expected = remaining.filter((e) => triggers(e, price));
            expect(taken.map((e) => e.id).sort()).toEqual(expected.map((e) => e.id).sort());
            remaining = remaining.filter((e) => !triggers(e, price));
            expect(book.size).toBe(remaining.length);
          }
        },
      ),
    );
  });

  it('takes the entries that trigger first first: highest buy limits, lowest sell limits', () => {
    const book = new PriceBook();
    book.add({ id: 1, level: 100, side: 'atOrBelow' });
    book.add({ id: 2, level: 102, side: 'atOrBelow' });
    book.add({ id: 3, level: 101, side: 'atOrBelow' });
    book.add({ id: 4, level: 99, side: 'atOrAbove' });
    book.add({ id: 5, level: 98, side: 'atOrAbove' });
    expect(book.peek(100).map((e) => e.id)).toEqual([2, 3, 1, 5, 4]);
    expect(book.take(101).map((e) => e.id)).toEqual([2, 3, 5, 4]);
    expect(book.entries().map((e) => e.id)).toEqual([1]);
  });

  it('removes an entry by id among equal levels', () => {
    fc.assert(
      fc.property(arbEntries, fc.nat(), (entries, pick) => {
        fc.pre(entries.length > 0);
        const book = new PriceBook();
        for (const e of entries) book.add(e);
        const victim = entries[pick % entries.length]!;
        expect(book.remove(victim.id, victim.side, victim.level)).toBe(true);
        expect(book.remove(victim.id, victim.side, victim.level)).toBe(false);
        expect(
          book
            .entries()
            .map((e) => e.id)
            .sort(),
        ).toEqual(
          entries
            .filter((e) => e.id !== victim.id)
            .map((e) => e.id)
            .sort(),
        );
      }),
    );
  });

  it('a bulk load orders the book as adding one by one does, ties in arrival order', () => {
    fc.assert(
      fc.property(arbEntries, fc.integer({ min: 0, max: 80 }), (entries, split) => {
        const one = new PriceBook();
        for (const e of entries) one.add(e);
        const bulk = new PriceBook();
        for (const e of entries.slice(0, split)) bulk.add(e);
        bulk.addMany(entries.slice(split));
        expect(bulk.entries().map((e) => e.id)).toEqual(one.entries().map((e) => e.id));
      }),
    );
  });
});
