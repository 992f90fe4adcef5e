import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { answerApi, signedIn } from '../../test/api';
import { renderInApp } from '../../test/render';
import { AccountPanel } from './account-panel';

function cny(extra: Record<string, unknown> = {}) {
  return {
    market: 'cny',
    currency: 'CNY',
    totalAssets: '12500.50',
    positionValue: '3000.00',
    available: '9000.00',
    frozen: '500.00',
    frozenByPurpose: { order: '500.00' },
    debt: '0.00',
    unrealisedPnl: '-1.50',
    creditScore: null,
    loanableQuota: '0',
    loanedQuota: '0',
    ...extra,
  };
}

describe('account panel', () => {
  it("shows the selected market's figures in its currency, yuan never drawn as yen", async () => {
    signedIn();
    localStorage.setItem('stock', 'cny');
    answerApi({ '/user/summary': { account: 'reader1', markets: [cny()], current: cny() } });
    await renderInApp(<AccountPanel visible onClose={() => undefined} />, { language: 'jp' });
    const panel = await screen.findByRole('dialog', { name: 'マイアカウント' });
    expect(await within(panel).findByText(/元\s?12,500\.50/)).toBeInTheDocument();
    expect(within(panel).getByText(/元\s?9,000\.00/)).toBeInTheDocument();
    expect(within(panel).getByText(/-元\s?1\.50/)).toBeInTheDocument();
    expect(panel).not.toHaveTextContent('￥');
    expect(within(panel).getByText('reader1')).toBeInTheDocument();
  });

  it('asks before logging out, and stays signed in on cancel', async () => {
    signedIn();
    const sent = answerApi({ '/user/summary': { account: 'reader1', markets: [cny()], current: cny() } });
    const onClose = vi.fn();
    await renderInApp(<AccountPanel visible onClose={onClose} />);
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    await user.click(await screen.findByRole('button', { name: 'Log out' }));
    expect(await screen.findByText('Log out of this account?')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(sent.some((c) => c.path === '/user/logout')).toBe(false);
    expect(onClose).not.toHaveBeenCalled();
  });
});
