import type { ReviewItemView } from '@kabuto/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App, ConfigProvider } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { windowWidth } from '../../test/window-width';
import { ReviewsPage } from './reviews-page';

const base = {
  userId: 7,
  account: 'alice',
  realName: null,
  state: 'pending' as const,
  dueAt: '2099-01-01T00:00:00.000Z',
  reviewedAt: null,
  reviewer: null,
  reason: null,
};

/** Items of different kinds sharing the id 1: the row's identity is kind and id together. */
const ITEMS: ReviewItemView[] = [
  {
    ...base,
    id: 1,
    kind: 'kyc',
    createdAt: '2026-11-20T00:00:00.000Z',
    details: { name: 'Yamada Taro', idNumber: 'AB1234567' },
  },
  {
    ...base,
    id: 1,
    kind: 'deposit',
    account: 'bob',
    userId: 8,
    createdAt: '2026-11-21T00:00:00.000Z',
    details: { orderNo: '9001', channel: 'bank', currency: 'JPY', amount: '250000' },
  },
  {
    ...base,
    id: 1,
    kind: 'withdrawal',
    account: 'carol',
    userId: 9,
    createdAt: '2026-11-22T00:00:00.000Z',
    details: {
      orderNo: '9002',
      currency: 'JPY',
      amount: '1000',
      card: { holder: 'Carol', cardNumber: '1234', cardType: 'savings', institution: 'MUFG' },
    },
  },
  {
    ...base,
    id: 1,
    kind: 'block',
    account: 'dave',
    userId: 10,
    createdAt: '2026-11-23T00:00:00.000Z',
    details: { productId: 2, code: '7203', name: 'Toyota Motor', market: 'jpy', lots: 100, price: '3319.0' },
  },
];

interface Sent {
  method: string;
  path: string;
  body: unknown;
}

function backOffice(refuse?: { status: number; error: string }) {
  const sent: Sent[] = [];
  let pending = [...ITEMS];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const path = String(url).replace(/^\/api\/admin/, '');
      const method = init?.method ?? 'GET';
      const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
      sent.push({ method, path, body });
      const json = (status: number, value: unknown) =>
        new Response(JSON.stringify(value), { status, headers: { 'content-type': 'application/json' } });
      if (path.startsWith('/reviews?')) {
        const kind = new URLSearchParams(path.split('?')[1]).get('kind');
        const list = pending.filter((i) => !kind || i.kind === kind);
        return json(200, { list, total: list.length, page: 1, size: 50 });
      }
      const decided = path.match(/^\/reviews\/(\w+)\/(\d+)\/(approve|reject)$/);
      if (decided && method === 'POST') {
        if (refuse) return json(refuse.status, { error: refuse.error });
        const [, kind, id] = decided;
        if (kind === 'all') return json(400, { error: 'bad_request', field: 'kind' });
        pending = pending.filter((i) => !(i.kind === kind && i.id === Number(id)));
        return json(200, { ok: true });
      }
      return json(404, { error: 'not_found' });
    }),
  );
  return sent;
}

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      {/* No motion: a closed dialog leaves at once (jsdom runs no animations to their end). */}
      <ConfigProvider theme={{ token: { motion: false } }}>
        <App>
          <ReviewsPage />
        </App>
      </ConfigProvider>
    </QueryClientProvider>,
  );
}

const rows = () => [...screen.getByTestId('review-table').querySelectorAll<HTMLElement>('tr.ant-table-row')];
const selectedRows = () => rows().filter((r) => r.classList.contains('kb-review-row-selected'));
/** The reason dialog is on screen (closed, it is hidden or gone). */
const dialogShown = () => {
  const input = screen.queryByTestId('reason-input');
  return (
    input !== null &&
    input.closest('.ant-modal-wrap')?.getAttribute('style')?.includes('display: none') !== true
  );
};
const detail = () => screen.getByTestId('review-detail');

describe('review queues, all queues', () => {
  it('keys every row by kind and id: one row is highlighted and clicking a deposit opens that deposit', async () => {
    backOffice();
    renderPage();
    await waitFor(() => expect(rows()).toHaveLength(4));
    expect(new Set(rows().map((r) => r.getAttribute('data-row-key'))).size).toBe(4);
    expect(selectedRows()).toHaveLength(1);
    expect(detail()).toHaveAttribute('data-key', 'kyc:1');

    fireEvent.click(within(rows()[1]!).getByText('bob'));
    await waitFor(() => expect(detail()).toHaveAttribute('data-key', 'deposit:1'));
    expect(selectedRows()).toHaveLength(1);
    expect(selectedRows()[0]).toHaveAttribute('data-row-key', 'deposit:1');
    expect(detail()).toHaveTextContent('Bank transfer');
  });

  it('moves with j and k across items that share an id', async () => {
    backOffice();
    renderPage();
    await waitFor(() => expect(rows()).toHaveLength(4));
    fireEvent.keyDown(window, { key: 'j' });
    await waitFor(() => expect(detail()).toHaveAttribute('data-key', 'deposit:1'));
    fireEvent.keyDown(window, { key: 'j' });
    await waitFor(() => expect(detail()).toHaveAttribute('data-key', 'withdrawal:1'));
    fireEvent.keyDown(window, { key: 'k' });
    await waitFor(() => expect(detail()).toHaveAttribute('data-key', 'deposit:1'));
  });

  it('approves through the item kind’s own call, closes the dialog and moves to the next item', async () => {
    const sent = backOffice();
    const user = userEvent.setup();
    renderPage();
    await waitFor(() => expect(rows()).toHaveLength(4));
    fireEvent.click(within(rows()[1]!).getByText('bob'));
    await waitFor(() => expect(detail()).toHaveAttribute('data-key', 'deposit:1'));
    await user.click(screen.getByTestId('approve'));
    await user.click(await screen.findByTestId('reason-ok'));
    await waitFor(() =>
      expect(sent.some((c) => c.method === 'POST' && c.path === '/reviews/deposit/1/approve')).toBe(true),
    );
    expect(sent.some((c) => c.path.startsWith('/reviews/all/'))).toBe(false);
    expect(
      await screen.findByText('Approved', { selector: '.ant-message-notice-title' }),
    ).toBeInTheDocument();
    await waitFor(() => expect(dialogShown()).toBe(false));
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(detail()).toHaveAttribute('data-key', 'withdrawal:1');
  });

  it('rejects with the reason through the item kind’s call', async () => {
    const sent = backOffice();
    const user = userEvent.setup();
    renderPage();
    await waitFor(() => expect(rows()).toHaveLength(4));
    fireEvent.click(within(rows()[3]!).getByText('dave'));
    await waitFor(() => expect(detail()).toHaveAttribute('data-key', 'block:1'));
    await user.click(screen.getByTestId('reject'));
    await user.type(await screen.findByTestId('reason-input'), 'Price out of band');
    await user.click(screen.getByTestId('reason-ok'));
    await waitFor(() => {
      const call = sent.find((c) => c.path === '/reviews/block/1/reject');
      expect(call?.body).toEqual({ reason: 'Price out of band' });
    });
    await waitFor(() => expect(dialogShown()).toBe(false));
  });

  it('closes the dialog when the item was decided elsewhere meanwhile', async () => {
    backOffice({ status: 409, error: 'not_pending' });
    const user = userEvent.setup();
    renderPage();
    await waitFor(() => expect(rows()).toHaveLength(4));
    await user.click(screen.getByTestId('approve'));
    await user.click(await screen.findByTestId('reason-ok'));
    expect(
      await screen.findByText('Already decided', { selector: '.ant-message-notice-title' }),
    ).toBeInTheDocument();
    await waitFor(() => expect(dialogShown()).toBe(false));
  });

  it('labels the detail panel: a card’s account type, a block item’s stock name and product, no raw value', async () => {
    backOffice();
    renderPage();
    await waitFor(() => expect(rows()).toHaveLength(4));
    fireEvent.click(within(rows()[2]!).getByText('carol'));
    await waitFor(() => expect(detail()).toHaveAttribute('data-key', 'withdrawal:1'));
    expect(detail()).toHaveTextContent('Savings account');
    expect(detail()).toHaveTextContent('Card holder');
    expect(detail()).not.toHaveTextContent('savings');
    fireEvent.click(within(rows()[3]!).getByText('dave'));
    await waitFor(() => expect(detail()).toHaveAttribute('data-key', 'block:1'));
    expect(within(detail()).getByText('Stock name')).toBeInTheDocument();
    expect(within(detail()).getByText('Block product')).toBeInTheDocument();
    expect(detail()).toHaveTextContent('#2');
    expect(detail()).toHaveTextContent('Block trades #1');
  });
});

describe('review queues on a phone', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists items as cards keyed by kind and id, and tapping one shows it below, highlighted and in view', async () => {
    windowWidth(390);
    const scrolled = vi.fn();
    HTMLElement.prototype.scrollIntoView = scrolled;
    backOffice();
    renderPage();
    const cards = () => [...screen.getByTestId('review-table').querySelectorAll<HTMLElement>('.ant-card')];
    await waitFor(() => expect(cards()).toHaveLength(4));
    expect(within(screen.getByTestId('review-table')).queryByRole('table')).toBeNull();
    expect(cards().map((c) => c.getAttribute('data-key'))).toEqual([
      'kyc:1',
      'deposit:1',
      'withdrawal:1',
      'block:1',
    ]);
    fireEvent.click(cards()[1]!);
    await waitFor(() => expect(detail()).toHaveAttribute('data-key', 'deposit:1'));
    expect(
      cards()
        .filter((c) => c.classList.contains('kb-review-row-selected'))
        .map((c) => c.dataset.key),
    ).toEqual(['deposit:1']);
    await waitFor(() => expect(scrolled).toHaveBeenCalled());
  });
});
