import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderInApp } from '../../test/render';
import { ApiError } from '../api/client';
import { translateErrorKey } from '../i18n/setup';
import { useAmountRule } from './amount-rule';
import { CardForm, useCardForm } from './card-form';
import { AmountItem, FillAllButton, FundPasswordItem } from './fund-form';

interface Values {
  amount: string;
  fund_password: string;
}

/** A form that moves money as the pages build it; `send` stands for the server call. */
function Harness({ send }: { send: (values: Values) => Promise<unknown> }) {
  const amountRule = useAmountRule();
  const { form, attempt } = useCardForm<Values>(['amount', 'fund_password']);
  return (
    <CardForm
      form={form}
      className="kb-money-form"
      initialValues={{ amount: '', fund_password: '' }}
      onFinish={(values: Values) => attempt(() => send(values))}
      beforeSubmit={<p data-testid="note">Fees apply</p>}
      submit={{ label: 'Send', testId: 'send', loading: false }}
    >
      <AmountItem
        label="Amount"
        placeholder="How much"
        testId="amount"
        rules={[amountRule('JPY', { balanceMinor: 50_000 })]}
        extra={<FillAllButton form={form} value="50000" label="All" />}
      />
      <FundPasswordItem label="Fund password" required="Enter the fund password" />
    </CardForm>
  );
}

describe('fund form', () => {
  it('checks the amount and the fund password before anything is sent', async () => {
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    const send = vi.fn(async () => undefined);
    const { container } = await renderInApp(<Harness send={send} />);
    expect(container.querySelector('form')).toHaveClass('kb-form', 'kb-card', 'kb-money-form');
    expect(screen.getByTestId('note')).toHaveTextContent('Fees apply');
    await user.type(screen.getByPlaceholderText('How much'), '60000');
    await user.click(screen.getByTestId('send'));
    expect(await screen.findByText('Enter the fund password')).toBeInTheDocument();
    expect(container.querySelector('.adm-form-item-feedback-error')).not.toBeNull();
    expect(send).not.toHaveBeenCalled();
  });

  it('fills everything available and sends the typed values', async () => {
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    const send = vi.fn(async () => undefined);
    await renderInApp(<Harness send={send} />);
    await user.click(screen.getByRole('button', { name: 'All' }));
    expect(screen.getByPlaceholderText('How much')).toHaveValue('50000');
    await user.type(screen.getByPlaceholderText('Fund password'), 'secret1');
    await user.click(screen.getByTestId('send'));
    await waitFor(() => expect(send).toHaveBeenCalledWith({ amount: '50000', fund_password: 'secret1' }));
  });

  it('shows a refusal under the field it concerns', async () => {
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    const send = vi.fn(async () => {
      throw new ApiError('fund_password_wrong', { httpStatus: 200 });
    });
    await renderInApp(<Harness send={send} />);
    await user.type(screen.getByPlaceholderText('How much'), '1000');
    await user.type(screen.getByPlaceholderText('Fund password'), 'wrong1');
    await user.click(screen.getByTestId('send'));
    const message = await screen.findByText(translateErrorKey('fund_password_wrong'));
    expect(message.closest('.adm-form-item')).toHaveTextContent('Fund password');
  });
});
