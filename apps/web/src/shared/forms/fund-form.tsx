import { Form, Input } from 'antd-mobile';
import type { ReactNode } from 'react';
import { PasswordInput } from '../ui/password-input';
import type { FieldRule } from './amount-rule';
import type { FormHandle } from './card-form';

/** The amount field: a decimal keyboard, checked by `useAmountRule` and any rule the page adds. */
export function AmountItem({
  label,
  placeholder,
  testId,
  rules,
  description,
  extra,
}: {
  label: ReactNode;
  placeholder: string;
  testId: string;
  rules: FieldRule[];
  description?: ReactNode;
  extra?: ReactNode;
}) {
  return (
    <Form.Item name="amount" label={label} description={description} rules={rules} extra={extra}>
      <Input inputMode="decimal" placeholder={placeholder} clearable data-testid={testId} />
    </Form.Item>
  );
}

/** Fills the amount field with everything available and checks it at once. */
export function FillAllButton({ form, value, label }: { form: FormHandle; value: string; label: string }) {
  return (
    <button
      type="button"
      className="kb-link-button kb-link-button--primary"
      onClick={() => {
        form.setFieldValue('amount', value);
        void form.validateFields(['amount']);
      }}
    >
      {label}
    </button>
  );
}

/** The fund password every movement of money asks for (SPEC §6.4): required, hidden as typed. */
export function FundPasswordItem({
  label,
  required,
  placeholder = label,
}: {
  label: string;
  /** What the field says while it is empty. */
  required: string;
  placeholder?: string;
}) {
  return (
    <Form.Item name="fund_password" label={label} rules={[{ required: true, message: required }]}>
      <PasswordInput placeholder={placeholder} />
    </Form.Item>
  );
}
