import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderInApp } from '../../test/render';
import { MarketSwitch } from './market-switch';
import { SegmentedControl } from './segmented-control';

function Windows() {
  const [value, setValue] = useState<'1d' | '1w' | '1m'>('1d');
  return (
    <SegmentedControl
      label="Window"
      value={value}
      onChange={setValue}
      options={[
        { value: '1d', label: 'Day' },
        { value: '1w', label: 'Week' },
        { value: '1m', label: 'Month' },
      ]}
    />
  );
}

describe('segmented control', () => {
  it('is a named group of radios that say which one is checked', async () => {
    await renderInApp(<Windows />);
    const group = screen.getByRole('group', { name: 'Window' });
    const options = screen.getAllByRole('radio');
    expect(group).toContainElement(options[0] ?? null);
    expect(options.map((o) => (o as HTMLInputElement).checked)).toEqual([true, false, false]);
    expect(screen.getByRole('radio', { name: 'Week' })).not.toBeChecked();
  });

  it('is reached with Tab on the checked option only, and moved with the arrow keys', async () => {
    await renderInApp(<Windows />);
    const user = userEvent.setup();
    await user.tab();
    expect(screen.getByRole('radio', { name: 'Day' })).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('radio', { name: 'Week' })).toHaveFocus();
    expect(screen.getByRole('radio', { name: 'Week' })).toBeChecked();
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(screen.getByRole('radio', { name: 'Month' })).toBeChecked();
  });

  it('switches the market when a market is tapped', async () => {
    await renderInApp(<MarketSwitch />);
    const user = userEvent.setup();
    expect(screen.getByRole('group', { name: 'Market' })).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'US' }));
    expect(screen.getByRole('radio', { name: 'US' })).toBeChecked();
    expect(localStorage.getItem('stock')).toBe('usd');
  });
});
