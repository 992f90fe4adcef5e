import { LANGUAGE_LOCALE, PRICE_DECIMALS } from '@kabuto/contract';
import { useTranslation } from 'react-i18next';
import { formatPrice } from '../../../shared/format/price';
import { formatWhen } from '../../../shared/format/time';
import { useLanguage } from '../../../shared/i18n/setup';
import type { BlockProduct } from '../api/block';
import { discountPercent } from '../lib';

/** One product: name and code, block price against the market, minimum and quota left, window. */
export function ProductCard({ product, onOpen }: { product: BlockProduct; onOpen: () => void }) {
  const { t } = useTranslation('block');
  const language = useLanguage();
  const decimals = PRICE_DECIMALS[product.market];
  const discount = discountPercent(product.price, product.marketPrice);
  const number = (n: number) => n.toLocaleString(LANGUAGE_LOCALE[language]);
  return (
    <button
      type="button"
      className="kb-block-card"
      onClick={onOpen}
      data-testid={`block-product-${product.id}`}
    >
      <div className="kb-block-card__head">
        <span className="kb-block-card__name">
          {product.name}
          <span className="kb-block-card__code kb-num">{product.code}</span>
        </span>
        <span className={`kb-block-state kb-block-state--${product.state}`}>
          {t(`state.${product.state}`)}
        </span>
      </div>
      <dl className="kb-block-card__figures">
        <div>
          <dt>{t('product.blockPrice')}</dt>
          <dd className="kb-num" data-testid="block-price">
            {formatPrice(product.price, decimals, language)}
          </dd>
        </div>
        <div>
          <dt>{t('product.minLots')}</dt>
          <dd className="kb-num">
            {t('product.lots', { count: product.minLots, n: number(product.minLots) })}
          </dd>
        </div>
        <div>
          <dt>{t('product.remaining')}</dt>
          <dd className="kb-num" data-testid="block-remaining">
            {t('product.lots', { count: product.remainingLots, n: number(product.remainingLots) })}
          </dd>
        </div>
      </dl>
      <div className="kb-block-card__foot">
        <span className="kb-num">
          {t('product.marketPrice')}{' '}
          {product.marketPrice ? formatPrice(product.marketPrice, decimals, language) : '—'}
          {discount ? ` · ${t('product.discount', { percent: discount })}` : ''}
        </span>
        <span className="kb-num">{formatWhen(product.endsAt, language, product.market)}</span>
      </div>
    </button>
  );
}
