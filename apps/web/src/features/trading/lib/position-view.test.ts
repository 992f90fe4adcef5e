import { describe, expect, it } from 'vitest';
import {
  canCancel,
  canClose,
  entryPriceOf,
  isLive,
  parsePositionId,
  parsePositionTab,
} from './position-view';

describe('what a position shows', () => {
  it('shows the limit of a pending order and the open price of a filled one', () => {
    expect(entryPriceOf({ state: 'pending', openPrice: null, limitPrice: '1500.0' })).toEqual({
      kind: 'limitPrice',
      price: '1500.0',
    });
    expect(entryPriceOf({ state: 'holding', openPrice: '1499.5', limitPrice: '1500.0' })).toEqual({
      kind: 'openPrice',
      price: '1499.5',
    });
    expect(entryPriceOf({ state: 'cancelled', openPrice: null, limitPrice: '9.99' }).kind).toBe('limitPrice');
    expect(entryPriceOf({ state: 'closed', openPrice: '10.00', limitPrice: null }).kind).toBe('openPrice');
  });
  it('offers cancel only while pending and close only while holding (SPEC §5)', () => {
    expect(canCancel({ state: 'pending' })).toBe(true);
    expect(canCancel({ state: 'holding' })).toBe(false);
    expect(canClose({ state: 'holding' })).toBe(true);
    expect(canClose({ state: 'closing' })).toBe(false);
    expect(canClose({ state: 'closed' })).toBe(false);
  });
  it('values holding and closing positions at the live price only', () => {
    expect(isLive({ state: 'holding' })).toBe(true);
    expect(isLive({ state: 'closing' })).toBe(true);
    expect(isLive({ state: 'pending' })).toBe(false);
  });
});

describe('addresses', () => {
  it('reads a positive position id and nothing else', () => {
    expect(parsePositionId('42')).toBe(42);
    expect(parsePositionId('0')).toBeNull();
    expect(parsePositionId('-1')).toBeNull();
    expect(parsePositionId('1e3')).toBeNull();
    expect(parsePositionId(null)).toBeNull();
  });
  it('opens In progress unless another known tab is named', () => {
    expect(parsePositionTab('terminated')).toBe('terminated');
    expect(parsePositionTab('nope')).toBe('inProgress');
    expect(parsePositionTab(null)).toBe('inProgress');
  });
});
