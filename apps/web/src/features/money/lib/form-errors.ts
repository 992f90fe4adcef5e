/**
 * Which form field a server refusal belongs under (SPEC §12: forms name the wrong field). The
 * server names the field for most refusals; a few keys always concern one field.
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

export function fieldOfRefusal(
  key: string,
  field: string | undefined,
  fields: readonly string[],
): string | null {
  const named = field && fields.includes(field) ? field : null;
  if (named) return named;
  const byKey = KEY_FIELD[key];
  return byKey && fields.includes(byKey) ? byKey : null;
}
