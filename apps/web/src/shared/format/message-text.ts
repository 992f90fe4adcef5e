import {
  LANGUAGE_LOCALE,
  type Language,
  MESSAGE_WORDS,
  type MessageParam,
  type MessageTemplate,
  renderMessage,
  renderReason,
} from '@kabuto/contract';
import { numberFormat } from './intl';
import { formatMoneyWithSymbol } from './money';
import { formatPrice } from './price';
import { formatDay, formatWhen } from './time';

/** One figure of a message in the reader's rules: "JP¥5,000,000", "3,177.0", "2026/11/17 10:00 JST". */
export function formatMessageParam(param: MessageParam, language: Language): string {
  if ('money' in param) return formatMoneyWithSymbol(param.money, param.currency, language);
  if ('price' in param) return formatPrice(param.price, param.price.split('.')[1]?.length ?? 0, language);
  if ('count' in param) return numberFormat(LANGUAGE_LOCALE[language], {}).format(param.count);
  if ('date' in param)
    return /^\d{4}-\d{2}-\d{2}$/.test(param.date)
      ? formatDay(param.date, language)
      : formatWhen(param.date, language, param.market ?? 'reader');
  if ('word' in param) return MESSAGE_WORDS[param.word][language];
  return param.text;
}

/**
 * A message's title and body as the reader sees them: a catalogue message written from its key
 * and figures in the reader's language; an operator's (or an unknown key) as the server stored it.
 */
export function messageText(
  message: {
    title: string;
    body: string;
    template: { key: string; params: MessageTemplate['params'] } | null;
  },
  language: Language,
): { title: string; body: string } {
  const rendered = message.template ? renderMessage(message.template, language, formatMessageParam) : null;
  return rendered ?? { title: message.title, body: message.body };
}

/**
 * A review's reason as the reader reads it: the server's own (a key with figures) in the reader's
 * language, an operator's as typed; null when there is none.
 */
export function reasonText(
  review: { reason: string | null; reasonMessage: { key: string; params: MessageTemplate['params'] } | null },
  language: Language,
): string | null {
  const own = review.reasonMessage ? renderReason(review.reasonMessage, language, formatMessageParam) : null;
  return own ?? review.reason;
}
