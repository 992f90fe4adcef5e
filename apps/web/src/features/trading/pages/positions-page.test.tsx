import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { answerApi, signedIn } from '../../../test/api';
import { renderInApp } from '../../../test/render';
import { closedPosition } from '../test/fixtures';
import PositionsPage from './positions-page';

beforeEach(() => signedIn());

describe('Following orders tab', () => {
  it('lists the positions mirrored into copy holdings and links to the holdings', async () => {
    const mirrored = {
      ...closedPosition({ id: 77, source: 'copy', quantity: 300 }),
      holdingId: 5,
      leaderQuantity: 3000,
      leaderEquity: '10000000',
    };
    const sent = answerApi({ '/trade/followOrders': { list: [mirrored], page: 1, size: 100, total: 1 } });
    await renderInApp(<PositionsPage />, { path: '/position/index?tab=following' });
    const cards = await screen.findAllByTestId('position-card');
    expect(cards).toHaveLength(1);
    expect(cards[0]).toHaveAttribute('data-id', '77');
    expect(screen.getByTestId('following-holdings-link')).toHaveTextContent('My copy holdings');
    expect(sent.some((c) => c.path === '/trade/userstocklist')).toBe(false);
  });
});
