import { PRICE_DECIMALS } from '@kabuto/contract';
import { Dialog, List } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { formatMoneyWithSymbol } from '../../../shared/format/money';
import { formatPrice, trendOf } from '../../../shared/format/price';
import { formatWhen } from '../../../shared/format/time';
import { useLanguage } from '../../../shared/i18n/setup';
import { Page } from '../../../shared/layout/page';
import { PageHeader } from '../../../shared/layout/page-header';
import { PATHS } from '../../../shared/routing/paths';
import { useTradingQuote } from '../../../shared/trading/live-quote';
import { liveValueOf } from '../../../shared/trading/pnl';
import '../../../shared/trading/trading.css';
import { EmptyState } from '../../../shared/ui/empty-state';
import { LoadError } from '../../../shared/ui/load-error';
import { MoneyText } from '../../../shared/ui/money-text';
import { SimulatedBadge } from '../../../shared/ui/simulated-badge';
import { PageSkeleton } from '../../../shared/ui/skeletons';
import { PriceText, TrendText } from '../../../shared/ui/trend-text';
import { useCancelOrder, useClosePosition, usePositionInfo } from '../api/positions';
import { ModifySheet } from '../components/modify-sheet';
import { useTrailText } from '../components/order-terms';
import { DirectionBadge, ModeBadge, StateTag } from '../components/position-bits';
import { SheetButton } from '../components/sheet-frame';
import { TpSlSheet } from '../components/tpsl-sheet';
import {
  canCancel,
  canClose,
  canSetTpSl,
  closedResult,
  entryPriceOf,
  isLive,
  parsePositionId,
} from '../lib/position-view';
import type { PositionDetail } from '../lib/types';

/** /position/info?id= (SPEC §2, §4 position order): the order, its live P&L, close or cancel. */
export default function PositionInfoPage() {
  const { t } = useTranslation('trading');
  const [params] = useSearchParams();
  const id = parsePositionId(params.get('id'));
  const info = usePositionInfo(id);

  let body: ReactNode;
  if (id === null) body = <EmptyState title={t('detail.notFound')} />;
  else if (info.isPending) body = <PageSkeleton />;
  else if (info.isError && !info.data)
    body =
      info.error.key === 'not_found' ? (
        <EmptyState title={t('detail.notFound')} />
      ) : (
        <LoadError errorKey={info.error.key} onRetry={() => info.refetch()} />
      );
  else body = <Detail position={info.data} />;

  return <Page header={<PageHeader title={t('detail.title')} backTo={PATHS.positions} />}>{body}</Page>;
}

function Row({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <List.Item extra={<span data-testid={testId}>{children}</span>}>
      <span>{label}</span>
    </List.Item>
  );
}

function Detail({ position }: { position: PositionDetail }) {
  const { t } = useTranslation('trading');
  const { t: tc } = useTranslation('common');
  const language = useLanguage();
  const live = isLive(position);
  const quote = useTradingQuote(live ? position.code : null);
  const decimals = PRICE_DECIMALS[position.market];
  const price = live ? (quote?.price ?? position.currentPrice) : position.currentPrice;
  const value = liveValueOf(position, live ? price : null);
  const entry = entryPriceOf(position);
  const ended = position.state === 'closed' || position.state === 'cancelled';
  const result = closedResult(position);
  // The headline of an ended position is what it left after fees.
  const pnl = ended ? result.net : value.pnl;
  // A pending order holds no shares yet: no value and no P&L to show, not "¥0" (as on its card).
  const pending = position.state === 'pending';
  const close = useClosePosition();
  const cancel = useCancelOrder();
  const [confirm, setConfirm] = useState<'close' | 'cancel' | null>(null);
  const [sheet, setSheet] = useState<'modify' | 'tpsl' | null>(null);
  const trailText = useTrailText();
  const trail = trailText(position, position.trailAmount, position.trailPercent);
  const slTrail = trailText(position, position.stopLossTrailAmount, position.stopLossTrailPercent);
  const money = (v: string | null) =>
    v === null ? '—' : <MoneyText value={v} currency={position.currency} />;
  const priceText = (v: string | null) => (v === null ? '—' : <PriceText value={v} decimals={decimals} />);
  const blocked =
    position.closeBlockedBy && position.closeBlockedBy !== 'not_holding' ? position.closeBlockedBy : null;

  return (
    <div className="kb-pos-detail" data-testid="position-detail" data-state={position.state}>
      <section className="kb-pos-hero">
        <div className="kb-pos-hero__head">
          <DirectionBadge direction={position.direction} />
          <ModeBadge mode={position.mode} />
          <span className="kb-pos-hero__name">{position.name}</span>
          <span className="kb-muted kb-num">{position.code}</span>
          <StateTag position={position} />
        </div>
        <span className="kb-muted">{ended ? t('detail.netPnl') : t('detail.pnl')}</span>
        <span className="kb-pos-hero__pnl" data-testid="detail-pnl">
          {pending ? '—' : <MoneyText value={pnl} currency={position.currency} signed />}
        </span>
        <div className="kb-pos-hero__price">
          <span className="kb-muted">{ended ? t('detail.closePrice') : t('detail.currentPrice')}</span>
          {price ? (
            <PriceText value={price} decimals={decimals} trend={quote ? trendOf(quote.change) : undefined} />
          ) : (
            '—'
          )}
          {live && quote && <TrendText value={quote.changePercent} percent />}
          {!ended && <SimulatedBadge />}
        </div>
      </section>

      <div className="kb-card">
        <List className="kb-pos-detail-list">
          <Row label={t('detail.orderNo')} testId="detail-order-no">
            <span className="kb-num">{position.orderNo}</span>
          </Row>
          <Row label={t('detail.direction')}>{t(`direction.${position.direction}`)}</Row>
          <Row label={t('detail.orderType')}>{t(`orderType.${position.orderType}`)}</Row>
          <Row label={t('detail.state')}>{t(`state.${position.state}`)}</Row>
          {position.triggerPrice !== null && (
            <Row label={trail ? t('protect.card.trailing') : t('protect.trigger')} testId="detail-trigger">
              <span className="kb-num">
                {priceText(position.triggerPrice)}
                {trail ? ` (${trail})` : ''}
              </span>
            </Row>
          )}
          {position.state === 'pending' && (
            <Row label={t('sheet.validity')} testId="detail-validity">
              {t(`protect.validity.${position.validity}`)}
            </Row>
          )}
          {(position.takeProfit !== null || canSetTpSl(position)) && (
            <Row label={t('protect.takeProfit')} testId="detail-take-profit">
              {position.takeProfit !== null ? priceText(position.takeProfit) : t('protect.card.none')}
            </Row>
          )}
          {(position.stopLoss !== null || canSetTpSl(position)) && (
            <Row
              label={slTrail ? t('protect.trailingStopLoss') : t('protect.stopLoss')}
              testId="detail-stop-loss"
            >
              <span className="kb-num">
                {position.stopLoss !== null ? priceText(position.stopLoss) : t('protect.card.none')}
                {slTrail ? ` (${slTrail})` : ''}
              </span>
            </Row>
          )}
          {position.openedAt ? (
            <Row label={t('detail.openedAt')}>
              <span className="kb-num">{formatWhen(position.openedAt, language, position.market)}</span>
            </Row>
          ) : (
            <Row label={t('detail.createdAt')}>
              <span className="kb-num">{formatWhen(position.createdAt, language, position.market)}</span>
            </Row>
          )}
          {position.state === 'pending' && position.expiresAt && (
            <Row label={t('detail.expiresAt')}>
              <span className="kb-num">{formatWhen(position.expiresAt, language, position.market)}</span>
            </Row>
          )}
          <Row label={t(`detail.${entry.kind}`)}>{priceText(entry.price)}</Row>
          {entry.kind === 'openPrice' && position.limitPrice && (
            <Row label={t('detail.limitPrice')}>{priceText(position.limitPrice)}</Row>
          )}
          <Row label={t('detail.quantity')}>
            <span className="kb-num">{t('shares', { count: position.quantity })}</span>
          </Row>
          <Row label={t('detail.leverage')}>
            <span className="kb-num">{t('leverageValue', { value: position.leverage })}</span>
          </Row>
          <Row label={t('detail.margin')}>{money(position.margin)}</Row>
          <Row label={t('detail.openFee')}>{money(position.openFee)}</Row>
          {!ended && (
            <>
              <Row label={t('detail.marketValue')}>{pending ? '—' : money(value.marketValue)}</Row>
              <Row label={t('detail.currentPrice')}>{priceText(price)}</Row>
              <Row label={t('detail.pnl')}>
                {pending ? '—' : <MoneyText value={value.pnl} currency={position.currency} signed />}
              </Row>
            </>
          )}
          {position.stopOutPrice && (
            <Row label={t('detail.stopOutPrice')}>{priceText(position.stopOutPrice)}</Row>
          )}
          {position.estimatedCloseFee && (
            <Row label={t('detail.estimatedCloseFee')}>{money(position.estimatedCloseFee)}</Row>
          )}
          {position.state === 'closed' && (
            <>
              <Row label={t('detail.closePrice')}>{priceText(position.closePrice)}</Row>
              <Row label={t('detail.closedAt')}>
                <span className="kb-num">{formatWhen(position.closedAt, language, position.market)}</span>
              </Row>
              <Row label={t('detail.closeFee')}>{money(position.closeFee)}</Row>
              <Row label={t('detail.realisedPnl')}>
                <MoneyText value={result.gross} currency={position.currency} signed />
              </Row>
              <Row label={t('detail.fees')}>{money(result.fees)}</Row>
              <Row label={t('detail.netPnl')}>
                <MoneyText value={result.net} currency={position.currency} signed />
              </Row>
              {position.houseAbsorbed && trendOf(position.houseAbsorbed) === 'up' && (
                <Row label={t('detail.houseAbsorbed')}>{money(position.houseAbsorbed)}</Row>
              )}
            </>
          )}
          {position.state === 'cancelled' && (
            <Row label={t('detail.closedAt')}>
              <span className="kb-num">{formatWhen(position.closedAt, language, position.market)}</span>
            </Row>
          )}
          {position.closeReason && (
            <Row label={t('detail.closeReason')}>{t(`closeReason.${position.closeReason}`)}</Row>
          )}
        </List>
      </div>

      {(canClose(position) || canCancel(position)) && (
        <div className="kb-pos-actions">
          {blocked && <p className="kb-pos-blocked">{t(`detail.blocked.${blocked}`)}</p>}
          {canClose(position) && (
            <SheetButton
              testId="detail-close"
              primary
              loading={close.isPending}
              disabled={blocked !== null}
              onClick={() => setConfirm('close')}
            >
              {t('detail.close')}
            </SheetButton>
          )}
          {canSetTpSl(position) && (
            <SheetButton testId="detail-tpsl" onClick={() => setSheet('tpsl')}>
              {t('protect.card.setTpSl')}
            </SheetButton>
          )}
          {canCancel(position) && (
            <SheetButton testId="detail-modify" onClick={() => setSheet('modify')}>
              {t('protect.card.modify')}
            </SheetButton>
          )}
          {canCancel(position) && (
            <SheetButton
              testId="detail-cancel"
              loading={cancel.isPending}
              onClick={() => setConfirm('cancel')}
            >
              {t('detail.cancel')}
            </SheetButton>
          )}
        </div>
      )}

      <ModifySheet position={sheet === 'modify' ? position : null} onClose={() => setSheet(null)} />
      <TpSlSheet position={sheet === 'tpsl' ? position : null} onClose={() => setSheet(null)} />
      <Dialog
        visible={confirm === 'close'}
        title={t('detail.closeTitle')}
        onClose={() => setConfirm(null)}
        content={
          <div data-testid="close-confirm">
            {position.source === 'copy' && (
              <p className="kb-confirm-text kb-form-note--warn" data-testid="close-copy-warning">
                {t('detail.closeCopy')}
              </p>
            )}
            <p className="kb-confirm-text">
              {t('detail.closeBody', {
                name: position.name,
                code: position.code,
                quantity: position.quantity,
              })}
            </p>
            <p className="kb-confirm-text kb-muted">
              {t('detail.closeEstimate', {
                price: formatPrice(price, decimals, language),
                pnl: formatMoneyWithSymbol(value.pnl, position.currency, language, { sign: true }),
                fee: formatMoneyWithSymbol(position.estimatedCloseFee ?? '0', position.currency, language),
              })}
            </p>
          </div>
        }
        actions={[
          [
            { key: 'keep', text: tc('actions.cancel'), onClick: () => setConfirm(null) },
            {
              key: 'close',
              text: tc('actions.confirm'),
              bold: true,
              disabled: close.isPending,
              onClick: () => close.mutate({ id: position.id }, { onSettled: () => setConfirm(null) }),
            },
          ],
        ]}
      />
      <Dialog
        visible={confirm === 'cancel'}
        title={t('positions.cancelTitle')}
        onClose={() => setConfirm(null)}
        content={
          <p className="kb-confirm-text" data-testid="cancel-confirm">
            {t('positions.cancelBody', {
              name: position.name,
              code: position.code,
              quantity: position.quantity,
            })}
          </p>
        }
        actions={[
          [
            { key: 'keep', text: t('positions.keep'), onClick: () => setConfirm(null) },
            {
              key: 'cancel',
              text: t('positions.cancelAction'),
              bold: true,
              danger: true,
              disabled: cancel.isPending,
              onClick: () => cancel.mutate({ id: position.id }, { onSettled: () => setConfirm(null) }),
            },
          ],
        ]}
      />
    </div>
  );
}
