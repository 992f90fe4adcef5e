import {
  API,
  MARKET_CURRENCY,
  MAX_ORDER_QUANTITY,
  type Market,
  PRICE_DECIMALS,
  type QuoteView,
  type ResponseOf,
} from '@kabuto/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Dialog, Popup } from 'antd-mobile';
import { CloseOutline } from 'antd-mobile-icons';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { type ApiError, callApi, invalidateCall, isApiError, useApiMutation } from '../../../shared/api';
import { useConfigValue } from '../../../shared/config/config-store';
import { formatPrice, trendOf } from '../../../shared/format/price';
import { useLanguage } from '../../../shared/i18n/setup';
import { PATHS } from '../../../shared/routing/paths';
import { useTradingQuote } from '../../../shared/trading/live-quote';
import {
  fieldOfRefusal,
  type OrderDirection,
  type OrderFieldError,
  type OrderFormErrors,
  type OrderFormInput,
  type OrderKind,
  orderBody,
  parseLeverageChoices,
  stepPrice,
  stepQuantity,
  validateOrderForm,
} from '../../../shared/trading/order-form';
import { MoneyText } from '../../../shared/ui/money-text';
import { SimulatedBadge } from '../../../shared/ui/simulated-badge';
import { toastSuccess } from '../../../shared/ui/toast';
import { PriceText, TrendText } from '../../../shared/ui/trend-text';
import '../../../shared/trading/trading.css';

/** Inputs settle for this long before the preview is asked again (SPEC §4 order sheet: live fee and total). */
const PREVIEW_DEBOUNCE_MS = 300;

type Preview = ResponseOf<typeof API.previewCall>;

function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/**
 * The order sheet (SPEC §4, §6.3): a bottom sheet opened from the stock detail's Buy / Sell.
 * Direction, type, limit price, quantity and leverage; margin, fee, total and the available
 * balance come from /trade/preview as the inputs or the live price change; a confirmation
 * precedes /trade/order.
 */
export function OrderSheet(props: {
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
          <OrderForm
            key={`${props.code}:${props.direction}`}
            code={props.code}
            initialDirection={props.direction}
            onDone={props.onClose}
          />
        )}
      </div>
    </Popup>
  );
}

function OrderForm({
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
  return <OrderFormBody quote={quote} initialDirection={initialDirection} onDone={onDone} />;
}

function OrderFormBody({
  quote,
  initialDirection,
  onDone,
}: {
  quote: QuoteView;
  initialDirection: OrderDirection;
  onDone: () => void;
}) {
  const { t } = useTranslation('trading');
  const { t: tc } = useTranslation('common');
  const language = useLanguage();
  const navigate = useNavigate();
  const market: Market = quote.market;
  const currency = MARKET_CURRENCY[market];
  const decimals = PRICE_DECIMALS[market];
  const leverageChoices = parseLeverageChoices(useConfigValue('leverageChoices'));

  const [direction, setDirection] = useState<OrderDirection>(initialDirection);
  const [orderType, setOrderType] = useState<OrderKind>('market');
  // SPEC §4: the price starts at the live price.
  const [price, setPrice] = useState(quote.price);
  const [quantity, setQuantity] = useState('1');
  const [leverage, setLeverage] = useState(leverageChoices[0] ?? 1);
  const [touched, setTouched] = useState<Record<keyof OrderFormErrors, boolean>>({
    price: false,
    quantity: false,
    leverage: false,
  });
  const [serverError, setServerError] = useState<{ field: keyof OrderFormErrors | null; key: string } | null>(
    null,
  );
  const [confirming, setConfirming] = useState(false);

  const input: OrderFormInput = {
    market,
    orderType,
    price,
    quantity,
    leverage,
    leverageChoices,
    limitUp: quote.limitUp,
    limitDown: quote.limitDown,
  };
  const errors = validateOrderForm(input);
  const body = orderBody(quote.code, direction, input);
  const bodyKey = body ? JSON.stringify(body) : null;
  const settledKey = useDebounced(bodyKey, PREVIEW_DEBOUNCE_MS);

  // Re-asked whenever the settled inputs or the live price change.
  const preview = useQuery<Preview, ApiError>({
    queryKey: [API.previewCall.path, market, settledKey, quote.price],
    enabled: settledKey !== null,
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) =>
      callApi(
        API.previewCall,
        { ...JSON.parse(settledKey ?? '{}'), type: market },
        { signal, loading: false, silent: 'all' },
      ),
    retry: false,
  });
  const previewError = preview.error && isApiError(preview.error) ? preview.error.key : null;
  const data = bodyKey !== null && !preview.isError ? preview.data : undefined;
  const stale = bodyKey !== settledKey || preview.isFetching;

  const order = useApiMutation(API.orderCall, {
    onSuccess: () => {
      toastSuccess('place');
      void invalidateCall(API.userStockListCall);
      void invalidateCall(API.summaryCall);
      onDone();
    },
    onError: (error) => {
      setConfirming(false);
      setServerError({ field: fieldOfRefusal(error.key), key: error.key });
    },
  });

  const fieldError = (field: keyof OrderFormErrors): string | null => {
    const key: OrderFieldError | undefined = errors[field];
    if (key && (touched[field] || field === 'leverage')) {
      const limit = key === 'priceAbove' ? quote.limitUp : quote.limitDown;
      return t(`sheet.errors.${key}`, {
        decimals,
        max: MAX_ORDER_QUANTITY.toLocaleString(),
        limit: formatPrice(limit, decimals, language),
      });
    }
    const refusal = serverError?.field === field ? serverError.key : null;
    const previewRefusal = previewError && fieldOfRefusal(previewError) === field ? previewError : null;
    const shown = refusal ?? previewRefusal;
    return shown ? tErrors(shown) : null;
  };
  const { t: tErrorsRaw } = useTranslation('errors');
  const tErrors = (key: string) => tErrorsRaw(key, { defaultValue: tErrorsRaw('error') });

  const edit = (field: keyof OrderFormErrors) => {
    setTouched((prev) => ({ ...prev, [field]: true }));
    setServerError(null);
  };

  const insufficient =
    data?.enough === false ||
    serverError?.key === 'balance_insufficient' ||
    previewError === 'balance_insufficient';
  const closed = data?.marketOpen === false || serverError?.key === 'market_closed';
  const generalError =
    (serverError && serverError.field === null && serverError.key !== 'balance_insufficient'
      ? serverError.key
      : null) ??
    (previewError && fieldOfRefusal(previewError) === null && previewError !== 'balance_insufficient'
      ? previewError
      : null);

  const submit = () => {
    setTouched({ price: true, quantity: true, leverage: true });
    if (!body) return;
    setServerError(null);
    setConfirming(true);
  };

  const place = () => {
    if (!body) return;
    order.mutate({ ...body, type: market, mode: 'normal' });
  };

  const band =
    quote.limitUp && quote.limitDown
      ? t('sheet.band', {
          down: formatPrice(quote.limitDown, decimals, language),
          up: formatPrice(quote.limitUp, decimals, language),
        })
      : null;

  return (
    <div className="kb-order-form">
      <div className="kb-order-quote" data-testid="order-quote">
        <div className="kb-order-quote__name">
          <span className="kb-order-quote__title">{quote.name}</span>
          <span className="kb-muted kb-num">{quote.code}</span>
        </div>
        <div className="kb-order-quote__price">
          <span className="kb-muted">{t('sheet.livePrice')}</span>
          <PriceText
            value={quote.price}
            decimals={decimals}
            trend={trendOf(quote.change)}
            className="kb-order-quote__last"
          />
          <TrendText value={quote.changePercent} percent />
          <SimulatedBadge />
        </div>
      </div>

      <fieldset className="kb-order-field">
        <legend className="kb-order-field__label">{t('sheet.direction')}</legend>
        <div className="kb-segmented">
          {(['long', 'short'] as const).map((d) => (
            <button
              key={d}
              type="button"
              aria-pressed={direction === d}
              data-testid={`order-direction-${d}`}
              className={`kb-segmented__item kb-segmented__item--${d} ${direction === d ? 'is-active' : ''}`}
              onClick={() => {
                setDirection(d);
                setServerError(null);
              }}
            >
              {t(`direction.${d}`)}
            </button>
          ))}
        </div>
      </fieldset>

      <fieldset className="kb-order-field">
        <legend className="kb-order-field__label">{t('sheet.type')}</legend>
        <div className="kb-segmented">
          {(['market', 'limit'] as const).map((k) => (
            <button
              key={k}
              type="button"
              aria-pressed={orderType === k}
              data-testid={`order-type-${k}`}
              className={`kb-segmented__item ${orderType === k ? 'is-active' : ''}`}
              onClick={() => {
                setOrderType(k);
                setServerError(null);
                // Switching to a limit starts from the live price unless one was typed.
                if (k === 'limit' && !touched.price) setPrice(quote.price);
              }}
            >
              {t(`orderType.${k}`)}
            </button>
          ))}
        </div>
      </fieldset>

      {orderType === 'limit' ? (
        <StepField
          label={t('sheet.price')}
          hint={band}
          value={price}
          inputMode="decimal"
          testId="order-price"
          error={fieldError('price')}
          decreaseLabel={t('sheet.decrease')}
          increaseLabel={t('sheet.increase')}
          onChange={(v) => {
            setPrice(v);
            edit('price');
          }}
          onStep={(steps) => {
            setPrice(stepPrice(price, market, steps, quote.price));
            edit('price');
          }}
        />
      ) : (
        <div className="kb-order-field">
          <div className="kb-order-field__label">{t('sheet.priceAny')}</div>
          <div className="kb-order-market-price kb-muted">{t('sheet.priceMarket')}</div>
        </div>
      )}

      <StepField
        label={t('sheet.quantity')}
        value={quantity}
        inputMode="numeric"
        testId="order-quantity"
        error={fieldError('quantity')}
        decreaseLabel={t('sheet.decrease')}
        increaseLabel={t('sheet.increase')}
        onChange={(v) => {
          setQuantity(v);
          edit('quantity');
        }}
        onStep={(steps) => {
          setQuantity(stepQuantity(quantity, steps));
          edit('quantity');
        }}
      />

      <fieldset className="kb-order-field">
        <legend className="kb-order-field__label">{t('sheet.leverage')}</legend>
        <div className="kb-chips">
          {leverageChoices.map((choice) => (
            <button
              key={choice}
              type="button"
              aria-pressed={leverage === choice}
              data-testid={`order-leverage-${choice}`}
              className={`kb-chip ${leverage === choice ? 'is-active' : ''}`}
              onClick={() => {
                setLeverage(choice);
                edit('leverage');
              }}
            >
              {t('leverageValue', { value: choice })}
            </button>
          ))}
        </div>
        {fieldError('leverage') && <p className="kb-field-error">{fieldError('leverage')}</p>}
      </fieldset>

      <dl
        className={`kb-order-summary ${stale && data ? 'is-stale' : ''}`}
        data-testid="order-summary"
        aria-busy={stale}
      >
        <SummaryRow
          label={t('sheet.margin')}
          value={data?.margin}
          currency={currency}
          calculating={bodyKey === null ? '—' : t('sheet.calculating')}
        />
        <SummaryRow
          label={t('sheet.fee')}
          value={data?.fee}
          currency={currency}
          calculating={bodyKey === null ? '—' : t('sheet.calculating')}
        />
        <SummaryRow
          label={t('sheet.total')}
          value={data?.total}
          currency={currency}
          calculating={bodyKey === null ? '—' : t('sheet.calculating')}
          strong
        />
        <SummaryRow
          label={t('sheet.available')}
          value={data?.available}
          currency={currency}
          calculating={bodyKey === null ? '—' : t('sheet.calculating')}
        />
      </dl>

      {insufficient && (
        <div className="kb-order-notice kb-order-notice--warn" data-testid="order-insufficient">
          <span>{t('sheet.insufficient')}</span>
          <button
            type="button"
            className="kb-link-button kb-link-button--strong"
            onClick={() => {
              onDone();
              navigate(PATHS.deposit);
            }}
          >
            {t('sheet.deposit')}
          </button>
        </div>
      )}
      {closed && <div className="kb-order-notice kb-order-notice--warn">{t('sheet.marketClosed')}</div>}
      {generalError && !closed && (
        <div className="kb-order-notice kb-order-notice--warn" role="alert">
          {tErrors(generalError)}
        </div>
      )}

      <div className="kb-order-sheet__footer">
        <Button
          block
          size="large"
          className={`kb-order-submit kb-order-submit--${direction}`}
          data-testid="order-submit"
          disabled={order.isPending || closed}
          loading={order.isPending}
          onClick={submit}
        >
          {direction === 'long' ? t('sheet.submitLong') : t('sheet.submitShort')}
        </Button>
      </div>

      <Dialog
        visible={confirming}
        title={t('sheet.confirmTitle')}
        onClose={() => setConfirming(false)}
        content={
          <dl className="kb-confirm-list" data-testid="order-confirm">
            <ConfirmRow label={t('detail.stock')} value={`${quote.name} ${quote.code}`} />
            <ConfirmRow
              label={t('sheet.direction')}
              value={
                <span className={`kb-direction kb-direction--${direction}`}>
                  {t(`direction.${direction}`)}
                </span>
              }
            />
            <ConfirmRow label={t('sheet.type')} value={t(`orderType.${orderType}`)} />
            <ConfirmRow
              label={orderType === 'limit' ? t('sheet.price') : t('sheet.priceAny')}
              value={
                orderType === 'limit' ? (
                  <span className="kb-num">{formatPrice(price, decimals, language)}</span>
                ) : (
                  t('orderType.market')
                )
              }
            />
            <ConfirmRow label={t('detail.quantity')} value={t('shares', { count: Number(quantity) })} />
            <ConfirmRow label={t('sheet.leverage')} value={t('leverageValue', { value: leverage })} />
            {data && (
              <>
                <ConfirmRow
                  label={t('sheet.margin')}
                  value={<MoneyText value={data.margin} currency={currency} />}
                />
                <ConfirmRow
                  label={t('sheet.fee')}
                  value={<MoneyText value={data.fee} currency={currency} />}
                />
                <ConfirmRow
                  label={t('sheet.total')}
                  value={<MoneyText value={data.total} currency={currency} />}
                />
              </>
            )}
          </dl>
        }
        actions={[
          [
            { key: 'cancel', text: tc('actions.cancel'), onClick: () => setConfirming(false) },
            {
              key: 'confirm',
              text: t('sheet.confirmAction'),
              bold: true,
              disabled: order.isPending,
              onClick: place,
            },
          ],
        ]}
      />
    </div>
  );
}

function SummaryRow({
  label,
  value,
  currency,
  calculating,
  strong = false,
}: {
  label: string;
  value: string | undefined;
  currency: Preview['currency'];
  calculating: string;
  strong?: boolean;
}) {
  return (
    <div className="kb-order-summary__row">
      <dt>{label}</dt>
      <dd className={strong ? 'kb-order-summary__strong' : undefined}>
        {value === undefined ? (
          <span className="kb-muted">{calculating}</span>
        ) : (
          <MoneyText value={value} currency={currency} />
        )}
      </dd>
    </div>
  );
}

function ConfirmRow({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div className="kb-confirm-list__row">
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}

/**
 * A number typed or stepped (−/+). The text is kept as typed so the form can name a wrong value
 * as the user types instead of silently clamping it.
 */
function StepField({
  label,
  hint,
  value,
  inputMode,
  testId,
  error,
  decreaseLabel,
  increaseLabel,
  onChange,
  onStep,
}: {
  label: string;
  hint?: string | null;
  value: string;
  inputMode: 'decimal' | 'numeric';
  testId: string;
  error: string | null;
  decreaseLabel: string;
  increaseLabel: string;
  onChange: (value: string) => void;
  onStep: (steps: number) => void;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="kb-order-field">
      <div className="kb-order-field__head">
        <label className="kb-order-field__label" htmlFor={id}>
          {label}
        </label>
        {hint && <span className="kb-order-field__hint kb-num">{hint}</span>}
      </div>
      <div className={`kb-stepper ${error ? 'is-invalid' : ''}`}>
        <button
          type="button"
          className="kb-stepper__button"
          aria-label={`${decreaseLabel} ${label}`}
          onClick={() => onStep(-1)}
        >
          −
        </button>
        <input
          id={id}
          className="kb-stepper__input kb-num"
          data-testid={testId}
          inputMode={inputMode}
          autoComplete="off"
          value={value}
          aria-invalid={Boolean(error)}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => onChange(event.target.value)}
        />
        <button
          type="button"
          className="kb-stepper__button"
          aria-label={`${increaseLabel} ${label}`}
          onClick={() => onStep(1)}
        >
          +
        </button>
      </div>
      {error && (
        <p className="kb-field-error" id={errorId}>
          {error}
        </p>
      )}
    </div>
  );
}
