import { fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { windowWidth } from '../test/window-width';
import { ResponsiveTable } from './responsive-table';

const ROWS = [
  { id: 1, code: '7203', name: 'Toyota', price: '3319' },
  { id: 2, code: '6758', name: 'Sony', price: '' },
];

function Rows({ onOpen }: { onOpen: (id: number) => void }) {
  return (
    <ResponsiveTable
      rowKey="id"
      data-testid="rows"
      dataSource={ROWS}
      onRow={(r) => ({ onClick: () => onOpen(r.id) })}
      columns={[
        { title: 'Code', dataIndex: 'code' },
        { title: 'Name', key: 'name', render: (_, r) => <b>{r.name}</b> },
        { title: 'Price', dataIndex: 'price' },
      ]}
    />
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('a table on a phone', () => {
  it('says what the table would say when it has no row', () => {
    windowWidth(390);
    render(
      <ResponsiveTable
        rowKey="id"
        dataSource={[]}
        locale={{ emptyText: 'Search by account' }}
        columns={[{ title: 'Code', dataIndex: 'code' }]}
      />,
    );
    expect(screen.getByText('Search by account')).toBeInTheDocument();
  });

  it('shows each row as a card with every column named, and opens a row by its card', () => {
    windowWidth(390);
    const onOpen = vi.fn();
    render(<Rows onOpen={onOpen} />);
    expect(screen.queryByRole('table')).toBeNull();
    const cards = screen.getByTestId('rows').querySelectorAll('.ant-card');
    expect(cards).toHaveLength(2);
    const toyota = within(cards[0] as HTMLElement);
    expect(toyota.getByText('Code').nextSibling).toHaveTextContent('7203');
    expect(toyota.getByText('Name').nextSibling).toHaveTextContent('Toyota');
    // An empty value leaves its line out rather than showing a title with nothing.
    expect(within(cards[1] as HTMLElement).queryByText('Price')).toBeNull();
    fireEvent.click(cards[1] as HTMLElement);
    expect(onOpen).toHaveBeenCalledWith(2);
  });

  it("keeps a row's class and data attributes on its card", () => {
    windowWidth(390);
    render(
      <ResponsiveTable
        rowKey="id"
        data-testid="rows"
        dataSource={ROWS}
        rowClassName={(r) => (r.id === 2 ? 'chosen' : '')}
        onRow={(r) => ({ onClick: () => undefined, 'data-key': `stock:${r.id}` }) as never}
        columns={[{ title: 'Code', dataIndex: 'code' }]}
      />,
    );
    const cards = [...screen.getByTestId('rows').querySelectorAll('.ant-card')];
    expect(cards.map((c) => c.getAttribute('data-key'))).toEqual(['stock:1', 'stock:2']);
    expect(cards.map((c) => c.classList.contains('chosen'))).toEqual([false, true]);
  });

  it('opens an expandable row behind a button that names it, without opening the row', () => {
    windowWidth(390);
    const onOpen = vi.fn();
    render(
      <ResponsiveTable
        rowKey="id"
        data-testid="rows"
        dataSource={ROWS}
        onRow={(r) => ({ onClick: () => onOpen(r.id) })}
        expandLabel="Details"
        expandable={{
          rowExpandable: (r) => r.id === 1,
          expandedRowRender: (r) => <p>More about {r.name}</p>,
        }}
        columns={[{ title: 'Code', dataIndex: 'code' }]}
      />,
    );
    const [toyota, sony] = [...screen.getByTestId('rows').querySelectorAll<HTMLElement>('.ant-card')];
    expect(within(sony!).queryByRole('button', { name: 'Details' })).toBeNull();
    const button = within(toyota!).getByRole('button', { name: 'Details' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByText('More about Toyota')).toBeNull();
    fireEvent.click(button);
    expect(screen.getByText('More about Toyota')).toBeInTheDocument();
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(onOpen).not.toHaveBeenCalled();
  });

  it('stays a table on a wide screen', () => {
    windowWidth(1440);
    render(<Rows onOpen={() => undefined} />);
    expect(screen.getByRole('table')).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Code', 'Name', 'Price']);
  });
});
