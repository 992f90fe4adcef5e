import type { Language } from '@kabuto/contract';

/** The manifest in the reader's language: the installed app's name is in their words (SPEC §13.3). */
export function linkManifest(language: Language, doc: Document = document): void {
  const link = doc.querySelector<HTMLLinkElement>('link[rel="manifest"]');
  if (link) link.href = `./manifest.${language}.webmanifest`;
}
