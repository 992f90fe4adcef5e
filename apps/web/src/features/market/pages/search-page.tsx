import type { QuoteView } from '@kabuto/contract';
import { SearchBar } from 'antd-mobile';
import { DeleteOutline } from 'antd-mobile-icons';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Page } from '../../../shared/layout/page';
import { useGoBack } from '../../../shared/layout/page-header';
import { readStorage, STORAGE_KEYS, writeStorage } from '../../../shared/lib/storage';
import { EmptyState } from '../../../shared/ui/empty-state';
import { LoadError } from '../../../shared/ui/load-error';
import { SimulatedBadge } from '../../../shared/ui/simulated-badge';
import { ListSkeleton } from '../../../shared/ui/skeletons';
import { useHot, useSearch } from '../api/market';
import { StockList, StockRow } from '../components/stock-row';
import { MARKET_PATHS, stockPath } from '../lib/paths';
import { parseRecentSearches, pushRecentSearch, type RecentSearch } from '../lib/recent-searches';
import '../market.css';
import { confirmDialog } from '../../../shared/ui/confirm-dialog';

/** Typing pauses this long before a search is sent. */
const DEBOUNCE_MS = 300;

function useDebounced(value: string, ms: number): string {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

/**
 * /quotes/search (SPEC §2): search by code or by name in any of the three languages; the stocks
 * opened from here are kept under `searchList` (SPEC §3) as recent searches.
 */
export default function SearchPage() {
  const { t } = useTranslation('market');
  const navigate = useNavigate();
  const goBack = useGoBack(MARKET_PATHS.quotes);
  const [text, setText] = useState('');
  const q = useDebounced(text.trim(), DEBOUNCE_MS);
  const results = useSearch(q);
  const hot = useHot(8);
  const [recent, setRecent] = useState<RecentSearch[]>(() =>
    parseRecentSearches(readStorage(STORAGE_KEYS.searchList)),
  );

  const open = (quote: Pick<QuoteView, 'code' | 'name' | 'market'>) => {
    const next = pushRecentSearch(recent, { code: quote.code, name: quote.name, market: quote.market });
    setRecent(next);
    writeStorage(STORAGE_KEYS.searchList, JSON.stringify(next));
    navigate(stockPath(quote.code));
  };

  const clearRecent = async () => {
    const ok = await confirmDialog({ content: t('search.clearConfirm') });
    if (!ok) return;
    setRecent([]);
    writeStorage(STORAGE_KEYS.searchList, '[]');
  };

  let body: ReactNode;
  if (text.trim().length === 0) {
    body = (
      <>
        {recent.length > 0 && (
          <section className="kb-section" aria-labelledby="recent-searches">
            <header className="kb-section__header">
              <h2 className="kb-section__title" id="recent-searches">
                {t('search.recent')}
              </h2>
              <button
                type="button"
                className="kb-link-button"
                data-testid="clear-recent"
                onClick={clearRecent}
              >
                <DeleteOutline />
                {t('search.clear')}
              </button>
            </header>
            <ul className="kb-mk-chips" data-testid="recent-searches">
              {recent.map((item) => (
                <li key={item.code}>
                  <button type="button" className="kb-mk-chip" onClick={() => open(item)}>
                    <span className="kb-mk-chip__name">{item.name}</span>
                    <span className="kb-num kb-muted">{item.code}</span>
                  </button>
                </li>
              ))}
            </ul>
          </section>
        )}
        <section className="kb-section" aria-labelledby="search-popular">
          <header className="kb-section__header">
            <h2 className="kb-section__title" id="search-popular">
              {t('search.popular')}
            </h2>
            <SimulatedBadge />
          </header>
          {hot.isPending ? (
            <ListSkeleton rows={4} />
          ) : hot.isError ? (
            <LoadError errorKey={hot.error.key} onRetry={() => hot.refetch()} />
          ) : hot.data.list.length === 0 ? (
            <EmptyState />
          ) : (
            <StockList label={t('search.popular')}>
              {hot.data.list.map((quote) => (
                <StockRow key={quote.code} quote={quote} onOpen={() => open(quote)} />
              ))}
            </StockList>
          )}
        </section>
      </>
    );
  } else if (results.isPending || (results.isFetching && results.data === undefined) || q !== text.trim()) {
    body =
      results.data && results.data.list.length > 0 ? (
        renderResults(results.data.list)
      ) : (
        <ListSkeleton rows={4} />
      );
  } else if (results.isError) {
    body = <LoadError errorKey={results.error.key} onRetry={() => results.refetch()} />;
  } else if (results.data.list.length === 0) {
    body = <EmptyState title={t('search.noResults', { q })} description={t('search.noResultsHint')} />;
  } else {
    body = renderResults(results.data.list);
  }

  function renderResults(list: QuoteView[]) {
    return (
      <section className="kb-section" aria-labelledby="search-results" data-testid="search-results">
        <header className="kb-section__header">
          <h2 className="kb-section__title" id="search-results">
            {t('search.results')}
          </h2>
          <SimulatedBadge />
        </header>
        <StockList label={t('search.results')}>
          {list.map((quote) => (
            <StockRow key={quote.code} quote={quote} onOpen={() => open(quote)} />
          ))}
        </StockList>
      </section>
    );
  }

  return (
    <Page
      header={
        <header className="kb-header kb-mk-search-header">
          <SearchBar
            className="kb-mk-search-bar"
            value={text}
            onChange={setText}
            placeholder={t('search.placeholder')}
            aria-label={t('search.title')}
            data-testid="search-input"
            autoFocus
            showCancelButton={() => true}
            cancelText={t('search.cancel')}
            onCancel={goBack}
          />
        </header>
      }
    >
      {body}
    </Page>
  );
}
