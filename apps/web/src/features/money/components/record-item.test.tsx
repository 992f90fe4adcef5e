import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderInApp } from '../../../test/render';
import type { FundRecord } from '../api/money';
import { RecordItem } from './record-item';

const base: FundRecord = {
  id: 1,
  kind: 'deposit',
  orderNo: '2026111701000000000001',
  currency: 'JPY',
  amount: '0',
  frozenChange: '0',
  balanceAfter: '1000000',
  movements: [],
  state: 'done',
  memo: null,
  createdAt: '2026-11-17T01:00:00.000Z',
};

const show = (over: Partial<FundRecord>, language: 'us' | 'cn' | 'jp' = 'us') =>
  renderInApp(
    <ul>
      <RecordItem record={{ ...base, ...over }} />
    </ul>,
    { language },
  );

describe('fund record line', () => {
  it('shows loan interest as what it added to the debt, never as ¥0', async () => {
    await show({ kind: 'loan_interest', movements: [{ account: 'debt', purpose: null, change: '50' }] });
    const item = screen.getByTestId('fund-record');
    expect(item).toHaveTextContent('Interest');
    expect(item).toHaveTextContent('Debt +¥50');
    expect(item).not.toHaveTextContent('¥0');
  });

  it('names the frozen funds an IPO payment took, in every language', async () => {
    const ipo = {
      kind: 'ipo_allot',
      movements: [{ account: 'frozen' as const, purpose: 'ipo', change: '-220000' }],
    };
    await show(ipo);
    expect(screen.getByTestId('fund-record')).toHaveTextContent('Frozen (IPO) -¥220,000');
  });

  it('names the frozen funds in Chinese and Japanese too', async () => {
    const block = {
      kind: 'block_allot',
      movements: [{ account: 'frozen' as const, purpose: 'block', change: '-5000' }],
    };
    const cn = await show(block, 'cn');
    expect(screen.getByTestId('fund-record')).toHaveTextContent('冻结（大宗交易） -JP¥5,000');
    cn.unmount();
    await show(block, 'jp');
    expect(screen.getByTestId('fund-record')).toHaveTextContent('拘束（ブロック取引） -￥5,000');
  });

  it('lists the frozen side of a withdrawal under its cash movement', async () => {
    await show({
      kind: 'withdrawal_freeze',
      amount: '-50000',
      movements: [
        { account: 'available', purpose: null, change: '-50000' },
        { account: 'frozen', purpose: 'withdrawal', change: '50000' },
      ],
    });
    const item = screen.getByTestId('fund-record');
    expect(item.querySelector('.kb-record__head')).toHaveTextContent('▼-¥50,000');
    expect(item.querySelector('.kb-record__other')).toHaveTextContent('Frozen (withdrawal) +¥50,000');
  });

  it('shows a rejected withdrawal as rejected, with no arrow and no sign', async () => {
    await show({ kind: 'withdrawal', state: 'rejected', amount: '-50000', memo: 'Card name does not match' });
    const item = screen.getByTestId('fund-record');
    expect(screen.getByTestId('record-unmoved')).toHaveTextContent(/^¥50,000$/);
    expect(item).not.toHaveTextContent('▼');
    expect(item).not.toHaveTextContent('-¥50,000');
    expect(item).toHaveTextContent('Rejected');
    expect(item).toHaveTextContent('No funds moved');
    expect(item).toHaveTextContent('Card name does not match');
  });

  it('shows a rejected deposit with no arrow and no plus sign', async () => {
    await show({ kind: 'deposit', state: 'rejected', amount: '2000000', balanceAfter: '-' });
    const item = screen.getByTestId('fund-record');
    expect(screen.getByTestId('record-unmoved')).toHaveTextContent(/^¥2,000,000$/);
    expect(item).not.toHaveTextContent('▲');
    expect(item).not.toHaveTextContent('+¥');
  });
});
