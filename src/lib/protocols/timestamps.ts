/**
 * Timestamp conversions. Input timestamps may be a `Date`, an ISO 8601 string (UTC when it has
 * no zone) or a number of epoch seconds; output timestamps become `Date`s.
 */

/** ISO 8601 date or date-time, optionally with fraction and zone. */
export const ISO_8601 = /^\d{4}-\d{2}-\d{2}(?:[Tt ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?([Zz]|[+-]\d{2}(?::?\d{2})?)?)?$/;
const NUMERIC = /^-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?$/;

/**
 * The `Date` of an input timestamp value, or undefined when it is not one. `lenient` also
 * accepts numeric strings (epoch seconds) and any text `Date.parse` reads (RFC 822 in headers).
 */
export function toDate(value: unknown, lenient = false): Date | undefined {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? undefined : value;
  if (typeof value === 'number') return Number.isFinite(value) ? new Date(value * 1000) : undefined;
  if (typeof value !== 'string') return undefined;
  const text = value.trim();
  const iso = ISO_8601.exec(text);
  let ms: number;
  if (iso) {
    // A date-time without a zone is UTC (botocore's rule), not local time; `+02` means `+02:00`.
    const zone = iso[1];
    ms = Date.parse(text.length > 10 && zone === undefined ? `${text}Z` : zone?.length === 3 ? `${text}:00` : text);
  } else if (!lenient) {
    return undefined;
  } else if (NUMERIC.test(text)) {
    ms = Number(text) * 1000;
  } else {
    ms = Date.parse(text);
  }
  return Number.isNaN(ms) ? undefined : new Date(ms);
}

/** Epoch seconds, with the milliseconds as a fraction. */
export function epochSeconds(date: Date): number {
  return date.getTime() / 1000;
}

/**
 * `2024-01-02T03:04:05Z`, or `…05.123Z` when there are milliseconds. Made from the date's UTC
 * fields: on Node 20, the first toISOString() of a process sets up ICU's time zone (it reads
 * /etc/localtime, about 0.2 ms) although it prints UTC. A year outside 0–9999 (or an invalid
 * date, which throws a RangeError) goes through toISOString().
 */
export function iso8601(date: Date): string {
  const year = date.getUTCFullYear();
  if (!(year >= 0 && year <= 9999)) {
    const text = date.toISOString();
    return text.endsWith('.000Z') ? `${text.slice(0, -5)}Z` : text;
  }
  const ms = date.getUTCMilliseconds();
  const fraction = ms === 0 ? '' : ms < 10 ? `.00${ms}` : ms < 100 ? `.0${ms}` : `.${ms}`;
  return `${String(year).padStart(4, '0')}-${twoDigits(date.getUTCMonth() + 1)}-${twoDigits(date.getUTCDate())}T${twoDigits(date.getUTCHours())}:${twoDigits(date.getUTCMinutes())}:${twoDigits(date.getUTCSeconds())}${fraction}Z`;
}

const twoDigits = (value: number): string => (value < 10 ? `0${value}` : `${value}`);

/** `Tue, 02 Jan 2024 03:04:05 GMT` (whole seconds). */
export function rfc822(date: Date): string {
  return date.toUTCString();
}

/** Formats a date in a model `timestampFormat` (`unixTimestamp`, `iso8601`, `rfc822`). */
export function formatTimestamp(date: Date, format: string): number | string {
  switch (format.toLowerCase()) {
    case 'iso8601':
      return iso8601(date);
    case 'rfc822':
      return rfc822(date);
    default:
      return epochSeconds(date);
  }
}
