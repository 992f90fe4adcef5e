import { Button, Checkbox, Form, Input } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isApiError } from '../../../shared/api/client';
import { configFlag, useConfig } from '../../../shared/config/config-store';
import { translateErrorKey, useLanguage } from '../../../shared/i18n/setup';
import { Page } from '../../../shared/layout/page';
import { PATHS } from '../../../shared/routing/paths';
import { PasswordInput } from '../../../shared/ui/password-input';
import { toastError } from '../../../shared/ui/toast';
import { useFinishSignIn, useRegister } from '../api/session';
import { AuthHeader } from '../components/auth-header';
import { accountProblem, isRegisterField, passwordProblem } from '../lib/validation';

interface RegisterForm {
  account: string;
  password: string;
  repassword: string;
  invite_code?: string;
  agree: boolean;
}

/**
 * /login/register (SPEC §2, §6.1). Every field validates as the user types and names what is
 * wrong in the user's language; server refusals with a field land under that field.
 */
export default function RegisterPage() {
  const { t } = useTranslation('auth');
  const language = useLanguage();
  const config = useConfig();
  const inviteRequired = configFlag(config, 'requireInviteCode');
  const register = useRegister();
  const finish = useFinishSignIn();
  const [form] = Form.useForm<RegisterForm>();

  const submit = async (values: RegisterForm) => {
    try {
      const session = await register.mutateAsync({
        account: values.account.trim(),
        password: values.password,
        repassword: values.repassword,
        invite_code: values.invite_code?.trim() ?? '',
        agree: values.agree,
        language,
      });
      await finish(session);
    } catch (error) {
      // Only refusals are left to this page; the client already showed network failures.
      if (!isApiError(error) || error.httpStatus !== 200) return;
      if (isRegisterField(error.field))
        form.setFields([{ name: error.field, errors: [translateErrorKey(error.key)] }]);
      else toastError(error.key);
    }
  };

  return (
    <Page header={<AuthHeader title={t('register.title')} />}>
      <Form
        form={form}
        className="kb-form kb-card"
        layout="vertical"
        mode="card"
        initialValues={{ agree: false }}
        onFinish={(values) => submit(values)}
        footer={
          <Button block type="submit" color="primary" size="large" loading={register.isPending}>
            {t('register.submit')}
          </Button>
        }
      >
        <Form.Item
          name="account"
          label={language === 'us' ? t('register.account') : t('login.account')}
          validateFirst
          rules={[
            {
              validator: async (_, value: string | undefined) => {
                const problem = accountProblem(value ?? '', language);
                if (problem === 'required') throw new Error(t('login.accountRequired'));
                if (problem === 'phone') throw new Error(t('register.accountInvalidPhone'));
                if (problem === 'letters') throw new Error(t('register.accountInvalid'));
              },
            },
          ]}
        >
          <Input
            placeholder={
              language === 'us' ? t('register.accountPlaceholderPhone') : t('register.accountPlaceholder')
            }
            inputMode={language === 'us' ? 'numeric' : 'text'}
            autoComplete="username"
            clearable
          />
        </Form.Item>
        <Form.Item
          name="password"
          label={t('register.password')}
          rules={[
            {
              validator: async (_, value: string | undefined) => {
                const problem = passwordProblem(value ?? '');
                if (problem === 'required') throw new Error(t('login.passwordRequired'));
                if (problem === 'short') throw new Error(t('register.passwordShort'));
                if (problem === 'long') throw new Error(t('register.passwordLong'));
              },
            },
          ]}
        >
          <PasswordInput placeholder={t('register.passwordPlaceholder')} autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="repassword"
          label={t('register.repassword')}
          dependencies={['password']}
          rules={[
            ({ getFieldValue }) => ({
              validator: async (_, value: string | undefined) => {
                if (!value) throw new Error(t('register.repasswordPlaceholder'));
                if (value !== getFieldValue('password'))
                  throw new Error(translateErrorKey('password_mismatch'));
              },
            }),
          ]}
        >
          <PasswordInput placeholder={t('register.repasswordPlaceholder')} autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="invite_code"
          label={t('register.inviteCode')}
          rules={
            inviteRequired
              ? [{ required: true, whitespace: true, message: translateErrorKey('inviter_missing') }]
              : []
          }
        >
          <Input
            placeholder={
              inviteRequired
                ? t('register.invitePlaceholderRequired')
                : t('register.invitePlaceholderOptional')
            }
            clearable
          />
        </Form.Item>
        <Form.Item
          name="agree"
          valuePropName="checked"
          rules={[
            {
              validator: async (_, value: boolean | undefined) => {
                if (!value) throw new Error(translateErrorKey('agreement_required'));
              },
            },
          ]}
        >
          <Checkbox className="kb-agree">
            {t('register.agreePrefix')}{' '}
            <Link to={PATHS.protocol} onClick={(event) => event.stopPropagation()}>
              {t('register.agreement')}
            </Link>
          </Checkbox>
        </Form.Item>
      </Form>
      <p className="kb-auth-switch">
        {t('register.haveAccount')} <Link to={PATHS.login}>{t('register.toLogin')}</Link>
      </p>
    </Page>
  );
}
