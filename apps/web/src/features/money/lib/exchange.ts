import { type Currency, Decimal, decimalToMinor, minorToDecimal } from '@kabuto/contract';
import { amountMinor } from '../../../shared/forms/amount';

export interface Rate {
  from: Currency;
  to: Currency;
  mid: string;
  rate: string;
}

export function findRate(list: readonly Rate[] | undefined, from: Currency, to: Currency): Rate | null {
  return list?.find((r) => r.from === from && r.to === to) ?? null;
}

/**
 * What the customer receives (SPEC §6.4): the amount at the customer rate (mid less the spread),
 * rounded down to the target currency's minor unit like the server does, so the preview never
 * promises more than the exchange pays.
 */
export function exchangePreview(
  amountText: string,
  from: Currency,
  to: Currency,
  rate: string | null | undefined,
): { fromMinor: number; toMinor: number; toAmount: string } | null {
  if (!rate || from === to) return null;
  const fromMinor = amountMinor(amountText, from);
  if (fromMinor === null || fromMinor <= 0) return null;
  let applied: Decimal;
  try {
    applied = new Decimal(rate);
  } catch {
    return null;
  }
  if (!applied.isFinite() || applied.lte(0)) return null;
  const fromAmount = new Decimal(minorToDecimal(fromMinor, from));
  const toMinor = decimalToMinor(fromAmount.times(applied), to, Decimal.ROUND_DOWN);
  return { fromMinor, toMinor, toAmount: minorToDecimal(toMinor, to) };
}

/** A rate for display: enough significant digits for 1 JPY → USD and 1 USD → VND alike. */
export function formatRate(rate: string | null | undefined): string {
  if (!rate) return '—';
  try {
    const d = new Decimal(rate);
    if (!d.isFinite() || d.lte(0)) return '—';
    return d.toSignificantDigits(6, Decimal.ROUND_HALF_UP).toFixed();
  } catch {
    return '—';
  }
}
