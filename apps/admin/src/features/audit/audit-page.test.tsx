import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderPage, stubBackOffice } from '../../test/back-office';
import { AuditPage } from './audit-page';

const ENTRIES = [
  {
    id: 11,
    operator: 'root',
    action: 'operator_create',
    targetType: 'operator',
    targetId: '5',
    reason: 'New hire',
    details: { before: { role: null }, after: { role: 'reviewer' } },
    createdAt: '2026-11-27T01:00:00.000Z',
  },
  {
    id: 10,
    operator: null,
    action: 'some_new_action',
    targetType: 'user',
    targetId: '7',
    reason: null,
    details: {},
    createdAt: '2026-11-27T00:00:00.000Z',
  },
];

function backOffice() {
  return stubBackOffice(({ method, path }) => {
    if (method !== 'GET' || !path.startsWith('/audit?')) return undefined;
    const list = path.includes('q=') ? ENTRIES.slice(0, 1) : ENTRIES;
    return { status: 200, body: { list, total: list.length, page: 1, size: 20 } };
  });
}

describe('audit log', () => {
  it('says who did what to which target and why, with the system for automatic entries and unknown actions in words', async () => {
    backOffice();
    renderPage(<AuditPage />);
    const created = (await screen.findByText('Operator created')).closest('tr')!;
    expect(created).toHaveTextContent('root');
    expect(created).toHaveTextContent('New hire');
    const automatic = screen.getByText('some new action').closest('tr')!;
    expect(automatic).toHaveTextContent('system');
    expect(automatic).toHaveTextContent('7');
  });

  it('opens an entry’s change as a before and after table', async () => {
    backOffice();
    const user = userEvent.setup();
    renderPage(<AuditPage />);
    await screen.findByText('Operator created');
    const expanders = screen.getAllByRole('button', { name: /expand/i });
    expect(expanders).toHaveLength(1);
    await user.click(expanders[0]!);
    const details = await screen.findByTestId('audit-details');
    expect(details).toHaveTextContent('reviewer');
    expect(details).toHaveTextContent('-');
  });

  it('searches the log with the typed words from the first page', async () => {
    const sent = backOffice();
    const user = userEvent.setup();
    renderPage(<AuditPage />);
    await screen.findByText('Operator created');
    await user.type(screen.getByTestId('audit-q'), ' hire ');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(screen.queryByText('some new action')).not.toBeInTheDocument());
    expect(sent.at(-1)?.path).toBe('/audit?q=hire&page=1&size=20');
  });
});
