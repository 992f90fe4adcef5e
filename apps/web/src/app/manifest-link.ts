import type { Language } from '@kabuto/contract';

/** The manifest in the reader's language: the installed app's name is in their words (SPEC §13.3). */
export function linkManifest(language: Language, doc: Document = document): void {
  let link = doc.querySelector<HTMLLinkElement>('link[rel="manifest"]');
  if (!link) {
    link = doc.createElement('link');
    link.rel = 'manifest';
    doc.head.appendChild(link);
  }
  link.href = `./manifest.${language}.webmanifest`;
}
