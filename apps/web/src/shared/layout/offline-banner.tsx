import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfigStore } from '../config/config-store';
import { formatPercent, formatPrice } from '../format/price';
import { formatWhen } from '../format/time';
import { loadNamespaces } from '../i18n';
import { i18n, useLanguage } from '../i18n/setup';
import { useOnline } from '../lib/use-online';
import { flushLastQuotes, type LastQuotes, readLastQuotes } from '../realtime/last-quotes';
import './offline-banner.css';

/** Decimals a kept price is shown with: as many as it was sent with. */
function decimalsOf(price: string): number {
  return price.split('.')[1]?.length ?? 0;
}

/**
 * The offline notice (SPEC §13.3): while the browser is offline, a line saying prices are as of
 * the last one received, and those prices (kept in local storage, so an offline start has them
 * too). It sits above every screen, the startup screen included.
 */
export function OfflineBanner() {
  const { t } = useTranslation();
  const language = useLanguage();
  const online = useOnline();
  const [last, setLast] = useState<LastQuotes | null>(null);
  // An app that could not start (no config, so no screen) shows the kept prices at once; on a
  // screen they stay folded under the line until asked for.
  const started = useConfigStore((s) => s.loaded);
  const [unfolded, setUnfolded] = useState<boolean | null>(null);
  // Its words are the shared texts', which come with the config: on an offline start they are
  // fetched here (from the service worker's cache) rather than waited for.
  const [texts, setTexts] = useState(() => i18n.exists('notice.offline'));
  useEffect(() => {
    if (!texts)
      void loadNamespaces(['common']).then(
        () => setTexts(true),
        () => undefined,
      );
  }, [texts]);

  useEffect(() => {
    // Whatever arrived just before the connection went is kept before it is shown.
    if (!online) flushLastQuotes();
    setLast(online ? null : readLastQuotes());
    document.documentElement.classList.toggle('kb-offline', !online);
    return () => document.documentElement.classList.remove('kb-offline');
  }, [online]);

  if (online || !texts) return null;
  const headline = last
    ? t('notice.offline', { time: formatWhen(last.savedAt, language, 'reader') })
    : t('notice.offlineNoPrices');
  return (
    <div className="kb-offline-banner" role="status" data-testid="offline-banner">
      {last ? (
        <details
          className="kb-offline-banner__details"
          open={unfolded ?? !started}
          onToggle={(event) => setUnfolded(event.currentTarget.open)}
        >
          <summary className="kb-offline-banner__line">{headline}</summary>
          <div className="kb-offline-banner__list">
            <div className="kb-offline-banner__caption">{t('notice.lastPrices')}</div>
            <table>
              <tbody>
                {last.quotes.map((quote) => (
                  <tr key={quote.code}>
                    <th scope="row" className="kb-num">
                      {quote.code}
                    </th>
                    <td className="kb-num">{formatPrice(quote.price, decimalsOf(quote.price), language)}</td>
                    <td className="kb-num">{formatPercent(quote.changePercent, language)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </details>
      ) : (
        <div className="kb-offline-banner__line">{headline}</div>
      )}
    </div>
  );
}
