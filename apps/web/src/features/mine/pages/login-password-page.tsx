import { useTranslation } from 'react-i18next';
import { Page } from '../../../shared/layout/page';
import { PageHeader, useGoBack } from '../../../shared/layout/page-header';
import { PATHS } from '../../../shared/routing/paths';
import { toastSuccess } from '../../../shared/ui/toast';
import { useChangePassword } from '../api/passwords';
import { PasswordForm } from '../components/password-form';

/** /mine/loginPassword: original, new and repeat (SPEC §6.1). */
export default function LoginPasswordPage() {
  const { t } = useTranslation('mine');
  const change = useChangePassword();
  const goBack = useGoBack(PATHS.settings);
  return (
    <Page header={<PageHeader title={t('password.loginTitle')} backTo={PATHS.settings} />}>
      <PasswordForm
        withOld
        pending={change.isPending}
        onSubmit={async (values) => {
          await change.mutateAsync({
            old_password: values.old_password ?? '',
            password: values.password,
            repassword: values.repassword,
          });
          toastSuccess('modify');
          goBack();
        }}
      />
    </Page>
  );
}
