import { ALERT_KINDS, ALERT_REPEATS, type Alert, type AlertKind, type AlertRepeat } from '@kabuto/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Input, Popup, Selector } from 'antd-mobile';
import { CloseOutline } from 'antd-mobile-icons';
import type { TFunction } from 'i18next';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../api/client';
import { translateErrorKey, useLanguage } from '../i18n/setup';
import { ListSkeleton } from '../ui/skeletons';
import { toastDone } from '../ui/toast';
import { AlertItem } from './alert-item';
import { formatAlertNumber, isPercentKind } from './alert-text';
import { type AlertDraft, confirmRemoveAlert, saveAlert, useAlerts } from './api';
import './alerts.css';

/** A day change a percentage alert starts from: a move worth hearing about on most days. */
export const DEFAULT_PERCENT = '5';
/** The contract's limits on a value: a price to 6 decimals, a percentage 0.01–100 to 2. */
const PRICE_DECIMALS = 6;
const PERCENT_DECIMALS = 2;
const PERCENT_MAX = 100;

/** What is wrong with a typed value for `kind`, or null. */
export function valueProblem(t: TFunction<'alerts'>, kind: AlertKind, value: string): string | null {
  const text = value.trim();
  if (!/^\d+(\.\d+)?$/.test(text) || Number(text) <= 0) return t('alerts.invalid');
  const decimals = text.split('.')[1]?.length ?? 0;
  if (isPercentKind(kind)) {
    if (decimals > PERCENT_DECIMALS || Number(text) > PERCENT_MAX) return t('alerts.percentRange');
    return null;
  }
  return decimals > PRICE_DECIMALS ? t('alerts.decimals', { n: PRICE_DECIMALS }) : null;
}

function draftFor(kind: AlertKind, price: string | undefined, repeat: AlertRepeat = 'once'): AlertDraft {
  return { kind, value: isPercentKind(kind) ? DEFAULT_PERCENT : (price ?? ''), repeat };
}

/**
 * The price-alert sheet of one stock (SPEC §13.3): a condition (above, below, day change up or
 * down), its value prefilled from the current price, once or daily; below it the stock's alerts,
 * each to edit or remove. `editing` opens it on one alert (from the alerts list).
 */
export function AlertSheet({
  code,
  name,
  price,
  open,
  onClose,
  editing = null,
}: {
  code: string;
  name: string;
  /** The current price, the prefill of a price alert. */
  price: string | undefined;
  open: boolean;
  onClose: () => void;
  editing?: Alert | null;
}) {
  const { t } = useTranslation('alerts');
  const { t: tc } = useTranslation();
  return (
    <Popup
      visible={open}
      onMaskClick={onClose}
      onClose={onClose}
      position="bottom"
      destroyOnClose
      bodyClassName="kb-alert-sheet"
    >
      <div
        className="kb-alert-sheet__inner"
        role="dialog"
        aria-label={t('alerts.title')}
        data-testid="alert-sheet"
      >
        <div className="kb-alert-sheet__head">
          <h2 className="kb-alert-sheet__title">
            {t('alerts.title')}
            <span className="kb-alert-sheet__stock">
              {name} <span className="kb-muted kb-num">{code}</span>
            </span>
          </h2>
          <button type="button" className="kb-icon-button" aria-label={tc('actions.close')} onClick={onClose}>
            <CloseOutline />
          </button>
        </div>
        {open && <AlertSheetBody code={code} price={price} initial={editing} />}
      </div>
    </Popup>
  );
}

function AlertSheetBody({
  code,
  price,
  initial,
}: {
  code: string;
  price: string | undefined;
  initial: Alert | null;
}) {
  const { t } = useTranslation('alerts');
  const { t: tc } = useTranslation();
  const language = useLanguage();
  const client = useQueryClient();
  const alerts = useAlerts(code);
  const [editing, setEditing] = useState<Alert | null>(initial);
  const [draft, setDraft] = useState<AlertDraft>(() =>
    initial ? { kind: initial.kind, value: initial.value, repeat: initial.repeat } : draftFor('above', price),
  );
  const [touched, setTouched] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [fieldRefusal, setFieldRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  // The first quote may arrive after the sheet opened: an untouched price field takes it.
  useEffect(() => {
    if (!touched && !editing && !isPercentKind(draft.kind) && price && draft.value === '')
      setDraft((d) => ({ ...d, value: price }));
  }, [price, touched, editing, draft.kind, draft.value]);

  const problem = touched ? valueProblem(t, draft.kind, draft.value) : null;
  const fieldError = problem ?? fieldRefusal;

  const setKind = (kind: AlertKind) => {
    setRefusal(null);
    setFieldRefusal(null);
    // A price and a percentage are different numbers: changing between them starts afresh.
    setDraft((d) =>
      isPercentKind(kind) === isPercentKind(d.kind) ? { ...d, kind } : draftFor(kind, price, d.repeat),
    );
  };

  const edit = (alert: Alert) => {
    setEditing(alert);
    setDraft({ kind: alert.kind, value: alert.value, repeat: alert.repeat });
    setTouched(false);
    setRefusal(null);
    setFieldRefusal(null);
  };

  const reset = () => {
    setEditing(null);
    setDraft(draftFor('above', price));
    setTouched(false);
  };

  const submit = async () => {
    setTouched(true);
    setRefusal(null);
    setFieldRefusal(null);
    if (valueProblem(t, draft.kind, draft.value)) return;
    setBusy(true);
    try {
      await saveAlert(client, code, { ...draft, value: draft.value.trim() }, editing);
      toastDone(editing ? t('alerts.saved') : t('alerts.added'));
      reset();
    } catch (error) {
      // A refusal (`alert_limit`, `bad_request` on the value) is said here, by its key; other
      // failures were already said by the client.
      if (isApiError(error) && error.httpStatus === 200) {
        if (error.field === 'value') setFieldRefusal(translateErrorKey(error.key));
        else setRefusal(translateErrorKey(error.key));
      }
    } finally {
      setBusy(false);
    }
  };

  const remove = async (alert: Alert) => {
    if ((await confirmRemoveAlert(client, alert, t, tc)) && editing?.id === alert.id) reset();
  };

  const percent = isPercentKind(draft.kind);
  const list = alerts.data?.list ?? [];
  return (
    <div className="kb-alert-sheet__body">
      <div className="kb-alert-sheet__field">
        <div className="kb-alert-sheet__label" id="alert-kind">
          {t('alerts.kind')}
        </div>
        <Selector
          aria-labelledby="alert-kind"
          columns={2}
          options={ALERT_KINDS.map((kind) => ({ label: t(`alerts.kinds.${kind}`), value: kind }))}
          value={[draft.kind]}
          onChange={(values) => values[0] && setKind(values[0])}
        />
      </div>
      <div className="kb-alert-sheet__field">
        <label className="kb-alert-sheet__label" htmlFor="alert-value">
          {percent ? t('alerts.valuePercent') : t('alerts.valuePrice')}
          {price && !percent && (
            <span className="kb-muted kb-num kb-alert-sheet__now">
              {t('alerts.current', { price: formatAlertNumber(price, language) })}
            </span>
          )}
        </label>
        <Input
          id="alert-value"
          className="kb-alert-sheet__input kb-num"
          inputMode="decimal"
          value={draft.value}
          aria-invalid={fieldError ? true : undefined}
          aria-describedby={fieldError ? 'alert-value-error' : undefined}
          onChange={(value) => {
            setTouched(true);
            setFieldRefusal(null);
            setDraft((d) => ({ ...d, value }));
          }}
          clearable
        />
        {fieldError && (
          <div className="kb-field-error" id="alert-value-error" role="alert">
            {fieldError}
          </div>
        )}
      </div>
      <div className="kb-alert-sheet__field">
        <div className="kb-alert-sheet__label" id="alert-repeat">
          {t('alerts.repeat')}
        </div>
        <Selector
          aria-labelledby="alert-repeat"
          columns={2}
          options={ALERT_REPEATS.map((repeat) => ({ label: t(`alerts.repeats.${repeat}`), value: repeat }))}
          value={[draft.repeat]}
          onChange={(values) => values[0] && setDraft((d) => ({ ...d, repeat: values[0] ?? d.repeat }))}
        />
      </div>
      {refusal && (
        <div className="kb-alert-sheet__refusal" role="alert" data-testid="alert-refusal">
          {refusal}
        </div>
      )}
      <div className="kb-alert-sheet__submit">
        {editing && (
          <Button size="large" onClick={reset}>
            {t('alerts.cancelEdit')}
          </Button>
        )}
        <Button block size="large" color="primary" loading={busy} onClick={submit} data-testid="alert-submit">
          {editing ? t('alerts.save') : t('alerts.add')}
        </Button>
      </div>

      <h3 className="kb-alert-sheet__existing">{t('alerts.existing')}</h3>
      {alerts.isPending ? (
        <ListSkeleton rows={2} />
      ) : list.length === 0 ? (
        <p className="kb-muted kb-alert-sheet__none">{t('alerts.none')}</p>
      ) : (
        <ul className="kb-alerts">
          {list.map((alert) => (
            <AlertItem key={alert.id} alert={alert} showStock={false} onEdit={edit} onRemove={remove} />
          ))}
        </ul>
      )}
    </div>
  );
}
