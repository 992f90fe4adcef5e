import { API, type QuoteView } from '@kabuto/contract';
import { Button, PullToRefresh } from 'antd-mobile';
import { DeleteOutline, DownOutline, UpOutline } from 'antd-mobile-icons';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { callApi, invalidateCall } from '../../../shared/api';
import { Page } from '../../../shared/layout/page';
import { PageHeader } from '../../../shared/layout/page-header';
import { EmptyState } from '../../../shared/ui/empty-state';
import { LoadError } from '../../../shared/ui/load-error';
import { SimulatedBadge } from '../../../shared/ui/simulated-badge';
import { ListSkeleton } from '../../../shared/ui/skeletons';
import { toastText } from '../../../shared/ui/toast';
import { useWatchlist } from '../api/market';
import { StockList, StockRow } from '../components/stock-row';
import { MARKET_PATHS, stockPath } from '../lib/paths';
import { moveItem, sameOrder } from '../lib/watch-order';
import '../market.css';

/**
 * /quotes/self (SPEC §2): my watchlist with live prices; edit mode reorders and removes, saved
 * with /market/watchOrder and /market/watchDelete.
 */
export default function WatchlistPage() {
  const { t } = useTranslation('market');
  const { t: tc } = useTranslation('common');
  const navigate = useNavigate();
  const watchlist = useWatchlist();
  const [draft, setDraft] = useState<QuoteView[] | null>(null);
  const [saving, setSaving] = useState(false);
  const editing = draft !== null;
  const list = draft ?? watchlist.data?.list ?? [];

  const startEdit = () => setDraft(watchlist.data?.list ?? []);

  const finishEdit = async () => {
    if (!draft) return;
    const original = watchlist.data?.list ?? [];
    const kept = new Set(draft.map((q) => q.code));
    const removed = original.filter((q) => !kept.has(q.code)).map((q) => q.code);
    const order = draft.map((q) => q.code);
    setSaving(true);
    try {
      for (const code of removed) await callApi(API.watchDeleteCall, { code });
      const remaining = original.filter((q) => kept.has(q.code)).map((q) => q.code);
      if (order.length > 0 && !sameOrder(order, remaining)) {
        await callApi(API.watchOrderCall, { codes: order.join(',') });
        toastText(t('watchlist.saved'));
      }
      setDraft(null);
    } catch {
      // The refusal was toasted; the draft stays so nothing the user did is lost.
    } finally {
      setSaving(false);
      await invalidateCall(API.watchlistCall);
    }
  };

  let body: ReactNode;
  if (watchlist.isPending) body = <ListSkeleton rows={5} />;
  else if (watchlist.isError && list.length === 0)
    body = <LoadError errorKey={watchlist.error.key} onRetry={() => watchlist.refetch()} />;
  else if (list.length === 0)
    body = (
      <EmptyState title={t('watchlist.empty')} description={t('watchlist.emptyHint')}>
        <Button color="primary" fill="outline" onClick={() => navigate(MARKET_PATHS.search)}>
          {t('watchlist.goSearch')}
        </Button>
      </EmptyState>
    );
  else
    body = (
      <section className="kb-section" aria-label={t('watchlist.title')}>
        <header className="kb-section__header">
          <span className="kb-muted kb-mk-hint">
            {editing ? t('watchlist.editHint') : t('watchlist.count', { count: list.length })}
          </span>
          <SimulatedBadge />
        </header>
        <StockList label={t('watchlist.title')}>
          {list.map((quote, index) => (
            <StockRow
              key={quote.code}
              quote={quote}
              onOpen={editing ? undefined : () => navigate(stockPath(quote.code))}
              trailing={
                editing ? (
                  <span className="kb-mk-edit">
                    <button
                      type="button"
                      className="kb-icon-button"
                      aria-label={t('watchlist.moveUp', { name: quote.name })}
                      data-testid="move-up"
                      disabled={index === 0}
                      onClick={() => setDraft((d) => (d ? moveItem(d, index, -1) : d))}
                    >
                      <UpOutline />
                    </button>
                    <button
                      type="button"
                      className="kb-icon-button"
                      aria-label={t('watchlist.moveDown', { name: quote.name })}
                      data-testid="move-down"
                      disabled={index === list.length - 1}
                      onClick={() => setDraft((d) => (d ? moveItem(d, index, 1) : d))}
                    >
                      <DownOutline />
                    </button>
                    <button
                      type="button"
                      className="kb-icon-button kb-mk-edit__remove"
                      aria-label={t('watchlist.remove', { name: quote.name })}
                      data-testid="remove"
                      onClick={() => setDraft((d) => (d ? d.filter((q) => q.code !== quote.code) : d))}
                    >
                      <DeleteOutline />
                    </button>
                  </span>
                ) : undefined
              }
            />
          ))}
        </StockList>
      </section>
    );

  const action =
    (watchlist.data?.list.length ?? 0) > 0 || editing ? (
      <button
        type="button"
        className="kb-icon-button kb-icon-button--text"
        data-testid={editing ? 'watch-done' : 'watch-edit'}
        disabled={saving}
        onClick={editing ? finishEdit : startEdit}
      >
        {editing ? t('watchlist.done') : t('watchlist.edit')}
      </button>
    ) : undefined;

  return (
    <Page header={<PageHeader title={t('watchlist.title')} backTo={MARKET_PATHS.quotes} right={action} />}>
      {editing ? (
        body
      ) : (
        <PullToRefresh
          onRefresh={async () => {
            await watchlist.refetch();
          }}
          pullingText={tc('status.pullToRefresh')}
          canReleaseText={tc('status.releaseToRefresh')}
          refreshingText={tc('status.refreshing')}
          completeText={tc('status.refreshed')}
        >
          <div className="kb-pull-body">{body}</div>
        </PullToRefresh>
      )}
    </Page>
  );
}
