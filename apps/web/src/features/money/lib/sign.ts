/** The sign of a wire decimal: 1, -1 or 0; null when it is not a number. */
export function signOf(value: string | null | undefined): -1 | 0 | 1 | null {
  const text = (value ?? '').trim();
  if (!/^[+-]?\d+(\.\d+)?$/.test(text)) return null;
  if (/^[+-]?0+(\.0+)?$/.test(text)) return 0;
  return text.startsWith('-') ? -1 : 1;
}
