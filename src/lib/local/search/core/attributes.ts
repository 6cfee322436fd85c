import { parseTimestamp, dateOf } from './time.js';
import type { DocumentAttributeValue } from '../../../services/search/types.js';

/**
 * A document attribute value as stored and compared: strings, string lists, longs, and dates
 * as epoch milliseconds.
 */
export type AttrValue =
  { t: 'STRING_VALUE'; v: string } | { t: 'STRING_LIST_VALUE'; v: string[] } | { t: 'LONG_VALUE'; v: number } | { t: 'DATE_VALUE'; v: number };

/** A document's attributes by key. */
export type AttrMap = Record<string, AttrValue>;

/**
 * Reads a model `DocumentAttributeValue` (exactly one of its members set); a date may be epoch
 * seconds or ISO 8601. Throws an `Error` with a one-line reason when it is not one value.
 */
export function fromWireValue(value: object | undefined, key: string): AttrValue {
  const members = Object.entries(value ?? {}).filter(([, member]) => member !== undefined && member !== null);
  if (members.length !== 1) {
    throw new Error(`the value of ${key} must set exactly one of StringValue, StringListValue, LongValue, DateValue`);
  }
  const [member, raw] = members[0]!;
  switch (member) {
    case 'StringValue':
      if (typeof raw !== 'string') break;
      return { t: 'STRING_VALUE', v: raw };
    case 'StringListValue':
      if (!Array.isArray(raw) || raw.some((item) => typeof item !== 'string')) break;
      return { t: 'STRING_LIST_VALUE', v: raw as string[] };
    case 'LongValue':
      if (typeof raw !== 'number' || !Number.isInteger(raw)) break;
      return { t: 'LONG_VALUE', v: raw };
    case 'DateValue':
      return { t: 'DATE_VALUE', v: parseTimestamp(raw, `the DateValue of ${key}`) };
  }
  throw new Error(`the value of ${key} has an invalid ${member}`);
}

/** A stored value in the model's `DocumentAttributeValue` form. */
export function toWireValue(value: AttrValue): DocumentAttributeValue {
  switch (value.t) {
    case 'STRING_VALUE':
      return { StringValue: value.v };
    case 'STRING_LIST_VALUE':
      return { StringListValue: value.v };
    case 'LONG_VALUE':
      return { LongValue: value.v };
    case 'DATE_VALUE':
      return { DateValue: dateOf(value.v) };
  }
}
