/** What the server accepts as an ID number once spaces are gone (passport, My Number, resident ID). */
const ID_NUMBER_PATTERN = /^[A-Za-z0-9-]{4,40}$/;
export const NAME_MAX = 100;

export function normalizeIdNumber(text: string): string {
  return text.normalize('NFKC').replace(/\s+/g, '');
}

export type IdNumberProblem = 'required' | 'invalid';

/** SPEC §6.6: the ID number is required; letters, digits and hyphens, 4 to 40 of them. */
export function idNumberProblem(text: string | undefined): IdNumberProblem | null {
  const value = normalizeIdNumber(text ?? '');
  if (!value) return 'required';
  return ID_NUMBER_PATTERN.test(value) ? null : 'invalid';
}

export type NameProblem = 'required' | 'long';

export function nameProblem(text: string | undefined): NameProblem | null {
  const value = (text ?? '').normalize('NFKC').replace(/\s+/g, ' ').trim();
  if (!value) return 'required';
  return value.length > NAME_MAX ? 'long' : null;
}

/**
 * Names compare without regard to width, case or spacing, as the server compares a card holder
 * with the verified name (SPEC §6.6): "山田　太郎" equals "山田太郎".
 */
export function sameName(a: string, b: string): boolean {
  const norm = (s: string) => s.normalize('NFKC').replace(/\s+/g, '').toLowerCase();
  return norm(a) === norm(b);
}
