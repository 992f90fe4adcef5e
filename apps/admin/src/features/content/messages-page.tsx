import { admin } from '@kabuto/contract';
import { useMutation } from '@tanstack/react-query';
import { App, Button, Card, Form, Input, Radio, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError, adminApi } from '../../shared/api';
import { errorText } from '../../shared/i18n';
import { I18nFields } from '../../shared/i18n-fields';

type MessageBody = admin.AdminInputOf<typeof admin.content.messageSend>['body'];

/** A message to one user or to everyone (SPEC §6.6), in the three languages. */
export function MessagesPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const audience = Form.useWatch('audience', form);
  const send = useMutation({
    mutationFn: (v: { audience: string; account?: string } & Pick<MessageBody, 'title' | 'body'>) =>
      adminApi.call(admin.content.messageSend, {
        body: {
          to: v.audience === 'all' ? 'all' : (v.account ?? '').trim(),
          title: v.title,
          body: v.body,
        },
      }),
    onSuccess: () => {
      message.success(t('messages.sent'));
      form.resetFields();
    },
    onError: (e) => {
      if (e instanceof ApiError && e.field === 'to')
        form.setFields([{ name: 'account', errors: [errorText(e.key)] }]);
      else message.error(e instanceof ApiError ? errorText(e.key) : errorText('network_error'));
    },
  });
  return (
    <>
      <Typography.Title level={3}>{t('menu.messages')}</Typography.Title>
      <Card style={{ maxWidth: 720 }} size="small">
        <Form
          form={form}
          layout="vertical"
          initialValues={{ audience: 'one' }}
          onFinish={(v) => send.mutate(v)}
          data-testid="message-form"
        >
          <Form.Item name="audience" label={t('messages.to')}>
            <Radio.Group
              options={[
                { value: 'one', label: t('messages.oneUser') },
                { value: 'all', label: t('messages.everyone') },
              ]}
            />
          </Form.Item>
          {audience !== 'all' && (
            <Form.Item
              name="account"
              label={t('users.account')}
              rules={[{ required: true, whitespace: true, message: t('form.required') }]}
            >
              <Input maxLength={64} data-testid="message-account" />
            </Form.Item>
          )}
          <I18nFields
            fields={[
              { name: 'title', label: t('messages.title'), max: 200 },
              { name: 'body', label: t('messages.body'), rows: 5, max: 20_000 },
            ]}
          />
          <Button type="primary" htmlType="submit" loading={send.isPending} data-testid="message-submit">
            {t('messages.send')}
          </Button>
        </Form>
      </Card>
    </>
  );
}
