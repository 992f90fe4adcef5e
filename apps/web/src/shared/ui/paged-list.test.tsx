import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderInApp } from '../../test/render';
import { type ListQuery, PagedList, pagedItems } from './paged-list';

// antd-mobile's ErrorBlock draws its picture with rc-util's CommonJS useId, which in jsdom finds
// the workspace's React rather than the app's: the states are stood in for by their text.
vi.mock('./empty-state', () => ({
  EmptyState: ({ description }: { description?: ReactNode }) => <div className="kb-empty">{description}</div>,
}));
vi.mock('./load-error', () => ({
  LoadError: ({ errorKey, onRetry }: { errorKey?: string; onRetry?: () => void }) => (
    <div className="kb-empty">
      {errorKey}
      <button type="button" onClick={onRetry}>
        Retry
      </button>
    </div>
  ),
}));

const query = (overrides: Partial<ListQuery> = {}): ListQuery => ({
  isPending: false,
  isError: false,
  error: null,
  refetch: vi.fn(async () => undefined),
  ...overrides,
});

const list = (items: readonly string[]) => (
  <ul data-testid="items">
    {items.map((item) => (
      <li key={item}>{item}</li>
    ))}
  </ul>
);

describe('paged list', () => {
  it('flattens the pages loaded so far in order', () => {
    expect(pagedItems({ pages: [{ list: [1, 2] }, { list: [3] }] })).toEqual([1, 2, 3]);
    expect(pagedItems(undefined)).toEqual([]);
  });

  it('shows a skeleton while the first page loads', async () => {
    const { container } = await renderInApp(
      <PagedList query={query({ isPending: true })} items={[]} rows={3}>
        {list}
      </PagedList>,
    );
    expect(container.querySelector('.kb-skeleton')).toHaveAttribute('aria-busy', 'true');
    expect(container.querySelectorAll('.kb-skeleton__row')).toHaveLength(3);
    expect(screen.queryByTestId('items')).toBeNull();
  });

  it('says why nothing could load and retries', async () => {
    const failed = query({ isError: true, error: { key: 'network_error' } });
    await renderInApp(
      <PagedList query={failed} items={[]}>
        {list}
      </PagedList>,
    );
    expect(screen.getByText('network_error')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(failed.refetch).toHaveBeenCalledOnce();
  });

  it('shows the empty state with its text, or the whole one the page gives', async () => {
    const first = await renderInApp(
      <PagedList query={query()} items={[]} emptyText="No records yet">
        {list}
      </PagedList>,
    );
    expect(first.container.querySelector('.kb-empty')).toHaveTextContent('No records yet');
    first.unmount();
    await renderInApp(
      <PagedList query={query()} items={[]} empty={<p data-testid="own-empty">Add one</p>}>
        {list}
      </PagedList>,
    );
    expect(screen.getByTestId('own-empty')).toHaveTextContent('Add one');
  });

  it('shows the items inside the pull-to-refresh body and says when there is no more', async () => {
    const { container } = await renderInApp(
      <PagedList
        query={query({ hasNextPage: false, fetchNextPage: vi.fn(async () => undefined) })}
        items={['first', 'second']}
        bodyClassName="kb-stack-gap"
      >
        {list}
      </PagedList>,
    );
    expect(screen.getByTestId('items').closest('.kb-pull-body')).toHaveClass('kb-stack-gap');
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    expect(container.querySelector('.adm-pull-to-refresh')).not.toBeNull();
    expect(await screen.findByText('No more items')).toBeInTheDocument();
  });

  it('keeps the list without pull to refresh or paging when the page asks so', async () => {
    const { container } = await renderInApp(
      <PagedList query={query()} items={['only']} refresh={false}>
        {list}
      </PagedList>,
    );
    expect(screen.getByText('only')).toBeInTheDocument();
    expect(container.querySelector('.adm-pull-to-refresh')).toBeNull();
    expect(container.querySelector('.adm-infinite-scroll')).toBeNull();
  });
});
