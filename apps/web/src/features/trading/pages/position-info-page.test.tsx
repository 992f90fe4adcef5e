import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { answerApi, signedIn } from '../../../test/api';
import { renderInApp } from '../../../test/render';
import { openPosition } from '../test/fixtures';
import PositionInfoPage from './position-info-page';

beforeEach(() => signedIn());

const holding = (source: 'order' | 'copy') => ({
  ...openPosition({ source }),
  closable: true,
  closeBlockedBy: null,
  estimatedCloseFee: '795',
  stopOutPrice: null,
});

describe('closing a position', () => {
  it('warns, before confirming, what closing a copied position during its lock-in does to the holding', async () => {
    answerApi({ '/trade/positionInfo': holding('copy') });
    await renderInApp(<PositionInfoPage />, { path: '/position/info?id=41' });
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    await user.click(await screen.findByTestId('detail-close'));
    expect(await screen.findByTestId('close-copy-warning')).toHaveTextContent(
      'returns what it is worth to the holding, not to your available funds',
    );
  });

  it('says nothing of a holding for a position of my own', async () => {
    answerApi({ '/trade/positionInfo': holding('order') });
    await renderInApp(<PositionInfoPage />, { path: '/position/info?id=41' });
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    await user.click(await screen.findByTestId('detail-close'));
    expect(await screen.findByTestId('close-confirm')).toBeInTheDocument();
    expect(screen.queryByTestId('close-copy-warning')).toBeNull();
  });
});

describe('a pending order', () => {
  it('shows no P&L and no market value, not "¥0", while it holds no shares', async () => {
    answerApi({
      '/trade/positionInfo': {
        ...holding('order'),
        state: 'pending',
        openedAt: null,
        openPrice: null,
        limitPrice: '1500.0',
        orderType: 'limit',
        closable: false,
        closeBlockedBy: 'not_holding',
      },
    });
    await renderInApp(<PositionInfoPage />, { path: '/position/info?id=41' });
    expect(await screen.findByTestId('detail-pnl')).toHaveTextContent('—');
    expect(screen.getByTestId('position-detail').textContent).not.toMatch(/[¥￥]0(?!\d)/);
  });
});
