import { admin } from '@kabuto/contract';
import { Alert, Button, Card, Form, Input, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageSelect } from '../../app/shell';
import { ApiError, adminApi } from '../../shared/api';
import { errorText } from '../../shared/i18n';
import { session } from '../../shared/session';

/** The operators' own sign-in (SPEC §9): username and password; repeated failures lock the name. */
export function LoginPage() {
  const { t } = useTranslation();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [needCode, setNeedCode] = useState(false);
  const submit = async (values: { username: string; password: string; code?: string }) => {
    setBusy(true);
    setError(null);
    try {
      const answer = await adminApi.call(admin.auth.login, { body: values });
      session.set({ token: answer.token, role: answer.role, username: values.username });
      window.location.hash = '#/dashboard';
    } catch (e) {
      if (e instanceof ApiError && e.key === 'totp_required') setNeedCode(true);
      else setError(e instanceof ApiError ? errorText(e.key) : errorText('network_error'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="kb-login">
      <Card style={{ width: 380 }}>
        <Space direction="vertical" size="large" style={{ width: '100%' }}>
          <Space style={{ width: '100%', justifyContent: 'space-between' }}>
            <Typography.Title level={3} style={{ margin: 0 }}>
              {t('app.title')}
            </Typography.Title>
            <LanguageSelect />
          </Space>
          {error && <Alert type="error" showIcon message={error} data-testid="login-error" />}
          <Form layout="vertical" onFinish={submit} requiredMark={false}>
            <Form.Item
              name="username"
              label={t('login.username')}
              rules={[{ required: true, message: t('form.required') }]}
            >
              <Input autoComplete="username" autoFocus />
            </Form.Item>
            <Form.Item
              name="password"
              label={t('login.password')}
              rules={[{ required: true, message: t('form.required') }]}
            >
              <Input.Password autoComplete="current-password" />
            </Form.Item>
            {needCode && (
              <Form.Item
                name="code"
                label={t('login.code')}
                extra={t('login.codeHint')}
                rules={[{ required: true, pattern: /^\s*\d{6}\s*$/, message: t('totp.codeRule') }]}
              >
                <Input inputMode="numeric" maxLength={6} autoComplete="one-time-code" autoFocus />
              </Form.Item>
            )}
            <Button type="primary" htmlType="submit" block loading={busy}>
              {t('login.submit')}
            </Button>
          </Form>
        </Space>
      </Card>
    </div>
  );
}
