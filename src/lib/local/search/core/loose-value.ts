import type { AttrValue } from './attributes.js';
import type { FieldConfig } from './fields.js';

/**
 * A plain JSON or CSV value (as FAQ files and S3 metadata sidecars write attributes) as a
 * value of the index field `key`: strings, numbers, lists of strings, ISO dates. Throws an
 * `Error` starting with `where` when the field is unknown or the value does not fit its type.
 */
export function typedValue(key: string, raw: unknown, fields: ReadonlyMap<string, FieldConfig>, where: string): AttrValue {
  const field = fields.get(key);
  if (!field) throw new Error(`${where}: ${key} is not a field of the index; add it with UpdateIndex first`);
  switch (field.Type) {
    case 'STRING_VALUE':
      if (typeof raw === 'string' || typeof raw === 'number') return { t: 'STRING_VALUE', v: String(raw) };
      break;
    case 'STRING_LIST_VALUE':
      if (Array.isArray(raw) && raw.every((item) => typeof item === 'string')) return { t: 'STRING_LIST_VALUE', v: raw };
      if (typeof raw === 'string') return { t: 'STRING_LIST_VALUE', v: [raw] };
      break;
    case 'LONG_VALUE': {
      const value = typeof raw === 'string' && /^-?\d+$/.test(raw.trim()) ? Number(raw) : raw;
      if (typeof value === 'number' && Number.isInteger(value)) return { t: 'LONG_VALUE', v: value };
      break;
    }
    case 'DATE_VALUE': {
      const value = typeof raw === 'string' ? Date.parse(raw) : typeof raw === 'number' ? raw * 1000 : NaN;
      if (!Number.isNaN(value)) return { t: 'DATE_VALUE', v: value };
      break;
    }
  }
  throw new Error(`${where}: the value of ${key} is not a ${field.Type}`);
}
