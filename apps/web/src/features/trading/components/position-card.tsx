import { PRICE_DECIMALS } from '@kabuto/contract';
import { Button } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatWhen } from '../../../shared/format/time';
import { useLanguage } from '../../../shared/i18n/setup';
import { liveValueOf } from '../../../shared/trading/pnl';
import { MoneyRow } from '../../../shared/ui/money-row';
import { MoneyText } from '../../../shared/ui/money-text';
import { SimulatedBadge } from '../../../shared/ui/simulated-badge';
import { PriceText } from '../../../shared/ui/trend-text';
import { canCancel, canSetTpSl, closedResult, entryPriceOf, isLive } from '../lib/position-view';
import type { Position } from '../lib/types';
import { OrderTerms } from './order-terms';
import { DirectionBadge, ModeBadge, StateTag } from './position-bits';

/** A money figure of a position card: a whole amount beside a label that wraps (SPEC §12). */
function PositionMoney({ label, testId, children }: { label: string; testId?: string; children: ReactNode }) {
  return <MoneyRow variant="plain" label={label} amount={<span data-testid={testId}>{children}</span>} />;
}

/**
 * A position's card: its state, code, direction and id as data attributes (the journeys read
 * them); the part that opens the position (the first line, entry, `price` and quantity, the money
 * on rows of its own so an amount keeps its whole width and the label wraps, SPEC §12), then
 * `children` (its foot).
 */
function CardFrame({
  position,
  onOpen,
  price,
  money,
  terms,
  children,
}: {
  position: Position;
  onOpen: () => void;
  price: ReactNode;
  money: ReactNode;
  terms?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation('trading');
  return (
    <article
      className="kb-pos-card"
      data-testid="position-card"
      data-state={position.state}
      data-code={position.code}
      data-direction={position.direction}
      data-id={position.id}
    >
      <button type="button" className="kb-pos-card__open" onClick={onOpen}>
        <CardHead position={position} />
        <dl className="kb-pos-card__grid">
          <EntryCell position={position} />
          {price}
          <div className="kb-pos-card__cell kb-pos-card__cell--end">
            <dt>{t('positions.quantity')}</dt>
            <dd className="kb-num">{t('shares', { count: position.quantity })}</dd>
          </div>
        </dl>
        <div className="kb-pos-card__money">{money}</div>
        {terms}
      </button>
      {children}
    </article>
  );
}

/** The card's first line: direction, mode, name, code, leverage and state. */
function CardHead({ position }: { position: Position }) {
  const { t } = useTranslation('trading');
  return (
    <div className="kb-pos-card__head">
      <DirectionBadge direction={position.direction} />
      <ModeBadge mode={position.mode} />
      <span className="kb-pos-card__name">{position.name}</span>
      <span className="kb-pos-card__code kb-num">{position.code}</span>
      <span className="kb-pos-card__code kb-num">{t('leverageValue', { value: position.leverage })}</span>
      <StateTag position={position} />
    </div>
  );
}

/** What the position was opened (or is to be opened) at. */
function EntryCell({ position }: { position: Position }) {
  const { t } = useTranslation('trading');
  const entry = entryPriceOf(position);
  return (
    <div className="kb-pos-card__cell">
      <dt>{t(`positions.${entry.kind}`)}</dt>
      <dd>
        <PriceText value={entry.price} decimals={PRICE_DECIMALS[position.market]} />
      </dd>
    </div>
  );
}

/** One open position in the In progress list: prices, live P&L and, while pending, cancel. */
export function OpenPositionCard({
  position,
  livePrice,
  onOpen,
  onCancel,
  onModify,
  onTpSl,
}: {
  position: Position;
  /** The latest tick's price; the server's current price until the first tick. */
  livePrice: string | undefined;
  onOpen: () => void;
  onCancel?: () => void;
  /** SPEC §13.2: modify a pending order; set its (or a holding position's) take-profit / stop-loss. */
  onModify?: () => void;
  onTpSl?: () => void;
}) {
  const { t } = useTranslation('trading');
  const language = useLanguage();
  const decimals = PRICE_DECIMALS[position.market];
  const live = isLive(position);
  const price = live ? (livePrice ?? position.currentPrice) : position.currentPrice;
  const value = liveValueOf(position, live ? price : null);
  // A pending order holds no shares yet: no value and no P&L to show.
  const pending = position.state === 'pending';
  return (
    <CardFrame
      position={position}
      onOpen={onOpen}
      price={
        <div className="kb-pos-card__cell">
          <dt>{t('positions.currentPrice')}</dt>
          <dd data-testid="position-price" className="kb-pos-card__price">
            <PriceText value={price} decimals={decimals} />
            <SimulatedBadge />
          </dd>
        </div>
      }
      money={
        <>
          <PositionMoney label={t('positions.pnl')} testId="position-pnl">
            {pending ? (
              '—'
            ) : (
              <MoneyText value={value.pnl} currency={position.currency} signed className="kb-pnl-strong" />
            )}
          </PositionMoney>
          <PositionMoney label={t('detail.margin')}>
            <MoneyText value={position.margin} currency={position.currency} />
          </PositionMoney>
          <PositionMoney label={t('positions.marketValue')}>
            {pending ? '—' : <MoneyText value={value.marketValue} currency={position.currency} />}
          </PositionMoney>
        </>
      }
      terms={<OrderTerms position={position} />}
    >
      <footer className="kb-pos-card__foot kb-pos-card__foot--wrap">
        <span className="kb-num">
          {formatWhen(position.openedAt ?? position.createdAt, language, position.market)}
        </span>
        <div className="kb-pos-card__actions">
          {onTpSl && canSetTpSl(position) && (
            <Button size="small" fill="outline" data-testid="position-tpsl-edit" onClick={onTpSl}>
              {t('protect.card.setTpSl')}
            </Button>
          )}
          {onModify && canCancel(position) && (
            <Button size="small" fill="outline" data-testid="position-modify" onClick={onModify}>
              {t('protect.card.modify')}
            </Button>
          )}
          {onCancel && canCancel(position) && (
            <Button size="small" fill="outline" data-testid="position-cancel" onClick={onCancel}>
              {t('positions.cancel')}
            </Button>
          )}
        </div>
      </footer>
    </CardFrame>
  );
}

/** One ended position in the Terminated list: open and close prices, realised P&L. */
export function EndedPositionCard({ position, onOpen }: { position: Position; onOpen: () => void }) {
  const { t } = useTranslation('trading');
  const language = useLanguage();
  const decimals = PRICE_DECIMALS[position.market];
  const result = closedResult(position);
  return (
    <CardFrame
      position={position}
      onOpen={onOpen}
      price={
        <div className="kb-pos-card__cell">
          <dt>{t('positions.closePrice')}</dt>
          <dd>{position.closePrice ? <PriceText value={position.closePrice} decimals={decimals} /> : '—'}</dd>
        </div>
      }
      money={
        <>
          <PositionMoney label={t('positions.netPnl')} testId="position-pnl">
            <MoneyText value={result.net} currency={position.currency} signed className="kb-pnl-strong" />
          </PositionMoney>
          <PositionMoney label={t('positions.grossPnl')} testId="position-gross">
            <MoneyText value={result.gross} currency={position.currency} signed />
          </PositionMoney>
          <PositionMoney label={t('positions.fees')} testId="position-fees">
            <MoneyText value={result.fees} currency={position.currency} />
          </PositionMoney>
        </>
      }
    >
      <footer className="kb-pos-card__foot">
        <span className="kb-num">
          {formatWhen(position.closedAt ?? position.updatedAt, language, position.market)}
        </span>
      </footer>
    </CardFrame>
  );
}
