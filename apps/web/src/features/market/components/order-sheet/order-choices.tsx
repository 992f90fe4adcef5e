import { useTranslation } from 'react-i18next';
import { formatWhen } from '../../../../shared/format/time';
import { useLanguage } from '../../../../shared/i18n/setup';
import { ORDER_KINDS } from '../../../../shared/trading/order-form';
import type { OrderForm } from './use-order-form';

/** Normal or day mode, offered while a day-trading application is approved for today (SPEC §6.5). */
export function ModeChoice({ form }: { form: OrderForm }) {
  const { t } = useTranslation('trading');
  const language = useLanguage();
  const active = form.dayActive;
  if (!active) return null;
  return (
    <fieldset className="kb-order-field" data-testid="order-mode">
      <legend className="kb-order-field__label">{t('dayMode.label')}</legend>
      <div className="kb-segmented">
        {(['normal', 'day'] as const).map((m) => (
          <button
            key={m}
            type="button"
            aria-pressed={form.mode === m}
            data-testid={`order-mode-${m}`}
            className={`kb-segmented__item ${form.mode === m ? 'is-active' : ''}`}
            onClick={() => form.setMode(m)}
          >
            {t(`mode.${m}`)}
          </button>
        ))}
      </div>
      {form.mode === 'day' && (
        <p className="kb-muted kb-order-field__hint" data-testid="order-mode-hint">
          {t('dayMode.hint', {
            time: formatWhen(active.closeAt, language, active.market),
            leverage: active.leverage,
          })}
        </p>
      )}
    </fieldset>
  );
}

/** Long or short, in the direction's colour. */
export function DirectionChoice({ form }: { form: OrderForm }) {
  const { t } = useTranslation('trading');
  return (
    <fieldset className="kb-order-field">
      <legend className="kb-order-field__label">{t('sheet.direction')}</legend>
      <div className="kb-segmented">
        {(['long', 'short'] as const).map((d) => (
          <button
            key={d}
            type="button"
            aria-pressed={form.direction === d}
            data-testid={`order-direction-${d}`}
            className={`kb-segmented__item kb-segmented__item--${d} ${form.direction === d ? 'is-active' : ''}`}
            onClick={() => form.setDirection(d)}
          >
            {t(`direction.${d}`)}
          </button>
        ))}
      </div>
    </fieldset>
  );
}

/** Market, limit, stop, stop-limit or trailing stop (SPEC §6.3, §13.2). */
export function TypeChoice({ form }: { form: OrderForm }) {
  const { t } = useTranslation('trading');
  return (
    <fieldset className="kb-order-field" data-testid="order-type">
      <legend className="kb-order-field__label">{t('sheet.type')}</legend>
      <div className="kb-chips">
        {ORDER_KINDS.map((k) => (
          <button
            key={k}
            type="button"
            aria-pressed={form.orderType === k}
            data-testid={`order-type-${k}`}
            className={`kb-chip ${form.orderType === k ? 'is-active' : ''}`}
            onClick={() => form.setOrderType(k)}
          >
            {t(`orderType.${k}`)}
          </button>
        ))}
      </div>
    </fieldset>
  );
}

/** The leverage choices the operator configured (SPEC §4). */
export function LeverageChoice({ form }: { form: OrderForm }) {
  const { t } = useTranslation('trading');
  const error = form.fieldError('leverage');
  return (
    <fieldset className="kb-order-field">
      <legend className="kb-order-field__label">{t('sheet.leverage')}</legend>
      <div className="kb-chips">
        {form.leverageChoices.map((choice) => (
          <button
            key={choice}
            type="button"
            aria-pressed={form.leverage === choice}
            data-testid={`order-leverage-${choice}`}
            className={`kb-chip ${form.leverage === choice ? 'is-active' : ''}`}
            onClick={() => form.setLeverage(choice)}
          >
            {t('leverageValue', { value: choice })}
          </button>
        ))}
      </div>
      {error && <p className="kb-field-error">{error}</p>}
    </fieldset>
  );
}
