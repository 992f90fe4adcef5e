import { CURRENCY_DECIMALS, type Currency, Decimal } from '@kabuto/contract';

export interface Wallet {
  currency: Currency;
  totalAssets: string;
}

export interface Rate {
  from: Currency;
  to: Currency;
  /** Units of `to` per one `from` at mid market. */
  mid: string;
}

/**
 * Every wallet's total assets in one display currency at current mid rates (SPEC §1, §6.4).
 * A pair missing from the rates is taken from its reverse; a wallet that cannot be converted
 * makes the total unknown (null) rather than quietly smaller. Rounded half up to the display
 * currency's decimals.
 */
export function consolidatedTotal(
  wallets: readonly Wallet[],
  rates: readonly Rate[],
  display: Currency,
): string | null {
  let total = new Decimal(0);
  for (const wallet of wallets) {
    const amount = new Decimal(wallet.totalAssets);
    if (wallet.currency === display) {
      total = total.plus(amount);
      continue;
    }
    const direct = rates.find((r) => r.from === wallet.currency && r.to === display);
    const reverse = rates.find((r) => r.from === display && r.to === wallet.currency);
    if (direct) total = total.plus(amount.times(direct.mid));
    else if (reverse && !new Decimal(reverse.mid).isZero()) total = total.plus(amount.div(reverse.mid));
    else return null;
  }
  return total
    .toDecimalPlaces(CURRENCY_DECIMALS[display], Decimal.ROUND_HALF_UP)
    .toFixed(CURRENCY_DECIMALS[display]);
}
