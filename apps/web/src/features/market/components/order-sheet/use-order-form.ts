import {
  API,
  MARKET_CURRENCY,
  MAX_ORDER_QUANTITY,
  type Market,
  PRICE_DECIMALS,
  type QuoteView,
  type ResponseOf,
} from '@kabuto/contract';
import { orderSentence } from '@kabuto/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ApiError, callApi, invalidateCall, isApiError, useApiMutation } from '../../../../shared/api';
import { useConfigValue } from '../../../../shared/config/config-store';
import { formatPrice } from '../../../../shared/format/price';
import { useLanguage } from '../../../../shared/i18n/setup';
import { useLevelMessage } from '../../../../shared/trading/level-message';
import {
  fieldOfRefusal,
  hasLimit,
  type OrderDirection,
  type OrderFieldError,
  type OrderFormErrors,
  type OrderFormInput,
  type OrderKind,
  type OrderValidity,
  orderBody,
  parseLeverageChoices,
  referenceOf,
  startingTrailTrigger,
  stepPercent,
  stepPrice,
  stepQuantity,
  type TrailMode,
  validateOrderForm,
  waits,
} from '../../../../shared/trading/order-form';
import { toastSuccess } from '../../../../shared/ui/toast';

/** Inputs settle for this long before the preview is asked again (SPEC §4 order sheet: live fee and total). */
export const PREVIEW_DEBOUNCE_MS = 300;

export type Preview = ResponseOf<typeof API.previewCall>;
export type DayTradeActive = NonNullable<ResponseOf<typeof API.dayInfoCall>['active']>;
export type TradeMode = 'normal' | 'day';
type Field = keyof OrderFormErrors;

const UNTOUCHED: Record<Field, boolean> = {
  price: false,
  quantity: false,
  leverage: false,
  trigger: false,
  trail: false,
  takeProfit: false,
  stopLoss: false,
};
const ALL_TOUCHED: Record<Field, boolean> = {
  price: true,
  quantity: true,
  leverage: true,
  trigger: true,
  trail: true,
  takeProfit: true,
  stopLoss: true,
};

const LEVEL_FIELDS = ['trigger', 'trail', 'takeProfit', 'stopLoss'] as const;
type LevelField = (typeof LEVEL_FIELDS)[number];
const isLevelField = (field: Field): field is LevelField =>
  (LEVEL_FIELDS as readonly string[]).includes(field);
function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/**
 * The order sheet's form (SPEC §4, §6.3): the inputs and their checks, the live preview of
 * margin, fee and total from /trade/preview, the confirmation step and /trade/order. The parts
 * of the sheet only draw what this returns.
 */
export function useOrderForm({
  quote,
  initialDirection,
  onDone,
}: {
  quote: QuoteView;
  initialDirection: OrderDirection;
  onDone: () => void;
}) {
  const { t } = useTranslation('trading');
  const { t: tErrorsRaw } = useTranslation('errors');
  const language = useLanguage();
  const levelMessage = useLevelMessage();
  const market: Market = quote.market;
  const currency = MARKET_CURRENCY[market];
  const decimals = PRICE_DECIMALS[market];
  const allLeverageChoices = parseLeverageChoices(useConfigValue('leverageChoices'));

  // SPEC §6.5: day mode is offered while the user has an approved day-trading application for
  // this market and day; it trades against the participation left, up to the leverage granted.
  const dayInfo = useQuery<ResponseOf<typeof API.dayInfoCall>, ApiError>({
    queryKey: [API.dayInfoCall.path, market],
    queryFn: ({ signal }) =>
      callApi(API.dayInfoCall, { type: market }, { signal, loading: false, silent: 'all' }),
    retry: false,
  });
  const dayActive: DayTradeActive | null = dayInfo.data?.active ?? null;
  const [modeState, setModeState] = useState<TradeMode>('normal');
  const mode: TradeMode = dayActive ? modeState : 'normal';
  const leverageChoices =
    mode === 'day' && dayActive
      ? allLeverageChoices.filter((choice) => choice <= dayActive.leverage)
      : allLeverageChoices;

  const [direction, setDirectionState] = useState<OrderDirection>(initialDirection);
  const [orderType, setOrderTypeState] = useState<OrderKind>('market');
  // SPEC §4: the price starts at the live price.
  const [price, setPriceState] = useState(quote.price);
  const [quantity, setQuantityState] = useState('1');
  const [leverage, setLeverageState] = useState(leverageChoices[0] ?? 1);
  // SPEC §13.2: triggers, trails, validity and the attached take-profit / stop-loss.
  const [trigger, setTriggerState] = useState('');
  const [trailMode, setTrailModeState] = useState<TrailMode>('amount');
  const [trail, setTrailState] = useState('');
  const [validityState, setValidityState] = useState<OrderValidity>('day');
  // Day-mode orders live only for the day (SPEC §6.5).
  const validity: OrderValidity = mode === 'day' ? 'day' : validityState;
  const [attach, setAttachState] = useState(false);
  const [takeProfit, setTakeProfitState] = useState('');
  const [stopLoss, setStopLossState] = useState('');
  const [touched, setTouched] = useState<Record<Field, boolean>>(UNTOUCHED);
  const [serverError, setServerError] = useState<{ field: Field | null; key: string } | null>(null);
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
    direction,
    current: quote.price,
    trigger,
    trailMode,
    trail,
    validity,
    takeProfit: attach ? takeProfit : '',
    stopLoss: attach ? stopLoss : '',
  };
  const errors = validateOrderForm(input);
  const body = orderBody(quote.code, direction, input);
  const bodyKey = body ? JSON.stringify({ ...body, mode }) : null;
  const settledKey = useDebounced(bodyKey, PREVIEW_DEBOUNCE_MS);

  // Re-asked whenever the settled inputs or the live price change.
  const preview = useQuery<Preview & { forKey: string | null }, ApiError>({
    queryKey: [API.previewCall.path, market, settledKey, quote.price],
    enabled: settledKey !== null,
    placeholderData: keepPreviousData,
    queryFn: async ({ signal }) => ({
      ...(await callApi(
        API.previewCall,
        { ...JSON.parse(settledKey ?? '{}'), type: market },
        { signal, loading: false, silent: 'all' },
      )),
      // Which inputs it answers: a new price keeps the old answer on screen, new inputs do not.
      forKey: settledKey,
    }),
    retry: false,
  });
  const previewError = preview.error && isApiError(preview.error) ? preview.error.key : null;
  const previewField = preview.error && isApiError(preview.error) ? preview.error.field : undefined;
  const data = bodyKey !== null && !preview.isError ? preview.data : undefined;
  const stale = bodyKey !== settledKey || preview.isFetching;
  /** The expiry the server states for these very inputs (a price tick does not hide it). */
  const expiresAt = data && data.forKey === bodyKey ? data.expiresAt : null;

  const order = useApiMutation(API.orderCall, {
    onSuccess: () => {
      toastSuccess('place');
      void invalidateCall(API.userStockListCall);
      void invalidateCall(API.summaryCall);
      void invalidateCall(API.dayInfoCall);
      onDone();
    },
    onError: (error) => {
      setConfirming(false);
      setServerError({ field: fieldOfRefusal(error.key, error.field), key: error.key });
    },
  });

  const tErrors = (key: string) => tErrorsRaw(key, { defaultValue: tErrorsRaw('error') });

  /** The message under a field: its own check once touched, else a refusal that names it. */
  const fieldError = (field: Field): string | null => {
    if (isLevelField(field) && touched[field]) {
      const message = levelMessage(
        errors[field],
        field === 'trail' ? trailMode : field,
        market,
        field === 'trail' ? null : referenceOf(input, field),
      );
      if (message) return message;
    }
    const key: OrderFieldError | undefined = isLevelField(field) ? undefined : errors[field];
    if (key && (touched[field] || field === 'leverage')) {
      const limit = key === 'priceAbove' ? quote.limitUp : quote.limitDown;
      return t(`sheet.errors.${key}`, {
        decimals,
        max: MAX_ORDER_QUANTITY.toLocaleString(),
        limit: formatPrice(limit, decimals, language),
      });
    }
    const refusal = serverError?.field === field ? serverError.key : null;
    const previewRefusal =
      previewError && fieldOfRefusal(previewError, previewField) === field ? previewError : null;
    const shown = refusal ?? previewRefusal;
    return shown ? tErrors(shown) : null;
  };

  const edit = (field: Field) => {
    setTouched((prev) => ({ ...prev, [field]: true }));
    setServerError(null);
  };

  const insufficient =
    data?.enough === false ||
    serverError?.key === 'balance_insufficient' ||
    previewError === 'balance_insufficient';
  const closed = data?.marketOpen === false || serverError?.key === 'market_closed';
  const generalKey =
    (serverError && serverError.field === null && serverError.key !== 'balance_insufficient'
      ? serverError.key
      : null) ??
    (previewError &&
    fieldOfRefusal(previewError, previewField) === null &&
    previewError !== 'balance_insufficient'
      ? previewError
      : null);

  const sentenceData =
    body === null
      ? null
      : orderSentence({
          direction,
          orderType: orderType,
          quantity: Number(body.quantity),
          price: body.price ?? null,
          trigger: body.trigger_price ?? startingTrailTrigger(input),
          trail: body.trail_amount
            ? { amount: body.trail_amount }
            : body.trail_percent
              ? { percent: body.trail_percent }
              : null,
        });

  return {
    quote,
    market,
    trigger,
    trailMode,
    trail,
    validity,
    attach,
    takeProfit,
    stopLoss,
    /** Where a trailing stop's trigger starts from the live price (null while the trail is wrong). */
    trailTrigger: startingTrailTrigger(input),
    expiresAt,
    /** What the order will do, for the sentence (null while a field is wrong). */
    sentence: sentenceData,
    takeProfitSent: body?.take_profit ?? null,
    stopLossSent: body?.stop_loss ?? null,
    currency,
    decimals,
    leverageChoices,
    mode,
    dayActive,
    direction,
    orderType,
    price,
    quantity,
    leverage,
    preview: data,
    /** The preview has not caught up with the inputs (or the price) yet. */
    stale,
    /** The inputs are complete and valid, so a preview is (being) asked for. */
    complete: bodyKey !== null,
    insufficient,
    closed,
    generalError: generalKey && !closed ? tErrors(generalKey) : null,
    fieldError,
    placing: order.isPending,
    /** Submit is refused while the balance is short or the market closed (SPEC §4). */
    canSubmit: !order.isPending && !closed && !insufficient,
    confirming,
    setMode(next: TradeMode) {
      setModeState(next);
      setServerError(null);
      if (next === 'day' && dayActive && leverage > dayActive.leverage) {
        const allowed = allLeverageChoices.filter((choice) => choice <= dayActive.leverage);
        setLeverageState(allowed[allowed.length - 1] ?? 1);
      }
    },
    setDirection(next: OrderDirection) {
      setDirectionState(next);
      setServerError(null);
    },
    setOrderType(next: OrderKind) {
      setOrderTypeState(next);
      setServerError(null);
      // Switching to a limit starts from the live price unless one was typed.
      if (hasLimit(next) && !touched.price) setPriceState(quote.price);
      if (!waits(next)) setValidityState('day');
    },
    setTrigger(value: string) {
      setTriggerState(value);
      edit('trigger');
    },
    stepTrigger(steps: number) {
      setTriggerState(stepPrice(trigger, market, steps, quote.price));
      edit('trigger');
    },
    setTrailMode(next: TrailMode) {
      setTrailModeState(next);
      setTrailState('');
      setTouched((prev) => ({ ...prev, trail: false }));
      setServerError(null);
    },
    setTrail(value: string) {
      setTrailState(value);
      edit('trail');
    },
    stepTrail(steps: number) {
      setTrailState(
        trailMode === 'percent' ? stepPercent(trail, steps) : stepPrice(trail, market, steps, null),
      );
      edit('trail');
    },
    setValidity(next: OrderValidity) {
      setValidityState(next);
      setServerError(null);
    },
    setAttach(next: boolean) {
      setAttachState(next);
      setServerError(null);
    },
    setTakeProfit(value: string) {
      setTakeProfitState(value);
      edit('takeProfit');
    },
    stepTakeProfit(steps: number) {
      setTakeProfitState(stepPrice(takeProfit, market, steps, quote.price));
      edit('takeProfit');
    },
    setStopLoss(value: string) {
      setStopLossState(value);
      edit('stopLoss');
    },
    stepStopLoss(steps: number) {
      setStopLossState(stepPrice(stopLoss, market, steps, quote.price));
      edit('stopLoss');
    },
    setPrice(value: string) {
      setPriceState(value);
      edit('price');
    },
    stepPrice(steps: number) {
      setPriceState(stepPrice(price, market, steps, quote.price));
      edit('price');
    },
    setQuantity(value: string) {
      setQuantityState(value);
      edit('quantity');
    },
    stepQuantity(steps: number) {
      setQuantityState(stepQuantity(quantity, steps));
      edit('quantity');
    },
    setLeverage(value: number) {
      setLeverageState(value);
      edit('leverage');
    },
    /** Shows every check; a complete form moves on to the confirmation. */
    submit() {
      setTouched(ALL_TOUCHED);
      if (!body) return;
      setServerError(null);
      setConfirming(true);
    },
    cancelConfirm() {
      setConfirming(false);
    },
    place() {
      if (!body) return;
      order.mutate({ ...body, type: market, mode });
    },
  };
}

export type OrderForm = ReturnType<typeof useOrderForm>;
