import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { signedIn } from '../../../test/api';
import { renderInApp } from '../../../test/render';
import { CurrentLoan, type UserInfo } from './loan-page';

const loan = (state: 'pending' | 'active' | 'rejected') => ({
  id: 1,
  orderNo: 'L2026111701000000000001',
  currency: 'JPY' as const,
  amount: '100000',
  interest: '0',
  outstanding: state === 'active' ? '100000' : '0',
  dailyRateBps: 5,
  termDays: 30,
  state,
  reason: null,
  createdAt: '2026-11-17T01:00:00.000Z',
  startedAt: state === 'active' ? '2026-11-17T02:00:00.000Z' : null,
  maturesAt: state === 'active' ? '2026-12-17T02:00:00.000Z' : null,
  repaidAt: null,
});

const info = (current: ReturnType<typeof loan>) => ({
  currency: 'JPY' as const,
  creditScore: 600,
  loanableQuota: '200000',
  borrowed: current.state === 'active' ? '100000' : '0',
  interest: '0',
  outstanding: current.outstanding,
  dailyRateBps: 5,
  termDays: 30,
  scoreEvents: [],
  history: [],
  current,
});

const user = { jpyye: '1000000' } as unknown as UserInfo;

describe('current loan', () => {
  it('says a loan under review is an amount requested, not borrowed', async () => {
    signedIn();
    await renderInApp(<CurrentLoan info={info(loan('pending'))} user={user} />);
    const row = screen.getByTestId('loan-amount');
    expect(row).toHaveTextContent('Amount requested');
    expect(row).toHaveTextContent('¥100,000');
    expect(screen.getByTestId('loan-current')).not.toHaveTextContent('Borrowed');
  });

  it('says borrowed once the loan is approved, in every language', async () => {
    signedIn();
    const en = await renderInApp(<CurrentLoan info={info(loan('active'))} user={user} />);
    expect(screen.getByTestId('loan-amount')).toHaveTextContent('Borrowed');
    en.unmount();
    const cn = await renderInApp(<CurrentLoan info={info(loan('pending'))} user={user} />, {
      language: 'cn',
    });
    expect(screen.getByTestId('loan-amount')).toHaveTextContent('申请金额');
    cn.unmount();
    await renderInApp(<CurrentLoan info={info(loan('pending'))} user={user} />, { language: 'jp' });
    expect(screen.getByTestId('loan-amount')).toHaveTextContent('申込金額');
  });
});
