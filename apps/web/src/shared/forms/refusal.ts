import type { FormInstance } from 'antd-mobile/es/components/form';
import { type ApiError, isApiError } from '../api/client';
import { translateErrorKey } from '../i18n/setup';
import { toastError } from '../ui/toast';

/**
 * Refusal keys that always concern one field, whether or not the server names it (SPEC §12: forms
 * name the wrong field). Any `amount_…` or `fund_password_…` key belongs under that field too.
 */
const KEY_FIELD: Record<string, string> = {
  fund_password_wrong: 'fund_password',
  amount_required: 'amount',
  amount_below_min: 'amount',
  amount_above_max: 'amount',
  balance_insufficient: 'amount',
  card_missing: 'card_id',
  same_currency: 'to',
};

/** The field prefixes whose keys are about that field (`amount_invalid`, `fund_password_locked`). */
const KEY_PREFIX_FIELDS = ['amount', 'fund_password'] as const;

/**
 * Which of `fields` a server refusal belongs under, or null for a toast: the field the server
 * names, else the page's own `keyFields` (a key about a field that has another name there, such as
 * lots for an amount), else the key's usual field.
 */
export function fieldOfRefusal(
  key: string,
  field: string | undefined,
  fields: readonly string[],
  keyFields: Readonly<Record<string, string>> = {},
): string | null {
  const candidates = [
    field,
    keyFields[key],
    KEY_FIELD[key],
    KEY_PREFIX_FIELDS.find((prefix) => key.startsWith(`${prefix}_`)),
  ];
  return candidates.find((name): name is string => name !== undefined && fields.includes(name)) ?? null;
}

/** What a page says under a field for a refusal, where it says more than the key's own text. */
export type RefusalMessage = (error: ApiError) => string | undefined;

/**
 * Shows a refusal (HTTP 200 with an error key) under the field it concerns, or as a toast, and
 * returns it so the page can follow up (refetch what changed); other failures are already said
 * by the client and return null.
 */
export function showRefusal(
  form: Pick<FormInstance, 'setFields'>,
  error: unknown,
  fields: readonly string[],
  options: { keyFields?: Readonly<Record<string, string>>; message?: RefusalMessage } = {},
): ApiError | null {
  if (!isApiError(error) || error.httpStatus !== 200) return null;
  const field = fieldOfRefusal(error.key, error.field, fields, options.keyFields);
  if (field)
    form.setFields([{ name: field, errors: [options.message?.(error) ?? translateErrorKey(error.key)] }]);
  else toastError(error.key);
  return error;
}
