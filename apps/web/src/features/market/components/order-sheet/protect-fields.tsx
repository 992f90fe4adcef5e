import { entryTriggerSide } from '@kabuto/domain';
import { Switch } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { formatPriceWithSymbol } from '../../../../shared/format/money';
import { formatWhen } from '../../../../shared/format/time';
import { useLanguage } from '../../../../shared/i18n/setup';
import { hasTrigger, isTrailing, type OrderValidity, waits } from '../../../../shared/trading/order-form';
import { useOrderSentence } from '../../../../shared/trading/order-sentence';
import { StepField } from '../../../../shared/trading/step-field';
import type { OrderForm } from './use-order-form';

/**
 * The order sheet's SPEC §13.2 parts: the trigger of a stop or stop-limit, the trail of a
 * trailing stop, the validity with its expiry, the attached take-profit and stop-loss, and the
 * sentence that says what the order will do.
 */

/** Stop and stop-limit: the price that sends the order, on its side of the live price. */
export function TriggerField({ form }: { form: OrderForm }) {
  const { t } = useTranslation('trading');
  const language = useLanguage();
  if (!hasTrigger(form.orderType)) return null;
  const side = entryTriggerSide(form.direction);
  return (
    <StepField
      label={t('protect.trigger')}
      hint={t(`protect.triggerHint.${side}`, {
        price: formatPriceWithSymbol(form.quote.price, form.market, language),
      })}
      value={form.trigger}
      inputMode="decimal"
      testId="order-trigger"
      error={form.fieldError('trigger')}
      onChange={form.setTrigger}
      onStep={form.stepTrigger}
    />
  );
}

/** Trailing stop: by amount or by percent, and where the trigger starts. */
export function TrailField({ form }: { form: OrderForm }) {
  const { t } = useTranslation('trading');
  const language = useLanguage();
  if (!isTrailing(form.orderType)) return null;
  const side = entryTriggerSide(form.direction);
  return (
    <>
      <div className="kb-segmented" data-testid="order-trail-mode">
        {(['amount', 'percent'] as const).map((m) => (
          <button
            key={m}
            type="button"
            aria-pressed={form.trailMode === m}
            data-testid={`order-trail-${m}`}
            className={`kb-segmented__item ${form.trailMode === m ? 'is-active' : ''}`}
            onClick={() => form.setTrailMode(m)}
          >
            {t(`protect.trailBy.${m}`)}
          </button>
        ))}
      </div>
      <StepField
        label={form.trailMode === 'amount' ? t('protect.trailAmount') : t('protect.trailPercent')}
        hint={
          form.trailTrigger
            ? t(`protect.trailHint.${side}`, {
                trigger: formatPriceWithSymbol(form.trailTrigger, form.market, language),
              })
            : null
        }
        value={form.trail}
        inputMode="decimal"
        testId="order-trail"
        error={form.fieldError('trail')}
        onChange={form.setTrail}
        onStep={form.stepTrail}
      />
    </>
  );
}

/** Day or good-till-cancelled, for orders that wait, with the expiry the server states. */
export function ValidityChoice({ form }: { form: OrderForm }) {
  const { t } = useTranslation('trading');
  const language = useLanguage();
  if (!waits(form.orderType)) return null;
  const choices: OrderValidity[] = form.mode === 'day' ? ['day'] : ['day', 'gtc'];
  const expiresAt = form.expiresAt;
  return (
    <fieldset className="kb-order-field" data-testid="order-validity-choice">
      <legend className="kb-order-field__label">{t('sheet.validity')}</legend>
      <div className="kb-segmented">
        {choices.map((v) => (
          <button
            key={v}
            type="button"
            aria-pressed={form.validity === v}
            data-testid={`order-validity-${v}`}
            className={`kb-segmented__item kb-segmented__item--small ${form.validity === v ? 'is-active' : ''}`}
            onClick={() => form.setValidity(v)}
          >
            {t(`protect.validity.${v}`)}
          </button>
        ))}
      </div>
      <p className="kb-muted kb-order-field__hint kb-num" data-testid="order-expiry">
        {expiresAt ? t('protect.expires', { when: formatWhen(expiresAt, language, form.market) }) : '\u00a0'}
      </p>
    </fieldset>
  );
}

/** Optional take-profit and stop-loss for the position the order opens (IFD / IFDOCO). */
export function AttachFields({ form }: { form: OrderForm }) {
  const { t } = useTranslation('trading');
  return (
    <div className="kb-order-field" data-testid="order-attach">
      <div className="kb-order-field__head">
        <span className="kb-order-field__label">{t('protect.attach')}</span>
        <Switch
          checked={form.attach}
          onChange={form.setAttach}
          aria-label={t('protect.attach')}
          data-testid="order-attach-switch"
        />
      </div>
      {form.attach && (
        <>
          <p className="kb-muted kb-order-field__hint">{t('protect.attachHint')}</p>
          <StepField
            label={t('protect.takeProfit')}
            value={form.takeProfit}
            inputMode="decimal"
            testId="order-take-profit"
            error={form.fieldError('takeProfit')}
            onChange={form.setTakeProfit}
            onStep={form.stepTakeProfit}
          />
          <StepField
            label={t('protect.stopLoss')}
            value={form.stopLoss}
            inputMode="decimal"
            testId="order-stop-loss"
            error={form.fieldError('stopLoss')}
            onChange={form.setStopLoss}
            onStep={form.stepStopLoss}
          />
        </>
      )}
    </div>
  );
}

/** The order in words, once every field is right (SPEC §13.2). */
export function useFormSentence(form: OrderForm): string | null {
  const say = useOrderSentence();
  if (!form.sentence) return null;
  return say({
    name: form.quote.name,
    market: form.market,
    sentence: form.sentence,
    expiresAt: waits(form.orderType) ? form.expiresAt : null,
    takeProfit: form.takeProfitSent,
    stopLoss: form.stopLossSent,
  });
}

export function OrderSentenceText({ form }: { form: OrderForm }) {
  const sentence = useFormSentence(form);
  if (!sentence) return null;
  return (
    <p className="kb-order-sentence" data-testid="order-sentence" aria-live="polite">
      {sentence}
    </p>
  );
}
