import type { QuoteView } from '@kabuto/contract';
import { Popup } from 'antd-mobile';
import { CloseOutline } from 'antd-mobile-icons';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatPrice, trendOf } from '../../../../shared/format/price';
import { useLanguage } from '../../../../shared/i18n/setup';
import { useTradingQuote } from '../../../../shared/trading/live-quote';
import { hasLimit, type OrderDirection } from '../../../../shared/trading/order-form';
import { StepField } from '../../../../shared/trading/step-field';
import { SimulatedBadge } from '../../../../shared/ui/simulated-badge';
import { PriceText, TrendText } from '../../../../shared/ui/trend-text';
import { DirectionChoice, LeverageChoice, ModeChoice, TypeChoice } from './order-choices';
import { OrderConfirm } from './order-confirm';
import { OrderFooter } from './order-footer';
import { OrderSummary } from './order-summary';
import { AttachFields, TrailField, TriggerField, ValidityChoice } from './protect-fields';
import { type OrderForm, useOrderForm } from './use-order-form';
import '../../../../shared/trading/trading.css';

/**
 * The order sheet (SPEC §4, §6.3): a bottom sheet opened from the stock detail's Buy / Sell.
 * Direction, type, limit price, quantity and leverage; margin, fee, total and the available
 * balance come from /trade/preview as the inputs or the live price change; a confirmation
 * precedes /trade/order. The form's state and rules are in useOrderForm.
 */
export const OrderSheet = memo(function OrderSheet(props: {
  code: string;
  direction: 'long' | 'short';
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('trading');
  const { t: tc } = useTranslation('common');
  return (
    <Popup
      visible={props.open}
      onMaskClick={props.onClose}
      onClose={props.onClose}
      position="bottom"
      destroyOnClose
      bodyClassName="kb-order-sheet"
    >
      <div
        className="kb-order-sheet__inner"
        data-testid="order-sheet"
        role="dialog"
        aria-label={t('sheet.title')}
      >
        <header className="kb-order-sheet__header">
          <h2 className="kb-order-sheet__title">{t('sheet.title')}</h2>
          <button
            type="button"
            className="kb-icon-button"
            aria-label={tc('actions.close')}
            onClick={props.onClose}
          >
            <CloseOutline fontSize={20} />
          </button>
        </header>
        {props.open && (
          <OrderFormLoader
            key={`${props.code}:${props.direction}`}
            code={props.code}
            initialDirection={props.direction}
            onDone={props.onClose}
          />
        )}
      </div>
    </Popup>
  );
});

function OrderFormLoader({
  code,
  initialDirection,
  onDone,
}: {
  code: string;
  initialDirection: OrderDirection;
  onDone: () => void;
}) {
  const quote = useTradingQuote(code);
  if (!quote)
    return (
      <div className="kb-order-sheet__loading" aria-busy="true">
        <div className="kb-order-sheet__skeleton" />
        <div className="kb-order-sheet__skeleton" />
        <div className="kb-order-sheet__skeleton" />
      </div>
    );
  return <OrderFormView quote={quote} initialDirection={initialDirection} onDone={onDone} />;
}

/** The live price the order is priced from. */
function OrderQuote({ form }: { form: OrderForm }) {
  const { t } = useTranslation('trading');
  const { quote } = form;
  return (
    <div className="kb-order-quote" data-testid="order-quote">
      <div className="kb-order-quote__name">
        <span className="kb-order-quote__title">{quote.name}</span>
        <span className="kb-muted kb-num">{quote.code}</span>
      </div>
      <div className="kb-order-quote__price">
        <span className="kb-muted">{t('sheet.livePrice')}</span>
        <PriceText
          value={quote.price}
          decimals={form.decimals}
          trend={trendOf(quote.change)}
          className="kb-order-quote__last"
        />
        <TrendText value={quote.changePercent} percent />
        <SimulatedBadge />
      </div>
    </div>
  );
}

/** A limit price field, or the note that a market order takes the current price. */
function PriceField({ form }: { form: OrderForm }) {
  const { t } = useTranslation('trading');
  const language = useLanguage();
  if (!hasLimit(form.orderType))
    return (
      <div className="kb-order-field">
        <div className="kb-order-field__label">{t('sheet.priceAny')}</div>
        <div className="kb-order-market-price kb-muted">{t('sheet.priceMarket')}</div>
      </div>
    );
  const { quote, decimals } = form;
  return (
    <StepField
      label={t('sheet.price')}
      hint={
        quote.limitUp && quote.limitDown
          ? t('sheet.band', {
              down: formatPrice(quote.limitDown, decimals, language),
              up: formatPrice(quote.limitUp, decimals, language),
            })
          : null
      }
      value={form.price}
      inputMode="decimal"
      testId="order-price"
      error={form.fieldError('price')}
      onChange={form.setPrice}
      onStep={form.stepPrice}
    />
  );
}

export function OrderFormView({
  quote,
  initialDirection,
  onDone,
}: {
  quote: QuoteView;
  initialDirection: OrderDirection;
  onDone: () => void;
}) {
  const { t } = useTranslation('trading');
  const form = useOrderForm({ quote, initialDirection, onDone });
  return (
    <div className="kb-order-form">
      <OrderQuote form={form} />
      <ModeChoice form={form} />
      <DirectionChoice form={form} />
      <TypeChoice form={form} />
      <TriggerField form={form} />
      <TrailField form={form} />
      <PriceField form={form} />
      <StepField
        label={t('sheet.quantity')}
        value={form.quantity}
        inputMode="numeric"
        testId="order-quantity"
        error={form.fieldError('quantity')}
        onChange={form.setQuantity}
        onStep={form.stepQuantity}
      />
      <LeverageChoice form={form} />
      <ValidityChoice form={form} />
      <AttachFields form={form} />
      <OrderSummary form={form} />
      <OrderFooter form={form} onDone={onDone} />
      <OrderConfirm form={form} />
    </div>
  );
}
