import type { admin } from '@kabuto/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderPage, stubBackOffice } from '../../test/back-office';
import { AdjustmentsPage } from './adjustments-page';

const PENDING: admin.AdjustmentView = {
  id: 3,
  userId: 7,
  account: 'alice',
  currency: 'JPY',
  amount: '-250000',
  reason: 'fee charged twice',
  state: 'pending',
  requestedBy: 'ops-kato',
  decidedBy: null,
  decisionReason: null,
  createdAt: '2026-11-20T01:00:00.000Z',
  decidedAt: null,
};
const POSTED: admin.AdjustmentView = {
  ...PENDING,
  id: 2,
  amount: '120000',
  reason: 'goodwill credit',
  state: 'posted',
  decidedBy: 'ops-sato',
  decidedAt: '2026-11-20T02:00:00.000Z',
};

const page = (list: admin.AdjustmentView[]) => ({
  status: 200,
  body: { list, total: list.length, page: 1, size: 20 },
});

/** The back office with one pending and one posted adjustment; a decision answers `decided`. */
function backOffice(decided: { status: number; body: unknown } = { status: 200, body: {} }) {
  let pending = [PENDING];
  return stubBackOffice(({ method, path }) => {
    if (method === 'GET' && path.startsWith('/adjustments?')) {
      const state = new URLSearchParams(path.split('?')[1]).get('state');
      return page(state === 'posted' ? [POSTED] : state === 'pending' ? pending : [...pending, POSTED]);
    }
    if (method === 'POST' && /^\/adjustments\/3\/(approve|reject)$/.test(path)) {
      if (decided.status !== 200) return decided;
      pending = [];
      const state = path.endsWith('approve') ? 'posted' : 'rejected';
      return { status: 200, body: { id: 3, state, orderNo: state === 'posted' ? 'A000003' : null } };
    }
    return undefined;
  });
}

function renderAdjustments() {
  return renderPage(
    <MemoryRouter>
      <AdjustmentsPage />
    </MemoryRouter>,
  );
}

const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr')!;

describe('adjustments page', () => {
  it('lists the adjustments waiting for a second operator, with amount, reason and who asked', async () => {
    const sent = backOffice();
    renderAdjustments();
    const row = await rowOf('fee charged twice');
    expect(row).toHaveTextContent('alice');
    expect(row).toHaveTextContent('-250,000');
    expect(row).toHaveTextContent('JPY');
    expect(row).toHaveTextContent('ops-kato');
    expect(row).toHaveTextContent('Pending');
    expect(within(row).getByRole('link', { name: 'alice' })).toHaveAttribute('href', '/users/7');
    expect(sent[0]?.path).toMatch(/^\/adjustments\?.*state=pending/);
    expect(screen.queryByText('goodwill credit')).toBeNull();
  });

  it('shows the posted ones, who decided them and no more actions, on the Posted tab', async () => {
    const sent = backOffice();
    const user = userEvent.setup();
    renderAdjustments();
    await rowOf('fee charged twice');
    await user.click(screen.getByText('Posted'));
    const row = await rowOf('goodwill credit');
    expect(row).toHaveTextContent('ops-sato');
    expect(within(row).queryByRole('button')).toBeNull();
    expect(sent.at(-1)?.path).toMatch(/state=posted/);
  });

  it('rejects only with a reason, then the adjustment leaves the pending list', async () => {
    const sent = backOffice();
    const user = userEvent.setup();
    renderAdjustments();
    await user.click(within(await rowOf('fee charged twice')).getByRole('button', { name: 'Reject' }));
    await user.click(await screen.findByTestId('reason-ok'));
    expect(await screen.findByText('Please give a reason')).toBeInTheDocument();
    expect(sent.some((c) => c.method === 'POST')).toBe(false);
    await user.type(screen.getByTestId('reason-input'), 'already refunded');
    await user.click(screen.getByTestId('reason-ok'));
    await waitFor(() =>
      expect(sent.find((c) => c.method === 'POST')).toEqual({
        method: 'POST',
        path: '/adjustments/3/reject',
        body: { reason: 'already refunded' },
      }),
    );
    await waitFor(() => expect(screen.queryByText('fee charged twice')).toBeNull());
  });

  it('approves without a reason and posts it', async () => {
    const sent = backOffice();
    const user = userEvent.setup();
    renderAdjustments();
    await user.click(within(await rowOf('fee charged twice')).getByRole('button', { name: 'Approve' }));
    await user.click(await screen.findByTestId('reason-ok'));
    await waitFor(() =>
      expect(sent.find((c) => c.method === 'POST')).toEqual({
        method: 'POST',
        path: '/adjustments/3/approve',
        body: {},
      }),
    );
    expect(await screen.findByText('Saved')).toBeInTheDocument();
  });

  it('names the refusal when the operator who asked tries to approve it', async () => {
    backOffice({ status: 409, body: { error: 'second_operator_required' } });
    const user = userEvent.setup();
    renderAdjustments();
    await user.click(within(await rowOf('fee charged twice')).getByRole('button', { name: 'Approve' }));
    await user.click(await screen.findByTestId('reason-ok'));
    expect(await screen.findByText('Another operator must approve this adjustment')).toBeInTheDocument();
    expect(await rowOf('fee charged twice')).toHaveTextContent('Pending');
  });
});
