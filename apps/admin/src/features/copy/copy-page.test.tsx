import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CopyPage } from './copy-page';

const LEADERS = [
  {
    id: 1,
    name: 'Kabuto Trend',
    strategy: 'trend',
    market: 'jpy',
    currency: 'JPY',
    codes: ['7203', '6758'],
    equity: '97360000',
    liveFrom: '2026-11-22T00:00:00.000Z',
    days: 252,
    totalReturn: '-0.264000',
    maxDrawdown: '0.264000',
  },
  {
    id: 3,
    name: 'Kabuto Nikkei Basket',
    strategy: 'basket',
    market: 'jpy',
    currency: 'JPY',
    codes: ['7203', '8306'],
    equity: '95390000',
    liveFrom: '2026-11-22T00:00:00.000Z',
    days: 252,
    totalReturn: '-0.046100',
    maxDrawdown: '0.208300',
  },
];

const product = (id: number, name: string, leader: (typeof LEADERS)[number], followers = 0) => ({
  id,
  name,
  names: null as Record<string, string> | null,
  leaderId: leader.id,
  leader: leader.name,
  leaderNames: null,
  open: true,
  currency: 'JPY',
  minAmount: '100000',
  lockDays: 7,
  cutoffAt: '2027-11-22T00:00:00.000Z',
  followers,
  createdAt: '2026-11-22T00:00:00.000Z',
});

interface Sent {
  method: string;
  path: string;
  body: unknown;
}

/** The back-office API at the edge: the leaders, the products, and listing (refused when `refuse` is set). */
function backOffice(options: { refuse?: { status: number; error: string; field?: string } } = {}) {
  const products = [
    {
      ...product(1, 'Trend Follower', LEADERS[0]!, 12),
      names: { cn: '趋势跟随', us: 'Trend Follower', jp: 'トレンドフォロー' },
    },
  ];
  const leaders = LEADERS.map((l) => ({ ...l, names: null as Record<string, string> | null }));
  const sent: Sent[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const path = String(url).replace(/^\/api\/admin/, '');
      const method = init?.method ?? 'GET';
      const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
      sent.push({ method, path, body });
      const json = (status: number, value: unknown) =>
        new Response(JSON.stringify(value), { status, headers: { 'content-type': 'application/json' } });
      if (path === '/copy/leaders') return json(200, { list: leaders });
      const rename = path.match(/^\/copy\/leaders\/(\d+)$/);
      if (rename && method === 'POST') {
        const leader = leaders.find((l) => l.id === Number(rename[1]))!;
        Object.assign(leader, { name: body.names.us, names: body.names });
        return json(200, { id: leader.id });
      }
      if (path === '/copy/products' && method === 'GET') return json(200, { list: [...products].reverse() });
      if (path === '/copy/products' && method === 'POST') {
        if (options.refuse) return json(options.refuse.status, options.refuse);
        const leader = LEADERS.find((l) => l.id === body.leaderId)!;
        products.push({
          ...product(products.length + 1, body.names.us, leader),
          names: body.names,
          lockDays: body.lockDays,
        });
        return json(200, { id: products.length });
      }
      const change = path.match(/^\/copy\/products\/(\d+)(\/close)?$/);
      if (change && method === 'POST') {
        if (options.refuse) return json(options.refuse.status, options.refuse);
        const target = products.find((p) => p.id === Number(change[1]))!;
        if (change[2]) target.open = false;
        else
          Object.assign(target, {
            name: body.names.us,
            names: body.names,
            minAmount: body.minAmount,
            lockDays: body.lockDays,
          });
        return json(200, { id: target.id });
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
      <App>
        <CopyPage />
      </App>
    </QueryClientProvider>,
  );
}

const productsTable = () =>
  screen.getByText('Copy products', { selector: '.ant-card-head-title' }).closest<HTMLElement>('.ant-card')!;
const leadersTable = () =>
  screen
    .getByText('Strategy leaders', { selector: '.ant-card-head-title' })
    .closest<HTMLElement>('.ant-card')!;

async function fillListing(user: ReturnType<typeof userEvent.setup>) {
  const form = screen.getByTestId('copy-form');
  fireEvent.mouseDown(within(form).getByRole('combobox', { name: 'Leader' }));
  await user.click(
    await screen.findByText('Kabuto Nikkei Basket (Stock basket)', {
      selector: '.ant-select-item-option-content',
    }),
  );
  const type = (label: string, value: string) =>
    fireEvent.change(within(form).getByLabelText(label), { target: { value } });
  type('Product name (简体中文)', '日经篮子增强');
  type('Product name (English)', 'Nikkei Basket Plus');
  type('Product name (日本語)', '日経バスケットプラス');
  type('Minimum investment', '50000');
  type('Lock-in days', '30');
  const cutoff = within(form).getByLabelText('Cutoff');
  fireEvent.mouseDown(cutoff);
  fireEvent.focus(cutoff);
  fireEvent.change(cutoff, { target: { value: '2027-06-30 15:00:00' } });
  await user.click(await screen.findByRole('button', { name: 'OK' }));
}

beforeEach(() => {
  localStorage.setItem('language', 'us');
});

describe('copy products page', () => {
  it('lists the products with their leader, rules and followers, and the leaders with their computed figures', async () => {
    backOffice();
    renderPage();
    const products = within(await waitFor(() => productsTable()));
    expect(await products.findByText('Trend Follower')).toBeInTheDocument();
    const row = products.getByText('Trend Follower').closest('tr')!;
    expect(row).toHaveTextContent('Kabuto Trend');
    expect(row).toHaveTextContent('100,000 JPY');
    expect(within(row).getByText('7')).toBeInTheDocument();
    expect(within(row).getByText('12')).toBeInTheDocument();

    const leaders = within(leadersTable());
    const basket = (await leaders.findByText('Kabuto Nikkei Basket')).closest('tr')!;
    expect(basket).toHaveTextContent('95,390,000 JPY');
    expect(basket).toHaveTextContent('-4.61%');
    expect(basket).toHaveTextContent('20.83%');
    expect(leaders.getByText('Total return (computed)')).toBeInTheDocument();
    expect(leaders.getByText('Max drawdown (computed)')).toBeInTheDocument();
  });

  it('lists a new product on a leader with its minimum, lock-in and cutoff, then shows it', async () => {
    const sent = backOffice();
    const user = userEvent.setup();
    renderPage();
    await within(await waitFor(() => productsTable())).findByText('Trend Follower');
    await fillListing(user);
    await user.click(screen.getByTestId('copy-submit'));

    await waitFor(() => expect(sent.some((call) => call.method === 'POST')).toBe(true));
    const listing = sent.find((call) => call.method === 'POST')!;
    expect(listing.path).toBe('/copy/products');
    expect(listing.body).toMatchObject({
      leaderId: 3,
      names: { cn: '日经篮子增强', us: 'Nikkei Basket Plus', jp: '日経バスケットプラス' },
      minAmount: '50000',
      lockDays: 30,
    });
    expect(new Date((listing.body as { cutoffAt: string }).cutoffAt).getTime()).toBe(
      new Date(2027, 5, 30, 15, 0, 0).getTime(),
    );
    expect(await screen.findByText('Product listed')).toBeInTheDocument();
    const row = (await within(productsTable()).findByText('Nikkei Basket Plus')).closest('tr')!;
    expect(row).toHaveTextContent('Kabuto Nikkei Basket');
    expect(row).toHaveTextContent('30');
  });

  it('cannot set returns: the listing asks only the leader, name, minimum, lock-in and cutoff, and sends nothing else', async () => {
    const sent = backOffice();
    const user = userEvent.setup();
    renderPage();
    await within(await waitFor(() => productsTable())).findByText('Trend Follower');
    const form = screen.getByTestId('copy-form');
    const labels = [...form.querySelectorAll('label')].map((label) => label.textContent);
    expect(labels).toEqual([
      'Leader',
      'Product name (简体中文)',
      'Product name (English)',
      'Product name (日本語)',
      'Minimum investment',
      'Lock-in days',
      'Cutoff',
    ]);
    expect(screen.getByText(/cannot be set here/)).toBeInTheDocument();

    await fillListing(user);
    await user.click(screen.getByTestId('copy-submit'));
    await waitFor(() => expect(sent.some((call) => call.method === 'POST')).toBe(true));
    const listing = sent.find((call) => call.method === 'POST')!;
    expect(Object.keys(listing.body as object).sort()).toEqual([
      'cutoffAt',
      'leaderId',
      'lockDays',
      'minAmount',
      'names',
    ]);
  });

  it('shows a refused listing and lists nothing', async () => {
    backOffice({ refuse: { status: 400, error: 'bad_request', field: 'cutoffAt' } });
    const user = userEvent.setup();
    renderPage();
    await within(await waitFor(() => productsTable())).findByText('Trend Follower');
    await fillListing(user);
    await user.click(screen.getByTestId('copy-submit'));
    // The refusal names the cutoff: it is shown under that field.
    const cutoff = within(screen.getByTestId('copy-form'))
      .getByLabelText('Cutoff')
      .closest('.ant-form-item')!;
    await waitFor(() => expect(cutoff).toHaveTextContent('Please check the input'));
    expect(within(productsTable()).queryByText('Nikkei Basket Plus')).toBeNull();
  });

  it('shows each name in the operator’s language', async () => {
    localStorage.setItem('language', 'jp');
    backOffice();
    renderPage();
    expect(await screen.findByText('トレンドフォロー')).toBeInTheDocument();
    expect(screen.queryByText('Trend Follower')).toBeNull();
  });

  it('changes an open product in three languages with a reason, which the change needs', async () => {
    const sent = backOffice();
    const user = userEvent.setup();
    renderPage();
    await within(await waitFor(() => productsTable())).findByText('Trend Follower');
    await user.click(screen.getByTestId('copy-edit-1'));
    const dialog = within(await screen.findByTestId('copy-edit-form'));
    expect(dialog.getByTestId('names-jp')).toHaveValue('トレンドフォロー');
    fireEvent.change(dialog.getByTestId('names-us'), { target: { value: 'Trend Follower Plus' } });
    fireEvent.change(dialog.getByTestId('copy-min-amount'), { target: { value: '150000' } });
    await user.click(screen.getByTestId('copy-edit-ok'));
    expect(await dialog.findByText('Please give a reason')).toBeInTheDocument();
    expect(sent.some((c) => c.method === 'POST')).toBe(false);
    await user.type(dialog.getByTestId('copy-edit-reason'), 'new minimum');
    await user.click(screen.getByTestId('copy-edit-ok'));
    await waitFor(() => expect(sent.some((c) => c.path === '/copy/products/1')).toBe(true));
    expect(sent.find((c) => c.path === '/copy/products/1')!.body).toMatchObject({
      names: { cn: '趋势跟随', us: 'Trend Follower Plus', jp: 'トレンドフォロー' },
      minAmount: '150000',
      lockDays: 7,
      reason: 'new minimum',
    });
    expect(await within(productsTable()).findByText('Trend Follower Plus')).toBeInTheDocument();
  });

  it('renames a leader in three languages with a reason, which the rename needs', async () => {
    const sent = backOffice();
    const user = userEvent.setup();
    renderPage();
    await within(await waitFor(() => leadersTable())).findByText('Kabuto Trend');
    await user.click(screen.getByTestId('copy-leader-edit-1'));
    const dialog = within(await screen.findByTestId('copy-leader-form'));
    expect(dialog.getByTestId('names-jp')).toHaveValue('Kabuto Trend');
    fireEvent.change(dialog.getByTestId('names-cn'), { target: { value: '稳健趋势' } });
    fireEvent.change(dialog.getByTestId('names-us'), { target: { value: 'Steady Trend' } });
    fireEvent.change(dialog.getByTestId('names-jp'), { target: { value: '安定トレンド' } });
    await user.click(screen.getByTestId('copy-leader-ok'));
    expect(await dialog.findByText('Please give a reason')).toBeInTheDocument();
    expect(sent.some((c) => c.method === 'POST')).toBe(false);
    await user.type(dialog.getByTestId('copy-leader-reason'), 'new strategy name');
    await user.click(screen.getByTestId('copy-leader-ok'));
    await waitFor(() =>
      expect(sent.find((c) => c.path === '/copy/leaders/1')?.body).toEqual({
        names: { cn: '稳健趋势', us: 'Steady Trend', jp: '安定トレンド' },
        reason: 'new strategy name',
      }),
    );
    expect(await within(leadersTable()).findByText('Steady Trend')).toBeInTheDocument();
  });

  it('closes an open product with a reason; a closed one offers no change', async () => {
    const sent = backOffice();
    const user = userEvent.setup();
    renderPage();
    await within(await waitFor(() => productsTable())).findByText('Trend Follower');
    await user.click(screen.getByTestId('copy-close-1'));
    await user.type(await screen.findByTestId('reason-input'), 'leader paused');
    await user.click(screen.getByTestId('reason-ok'));
    await waitFor(() =>
      expect(sent.find((c) => c.path === '/copy/products/1/close')?.body).toEqual({
        reason: 'leader paused',
      }),
    );
    const row = (await within(productsTable()).findByText('Closed')).closest('tr')!;
    expect(row).toHaveTextContent('Trend Follower');
    expect(screen.queryByTestId('copy-edit-1')).toBeNull();
  });

  it('shows a change refused because the product has closed meanwhile', async () => {
    backOffice({ refuse: { status: 409, error: 'product_closed', field: 'id' } });
    const user = userEvent.setup();
    renderPage();
    await within(await waitFor(() => productsTable())).findByText('Trend Follower');
    await user.click(screen.getByTestId('copy-edit-1'));
    const dialog = within(await screen.findByTestId('copy-edit-form'));
    await user.type(dialog.getByTestId('copy-edit-reason'), 'late');
    await user.click(screen.getByTestId('copy-edit-ok'));
    expect(await screen.findByText('This product has already closed')).toBeInTheDocument();
  });
});
