import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { renderInApp } from '../../test/render';
import { useConfigStore } from '../config/config-store';
import { STORAGE_KEYS } from '../lib/storage';
import { flushLastQuotes, rememberQuote } from '../realtime/last-quotes';
import { OfflineBanner } from './offline-banner';

function goOffline(offline: boolean) {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => !offline });
  window.dispatchEvent(new Event(offline ? 'offline' : 'online'));
}

afterEach(() => {
  Reflect.deleteProperty(navigator, 'onLine');
  document.documentElement.classList.remove('kb-offline');
});

describe('offline notice', () => {
  it('says nothing while online', async () => {
    await renderInApp(<OfflineBanner />);
    expect(screen.queryByTestId('offline-banner')).toBeNull();
  });

  it('says prices are as of the last one kept, and shows them, when the connection goes', async () => {
    rememberQuote({
      code: '7203',
      price: '2950.5',
      change: '12.5',
      changePercent: '0.43',
      volume: 1000,
      time: '2026-11-27T05:59:58.000Z',
      simulated: true,
    });
    flushLastQuotes(new Date('2026-11-27T06:00:00.000Z'));
    useConfigStore.setState({ loaded: true });
    await renderInApp(<OfflineBanner />);

    act(() => goOffline(true));
    const banner = await screen.findByTestId('offline-banner');
    expect(banner).toHaveTextContent(/^Offline — prices as of 11\/27\/2026, 06:00/);
    expect(document.documentElement).toHaveClass('kb-offline');
    // On a screen the prices stay folded under the line until asked for.
    expect(banner.querySelector('details')).not.toHaveAttribute('open');
    await userEvent.click(screen.getByText(/Offline — prices as of/));
    expect(banner.querySelector('details')).toHaveAttribute('open');
    expect(screen.getByText('Last prices received')).toBeInTheDocument();
    const row = screen.getByRole('row', { name: /7203/ });
    expect(row).toHaveTextContent('2,950.5');
    expect(row).toHaveTextContent('+0.43%');

    act(() => goOffline(false));
    expect(screen.queryByTestId('offline-banner')).toBeNull();
  });

  it('starts offline with the prices an earlier session kept, in the reader’s language', async () => {
    localStorage.setItem(
      STORAGE_KEYS.lastQuotes,
      JSON.stringify({
        savedAt: '2026-11-27T06:00:00.000Z',
        quotes: [
          {
            code: 'AAPL',
            price: '231.40',
            change: '-1.2',
            changePercent: '-0.52',
            time: '2026-11-27T05:59:00.000Z',
          },
        ],
      }),
    );
    goOffline(true);
    await renderInApp(<OfflineBanner />, { language: 'jp' });
    const banner = screen.getByTestId('offline-banner');
    expect(banner).toHaveTextContent(/オフライン — 2026\/11\/27.* 時点の株価/);
    // The app could not start: the kept prices show at once.
    expect(banner.querySelector('details')).toHaveAttribute('open');
    expect(screen.getByRole('row', { name: /AAPL/ })).toHaveTextContent('231.40');
  });

  it('says when no prices were kept', async () => {
    goOffline(true);
    await renderInApp(<OfflineBanner />, { language: 'cn' });
    expect(screen.getByTestId('offline-banner')).toHaveTextContent('离线 — 暂无保存的价格');
  });
});
