import { LockOutline, StopOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PATHS } from '../../../shared/routing/paths';
import { openCustomerService } from '../../../shared/session/customer-service';
import { LoadError } from '../../../shared/ui/load-error';
import { Prompt } from '../../../shared/ui/prompt';
import { PageSkeleton } from '../../../shared/ui/skeletons';
import { useMoneyUser } from '../api/money';

type UserInfo = NonNullable<ReturnType<typeof useMoneyUser>['data']>;

/**
 * SPEC §6.1: the fund password must be set before any money action, so money screens ask for it
 * first. SPEC §5: a frozen account moves no money; the user sees why and how to reach support.
 */
export function MoneyGate({ children }: { children: (user: UserInfo) => ReactNode }) {
  const { t } = useTranslation('money');
  const user = useMoneyUser();
  if (user.isPending) return <PageSkeleton />;
  if (user.isError) return <LoadError errorKey={user.error.key} onRetry={() => user.refetch()} />;
  const info = user.data;
  if (info.flags.frozen) {
    return (
      <section className="kb-prompt" data-testid="account-frozen">
        <div className="kb-prompt__icon kb-prompt__icon--danger" aria-hidden="true">
          <StopOutline />
        </div>
        <h2 className="kb-prompt__title">{t('gate.frozenTitle')}</h2>
        <p className="kb-prompt__text">
          {info.flags.reason ? t('gate.frozenReason', { reason: info.flags.reason }) : t('gate.frozenText')}
        </p>
        <button
          type="button"
          className="kb-link-button kb-prompt__link"
          onClick={() => openCustomerService()}
        >
          {t('gate.contactSupport')}
        </button>
      </section>
    );
  }
  if (!info.fundPasswordSet) {
    return (
      <Prompt
        testId="fund-password-prompt"
        icon={<LockOutline />}
        title={t('gate.fundPasswordTitle')}
        description={t('gate.fundPasswordText')}
        action={t('gate.fundPasswordAction')}
        to={PATHS.fundPassword}
      />
    );
  }
  return <>{children(info)}</>;
}
