import type { Language } from '@kabuto/contract';

/** A tree of translated strings. */
export type Messages = { readonly [key: string]: string | Messages };

/** One namespace of messages in every product language (SPEC §1: cn, us, jp). */
export interface I18nBundle<NS extends string = string, M extends Messages = Messages> {
  ns: NS;
  resources: Record<Language, M>;
}

/**
 * Declares a namespace. The Chinese tree sets the shape; the English and Japanese trees must
 * have exactly the same keys (a missing or extra key is a type error).
 */
export function defineMessages<const NS extends string, M extends Messages>(
  ns: NS,
  resources: { cn: M; us: NoInfer<M>; jp: NoInfer<M> },
): I18nBundle<NS, M> {
  return { ns, resources };
}
