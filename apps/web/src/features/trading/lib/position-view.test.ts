import { describe, expect, it } from 'vitest';
import { closedPosition } from '../test/fixtures';
import {
  canCancel,
  canClose,
  closedResult,
  entryPriceOf,
  isLive,
  netOfFees,
  parsePositionId,
  parsePositionTab,
  shownState,
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

describe('result of a closed position', () => {
  it('takes both fees from the realised price P&L', () => {
    expect(closedResult(closedPosition())).toEqual({ gross: '5000', fees: '1575', net: '3425' });
  });

  it('turns a small gain into a net loss when the fees are larger', () => {
    expect(closedResult(closedPosition({ realisedPnl: '1000' })).net).toBe('-575');
  });

  it('charges nothing for an order cancelled before it filled', () => {
    expect(closedResult(closedPosition({ state: 'cancelled', realisedPnl: null, closeFee: null }))).toEqual({
      gross: '0',
      fees: '0',
      net: '0',
    });
  });

  it('totals the fees of every ended position and nets them from the gross total', () => {
    expect(netOfFees('6000', [closedPosition(), closedPosition({ realisedPnl: '1000' })])).toEqual({
      fees: '3150',
      net: '2850',
    });
  });
});

describe('state label', () => {
  it('labels a limit order that reached its expiry "expired", one the user cancelled "cancelled"', () => {
    expect(shownState({ state: 'cancelled', closeReason: 'expired' })).toBe('expired');
    expect(shownState({ state: 'cancelled', closeReason: null })).toBe('cancelled');
    expect(shownState({ state: 'closed', closeReason: 'user' })).toBe('closed');
  });
});
