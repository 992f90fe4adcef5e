import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { answerApi, signedIn } from '../../../test/api';
import { subscription } from '../../../test/fixtures';
import { renderInApp } from '../../../test/render';
import PositionsPage from './positions-page';

const SUB = subscription({
  lotteryAt: '2026-11-21T06:00:00.000Z',
  payUntil: '2026-11-24T06:00:00.000Z',
  listsAt: '2026-11-26T00:00:00.000Z',
});

beforeEach(() => signedIn());

describe('positions: the Subscription tab', () => {
  it('lists my subscriptions with what each keeps frozen, and the frozen total', async () => {
    answerApi({
      '/trade/usernewstocklist': { list: [SUB], page: 1, size: 20, total: 1, frozen: '660000' },
    });
    await renderInApp(<PositionsPage />, { path: '/position/index?tab=subscription' });
    const row = await screen.findByTestId('positions-subscription-31');
    expect(row).toHaveTextContent('Fuji Cloud Services (sample)');
    expect(row).toHaveTextContent('Applied (funds frozen)');
    expect(row).toHaveTextContent('¥660,000');
    expect(within(screen.getByTestId('positions-ipo-frozen')).getByText('¥660,000')).toBeInTheDocument();
  });
});
