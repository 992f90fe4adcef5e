import { useId } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A number typed or stepped (−/+). The text is kept as typed so the form can name a wrong value
 * as the user types instead of silently clamping it.
 */
export function StepField({
  label,
  hint,
  value,
  inputMode,
  testId,
  error,
  onChange,
  onStep,
  onEdit,
}: {
  label: string;
  hint?: string | null;
  value: string;
  inputMode: 'decimal' | 'numeric';
  testId: string;
  error: string | null;
  onChange: (value: string) => void;
  onStep: (steps: number) => void;
  /** Called after every change, typed or stepped (e.g. to clear what the server last refused). */
  onEdit?: () => void;
}) {
  const { t } = useTranslation('trading');
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
          aria-label={`${t('sheet.decrease')} ${label}`}
          onClick={() => {
            onStep(-1);
            onEdit?.();
          }}
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
          onChange={(event) => {
            onChange(event.target.value);
            onEdit?.();
          }}
        />
        <button
          type="button"
          className="kb-stepper__button"
          aria-label={`${t('sheet.increase')} ${label}`}
          onClick={() => {
            onStep(1);
            onEdit?.();
          }}
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
