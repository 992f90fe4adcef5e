import type { Language } from '@kabuto/contract';

/** Direction of a change; `flat` for zero and for values that are not numbers. */
export type Trend = 'up' | 'down' | 'flat';

/** Price-colour setting (SPEC §12): follow the language's convention or force one. */
export const COLOR_SCHEMES = ['auto', 'redUp', 'greenUp'] as const;
export type ColorScheme = (typeof COLOR_SCHEMES)[number];
export type TrendColor = 'red' | 'green' | 'neutral';

/** Never colour alone (SPEC §12): an arrow goes with the colour. */
export const TREND_ARROW: Record<Trend, string> = { up: '▲', down: '▼', flat: '' };

export function upColorOf(language: Language, scheme: ColorScheme): 'red' | 'green' {
  if (scheme === 'redUp') return 'red';
  if (scheme === 'greenUp') return 'green';
  return language === 'us' ? 'green' : 'red';
}

export function trendColor(trend: Trend, language: Language, scheme: ColorScheme): TrendColor {
  if (trend === 'flat') return 'neutral';
  const up = upColorOf(language, scheme);
  if (trend === 'up') return up;
  return up === 'red' ? 'green' : 'red';
}
