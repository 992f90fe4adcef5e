import { PRICE_DECIMALS } from '@kabuto/contract';
import { useTranslation } from 'react-i18next';
import { formatPrice } from '../../../shared/format/price';
import { formatWhen } from '../../../shared/format/time';
import { useLanguage } from '../../../shared/i18n/setup';
import { MoneyText } from '../../../shared/ui/money-text';
import type { BlockApplication } from '../api/block';

/** One application: stock, lots at the block price, the amount and its review state. */
export function ApplicationCard({
  application: a,
  onOpen,
}: {
  application: BlockApplication;
  onOpen: () => void;
}) {
  const { t } = useTranslation('block');
  const language = useLanguage();
  return (
    <button
      type="button"
      className="kb-block-card"
      onClick={onOpen}
      data-testid={`block-application-${a.id}`}
    >
      <div className="kb-block-card__head">
        <span className="kb-block-card__name">
          {a.name}
          <span className="kb-block-card__code kb-num">{a.code}</span>
        </span>
        <span className={`kb-block-state kb-block-state--${a.state}`} data-testid="block-application-state">
          {t(`appState.${a.state}`)}
        </span>
      </div>
      <dl className="kb-block-card__figures">
        <div>
          <dt>{t('application.lots')}</dt>
          <dd className="kb-num">{a.lots}</dd>
        </div>
        <div>
          <dt>{t('application.price')}</dt>
          <dd className="kb-num">{formatPrice(a.price, PRICE_DECIMALS[a.market], language)}</dd>
        </div>
        <div>
          <dt>{t('application.amount')}</dt>
          <dd>
            <MoneyText value={a.amount} currency={a.currency} />
          </dd>
        </div>
      </dl>
      <div className="kb-block-card__foot">
        <span className="kb-num">{a.orderNo}</span>
        <span className="kb-num">{formatWhen(a.createdAt, language, a.market)}</span>
      </div>
    </button>
  );
}
