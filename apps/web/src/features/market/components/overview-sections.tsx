import {
  type API,
  MARKET_CURRENCY,
  type Market,
  PRICE_DECIMALS,
  type QuoteView,
  type ResponseOf,
} from '@kabuto/contract';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { formatCompact, formatCompactMoney } from '../../../shared/format/compact';
import { formatPrice, trendOf } from '../../../shared/format/price';
import { formatWhen } from '../../../shared/format/time';
import { useLanguage } from '../../../shared/i18n/setup';
import { mergeLive, useLiveQuotes } from '../../../shared/realtime';
import { EmptyState } from '../../../shared/ui/empty-state';
import { Section } from '../../../shared/ui/section';
import { SimulatedBadge } from '../../../shared/ui/simulated-badge';
import { PriceText, TrendText } from '../../../shared/ui/trend-text';
import { newsPath, stockPath } from '../lib/paths';

export type Overview = ResponseOf<typeof API.overviewCall>;

/** Indicators: the market's indices with live prices (SPEC §2 /home/index). */
export function IndicesCards({ indices }: { indices: QuoteView[] }) {
  const { t } = useTranslation('market');
  const navigate = useNavigate();
  const live = useLiveQuotes(indices.map((q) => q.code));
  return (
    <Section id="overview-indices" title={t('overview.indices')} extra={<SimulatedBadge />}>
      {indices.length === 0 ? (
        <EmptyState />
      ) : (
        <ul className="kb-mk-index-cards" data-testid="overview-indices">
          {indices.map((index) => {
            const q = mergeLive(index, live[index.code]);
            const trend = trendOf(q.change);
            return (
              <li key={q.code}>
                <button
                  type="button"
                  className={`kb-mk-index-card kb-mk-index-card--${trend}`}
                  onClick={() => navigate(stockPath(q.code))}
                >
                  <span className="kb-mk-index-card__name">{q.name}</span>
                  <PriceText
                    className="kb-mk-index-card__price"
                    value={q.price}
                    decimals={PRICE_DECIMALS[q.market]}
                    trend={trend}
                  />
                  <span className="kb-mk-index-card__change">
                    <TrendText value={q.change} decimals={PRICE_DECIMALS[q.market]} arrow={false} />
                    <TrendText value={q.changePercent} percent />
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </Section>
  );
}

/** Advancers against decliners: a bar with the counts written out (never colour alone). */
export function BreadthBar({ breadth }: { breadth: Overview['breadth'] }) {
  const { t } = useTranslation('market');
  const total = breadth.advancers + breadth.decliners + breadth.unchanged || 1;
  const pct = (n: number) => `${(n / total) * 100}%`;
  return (
    <Section id="overview-breadth" title={t('overview.breadth')}>
      <div className="kb-mk-breadth" aria-hidden="true">
        <span className="kb-mk-breadth__up" style={{ width: pct(breadth.advancers) }} />
        <span className="kb-mk-breadth__flat" style={{ width: pct(breadth.unchanged) }} />
        <span className="kb-mk-breadth__down" style={{ width: pct(breadth.decliners) }} />
      </div>
      <p className="kb-mk-breadth__legend">
        <span className="kb-trend-up">▲ {t('overview.advancers', { count: breadth.advancers })}</span>
        <span className="kb-muted">{t('overview.unchanged', { count: breadth.unchanged })}</span>
        <span className="kb-trend-down">▼ {t('overview.decliners', { count: breadth.decliners })}</span>
      </p>
    </Section>
  );
}

export function TopNews({ news }: { news: Overview['news'] }) {
  const { t } = useTranslation('market');
  const language = useLanguage();
  const navigate = useNavigate();
  return (
    <Section id="overview-news" title={t('overview.topNews')} moreTo="/news/index">
      {news.length === 0 ? (
        <EmptyState />
      ) : (
        <ul className="kb-mk-news">
          {news.map((item) => (
            <li key={item.id}>
              <button type="button" className="kb-mk-news__item" onClick={() => navigate(newsPath(item.id))}>
                <span className="kb-mk-news__title">{item.title}</span>
                <span className="kb-mk-news__meta kb-muted kb-num">
                  {formatWhen(item.publishedAt, language, 'reader')}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

/** Industry status: each sector's average change, breadth and leader. */
export function Sectors({ sectors }: { sectors: Overview['sectors'] }) {
  const { t } = useTranslation('market');
  const navigate = useNavigate();
  return (
    <Section id="overview-sectors" title={t('overview.sectors')} extra={<SimulatedBadge />}>
      {sectors.length === 0 ? (
        <EmptyState />
      ) : (
        <ul className="kb-mk-sectors" data-testid="overview-sectors">
          {sectors.map((sector) => (
            <li key={sector.sector}>
              <button
                type="button"
                className={`kb-mk-sector kb-mk-sector--${trendOf(sector.averageChangePercent)}`}
                onClick={() => navigate(stockPath(sector.leader.code))}
              >
                <span className="kb-mk-sector__name">{sector.name}</span>
                <TrendText className="kb-mk-sector__avg" value={sector.averageChangePercent} percent />
                <span className="kb-mk-sector__meta kb-muted">
                  {t('overview.sectorBreadth', { up: sector.advancers, down: sector.decliners })}
                </span>
                <span className="kb-mk-sector__leader">
                  <span className="kb-muted">{t('overview.leader')}</span>
                  <span className="kb-mk-sector__leader-name">{sector.leader.name}</span>
                  <TrendText
                    className="kb-mk-sector__leader-change"
                    value={sector.leader.changePercent}
                    percent
                    arrow={false}
                  />
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

export function Alerts({ alerts, market }: { alerts: Overview['alerts']; market: Market }) {
  const { t } = useTranslation('market');
  const language = useLanguage();
  const navigate = useNavigate();
  return (
    <Section id="overview-alerts" title={t('overview.alerts')} extra={<SimulatedBadge />}>
      {alerts.length === 0 ? (
        <EmptyState description={t('overview.noAlerts')} />
      ) : (
        <ul className="kb-mk-table" data-testid="overview-alerts">
          {alerts.map((alert) => (
            <li key={`${alert.kind}-${alert.code}`}>
              <button
                type="button"
                className="kb-mk-table__row"
                onClick={() => navigate(stockPath(alert.code))}
              >
                <span className={`kb-mk-alert-tag kb-mk-alert-tag--${alert.kind}`}>
                  {t(`overview.alertKinds.${alert.kind}`)}
                </span>
                <span className="kb-mk-table__name">{alert.name}</span>
                <span className="kb-num">{formatPrice(alert.price, PRICE_DECIMALS[market], language)}</span>
                <TrendText className="kb-mk-table__pct" value={alert.changePercent} percent />
              </button>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

export function ShortSelling({ data }: { data: Overview['shortSelling'] }) {
  const { t } = useTranslation('market');
  const language = useLanguage();
  const navigate = useNavigate();
  return (
    <Section id="overview-short" title={t('overview.shortSelling')} extra={<SimulatedBadge />}>
      <p className="kb-mk-short-ratio">
        <span className="kb-muted">{t('overview.shortRatio')}</span>
        <strong className="kb-num">{data.marketRatioPercent}%</strong>
      </p>
      {data.list.length === 0 ? (
        <EmptyState />
      ) : (
        <ul className="kb-mk-table">
          <li className="kb-mk-table__head" aria-hidden="true">
            <span className="kb-mk-table__name">{t('overview.shortStock')}</span>
            <span>{t('overview.shortBalance')}</span>
            <span className="kb-mk-table__pct">{t('overview.shortStockRatio')}</span>
          </li>
          {data.list.map((row) => (
            <li key={row.code}>
              <button
                type="button"
                className="kb-mk-table__row"
                onClick={() => navigate(stockPath(row.code))}
              >
                <span className="kb-mk-table__name">{row.name}</span>
                <span className="kb-num kb-muted">{formatCompact(row.balance, language)}</span>
                <span className="kb-num kb-mk-table__pct">{row.ratioPercent}%</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <p className="kb-mk-note kb-muted">{t('overview.shortNote')}</p>
    </Section>
  );
}

export function Companies({ companies, market }: { companies: Overview['companies']; market: Market }) {
  const { t } = useTranslation('market');
  const language = useLanguage();
  const navigate = useNavigate();
  return (
    <Section id="overview-companies" title={t('overview.companies')} extra={<SimulatedBadge />}>
      {companies.length === 0 ? (
        <EmptyState />
      ) : (
        <ul className="kb-mk-table" data-testid="overview-companies">
          {companies.map((c) => (
            <li key={c.code}>
              <button
                type="button"
                className="kb-mk-table__row kb-mk-company"
                onClick={() => navigate(stockPath(c.code))}
              >
                <span className="kb-mk-company__who">
                  <span className="kb-mk-table__name">{c.name}</span>
                  <span className="kb-muted kb-mk-company__sector">
                    <span className="kb-num">{c.code}</span> · {c.sectorName}
                  </span>
                </span>
                <span className="kb-mk-company__figures">
                  <span className="kb-num">{formatPrice(c.price, PRICE_DECIMALS[market], language)}</span>
                  <TrendText value={c.changePercent} percent />
                </span>
                <span className="kb-mk-company__cap kb-muted kb-num">
                  {t('overview.marketCap')}{' '}
                  {formatCompactMoney(c.marketCap, MARKET_CURRENCY[market], language)}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}
