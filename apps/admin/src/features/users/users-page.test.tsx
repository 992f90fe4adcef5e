import type { admin } from '@kabuto/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderPage, stubBackOffice } from '../../test/back-office';
import { UsersPage } from './users-page';

const ALICE: admin.UserSummary = {
  id: 7,
  account: 'alice',
  realName: 'Alice Doe',
  kyc: 'verified',
  flags: { banned: false, frozen: true, tradeBarred: false },
  createdAt: '2026-11-01T01:00:00.000Z',
};

function backOffice() {
  return stubBackOffice(({ method, path }) => {
    if (method !== 'GET') return undefined;
    if (path === '/users?q=alice') return { status: 200, body: { list: [ALICE] } };
    if (path.startsWith('/users?q=')) return { status: 200, body: { list: [] } };
    return undefined;
  });
}

function renderAt(entry: string) {
  return renderPage(
    <MemoryRouter initialEntries={[entry]}>
      <Routes>
        <Route path="/users" element={<UsersPage />} />
        <Route path="/users/:id" element={<p>the user’s page</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('users page', () => {
  it('asks nothing before a search, then lists the users found with their verification and restrictions', async () => {
    const sent = backOffice();
    const user = userEvent.setup();
    renderAt('/users');
    expect(screen.getByText('Search for a user')).toBeInTheDocument();
    expect(sent).toEqual([]);
    await user.type(screen.getByPlaceholderText('Account, real name or card number'), '  alice {Enter}');
    const row = (await screen.findByText('Alice Doe')).closest('tr')!;
    expect(row).toHaveTextContent('alice');
    expect(row).toHaveTextContent('Verified');
    expect(row).toHaveTextContent('Frozen');
    expect(sent).toEqual([{ method: 'GET', path: '/users?q=alice', body: undefined }]);
  });

  it('says when no user matches', async () => {
    backOffice();
    renderAt('/users?q=nobody');
    expect(await screen.findByText('No user found')).toBeInTheDocument();
  });

  it('opens a user’s page from the list', async () => {
    backOffice();
    const user = userEvent.setup();
    renderAt('/users?q=alice');
    await user.click(await screen.findByText('Alice Doe'));
    expect(await screen.findByText('the user’s page')).toBeInTheDocument();
  });
});
