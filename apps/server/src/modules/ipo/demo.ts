import type { NewShareInput } from './admin';
import { insertShare } from './admin';
import type { IpoContext } from './context';
import { advance } from './lifecycle';

const DAY = 86_400_000;
/** The sample underwriter of every demo share, named in each language. */
const UNDERWRITER = {
  cn: 'Kabuto 证券（样本）',
  us: 'Kabuto Securities (sample)',
  jp: 'Kabuto 証券（サンプル）',
};

/**
 * The demo's new shares (SPEC §11 "new shares in every state"): in the Japanese market one
 * upcoming, one subscribing, one closed and awaiting payment, one listed; one subscribing in each
 * of the other markets. Their moments are set from the first start's time; the jobs runner moves
 * them from there. Sample companies, labelled as samples in their names.
 */
export function demoShares(now: Date): NewShareInput[] {
  const at = (days: number) => new Date(now.getTime() + days * DAY).toISOString();
  const moments = (open: number) => ({
    opensAt: at(open),
    closesAt: at(open + 4),
    lotteryAt: at(open + 5),
    payUntil: at(open + 7),
    listsAt: at(open + 9),
  });
  const jp = {
    market: 'jpy' as const,
    issueMarket: { cn: '东证成长板', us: 'TSE Growth', jp: '東証グロース' },
    leadUnderwriter: UNDERWRITER,
  };
  return [
    {
      ...jp,
      code: '5590',
      name: {
        cn: '樱花机器人（样本）',
        us: 'Sakura Robotics (sample)',
        jp: 'さくらロボティクス（サンプル）',
      },
      sector: 'machinery',
      price: '1450',
      provisionalPrice: '1380–1450',
      pe: '24.5',
      offeredQuantity: 50_000,
      minQuantity: 100,
      maxQuantity: 5_000,
      sharesOutstanding: 12_000_000,
      ...moments(2),
    },
    {
      ...jp,
      code: '5591',
      name: {
        cn: '富士云服务（样本）',
        us: 'Fuji Cloud Services (sample)',
        jp: '富士クラウドサービス（サンプル）',
      },
      sector: 'services',
      price: '2200',
      provisionalPrice: '2100–2200',
      pe: '31.2',
      offeredQuantity: 80_000,
      minQuantity: 100,
      maxQuantity: 3_000,
      sharesOutstanding: 20_000_000,
      ...moments(-1),
    },
    {
      ...jp,
      code: '5592',
      name: { cn: '浪花医疗（样本）', us: 'Naniwa Medical (sample)', jp: 'なにわメディカル（サンプル）' },
      sector: 'pharma',
      price: '980',
      provisionalPrice: '950–980',
      pe: '18.0',
      offeredQuantity: 30_000,
      minQuantity: 100,
      maxQuantity: 2_000,
      sharesOutstanding: 8_000_000,
      ...moments(-6),
    },
    {
      ...jp,
      code: '5593',
      name: {
        cn: '北斗半导体（样本）',
        us: 'Hokuto Semiconductor (sample)',
        jp: '北斗セミコンダクター（サンプル）',
      },
      sector: 'semiconductors',
      price: '3100',
      provisionalPrice: '2900–3100',
      pe: '27.8',
      offeredQuantity: 40_000,
      minQuantity: 100,
      maxQuantity: 2_000,
      sharesOutstanding: 15_000_000,
      ...moments(-20),
    },
    {
      code: 'KBTO',
      market: 'usd',
      issueMarket: 'NASDAQ',
      leadUnderwriter: UNDERWRITER,
      name: { cn: '卡布托能源（样本）', us: 'Kabuto Energy (sample)', jp: 'カブトエナジー（サンプル）' },
      sector: 'services',
      price: '24.00',
      provisionalPrice: '22.00–24.00',
      pe: '35.1',
      offeredQuantity: 100_000,
      minQuantity: 10,
      maxQuantity: 5_000,
      sharesOutstanding: 50_000_000,
      ...moments(-1),
    },
    {
      code: '301599',
      market: 'cny',
      issueMarket: { cn: '深交所创业板', us: 'SZSE ChiNext', jp: '深セン創業板' },
      leadUnderwriter: UNDERWRITER,
      name: { cn: '长江新材（样本）', us: 'Changjiang Materials (sample)', jp: '長江新素材（サンプル）' },
      sector: 'chemicals',
      price: '18.60',
      provisionalPrice: '18.60',
      pe: '22.4',
      offeredQuantity: 200_000,
      minQuantity: 500,
      maxQuantity: 20_000,
      sharesOutstanding: 80_000_000,
      ...moments(-1),
    },
  ];
}

/** On the first start only (no share listed yet): the demo shares, moved to their states at once. */
export async function seedDemoShares(ctx: IpoContext): Promise<void> {
  const any = await ctx.db.selectFrom('new_shares').select('id').limit(1).executeTakeFirst();
  if (any) return;
  for (const share of demoShares(ctx.clock.now())) {
    if (ctx.market.instrument(share.code)) continue;
    await insertShare(ctx, share, null, 'demo');
  }
  await advance(ctx, ctx.clock.now());
}
