import { Button, PullToRefresh } from 'antd-mobile';
import { DeleteOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Page } from '../../../shared/layout/page';
import { PageHeader } from '../../../shared/layout/page-header';
import { PATHS } from '../../../shared/routing/paths';
import { EmptyState } from '../../../shared/ui/empty-state';
import { LoadError } from '../../../shared/ui/load-error';
import { ListSkeleton } from '../../../shared/ui/skeletons';
import { toastSuccess } from '../../../shared/ui/toast';
import { type BankCard, useBankCards, useBankDelete } from '../api/identity';
import { cardTypeLabel } from '../components/card-type-label';
import { maskedCardText } from '../lib/card';
import '../identity.css';
import { confirmDialog } from '../../../shared/ui/confirm-dialog';

function CardView({ card, onDelete }: { card: BankCard; onDelete: () => void }) {
  const { t } = useTranslation('identity');
  return (
    <li className="kb-bank-card" data-testid="bank-card">
      <div className="kb-bank-card__top">
        <div>
          <div className="kb-bank-card__bank">{card.institution}</div>
          <div className="kb-bank-card__branch">
            {card.branch} ({card.branchCode}) · {cardTypeLabel(t, card.cardType)}
          </div>
        </div>
        <button
          type="button"
          className="kb-icon-button kb-bank-card__delete"
          aria-label={t('bank.delete')}
          data-testid="bank-card-delete"
          onClick={onDelete}
        >
          <DeleteOutline fontSize={20} />
        </button>
      </div>
      <div className="kb-bank-card__number kb-num" data-testid="bank-card-number">
        {maskedCardText(card.cardNumber)}
      </div>
      <div className="kb-bank-card__holder">{card.holder}</div>
    </li>
  );
}

/** /mine/bank (SPEC §2, §4, §6.6): bound cards with masked numbers; delete unbinds. */
export default function BankPage() {
  const { t } = useTranslation('identity');
  const { t: tc } = useTranslation('common');
  const navigate = useNavigate();
  const cards = useBankCards();
  const remove = useBankDelete();

  const confirmDelete = async (card: BankCard) => {
    const confirmed = await confirmDialog({
      title: t('bank.deleteTitle'),
      content: t('bank.deleteText', { card: `${card.institution} ${maskedCardText(card.cardNumber)}` }),
      confirmText: t('bank.deleteConfirm'),
      cancelText: tc('actions.cancel'),
    });
    if (!confirmed) return;
    await remove.mutateAsync({ id: card.id });
    toastSuccess('unbind');
  };

  let body: ReactNode;
  if (cards.isPending) body = <ListSkeleton rows={2} />;
  else if (cards.isError) body = <LoadError errorKey={cards.error.key} onRetry={() => cards.refetch()} />;
  else if (cards.data.length === 0)
    body = (
      <EmptyState title={t('bank.emptyTitle')} description={t('bank.emptyText')}>
        <Button color="primary" onClick={() => navigate(PATHS.bankAdd)} data-testid="bank-add-empty">
          {t('bank.add')}
        </Button>
      </EmptyState>
    );
  else
    body = (
      <>
        <ul className="kb-bank-list">
          {cards.data.map((card) => (
            <CardView key={card.id} card={card} onDelete={() => void confirmDelete(card)} />
          ))}
        </ul>
        <Button
          block
          fill="outline"
          color="primary"
          onClick={() => navigate(PATHS.bankAdd)}
          data-testid="bank-add"
        >
          {t('bank.add')}
        </Button>
      </>
    );

  return (
    <Page
      header={<PageHeader title={t('bank.title')} variant="add" to={PATHS.bankAdd} backTo={PATHS.settings} />}
    >
      <PullToRefresh
        onRefresh={async () => {
          await cards.refetch();
        }}
        pullingText={tc('status.pullToRefresh')}
        canReleaseText={tc('status.releaseToRefresh')}
        refreshingText={tc('status.refreshing')}
        completeText={tc('status.refreshed')}
      >
        <div className="kb-pull-body kb-stack-gap">{body}</div>
      </PullToRefresh>
    </Page>
  );
}
