import { List } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { formatWhen } from '../../../shared/format/time';
import { useLanguage } from '../../../shared/i18n/setup';
import { Page } from '../../../shared/layout/page';
import { PageHeader } from '../../../shared/layout/page-header';
import { PATHS } from '../../../shared/routing/paths';
import { MoneyRow } from '../../../shared/ui/money-row';
import { MoneyText } from '../../../shared/ui/money-text';
import { PagedList, pagedItems } from '../../../shared/ui/paged-list';
import { type Loan, useLoans } from '../api/money';
import '../money.css';

function LoanItem({ loan }: { loan: Loan }) {
  const { t } = useTranslation('money');
  const language = useLanguage();
  const when = loan.repaidAt ?? loan.startedAt ?? loan.createdAt;
  return (
    <MoneyRow
      data-testid={`loan-${loan.id}`}
      label={
        <>
          {t('loan.interest')} <MoneyText value={loan.interest} currency={loan.currency} />
        </>
      }
      description={
        <span className="kb-num">
          {loan.orderNo} · {formatWhen(when, language, 'reader')}
          {loan.state === 'rejected' && loan.reason ? ` · ${loan.reason}` : ''}
        </span>
      }
      amount={<MoneyText value={loan.amount} currency={loan.currency} />}
      aside={
        <span className="kb-muted" data-testid="loan-order-state">
          {t(`loan.state.${loan.state}`)}
        </span>
      }
    />
  );
}

/** /mine/loanOrder (SPEC §2): every loan with its state, newest first. */
export default function LoanOrderPage() {
  const { t } = useTranslation('money');
  const loans = useLoans();
  return (
    <Page header={<PageHeader title={t('loan.ordersTitle')} backTo={PATHS.loan} />}>
      <PagedList query={loans} items={pagedItems(loans.data)} rows={3} emptyText={t('loan.empty')}>
        {(items) => (
          <List className="kb-card" data-testid="loan-orders">
            {items.map((loan) => (
              <LoanItem key={loan.id} loan={loan} />
            ))}
          </List>
        )}
      </PagedList>
    </Page>
  );
}
