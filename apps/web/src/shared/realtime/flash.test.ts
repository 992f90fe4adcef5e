import { describe, expect, it } from 'vitest';
import { flashOf } from './flash';

describe('flashOf', () => {
  it('flashes up when the price rises and down when it falls', () => {
    expect(flashOf('2674.2', '2674.3')).toBe('up');
    expect(flashOf('2674.2', '2674.1')).toBe('down');
  });

  it('compares decimals exactly, not as text', () => {
    expect(flashOf('99.9', '100.0')).toBe('up');
    expect(flashOf('0.30', '0.3')).toBeNull();
  });

  it('does not flash without a previous price or on garbage', () => {
    expect(flashOf(undefined, '10')).toBeNull();
    expect(flashOf('-', '10')).toBeNull();
    expect(flashOf('10', '')).toBeNull();
  });
});
