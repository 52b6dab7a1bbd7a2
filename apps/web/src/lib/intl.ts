/**
 * Intl's formatters, made once per language and options and then reused. Making one is the
 * slow part (a trip's page formats a date range per stage, place and day: each new
 * DateTimeFormat cost about as much as drawing the row); formatting with one is quick.
 */
const formatters = new Map<string, unknown>();

function cached<T>(
  kind: string,
  locales: string | readonly string[] | undefined,
  options: object | undefined,
  make: () => T,
): T {
  const key = `${kind}|${JSON.stringify(locales ?? null)}|${JSON.stringify(options ?? null)}`;
  let formatter = formatters.get(key) as T | undefined;
  if (formatter === undefined) {
    formatter = make();
    formatters.set(key, formatter);
  }
  return formatter;
}

type Locales = string | string[] | undefined;

export function dateTimeFormat(locales?: Locales, options?: Intl.DateTimeFormatOptions) {
  return cached('date', locales, options, () => new Intl.DateTimeFormat(locales, options));
}

export function numberFormat(locales?: Locales, options?: Intl.NumberFormatOptions) {
  return cached('number', locales, options, () => new Intl.NumberFormat(locales, options));
}

export function relativeTimeFormat(locales?: Locales, options?: Intl.RelativeTimeFormatOptions) {
  return cached('relative', locales, options, () => new Intl.RelativeTimeFormat(locales, options));
}

/** "in 5 minutes", "in 30 seconds"… in `language`, for a wait of `seconds`. */
export function retryWhen(seconds: number, language: string): string {
  const format = relativeTimeFormat(language, { numeric: 'auto' });
  if (seconds < 60) return format.format(Math.max(1, Math.ceil(seconds)), 'second');
  if (seconds < 3600) return format.format(Math.ceil(seconds / 60), 'minute');
  return format.format(Math.ceil(seconds / 3600), 'hour');
}

export function displayNames(locales: Locales, options: Intl.DisplayNamesOptions) {
  return cached('names', locales, options, () => new Intl.DisplayNames(locales, options));
}

export function listFormat(locales?: Locales, options?: Intl.ListFormatOptions) {
  return cached('list', locales, options, () => new Intl.ListFormat(locales, options));
}

/**
 * Makes the page's first date formatter ahead of need. The first `Intl.DateTimeFormat` of a
 * page loads the language's calendar data (13–21 ms on a desktop, four times that on a slow
 * phone); any later one takes a fraction of a millisecond. Called while the app waits for a
 * page's data, it keeps that cost out of the page's first render.
 */
export function prepareDateFormats(language: string): void {
  dateTimeFormat(language, { dateStyle: 'medium' }).format(0);
}
