import type { TFunction } from 'i18next';
import { isCardType } from '../lib/card';

/** Card types added here are stored as codes and shown translated; anything else as typed. */
export function cardTypeLabel(t: TFunction<'identity'>, cardType: string): string {
  return isCardType(cardType) ? t(`cardType.${cardType}`) : cardType;
}
