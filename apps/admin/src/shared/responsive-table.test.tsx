import { fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ResponsiveTable } from './responsive-table';

/** A window `width` px wide, as antd's breakpoints read it. */
function windowWidth(width: number) {
  vi.stubGlobal('matchMedia', (query: string) => {
    const max = /max-width:\s*(\d+)px/.exec(query);
    const min = /min-width:\s*(\d+)px/.exec(query);
    const matches = (!max || width <= Number(max[1])) && (!min || width >= Number(min[1]));
    return {
      matches,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    };
  });
}

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

  it('stays a table on a wide screen', () => {
    windowWidth(1440);
    render(<Rows onOpen={() => undefined} />);
    expect(screen.getByRole('table')).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Code', 'Name', 'Price']);
  });
});
