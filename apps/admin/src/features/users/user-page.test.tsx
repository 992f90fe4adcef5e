import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderPage, stubBackOffice } from '../../test/back-office';
import { UserPage } from './user-page';

const PROFILE = {
  user: {
    id: 7,
    account: 'alice',
    realName: 'Alice Doe',
    kyc: 'verified',
    creditScore: 80,
    flags: { banned: false, frozen: false, tradeBarred: false, reason: null },
    createdAt: '2026-11-01T01:00:00.000Z',
    language: 'us',
    fundPasswordSet: true,
    lockedUntil: null,
  },
  balances: [{ currency: 'JPY', available: '250000', frozen: '10000', debt: '0' }],
  cards: [
    {
      id: 3,
      holder: 'Alice Doe',
      cardNumber: '****1234',
      institution: 'Kabuto Bank',
      branch: 'Tokyo',
      unbound: false,
    },
  ],
};
const LEDGER = [
  {
    id: 90,
    kind: 'deposit',
    orderNo: 'D0090',
    account: 'available',
    currency: 'JPY',
    amount: '250000',
    balanceAfter: '250000',
    memo: null,
    createdAt: '2026-11-02T01:00:00.000Z',
  },
];

function backOffice(adjustment: 'posted' | 'pending' = 'posted') {
  return stubBackOffice(({ method, path }) => {
    if (method === 'GET' && path === '/users/7') return { status: 200, body: PROFILE };
    if (method === 'GET' && path.startsWith('/users/7/ledger?'))
      return { status: 200, body: { list: LEDGER, total: 1, page: 1, size: 20 } };
    if (method === 'GET' && path === '/users/7/security')
      return {
        status: 200,
        body: {
          factors: { passkeys: [], totp: false, recoveryCodesLeft: 0, secondFactor: false },
          sessions: [],
        },
      };
    if (method === 'POST' && path === '/users/7/flags') return { status: 200, body: { ok: true } };
    if (method === 'POST' && path === '/users/7/adjustments')
      return { status: 200, body: { state: adjustment } };
    return undefined;
  });
}

function renderUser(id: string) {
  return renderPage(
    <MemoryRouter initialEntries={[`/users/${id}`]}>
      <Routes>
        <Route path="/users/:id" element={<UserPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

const posts = (sent: ReturnType<typeof backOffice>) => sent.filter((c) => c.method === 'POST');

describe('user page', () => {
  it('shows the profile, bank cards, balances and the ledger', async () => {
    backOffice();
    renderUser('7');
    const profile = await screen.findByTestId('profile');
    expect(profile).toHaveTextContent('Alice Doe');
    expect(profile).toHaveTextContent('Verified');
    expect(profile).toHaveTextContent('Kabuto Bank ****1234 (Alice Doe)');
    const balance = screen.getByText('10,000', { selector: 'td' }).closest('tr')!;
    expect(balance).toHaveTextContent('JPY');
    expect(balance).toHaveTextContent('250,000');
    const entry = (await screen.findByText('D0090')).closest('tr')!;
    expect(entry).toHaveTextContent('Deposit');
    expect(entry).toHaveTextContent('Available');
    expect(entry).toHaveTextContent('250,000 JPY');
  });

  it('sets a restriction only with the reason the user will read', async () => {
    const sent = backOffice();
    const user = userEvent.setup();
    renderUser('7');
    const form = await screen.findByTestId('flags-form');
    await user.click(within(form).getByTestId('flag-frozen'));
    await user.click(within(form).getByTestId('flags-save'));
    expect(await within(form).findByText('Please give a reason')).toBeInTheDocument();
    expect(posts(sent)).toEqual([]);
    await user.type(within(form).getByTestId('flags-reason'), 'Card under dispute');
    await user.click(within(form).getByTestId('flags-save'));
    await waitFor(() => expect(posts(sent)).toHaveLength(1));
    expect(posts(sent)[0]).toEqual({
      method: 'POST',
      path: '/users/7/flags',
      body: { banned: false, frozen: true, tradeBarred: false, reason: 'Card under dispute' },
    });
  });

  it('posts a ledger adjustment and says when it waits for a second operator', async () => {
    const sent = backOffice('pending');
    const user = userEvent.setup();
    renderUser('7');
    const form = await screen.findByTestId('adjust-form');
    await user.click(within(form).getByText('Debit'));
    await user.type(within(form).getByTestId('adjust-amount'), '5000.5');
    await user.type(within(form).getByTestId('adjust-reason'), 'Duplicate deposit');
    await user.click(within(form).getByTestId('adjust-submit'));
    expect(await screen.findByText('Waiting for a second operator')).toBeInTheDocument();
    expect(posts(sent)).toEqual([
      {
        method: 'POST',
        path: '/users/7/adjustments',
        body: { direction: 'debit', currency: 'JPY', amount: '5000.5', reason: 'Duplicate deposit' },
      },
    ]);
  });

  it('says a missing user in words', async () => {
    backOffice();
    renderUser('8');
    expect(await screen.findByText('Not found')).toBeInTheDocument();
  });
});
