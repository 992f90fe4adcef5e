import { z } from 'zod';
import { CURRENCIES, MARKETS } from './enums';

/**
 * Site messages as a key with parameters (SPEC §6.6): the server stores which message it is and
 * the figures in it; the reader's app writes amounts, prices and dates in the reader's language
 * and currency rules. The texts are in message-catalog.ts, once, for both sides: the server also
 * stores them rendered plainly, for a reader that does not know the key.
 */

/** One figure or word of a message, typed so the reader can format it. */
export const zMessageParam = z.lazy(() =>
  z.union([
    z.object({ money: z.string(), currency: z.enum(CURRENCIES) }),
    z.object({ price: z.string() }),
    z.object({ count: z.number() }),
    z.object({
      date: z.string(),
      /** A market event's time reads on that market's clock; without it, on the reader's (SPEC §12). */
      market: z.enum(MARKETS).optional(),
    }),
    z.object({ word: z.enum(['long', 'short']) }),
    z.object({ text: z.string() }),
  ]),
);
export type MessageParam = z.infer<typeof zMessageParam>;

export const zMessageTemplate = z.lazy(() =>
  z.object({
    key: z.string().describe('a key of MESSAGE_TEMPLATES (packages/contract/src/message-catalog.ts)'),
    params: z.record(z.string(), zMessageParam),
  }),
);
