import { Button, Form } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shared/api/client';
import { translateErrorKey } from '../../../shared/i18n/setup';
import { PasswordInput } from '../../../shared/ui/password-input';
import { toastError } from '../../../shared/ui/toast';

export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 64;

export interface PasswordValues {
  old_password?: string;
  password: string;
  repassword: string;
}

/**
 * Old (optional), new and repeat fields (SPEC §6.1): validates as the user types; refusals that
 * name a field show under it, others as a toast.
 */
export function PasswordForm({
  withOld,
  oldLabel,
  intro,
  pending,
  onSubmit,
}: {
  withOld: boolean;
  oldLabel?: string;
  intro?: ReactNode;
  pending: boolean;
  onSubmit: (values: PasswordValues) => Promise<unknown>;
}) {
  const { t } = useTranslation('mine');
  const [form] = Form.useForm<PasswordValues>();

  const submit = async (values: PasswordValues) => {
    try {
      await onSubmit(values);
    } catch (error) {
      if (!isApiError(error) || error.httpStatus !== 200) return;
      const field = error.field;
      if (field === 'old_password' || field === 'password' || field === 'repassword') {
        form.setFields([{ name: field, errors: [translateErrorKey(error.key)] }]);
      } else {
        toastError(error.key);
      }
    }
  };

  return (
    <Form
      form={form}
      className="kb-form kb-card"
      layout="vertical"
      mode="card"
      onFinish={submit}
      footer={
        <Button block type="submit" color="primary" size="large" loading={pending}>
          {t('password.submit')}
        </Button>
      }
    >
      {intro && <Form.Header>{intro}</Form.Header>}
      {withOld && (
        <Form.Item
          name="old_password"
          label={oldLabel ?? t('password.old')}
          rules={[{ required: true, message: t('password.required') }]}
        >
          <PasswordInput placeholder={t('password.oldPlaceholder')} />
        </Form.Item>
      )}
      <Form.Item
        name="password"
        label={t('password.new')}
        rules={[
          { required: true, message: t('password.required') },
          { min: PASSWORD_MIN, message: t('password.short') },
          { max: PASSWORD_MAX, message: t('password.long') },
        ]}
      >
        <PasswordInput placeholder={t('password.newPlaceholder')} autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="repassword"
        label={t('password.repeat')}
        dependencies={['password']}
        rules={[
          { required: true, message: t('password.required') },
          ({ getFieldValue }) => ({
            validator: async (_, value: string | undefined) => {
              if (value && value !== getFieldValue('password'))
                throw new Error(translateErrorKey('password_mismatch'));
            },
          }),
        ]}
      >
        <PasswordInput placeholder={t('password.repeatPlaceholder')} autoComplete="new-password" />
      </Form.Item>
    </Form>
  );
}
