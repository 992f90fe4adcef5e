import { z } from 'zod';
import type { Language } from './enums';
import { fillTemplate } from './message-catalog';
import { type MessageParam, zMessageParam } from './messages';

/**
 * Reasons the server gives of its own (a day-trading application the session close overtook), as
 * a key with figures the reader's app writes in the reader's language (SPEC §12: no English in cn
 * or jp). A reason an operator typed is sent as typed, never through here.
 */
export const REASON_TEMPLATES = {
  daytrade_not_reviewed: {
    cn: '在收盘（{close}）前未完成审核',
    us: 'not reviewed before the session close ({close})',
    jp: '大引け（{close}）までに審査が完了しませんでした',
  },
  daytrade_approved_after_close: {
    cn: '在收盘（{close}）后才获批准',
    us: 'approved after the session close ({close})',
    jp: '大引け（{close}）の後に承認されました',
  },
} as const satisfies Record<string, Record<Language, string>>;

export type ReasonKey = keyof typeof REASON_TEMPLATES;

/**
 * The schema names no key, so the API's schemas do not carry the texts into the app's first
 * screen (as with site messages); a key the app does not know falls back to the plain `reason`.
 */
export const zReasonTemplate = z.lazy(() =>
  z.object({
    key: z.string().describe('a key of REASON_TEMPLATES (packages/contract/src/reasons.ts)'),
    params: z.record(z.string(), zMessageParam),
  }),
);
export interface ReasonTemplate {
  key: ReasonKey;
  params: Record<string, MessageParam>;
}

/** A server reason in one language, each figure written by `format`; null for a key this build does not know. */
export function renderReason(
  template: { key: string; params: Record<string, MessageParam> },
  language: Language,
  format: (param: MessageParam, language: Language) => string,
): string | null {
  if (!Object.hasOwn(REASON_TEMPLATES, template.key)) return null;
  return fillTemplate(
    REASON_TEMPLATES[template.key as ReasonKey][language],
    template.params,
    language,
    format,
  );
}
