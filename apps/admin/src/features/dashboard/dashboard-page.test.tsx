import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { type Role, session } from '../../shared/session';
import { renderPage, stubBackOffice } from '../../test/back-office';
import { DashboardPage } from './dashboard-page';

const DASHBOARD = {
  now: '2026-11-27T12:00:00.000Z',
  queues: [
    {
      kind: 'withdrawal',
      pending: 3,
      oldestCreatedAt: '2026-11-27T10:30:00.000Z',
      oldestDueAt: null,
      overdue: 1,
    },
  ],
  today: {
    since: '2026-11-27T00:00:00.000Z',
    deposits: [{ currency: 'JPY', count: 2, amount: '1500000' }],
    withdrawals: [],
    orders: 42,
  },
  house: [{ account: 'house:fees', currency: 'USD', balance: '1234.5' }],
  invariant: { ok: true, checkedAt: '2026-11-27T11:00:00.000Z' },
};

afterEach(() => session.set(null));

function backOffice() {
  let checked = false;
  const sent = stubBackOffice(({ method, path }) => {
    if (method === 'GET' && path === '/dashboard')
      return {
        status: 200,
        body: checked ? { ...DASHBOARD, invariant: { ok: false, checkedAt: DASHBOARD.now } } : DASHBOARD,
      };
    if (method === 'POST' && path === '/invariant/check') {
      checked = true;
      return { status: 200, body: { ok: false } };
    }
    return undefined;
  });
  return sent;
}

const signedIn = (role: Role) => session.set({ token: 'tok', role, username: 'op' });

describe('dashboard', () => {
  it('shows the queues, today’s flows, the house accounts and the last ledger check', async () => {
    signedIn('reviewer');
    backOffice();
    renderPage(<DashboardPage />);
    const queue = (await screen.findByText('Withdrawals')).closest('tr')!;
    expect(queue).toHaveTextContent('3');
    expect(queue).toHaveTextContent('1 h 30 min');
    expect(within(queue).getByText('1')).toBeInTheDocument();
    expect(screen.getByText('1,500,000 JPY (2)')).toBeInTheDocument();
    expect(screen.getByText('42')).toBeInTheDocument();
    const house = screen.getByText('House · fees').closest('tr')!;
    expect(house).toHaveTextContent('USD');
    expect(house).toHaveTextContent('1,234.5');
    expect(screen.getByTestId('invariant')).toHaveTextContent('Balanced');
    expect(screen.queryByRole('button', { name: 'Run now' })).not.toBeInTheDocument();
  });

  it('lets an admin run the ledger check now and shows its new result', async () => {
    signedIn('admin');
    const sent = backOffice();
    const user = userEvent.setup();
    renderPage(<DashboardPage />);
    await user.click(await screen.findByRole('button', { name: 'Run now' }));
    await waitFor(() =>
      expect(screen.getByTestId('invariant')).toHaveTextContent('The ledger check found a problem'),
    );
    expect(sent.filter((c) => c.method === 'POST')).toEqual([
      { method: 'POST', path: '/invariant/check', body: {} },
    ]);
  });
});
