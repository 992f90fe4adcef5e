import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PRICE_FLASH_MS, PriceText } from './trend-text';

describe('PriceText', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('flashes up when the price rises and stops after the flash time', () => {
    const { rerender } = render(<PriceText value="100.0" decimals={1} />);
    const price = screen.getByText('100.0');
    expect(price.className).not.toMatch(/kb-flash/);
    rerender(<PriceText value="100.5" decimals={1} />);
    expect(price).toHaveClass('kb-flash-up');
    act(() => vi.advanceTimersByTime(PRICE_FLASH_MS - 1));
    expect(price).toHaveClass('kb-flash-up');
    act(() => vi.advanceTimersByTime(1));
    expect(price.className).not.toMatch(/kb-flash/);
  });

  it('turns a rising flash into a falling one when the price drops within the flash', () => {
    const { rerender } = render(<PriceText value="100.0" decimals={1} />);
    const price = screen.getByText('100.0');
    rerender(<PriceText value="100.5" decimals={1} />);
    act(() => vi.advanceTimersByTime(300));
    rerender(<PriceText value="99.5" decimals={1} />);
    expect(price).toHaveClass('kb-flash-down');
    expect(price).not.toHaveClass('kb-flash-up');
    // The falling flash lasts its own full time.
    act(() => vi.advanceTimersByTime(PRICE_FLASH_MS - 1));
    expect(price).toHaveClass('kb-flash-down');
    act(() => vi.advanceTimersByTime(1));
    expect(price.className).not.toMatch(/kb-flash/);
  });

  it('flashes many prices with one timer', () => {
    const spy = vi.spyOn(globalThis, 'setTimeout');
    const values = ['1.0', '2.0', '3.0', '4.0', '5.0'];
    const { rerender } = render(
      <>
        {values.map((v) => (
          <PriceText key={v} value={v} decimals={1} />
        ))}
      </>,
    );
    spy.mockClear();
    rerender(
      <>
        {values.map((v) => (
          <PriceText key={v} value={String(Number(v) + 0.5)} decimals={1} />
        ))}
      </>,
    );
    expect(document.querySelectorAll('.kb-flash-up')).toHaveLength(5);
    expect(spy.mock.calls.filter(([, ms]) => ms === PRICE_FLASH_MS)).toHaveLength(1);
    act(() => vi.advanceTimersByTime(PRICE_FLASH_MS));
    expect(document.querySelectorAll('.kb-flash-up')).toHaveLength(0);
  });
});
