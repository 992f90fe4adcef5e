import { describe, expect, it } from 'vitest';
import { formatMessageParam, messageText } from './message-text';

const deposit = {
  title: 'stored title',
  body: 'stored body',
  template: {
    key: 'deposit_approved',
    params: { order: { text: 'D1' }, amount: { money: '5000000', currency: 'JPY' as const } },
  },
};

describe('message text', () => {
  it('writes amounts in the reader’s currency rules, so yen and yuan never look alike', () => {
    const cn = formatMessageParam({ money: '5000000', currency: 'JPY' }, 'cn');
    const yuan = formatMessageParam({ money: '5000000', currency: 'CNY' }, 'cn');
    expect(cn).toContain('5,000,000');
    expect(cn).not.toBe(yuan.replace('.00', ''));
    expect(formatMessageParam({ money: '5000000', currency: 'JPY' }, 'us')).toBe('¥5,000,000');
    expect(formatMessageParam({ money: '88', currency: 'CNY' }, 'us')).toBe('CN¥88.00');
  });

  it('writes prices with their own decimals and grouped digits, not raw wire numbers', () => {
    expect(formatMessageParam({ price: '3177.000000' }, 'us')).toBe('3,177.000000');
    expect(formatMessageParam({ price: '2850.0' }, 'jp')).toBe('2,850.0');
  });

  it('renders a catalogue message in the reader’s language from its key and figures', () => {
    expect(messageText(deposit, 'us')).toEqual({
      title: 'Deposit credited',
      body: 'Your deposit D1 (¥5,000,000) was approved and credited to your account.',
    });
    expect(messageText(deposit, 'cn').body).toContain('D1');
  });

  it('shows an operator’s message, or an unknown key, as the server stored it', () => {
    expect(messageText({ ...deposit, template: null }, 'us')).toEqual({
      title: 'stored title',
      body: 'stored body',
    });
    expect(messageText({ ...deposit, template: { key: 'future_message', params: {} } }, 'jp').title).toBe(
      'stored title',
    );
  });
});
