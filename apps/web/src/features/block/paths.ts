import { PATHS } from '../../shared/routing/paths';

/** The block-trade screens (SPEC §2). */
export const BLOCK_PATHS = {
  stocks: PATHS.blockTrade,
  applications: '/home/largeQc',
  apply: '/home/large2',
  application: '/home/large3',
  rules: '/home/large4',
  product: '/home/largeInfo',
} as const;

export const withId = (path: string, id: number) => `${path}?id=${id}`;

/** A positive id from the address, or 0. */
export function idParam(value: string | null): number {
  return value && /^\d{1,15}$/.test(value) ? Number(value) : 0;
}
