import type { Direction } from '@kabuto/contract';
import { Button } from 'antd-mobile';
import { BellOutline, StarFill, StarOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { AlertSheet } from '../../../shared/alerts/alert-sheet';
import { Page } from '../../../shared/layout/page';
import { PageHeader } from '../../../shared/layout/page-header';
import { useIdle } from '../../../shared/lib/use-idle';
import { mergeLive, useLiveQuote } from '../../../shared/realtime';
import { EmptyState } from '../../../shared/ui/empty-state';
import { LoadError } from '../../../shared/ui/load-error';
import { PageSkeleton } from '../../../shared/ui/skeletons';
import { toastText } from '../../../shared/ui/toast';
import { useQuote, useWatchToggle } from '../api/market';
import { ChartPanel } from '../components/chart-panel';
import { CompanyCard } from '../components/company-card';
import { OrderSheet } from '../components/order-sheet/order-sheet';
import { QuotePanel } from '../components/quote-panel';
import { MARKET_PATHS } from '../lib/paths';
import '../market.css';

/**
 * /quotes/info?code= (SPEC §2): live quote, chart, company profile, watchlist toggle and the
 * buy / sell entries that open the order sheet.
 */
export default function QuoteInfoPage() {
  const { t } = useTranslation('market');
  const [params] = useSearchParams();
  const code = (params.get('code') ?? '').trim();
  const quote = useQuote(code);
  const live = useLiveQuote(quote.data ? quote.data.code : null);
  const watch = useWatchToggle(code);
  const [sheet, setSheet] = useState<{ direction: Direction; open: boolean }>({
    direction: 'long',
    open: false,
  });

  // The closed sheet and the company card are made once the page has shown (the sheet at the
  // latest at the first tap on Buy or Sell).
  const idle = useIdle();

  // The sheet and the company card stay as they are while live prices move the page.
  const closeSheet = useCallback(() => setSheet((s) => ({ ...s, open: false })), []);
  const [alertOpen, setAlertOpen] = useState(false);
  const closeAlert = useCallback(() => setAlertOpen(false), []);

  const toggleWatch = async () => {
    const wasWatched = watch.watched;
    await watch.toggle();
    toastText(wasWatched ? t('detail.watchRemoved') : t('detail.watchAdded'));
  };

  let title: ReactNode = t('detail.title');
  let body: ReactNode;
  if (!code) body = <EmptyState title={t('detail.noCode')} />;
  else if (quote.isPending) body = <PageSkeleton />;
  else if (quote.isError)
    body =
      quote.error.key === 'not_found' ? (
        <EmptyState title={t('detail.notFound')} description={code} />
      ) : (
        <LoadError errorKey={quote.error.key} onRetry={() => quote.refetch()} />
      );
  else {
    const q = mergeLive(quote.data, live);
    title = (
      <span className="kb-mk-title">
        <span className="kb-mk-title__name">{q.name}</span>
        <span className="kb-mk-title__code kb-num">{q.code}</span>
      </span>
    );
    const tradable = q.kind === 'stock';
    body = (
      <>
        <QuotePanel quote={q} />
        <ChartPanel code={q.code} market={q.market} live={live} />
        {/* Below the first screen, like the closed sheet: made once the page has shown. */}
        {tradable && idle && <CompanyCard code={q.code} />}
        <div className="kb-mk-actions">
          <button
            type="button"
            className="kb-mk-actions__watch"
            aria-pressed={watch.watched}
            disabled={!watch.ready || watch.pending}
            data-testid="watch-toggle"
            onClick={toggleWatch}
          >
            {watch.watched ? <StarFill fontSize={22} /> : <StarOutline fontSize={22} />}
            <span>{watch.watched ? t('detail.removeWatch') : t('detail.addWatch')}</span>
          </button>
          {tradable && (
            <button
              type="button"
              className="kb-mk-actions__watch"
              aria-haspopup="dialog"
              data-testid="alert-open"
              onClick={() => setAlertOpen(true)}
            >
              <BellOutline fontSize={22} />
              <span>{t('detail.alert')}</span>
            </button>
          )}
          {tradable ? (
            <>
              <Button
                className="kb-mk-actions__buy"
                data-testid="buy"
                onClick={() => setSheet({ direction: 'long', open: true })}
              >
                {t('detail.buy')}
              </Button>
              <Button
                className="kb-mk-actions__sell"
                data-testid="sell"
                onClick={() => setSheet({ direction: 'short', open: true })}
              >
                {t('detail.sell')}
              </Button>
            </>
          ) : (
            <span className="kb-muted kb-mk-actions__note">{t('detail.indexNoTrade')}</span>
          )}
        </div>
        {tradable && (idle || alertOpen) && (
          <AlertSheet code={q.code} name={q.name} price={q.price} open={alertOpen} onClose={closeAlert} />
        )}
        {tradable && (idle || sheet.open) && (
          <OrderSheet code={q.code} direction={sheet.direction} open={sheet.open} onClose={closeSheet} />
        )}
      </>
    );
  }

  return (
    <Page className="kb-mk-detail" header={<PageHeader title={title} backTo={MARKET_PATHS.quotes} />}>
      {body}
    </Page>
  );
}
