import { type Currency, getUserinfoCall } from '@kabuto/contract';
import { useApiQuery } from '../api/hooks';

/** The available cash of one currency in /user/getUserinfo (`jpy`, `usd`, `cny`), '0' when absent. */
export function walletBalance(info: Record<string, unknown> | undefined, currency: Currency): string {
  const value = info?.[currency.toLowerCase()];
  return typeof value === 'string' ? value : '0';
}

/**
 * What the reader has to spend in `currency`, asked fresh whenever a form opens (undefined while
 * it loads). Amount forms show it beside the field and refuse more than it before confirming.
 */
export function useAvailable(currency: Currency): string | undefined {
  const user = useApiQuery(getUserinfoCall, {}, { refetchOnMount: 'always' });
  return user.data ? walletBalance(user.data as unknown as Record<string, unknown>, currency) : undefined;
}
