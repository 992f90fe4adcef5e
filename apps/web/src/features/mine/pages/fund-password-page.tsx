import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Page } from '../../../shared/layout/page';
import { PageHeader, useGoBack } from '../../../shared/layout/page-header';
import { PATHS } from '../../../shared/routing/paths';
import { useUserInfo } from '../../../shared/session/user';
import { LoadError } from '../../../shared/ui/load-error';
import { PageSkeleton } from '../../../shared/ui/skeletons';
import { toastSuccess } from '../../../shared/ui/toast';
import { useChangeFundPassword, useSetFundPassword } from '../api/passwords';
import { PasswordForm } from '../components/password-form';

/**
 * /mine/fundPassword (SPEC §6.1): set the fund password the first time, change it afterwards
 * (the original is required then).
 */
export default function FundPasswordPage() {
  const { t } = useTranslation('mine');
  const user = useUserInfo();
  const setPassword = useSetFundPassword();
  const changePassword = useChangeFundPassword();
  const goBack = useGoBack(PATHS.settings);
  const isSet = user.data?.fundPasswordSet === true;

  let body: ReactNode;
  if (user.isPending) body = <PageSkeleton />;
  else if (user.isError) body = <LoadError errorKey={user.error.key} onRetry={() => user.refetch()} />;
  else
    body = (
      <PasswordForm
        withOld={isSet}
        oldLabel={t('password.oldFund')}
        intro={t('password.fundHint')}
        pending={setPassword.isPending || changePassword.isPending}
        onSubmit={async (values) => {
          if (isSet) {
            await changePassword.mutateAsync({
              old_password: values.old_password ?? '',
              password: values.password,
              repassword: values.repassword,
            });
          } else {
            await setPassword.mutateAsync({ password: values.password, repassword: values.repassword });
          }
          toastSuccess('modify');
          goBack();
        }}
      />
    );

  return (
    <Page
      header={
        <PageHeader
          title={isSet ? t('password.fundChangeTitle') : t('password.fundSetTitle')}
          backTo={PATHS.settings}
        />
      }
    >
      {body}
    </Page>
  );
}
