/**
 * Intl formatters are costly to make (a locale lookup each) and cheap to reuse: every screen
 * gets them from here, one per locale and options.
 */
const numberFormats = new Map<string, Intl.NumberFormat>();
const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();

export function numberFormat(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, options);
    numberFormats.set(key, format);
  }
  return format;
}

export function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = dateTimeFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options);
    dateTimeFormats.set(key, format);
  }
  return format;
}

/**
 * The first Intl formatter of a page load starts the browser's internationalisation library
 * (about 20 ms on a desktop, four times that on a mid-range phone), and the first with a time
 * zone reads the zone data. Done on its own while the app waits for the server, that cost no
 * longer lands in the first render of a screen full of prices.
 */
export function prepareFormatters(locale: string, timeZone: string): void {
  numberFormat(locale, {}).format(0);
  dateTimeFormat(locale, { timeZone, hour: '2-digit', minute: '2-digit' }).format(0);
}
