import { LANGUAGE_LOCALE, MARKET_CURRENCY } from '@kabuto/contract';
import { Dialog, List, Tabs } from 'antd-mobile';
import { RightOutline, UnorderedListOutline } from 'antd-mobile-icons';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { formatMoneyWithSymbol } from '../../../shared/format/money';
import { useLanguage } from '../../../shared/i18n/setup';
import { Page } from '../../../shared/layout/page';
import { PageHeader } from '../../../shared/layout/page-header';
import { PATHS } from '../../../shared/routing/paths';
import { useMarket } from '../../../shared/session/market-store';
import { useLivePrices } from '../../../shared/trading/live-quote';
import { liveAggregate, liveValueOf } from '../../../shared/trading/pnl';
import '../../../shared/trading/trading.css';
import { EmptyState } from '../../../shared/ui/empty-state';
import { LinkButton } from '../../../shared/ui/link-button';
import { MarketSwitch } from '../../../shared/ui/market-switch';
import { MoneyText } from '../../../shared/ui/money-text';
import { PagedList, pagedItems } from '../../../shared/ui/paged-list';
import {
  useCancelOrder,
  useEndedPositions,
  useFollowingPositions,
  useOpenPositions,
  useSubscriptions,
} from '../api/positions';
import { ModifySheet } from '../components/modify-sheet';
import { EndedPositionCard, OpenPositionCard } from '../components/position-card';
import { TpSlSheet } from '../components/tpsl-sheet';
import { isLive, netOfFees, POSITION_TABS, type PositionTab, parsePositionTab } from '../lib/position-view';
import type { Position } from '../lib/types';

const infoPath = (id: number) => `/position/info?id=${id}`;

/** /position/index, the Trade tab (SPEC §2): Subscription, Following orders, In progress, Terminated. */
export default function PositionsPage() {
  const { t } = useTranslation('trading');
  const { t: tc } = useTranslation('common');
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const tab = parsePositionTab(params.get('tab'));

  return (
    <Page
      tab
      header={
        <PageHeader
          variant="hide"
          title={t('positions.title')}
          right={
            <button
              type="button"
              className="kb-icon-button kb-icon-button--text"
              onClick={() => navigate(PATHS.fundRecords)}
            >
              <UnorderedListOutline fontSize={18} />
              <span>{tc('actions.records')}</span>
            </button>
          }
        />
      }
    >
      <div className="kb-pos-tabs">
        <Tabs
          activeKey={tab}
          onChange={(key) => setParams({ tab: parsePositionTab(key) }, { replace: true })}
          stretch
        >
          {POSITION_TABS.map((key) => (
            <Tabs.Tab
              key={key}
              title={<span data-testid={`positions-tab-${key}`}>{t(`positions.tabs.${key}`)}</span>}
            />
          ))}
        </Tabs>
      </div>
      <MarketSwitch />
      <TabBody tab={tab} />
    </Page>
  );
}

function TabBody({ tab }: { tab: PositionTab }) {
  if (tab === 'inProgress') return <InProgress />;
  if (tab === 'terminated') return <Terminated />;
  if (tab === 'subscription') return <Subscriptions />;
  if (tab === 'following') return <Following />;
  return <EmptyState />;
}

/** Subscription: my new-share subscriptions with what each keeps frozen (SPEC §2, §6.4 frozen funds). */
function Subscriptions() {
  const { t } = useTranslation('trading');
  const language = useLanguage();
  const navigate = useNavigate();
  const market = useMarket();
  const currency = MARKET_CURRENCY[market];
  const subs = useSubscriptions();
  const { items, first } = loaded(subs.data);
  return (
    <>
      <Summary label={t('positions.tabs.subscription')}>
        <SummaryItem label={t('positions.subscription.frozen')} testId="positions-ipo-frozen">
          {first ? <MoneyText value={first.frozen} currency={currency} /> : '—'}
        </SummaryItem>
        <SummaryItem label={t('positions.subscription.count')}>
          <span className="kb-num">{first?.total ?? 0}</span>
        </SummaryItem>
        <SummaryItem label={t('positions.subscription.all')}>
          <button
            type="button"
            className="kb-link-button"
            aria-label={t('positions.subscription.all')}
            onClick={() => navigate(PATHS.newShareOrder)}
            data-testid="positions-ipo-records"
          >
            <RightOutline />
          </button>
        </SummaryItem>
      </Summary>
      {items.some((sub) => sub.state === 'paid') && (
        <p className="kb-muted kb-pos-note" data-testid="positions-ipo-frozen-why">
          {t('positions.subscription.frozenWhy')}
        </p>
      )}
      <PagedList
        query={subs}
        items={items}
        rows={3}
        bodyClassName="kb-pos-list"
        empty={
          <EmptyState description={t('positions.subscription.empty')}>
            <button type="button" className="kb-link-button" onClick={() => navigate(PATHS.newShare)}>
              {t('positions.subscription.browse')}
            </button>
          </EmptyState>
        }
      >
        {() => (
          <List className="kb-card" data-testid="positions-subscriptions">
            {items.map((sub) => (
              <List.Item
                key={sub.id}
                data-testid={`positions-subscription-${sub.id}`}
                onClick={() => navigate(PATHS.newShareOrder)}
                description={
                  <span className="kb-num">
                    {sub.code} ·{' '}
                    <span data-testid="positions-subscription-fill">
                      {t('positions.subscription.fill', {
                        quantity: sub.quantity.toLocaleString(LANGUAGE_LOCALE[language]),
                        price: formatMoneyWithSymbol(sub.price, sub.currency, language),
                      })}
                    </span>
                  </span>
                }
                extra={
                  <div className="kb-pos-sub__extra">
                    <span>{t(`positions.subscription.state.${sub.state}`)}</span>
                    {sub.status === 1 && <MoneyText value={sub.rjmoney} currency={sub.currency} />}
                  </div>
                }
              >
                {sub.name}
              </List.Item>
            ))}
          </List>
        )}
      </PagedList>
    </>
  );
}

/** A paged list's items so far and its first page (which carries the tab's totals). */
function loaded<P extends { list: unknown[] }>(data: { pages: P[] } | undefined) {
  return { items: pagedItems<P['list'][number]>(data), first: data?.pages[0] };
}

/** A tab's figures above its list. */
function Summary({
  label,
  testId = 'positions-summary',
  children,
}: {
  label: string;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <section className="kb-pos-summary" aria-label={label} data-testid={testId}>
      {children}
    </section>
  );
}

function SummaryItem({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div className="kb-pos-summary__item" data-testid={testId}>
      <span className="kb-pos-summary__label">{label}</span>
      <span className="kb-pos-summary__value">{children}</span>
    </div>
  );
}

/** In progress: pending, holding and closing positions, valued at the live price (SPEC §6.3). */
function InProgress() {
  const { t } = useTranslation('trading');
  const navigate = useNavigate();
  const market = useMarket();
  const currency = MARKET_CURRENCY[market];
  const positions = useOpenPositions();
  const cancel = useCancelOrder();
  const [cancelling, setCancelling] = useState<Position | null>(null);
  const [modifying, setModifying] = useState<Position | null>(null);
  const [protecting, setProtecting] = useState<Position | null>(null);
  const { items, first } = loaded(positions.data);
  const prices = useLivePrices(items.filter(isLive).map((p) => p.code));

  const valued = items.map((position) => ({
    position,
    price: isLive(position) ? prices.get(position.code) : undefined,
    value: liveValueOf(position, isLive(position) ? prices.get(position.code) : null),
  }));
  // A total as the server gave it, moved by how far each position's live figure has moved from its own.
  const liveTotal = (
    server: string,
    part: (row: (typeof valued)[number]) => { server: string; live: string },
  ) => liveAggregate(server, valued.map(part), currency);
  const marketValue = first
    ? liveTotal(first.ccsz, (v) => ({ server: v.position.marketValue, live: v.value.marketValue }))
    : null;
  const floating = first
    ? liveTotal(first.fdyk, (v) => ({ server: v.position.pnl, live: v.value.pnl }))
    : null;

  return (
    <>
      <Summary label={t('positions.tabs.inProgress')}>
        <SummaryItem label={t('positions.marketValue')} testId="positions-market-value">
          {marketValue === null ? '—' : <MoneyText value={marketValue} currency={currency} />}
        </SummaryItem>
        <SummaryItem label={t('positions.floatingPnl')} testId="positions-floating-pnl">
          {floating === null ? '—' : <MoneyText value={floating} currency={currency} signed />}
        </SummaryItem>
        <SummaryItem label={t('positions.frozen')}>
          {first ? <MoneyText value={first.frozen} currency={currency} /> : '—'}
        </SummaryItem>
        <SummaryItem label={t('positions.orders')}>
          <span className="kb-num">{first?.total ?? 0}</span>
        </SummaryItem>
      </Summary>
      <PagedList query={positions} items={items} rows={4} bodyClassName="kb-pos-list">
        {() =>
          valued.map(({ position, price }) => (
            <OpenPositionCard
              key={position.id}
              position={position}
              livePrice={price}
              onOpen={() => navigate(infoPath(position.id))}
              onCancel={() => setCancelling(position)}
              onModify={() => setModifying(position)}
              onTpSl={() => setProtecting(position)}
            />
          ))
        }
      </PagedList>
      <ModifySheet position={modifying} onClose={() => setModifying(null)} />
      <TpSlSheet position={protecting} onClose={() => setProtecting(null)} />
      <Dialog
        visible={cancelling !== null}
        title={t('positions.cancelTitle')}
        content={
          cancelling && (
            <p className="kb-confirm-text" data-testid="cancel-confirm">
              {t('positions.cancelBody', {
                name: cancelling.name,
                code: cancelling.code,
                quantity: cancelling.quantity,
              })}
            </p>
          )
        }
        onClose={() => setCancelling(null)}
        actions={[
          [
            { key: 'keep', text: t('positions.keep'), onClick: () => setCancelling(null) },
            {
              key: 'cancel',
              text: t('positions.cancelAction'),
              bold: true,
              danger: true,
              disabled: cancel.isPending,
              onClick: () => {
                if (!cancelling) return;
                cancel.mutate({ id: cancelling.id }, { onSettled: () => setCancelling(null) });
              },
            },
          ],
        ]}
      />
    </>
  );
}

/**
 * Following orders (SPEC §2, §6.5): the positions mirrored from copy-trading leaders into the
 * user's holdings, open ones valued at the live price; the holdings themselves are on
 * /mine/followOrder.
 */
function Following() {
  const { t } = useTranslation('trading');
  const positions = useFollowingPositions();
  const items = positions.data?.list ?? [];
  const prices = useLivePrices(items.filter(isLive).map((p) => p.code));
  return (
    <>
      <Summary label={t('positions.tabs.following')} testId="following-summary">
        <SummaryItem label={t('positions.orders')}>
          <span className="kb-num">{positions.data?.total ?? 0}</span>
        </SummaryItem>
        <LinkButton to={PATHS.followOrder} testId="following-holdings-link">
          {t('positions.followingHoldings')}
        </LinkButton>
      </Summary>
      <PagedList query={positions} items={items} rows={4} bodyClassName="kb-pos-list">
        {(shown) => <PositionCards items={shown} prices={prices} />}
      </PagedList>
    </>
  );
}

/** Cards that open each position's detail: live ones valued at `prices` (if given), the others as they ended. */
function PositionCards({
  items,
  prices,
}: {
  items: readonly Position[];
  prices?: ReadonlyMap<string, string>;
}) {
  const navigate = useNavigate();
  return items.map((position) =>
    prices && isLive(position) ? (
      <OpenPositionCard
        key={position.id}
        position={position}
        livePrice={prices.get(position.code)}
        onOpen={() => navigate(infoPath(position.id))}
      />
    ) : (
      <EndedPositionCard
        key={position.id}
        position={position}
        onOpen={() => navigate(infoPath(position.id))}
      />
    ),
  );
}

/** Terminated: closed and cancelled positions with realised P&L. */
function Terminated() {
  const { t } = useTranslation('trading');
  const market = useMarket();
  const currency = MARKET_CURRENCY[market];
  const positions = useEndedPositions();
  const { items, first } = loaded(positions.data);
  // Fees are known per position: the net total needs every ended position on screen.
  const netTotal = first && !positions.hasNextPage ? netOfFees(first.lsyk, items) : null;

  return (
    <>
      <Summary label={t('positions.tabs.terminated')}>
        <SummaryItem label={t('positions.realisedPnl')} testId="positions-realised-pnl">
          {first ? <MoneyText value={first.lsyk} currency={currency} signed /> : '—'}
        </SummaryItem>
        <SummaryItem label={t('positions.fees')} testId="positions-fees">
          {netTotal ? <MoneyText value={netTotal.fees} currency={currency} /> : '—'}
        </SummaryItem>
        <SummaryItem label={t('positions.netPnl')} testId="positions-net-pnl">
          {netTotal ? <MoneyText value={netTotal.net} currency={currency} signed /> : '—'}
        </SummaryItem>
        <SummaryItem label={t('positions.orders')}>
          <span className="kb-num">{first?.total ?? 0}</span>
        </SummaryItem>
      </Summary>
      <PagedList query={positions} items={items} rows={4} bodyClassName="kb-pos-list">
        {(shown) => <PositionCards items={shown} />}
      </PagedList>
    </>
  );
}
