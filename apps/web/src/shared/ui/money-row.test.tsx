import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderInApp } from '../../test/render';
import { MoneyRow } from './money-row';
import { MoneyText } from './money-text';

describe('money row', () => {
  it('keeps the whole amount in its own unshrinking column and the label in the wrapping one', async () => {
    await renderInApp(
      <MoneyRow
        data-testid="row"
        label="A very long label that has to wrap on a narrow phone screen"
        amount={<MoneyText value="20000000" currency="CNY" />}
        aside={<span>Under review</span>}
      />,
    );
    const row = screen.getByTestId('row');
    const amount = screen.getByText('CN¥20,000,000.00');
    expect(amount.closest('.kb-money-row__amount')).not.toBeNull();
    expect(amount.closest('.adm-list-item-content-extra')).not.toBeNull();
    expect(screen.getByText('Under review').closest('.kb-money-row__aside')).not.toBeNull();
    const label = screen.getByText(/A very long label/);
    expect(label.closest('.adm-list-item-content-main')).not.toBeNull();
    expect(row).toHaveClass('kb-money-row');
  });

  it('opens its target when tapped', async () => {
    const open = vi.fn();
    await renderInApp(
      <MoneyRow label="Amount" amount={<MoneyText value="5" currency="JPY" />} onClick={open} />,
    );
    await userEvent.click(screen.getByText('Amount'));
    expect(open).toHaveBeenCalledOnce();
  });

  it('lays out the same inside a card as a plain line, description under the label', async () => {
    await renderInApp(
      <MoneyRow
        variant="plain"
        data-testid="line"
        label="Interest"
        description="20251125000000000042"
        amount={<MoneyText value="-1234" currency="JPY" signed />}
      />,
    );
    const line = screen.getByTestId('line');
    expect(line).toHaveClass('kb-money-row--plain');
    expect(screen.getByText('20251125000000000042')).toHaveClass('kb-money-row__description');
    expect(line.querySelector('.kb-money-row__amount')?.textContent).toBe('▼-¥1,234');
  });
});
