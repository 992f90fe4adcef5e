import { MAX_ORDER_QUANTITY } from '@kabuto/contract';
import { describe, expect, it } from 'vitest';
import {
  fieldOfRefusal,
  type OrderFormInput,
  opensAtOf,
  orderBody,
  parseLeverageChoices,
  stepPrice,
  stepQuantity,
  tickOf,
  validateOrderForm,
} from './order-form';

const base: OrderFormInput = {
  market: 'jpy',
  orderType: 'limit',
  price: '1500.0',
  quantity: '100',
  leverage: 2,
  leverageChoices: [1, 2, 3, 5, 10],
  limitUp: '1800.0',
  limitDown: '1200.0',
};

describe('leverage choices from config', () => {
  it('reads the configured list in ascending order without duplicates', () => {
    expect(parseLeverageChoices('10, 2,1,2')).toEqual([1, 2, 10]);
  });
  it('falls back to 1, 2, 3, 5, 10 when the config is missing or unusable', () => {
    expect(parseLeverageChoices(undefined)).toEqual([1, 2, 3, 5, 10]);
    expect(parseLeverageChoices('x,0,-3')).toEqual([1, 2, 3, 5, 10]);
  });
});

describe('price and quantity steppers', () => {
  it('steps a Japanese price by ¥0.1 and a US price by $0.01', () => {
    expect(tickOf('jpy')).toBe('0.1');
    expect(tickOf('usd')).toBe('0.01');
    expect(stepPrice('1500.0', 'jpy', 1)).toBe('1500.1');
    expect(stepPrice('10.00', 'usd', -1)).toBe('9.99');
  });
  it('never steps a price below one tick', () => {
    expect(stepPrice('0.01', 'usd', -1)).toBe('0.01');
  });
  it('starts from the live price when the typed price is unreadable', () => {
    expect(stepPrice('', 'usd', 1, '25.50')).toBe('25.51');
    expect(stepPrice('abc', 'jpy', -1, '800.0')).toBe('799.9');
  });
  it('snaps a price with too many decimals to the grid before stepping', () => {
    expect(stepPrice('10.005', 'usd', 1)).toBe('10.02');
  });
  it('keeps the quantity between 1 and the per-order maximum', () => {
    expect(stepQuantity('1', -1)).toBe('1');
    expect(stepQuantity('', 1)).toBe('1');
    expect(stepQuantity('99', 1)).toBe('100');
    expect(stepQuantity(String(MAX_ORDER_QUANTITY), 1)).toBe(String(MAX_ORDER_QUANTITY));
  });
});

describe('order form validation as the user types', () => {
  it('accepts a limit inside the day band', () => {
    expect(validateOrderForm(base)).toEqual({});
  });
  it('names the price when it is empty, not a number, zero or off the grid', () => {
    expect(validateOrderForm({ ...base, price: '' }).price).toBe('priceRequired');
    expect(validateOrderForm({ ...base, price: '1,500' }).price).toBe('priceInvalid');
    expect(validateOrderForm({ ...base, price: '0' }).price).toBe('priceInvalid');
    expect(validateOrderForm({ ...base, price: '1500.05' }).price).toBe('priceDecimals');
  });
  it('refuses a limit outside the daily price limits (SPEC §6.2)', () => {
    expect(validateOrderForm({ ...base, price: '1800.1' }).price).toBe('priceAbove');
    expect(validateOrderForm({ ...base, price: '1199.9' }).price).toBe('priceBelow');
    expect(validateOrderForm({ ...base, price: '1800.0' }).price).toBeUndefined();
  });
  it('ignores the price of a market order', () => {
    expect(validateOrderForm({ ...base, orderType: 'market', price: '' })).toEqual({});
  });
  it('names the quantity when it is not a whole number of shares from 1 to the maximum', () => {
    expect(validateOrderForm({ ...base, quantity: '' }).quantity).toBe('quantityRequired');
    expect(validateOrderForm({ ...base, quantity: '0' }).quantity).toBe('quantityInvalid');
    expect(validateOrderForm({ ...base, quantity: '1.5' }).quantity).toBe('quantityInvalid');
    expect(validateOrderForm({ ...base, quantity: String(MAX_ORDER_QUANTITY + 1) }).quantity).toBe(
      'quantityMax',
    );
  });
  it('names the leverage when it is not one of the configured choices', () => {
    expect(validateOrderForm({ ...base, leverage: 4 }).leverage).toBe('leverageInvalid');
  });
});

describe('preview and order body', () => {
  it('sends a limit price on the market grid and the quantity without leading zeros', () => {
    expect(orderBody('7203', 'short', { ...base, price: '1500', quantity: '0100' })).toEqual({
      code: '7203',
      direction: 'short',
      order_type: 'limit',
      price: '1500.0',
      quantity: '100',
      leverage: '2',
    });
  });
  it('sends no price for a market order', () => {
    expect(orderBody('AAPL', 'long', { ...base, market: 'usd', orderType: 'market', price: 'x' })).toEqual({
      code: 'AAPL',
      direction: 'long',
      order_type: 'market',
      quantity: '100',
      leverage: '2',
    });
  });
  it('asks nothing while a field is wrong', () => {
    expect(orderBody('7203', 'long', { ...base, quantity: '' })).toBeNull();
  });
  it('places server refusals under the field they are about', () => {
    expect(fieldOfRefusal('price_limit')).toBe('price');
    expect(fieldOfRefusal('quantity_invalid')).toBe('quantity');
    expect(fieldOfRefusal('market_closed')).toBeNull();
  });
});

describe('protective order fields (SPEC §13.2)', () => {
  const stop: OrderFormInput = {
    ...base,
    orderType: 'stop',
    price: '',
    direction: 'short',
    current: '1500.0',
  };

  it('wants a sell stop under the live price and a buy stop over it', () => {
    expect(validateOrderForm({ ...stop, trigger: '1450.0' }).trigger).toBeUndefined();
    expect(validateOrderForm({ ...stop, trigger: '1500.0' }).trigger).toBe('below');
    expect(validateOrderForm({ ...stop, direction: 'long', trigger: '1450.0' }).trigger).toBe('above');
    expect(validateOrderForm({ ...stop, trigger: '' }).trigger).toBe('required');
    expect(validateOrderForm({ ...stop, trigger: '1450.05' }).trigger).toBe('decimals');
  });

  it('refuses a trail of zero or above half the price', () => {
    const trailing: OrderFormInput = { ...stop, orderType: 'trailing_stop' };
    expect(validateOrderForm({ ...trailing, trailMode: 'percent', trail: '0' }).trail).toBe('invalid');
    expect(validateOrderForm({ ...trailing, trailMode: 'percent', trail: '50.01' }).trail).toBe('trailMax');
    expect(validateOrderForm({ ...trailing, trailMode: 'percent', trail: '2.555' }).trail).toBe('decimals');
    expect(validateOrderForm({ ...trailing, trailMode: 'amount', trail: '750.1' }).trail).toBe('trailMax');
    expect(validateOrderForm({ ...trailing, trailMode: 'amount', trail: '15.0' }).trail).toBeUndefined();
  });

  it('checks take-profit and stop-loss against the price the position would open at', () => {
    const limit: OrderFormInput = { ...base, direction: 'long', current: '1600.0' };
    expect(opensAtOf(limit)).toBe('1500.0');
    expect(validateOrderForm({ ...limit, stopLoss: '1550.0' }).stopLoss).toBe('below');
    expect(validateOrderForm({ ...limit, takeProfit: '1450.0' }).takeProfit).toBe('above');
    expect(validateOrderForm({ ...limit, takeProfit: '1700.0', stopLoss: '1400.0' })).toEqual({});
  });

  it('sends the trigger, the trail, GTC and the attached prices on the price grid', () => {
    expect(
      orderBody('7203', 'short', { ...stop, trigger: '1450', validity: 'gtc', stopLoss: '1480' }),
    ).toEqual({
      code: '7203',
      direction: 'short',
      order_type: 'stop',
      quantity: '100',
      leverage: '2',
      trigger_price: '1450.0',
      validity: 'gtc',
      stop_loss: '1480.0',
    });
    expect(
      orderBody('7203', 'short', {
        ...stop,
        orderType: 'trailing_stop',
        trailMode: 'percent',
        trail: '2.50',
      }),
    ).toMatchObject({ order_type: 'trailing_stop', trail_percent: '2.5' });
  });

  it('places trigger and take-profit refusals under the field the server names', () => {
    expect(fieldOfRefusal('trigger_invalid', 'trigger_price')).toBe('trigger');
    expect(fieldOfRefusal('trigger_invalid', 'take_profit')).toBe('takeProfit');
    expect(fieldOfRefusal('trail_invalid', 'trail_percent')).toBe('trail');
  });
});
