import { admin } from '@kabuto/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Form, Input, Modal, QRCode, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, adminApi } from '../../shared/api';
import { errorText } from '../../shared/i18n';

/** The operator's own second factor (TOTP): scan the code, confirm with a first code, then it is asked at sign-in. */
export function TotpModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [setup, setSetup] = useState<admin.AdminAnswerOf<typeof admin.auth.totpSetup> | null>(null);
  const [form] = Form.useForm<{ code: string }>();
  const status = useQuery({
    queryKey: ['totp'],
    queryFn: () => adminApi.call(admin.auth.totpState),
    enabled: open,
  });
  const start = useMutation({
    mutationFn: () => adminApi.call(admin.auth.totpSetup),
    onSuccess: setSetup,
    onError: (e) => message.error(e instanceof ApiError ? errorText(e.key) : errorText('network_error')),
  });
  const enable = useMutation({
    mutationFn: (code: string) => adminApi.call(admin.auth.totpEnable, { body: { code } }),
    onSuccess: () => {
      message.success(t('totp.enabled'));
      setSetup(null);
      void queryClient.invalidateQueries({ queryKey: ['totp'] });
    },
    onError: (e) =>
      form.setFields([
        { name: 'code', errors: [errorText(e instanceof ApiError ? e.key : 'network_error')] },
      ]),
  });
  return (
    <Modal open={open} title={t('totp.title')} onCancel={onClose} footer={null} destroyOnHidden>
      {status.data?.enabled ? (
        <Alert type="success" showIcon message={t('totp.on')} />
      ) : setup ? (
        <Space direction="vertical" style={{ width: '100%' }}>
          <Typography.Paragraph>{t('totp.scan')}</Typography.Paragraph>
          <QRCode value={setup.uri} />
          <Typography.Text copyable={{ text: setup.secret }} code>
            {setup.secret}
          </Typography.Text>
          <Form form={form} layout="vertical" onFinish={(v) => enable.mutate(v.code.trim())}>
            <Form.Item
              name="code"
              label={t('login.code')}
              rules={[{ required: true, pattern: /^\s*\d{6}\s*$/, message: t('totp.codeRule') }]}
            >
              <Input inputMode="numeric" maxLength={6} autoComplete="one-time-code" />
            </Form.Item>
            <Button type="primary" htmlType="submit" loading={enable.isPending}>
              {t('totp.enable')}
            </Button>
          </Form>
        </Space>
      ) : (
        <Space direction="vertical">
          <Typography.Paragraph>{t('totp.off')}</Typography.Paragraph>
          <Button type="primary" onClick={() => start.mutate()} loading={start.isPending}>
            {t('totp.setup')}
          </Button>
        </Space>
      )}
    </Modal>
  );
}
