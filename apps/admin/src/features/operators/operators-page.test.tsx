import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { session } from '../../shared/session';
import { renderPage, stubBackOffice } from '../../test/back-office';
import { OperatorsPage } from './operators-page';

const OPERATORS = [
  {
    id: 1,
    username: 'root',
    role: 'admin',
    disabled: false,
    totp: true,
    lockedUntil: null,
    createdAt: '2026-01-01T00:00:00.000Z',
  },
  {
    id: 2,
    username: 'rita',
    role: 'reviewer',
    disabled: false,
    totp: true,
    lockedUntil: null,
    createdAt: '2026-02-01T00:00:00.000Z',
  },
];

beforeEach(() => session.set({ token: 'tok', role: 'admin', username: 'root' }));
afterEach(() => session.set(null));

function backOffice() {
  return stubBackOffice(({ method, path }) => {
    if (method === 'GET' && path === '/operators') return { status: 200, body: { list: OPERATORS } };
    if (method === 'POST') return { status: 200, body: { ok: true } };
    return undefined;
  });
}

const rowOf = async (name: string) => (await screen.findByText(name)).closest('tr')!;

describe('operators page', () => {
  it('lists the operators with their role and access, and offers no action on the operator’s own account', async () => {
    backOffice();
    renderPage(<OperatorsPage />);
    const rita = await rowOf('rita');
    expect(rita).toHaveTextContent('Reviewer');
    expect(rita).toHaveTextContent('Active');
    expect(within(rita).getByRole('button', { name: 'Disable' })).toBeInTheDocument();
    expect(within(rita).getByRole('button', { name: 'Reset password' })).toBeInTheDocument();
    const own = await rowOf('root');
    expect(within(own).queryByRole('button', { name: 'Disable' })).not.toBeInTheDocument();
  });

  it('disables another operator only with a reason', async () => {
    const sent = backOffice();
    const user = userEvent.setup();
    renderPage(<OperatorsPage />);
    await user.click(within(await rowOf('rita')).getByRole('button', { name: 'Disable' }));
    expect(await screen.findByText('Change access of rita')).toBeInTheDocument();
    await user.type(await screen.findByTestId('reason-input'), 'Left the team');
    await user.click(screen.getByTestId('reason-ok'));
    await waitFor(() => expect(sent.some((c) => c.method === 'POST')).toBe(true));
    expect(sent.filter((c) => c.method === 'POST')).toEqual([
      { method: 'POST', path: '/operators/2', body: { disabled: true, reason: 'Left the team' } },
    ]);
  });

  it('creates an operator as a reviewer unless another role is picked', async () => {
    const sent = backOffice();
    const user = userEvent.setup();
    renderPage(<OperatorsPage />);
    await rowOf('rita');
    const form = screen.getByRole('button', { name: 'Create' }).closest('form')!;
    await user.type(within(form).getByLabelText('Username'), 'otto');
    await user.type(within(form).getByLabelText('Password'), 'a long password');
    await user.click(within(form).getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Operator created')).toBeInTheDocument();
    expect(sent.filter((c) => c.method === 'POST')).toEqual([
      {
        method: 'POST',
        path: '/operators',
        body: { username: 'otto', password: 'a long password', role: 'reviewer' },
      },
    ]);
  });
});
