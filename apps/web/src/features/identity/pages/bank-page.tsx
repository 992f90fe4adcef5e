import { Button } from 'antd-mobile';
import { DeleteOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Page } from '../../../shared/layout/page';
import { PageHeader } from '../../../shared/layout/page-header';
import { PATHS } from '../../../shared/routing/paths';
import { EmptyState } from '../../../shared/ui/empty-state';
import { toastSuccess } from '../../../shared/ui/toast';
import { type BankCard, useBankCards, useBankDelete } from '../api/identity';
import { cardTypeLabel } from '../components/card-type-label';
import { maskedCardText } from '../lib/card';
import '../identity.css';
import { confirmDialog } from '../../../shared/ui/confirm-dialog';
import { PagedList } from '../../../shared/ui/paged-list';

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

  return (
    <Page
      header={<PageHeader title={t('bank.title')} variant="add" to={PATHS.bankAdd} backTo={PATHS.settings} />}
    >
      <PagedList
        query={cards}
        items={cards.data ?? []}
        rows={2}
        bodyClassName="kb-stack-gap"
        empty={
          <EmptyState title={t('bank.emptyTitle')} description={t('bank.emptyText')}>
            <Button color="primary" onClick={() => navigate(PATHS.bankAdd)} data-testid="bank-add-empty">
              {t('bank.add')}
            </Button>
          </EmptyState>
        }
      >
        {(shown) => (
          <>
            <ul className="kb-bank-list">
              {shown.map((card) => (
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
        )}
      </PagedList>
    </Page>
  );
}
