import { adminToken, advanceClock, apiCall, baseUrl, serverNow } from './support';

/**
 * Products an operator lists through the back-office API before a journey's investors use them
 * (setup steps not under test): new shares, block-trade products and copy-trading products.
 */

/** Calls the back-office API as the seeded admin; a refusal fails the journey with its answer. */
export async function adminCall<T>(method: 'GET' | 'POST', url: string, body?: unknown): Promise<T> {
  const res = await fetch(`${baseUrl()}/api/admin${url}`, {
    method,
    headers: { authorization: `Bearer ${await adminToken()}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

const HOUR = 3_600_000;
let shareSeq = 0;

/**
 * Lists a new share at ¥1,200 (lots of 100, up to 1,000), subscribing from the server's now for
 * an hour, the draw an hour later, payment within a day and listing two days after; moves the
 * clock ten seconds so the jobs runner opens it.
 */
export async function listNewShare(): Promise<{ id: number; code: string }> {
  const { now } = await advanceClock(1);
  const at = (ms: number) => new Date(new Date(now).getTime() + ms).toISOString();
  shareSeq += 1;
  const code = `E${String(Date.now()).slice(-5)}${shareSeq}`;
  const share = await adminCall<{ id: number; code: string }>('POST', '/newshares', {
    code,
    market: 'jpy',
    name: { cn: `旅程新股${shareSeq}`, us: `Journey IPO ${shareSeq}`, jp: `ジャーニー新規株${shareSeq}` },
    sector: 'services',
    price: '1200',
    provisionalPrice: '1100–1200',
    pe: '21.5',
    leadUnderwriter: 'Kabuto Securities',
    issueMarket: 'TSE Growth',
    offeredQuantity: 10_000,
    minQuantity: 100,
    maxQuantity: 1_000,
    sharesOutstanding: 2_000_000,
    opensAt: at(-60_000),
    closesAt: at(HOUR),
    lotteryAt: at(2 * HOUR),
    payUntil: at(26 * HOUR),
    listsAt: at(50 * HOUR),
  });
  // The jobs runner opens it.
  await advanceClock(10_000);
  return share;
}

/**
 * Lists `code` (a Tokyo stock) as a block-trade product a little under the market: at least
 * `minLots` shares, 10,000 in all, open from a minute ago for a day on the server's clock.
 */
export async function listBlockProduct(
  code: string,
  minLots: number,
): Promise<{ id: number; price: string }> {
  const quote = await apiCall<{ price: string }>('/market/quote', { type: 'jpy', code });
  const price = (Math.floor(Number(quote.data.price) * 0.95 * 10) / 10).toFixed(1);
  // The server's clock: other journeys may have moved it ahead of the real one.
  const now = await serverNow();
  const product = await adminCall<{ id: number; price: string }>('POST', '/block/products', {
    code,
    market: 'jpy',
    price,
    minLots,
    totalLots: 10_000,
    startsAt: new Date(now - 60_000).toISOString(),
    endsAt: new Date(now + 86_400_000).toISOString(),
  });
  return { id: product.id, price: product.price };
}

/**
 * Lists a copy product named `name` on the index-basket leader (minimum ¥100,000), locked in for
 * `lockDays` and open to followers until `cutoffAt`.
 */
export async function listCopyProduct({
  name,
  lockDays,
  cutoffAt,
}: {
  name: string;
  lockDays: number;
  cutoffAt: Date;
}): Promise<{ id: number; name: string }> {
  const leaders = await adminCall<{ list: Array<{ id: number; strategy: string }> }>('GET', '/copy/leaders');
  const basket = leaders.list.find((l) => l.strategy === 'basket');
  if (!basket) throw new Error('no index-basket leader');
  const listed = await adminCall<{ id: number }>('POST', '/copy/products', {
    leaderId: basket.id,
    name,
    minAmount: '100000',
    lockDays,
    cutoffAt: cutoffAt.toISOString(),
  });
  return { id: listed.id, name };
}
