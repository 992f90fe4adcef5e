import { Button, Form, Input } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Page } from '../../../shared/layout/page';
import { PATHS } from '../../../shared/routing/paths';
import { PasswordInput } from '../../../shared/ui/password-input';
import { useFinishSignIn, useLogin } from '../api/session';
import { AuthHeader } from '../components/auth-header';

interface LoginForm {
  account: string;
  password: string;
}

/** /login/login: account and password (SPEC §2, §6.1). */
export default function LoginPage() {
  const { t } = useTranslation('auth');
  const login = useLogin();
  const finish = useFinishSignIn();
  const [form] = Form.useForm<LoginForm>();

  const submit = async (values: LoginForm) => {
    const session = await login.mutateAsync({ account: values.account.trim(), password: values.password });
    await finish(session);
  };

  return (
    <Page header={<AuthHeader title={t('login.title')} />}>
      <Form
        form={form}
        className="kb-form kb-card"
        layout="vertical"
        mode="card"
        onFinish={(values) => submit(values).catch(() => {})}
        footer={
          <Button block type="submit" color="primary" size="large" loading={login.isPending}>
            {t('login.submit')}
          </Button>
        }
      >
        <Form.Item
          name="account"
          label={t('login.account')}
          rules={[{ required: true, whitespace: true, message: t('login.accountRequired') }]}
        >
          <Input placeholder={t('login.accountPlaceholder')} autoComplete="username" clearable />
        </Form.Item>
        <Form.Item
          name="password"
          label={t('login.password')}
          rules={[{ required: true, message: t('login.passwordRequired') }]}
        >
          <PasswordInput placeholder={t('login.passwordPlaceholder')} />
        </Form.Item>
      </Form>
      <p className="kb-auth-switch">
        {t('login.noAccount')} <Link to={PATHS.register}>{t('login.toRegister')}</Link>
      </p>
    </Page>
  );
}
