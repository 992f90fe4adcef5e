import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderPage, stubBackOffice } from '../../test/back-office';
import { ConfigPage } from './config-page';

const SETTINGS = [
  { name: 'leverageChoices', kind: 'integerList', value: [1, 5, 10], default: [1, 5, 10], overridden: false },
  { name: 'withdrawWithOpenPositions', kind: 'boolean', value: false, default: true, overridden: true },
];
const HISTORY = [
  {
    id: 1,
    name: 'withdrawWithOpenPositions',
    before: true,
    after: false,
    reason: 'Risk review',
    operator: 'root',
    createdAt: '2026-11-26T01:00:00.000Z',
  },
];

function backOffice() {
  return stubBackOffice(({ method, path }) => {
    if (method === 'GET' && path === '/config') return { status: 200, body: { list: SETTINGS } };
    if (method === 'GET' && path === '/config/history') return { status: 200, body: { list: HISTORY } };
    if (method === 'POST' && path === '/config') return { status: 200, body: { ok: true } };
    return undefined;
  });
}

describe('settings page', () => {
  it('shows each setting’s value in words, its default when changed, and the history of changes', async () => {
    backOffice();
    renderPage(<ConfigPage />);
    const leverage = (await screen.findByText('Leverage choices')).closest('tr')!;
    expect(leverage).toHaveTextContent('1, 5, 10');
    expect(leverage).toHaveTextContent('default');
    const withdraw = within(screen.getByTestId('config-table'))
      .getByText('Withdraw with open positions')
      .closest('tr')!;
    expect(withdraw).toHaveTextContent('Off');
    expect(within(withdraw).getByRole('button', { name: 'Restore default' })).toBeInTheDocument();
    const change = (await screen.findByText('Risk review')).closest('tr')!;
    expect(change).toHaveTextContent('On');
    expect(change).toHaveTextContent('Off');
    expect(change).toHaveTextContent('root');
  });

  it('saves a list of integers as numbers, with the reason, and asks for a reason first', async () => {
    const sent = backOffice();
    const user = userEvent.setup();
    renderPage(<ConfigPage />);
    await user.click(await screen.findByTestId('edit-leverageChoices'));
    const dialog = await screen.findByRole('dialog');
    const values = within(dialog).getByLabelText('Values, separated by commas');
    await user.clear(values);
    await user.type(values, '1, 2, 20');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Please give a reason')).toBeInTheDocument();
    await user.type(within(dialog).getByTestId('config-reason'), 'More choice');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent.some((c) => c.method === 'POST')).toBe(true));
    expect(sent.filter((c) => c.method === 'POST')).toEqual([
      {
        method: 'POST',
        path: '/config',
        body: { name: 'leverageChoices', value: [1, 2, 20], reason: 'More choice' },
      },
    ]);
  });
});
