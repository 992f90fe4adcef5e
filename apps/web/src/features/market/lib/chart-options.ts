/** Indicators the chart offers (SPEC §2 /quotes/info: main and sub indicators). */
export const MAIN_INDICATORS = ['MA', 'EMA', 'BOLL'] as const;
export type MainIndicator = (typeof MAIN_INDICATORS)[number];
export const SUB_INDICATORS = ['VOL', 'MACD', 'KDJ', 'RSI'] as const;
export type SubIndicator = (typeof SUB_INDICATORS)[number];

export function oneOf<T extends string>(list: readonly T[], value: unknown): T | undefined {
  return list.find((item) => item === value);
}
