import { Button, Form, Input } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isApiError } from '../../../shared/api/client';
import { Page } from '../../../shared/layout/page';
import { PATHS } from '../../../shared/routing/paths';
import { SecondFactorForm } from '../../../shared/step-up/second-factor-form';
import { passkeysSupported } from '../../../shared/step-up/webauthn';
import { PasswordInput } from '../../../shared/ui/password-input';
import { toastError, toastText } from '../../../shared/ui/toast';
import {
  finishSecondFactor,
  passkeySignIn,
  type SecondFactorChallenge,
  secondFactorChallengeOf,
  useFinishSignIn,
  useLogin,
} from '../api/session';
import { AuthHeader } from '../components/auth-header';

interface LoginForm {
  account: string;
  password: string;
}

/**
 * /login/login (SPEC §2, §6.1, §13.1): account and password, then the second step when a second
 * factor is on (passkey first, then an authenticator code, then a recovery code); or a passkey
 * alone, no account typed.
 */
export default function LoginPage() {
  const { t } = useTranslation('auth');
  const login = useLogin();
  const finish = useFinishSignIn();
  const [form] = Form.useForm<LoginForm>();
  const [second, setSecond] = useState<SecondFactorChallenge | null>(null);
  const [passkeyBusy, setPasskeyBusy] = useState(false);

  const submit = async (values: LoginForm) => {
    try {
      const session = await login.mutateAsync({ account: values.account.trim(), password: values.password });
      await finish(session);
    } catch (cause) {
      const challenge = secondFactorChallengeOf(cause);
      if (challenge) setSecond(challenge);
      else if (isApiError(cause)) toastError(cause.key);
    }
  };

  const withPasskey = async () => {
    setPasskeyBusy(true);
    try {
      await finish(await passkeySignIn());
    } catch (cause) {
      // A server refusal was toasted by the API client; a closed prompt is said here.
      if (!isApiError(cause)) toastText(t('login.passkeyFailed'));
    } finally {
      setPasskeyBusy(false);
    }
  };

  if (second)
    return (
      <Page header={<AuthHeader title={t('login.secondTitle')} />}>
        <section className="kb-card kb-login-second">
          <p className="kb-muted">{t('login.secondHint')}</p>
          <SecondFactorForm
            methods={second.methods}
            passkeyOptions={async () => second.passkey}
            submit={async (proof) => {
              try {
                await finish(await finishSecondFactor(second.challenge, proof));
              } catch (cause) {
                // The challenge ran out: the password step starts again.
                if (isApiError(cause) && cause.key === 'second_factor_required') {
                  toastError(cause.key);
                  setSecond(null);
                  return;
                }
                throw cause;
              }
            }}
          />
        </section>
        <Button block fill="none" onClick={() => setSecond(null)}>
          {t('login.back')}
        </Button>
      </Page>
    );

  return (
    <Page header={<AuthHeader title={t('login.title')} />}>
      <Form
        form={form}
        className="kb-form kb-card"
        layout="vertical"
        mode="card"
        onFinish={(values) => void submit(values)}
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
          <Input placeholder={t('login.accountPlaceholder')} autoComplete="username webauthn" clearable />
        </Form.Item>
        <Form.Item
          name="password"
          label={t('login.password')}
          rules={[{ required: true, message: t('login.passwordRequired') }]}
        >
          <PasswordInput placeholder={t('login.passwordPlaceholder')} />
        </Form.Item>
      </Form>
      {passkeysSupported() && (
        <div className="kb-login-passkey">
          <span className="kb-login-passkey__or kb-muted">{t('login.or')}</span>
          <Button block size="large" fill="outline" loading={passkeyBusy} onClick={() => void withPasskey()}>
            {t('login.passkey')}
          </Button>
        </div>
      )}
      <p className="kb-auth-switch">
        {t('login.noAccount')} <Link to={PATHS.register}>{t('login.toRegister')}</Link>
      </p>
    </Page>
  );
}
