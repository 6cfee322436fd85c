import { searchModel, type Shape } from './model.js';

const patternCache = new Map<string, RegExp | null>();

function compilePattern(pattern: string): RegExp | null {
  if (!patternCache.has(pattern)) {
    let regex: RegExp | null = null;
    try {
      regex = new RegExp(`^(?:${pattern})$`, 'u');
    } catch {
      try {
        regex = new RegExp(`^(?:${pattern})$`);
      } catch {
        regex = null;
      }
    }
    patternCache.set(pattern, regex);
  }
  return patternCache.get(pattern)!;
}

function show(value: unknown): string {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

function checkShape(shapeName: string, value: unknown, path: string, errors: string[]): void {
  const shape: Shape | undefined = searchModel().shapes[shapeName];
  if (!shape || value === null || value === undefined) return;
  const fail = (constraint: string): void => void errors.push(`Value '${show(value)}' at '${path}' failed to satisfy constraint: ${constraint}`);
  const checkLength = (length: number, unit: string) => {
    if (shape.min !== undefined && length < shape.min) fail(`Member must have ${unit} greater than or equal to ${shape.min}`);
    if (shape.max !== undefined && length > shape.max) fail(`Member must have ${unit} less than or equal to ${shape.max}`);
  };
  switch (shape.type) {
    case 'structure': {
      if (typeof value !== 'object' || Array.isArray(value)) return fail('Member must be an object');
      const record = value as Record<string, unknown>;
      for (const name of shape.required ?? []) {
        if (record[name] === undefined || record[name] === null) {
          errors.push(`Value null at '${path ? `${path}.` : ''}${name}' failed to satisfy constraint: Member must not be null`);
        }
      }
      for (const [name, member] of Object.entries(shape.members ?? {})) {
        if (record[name] !== undefined) checkShape(member.shape, record[name], path ? `${path}.${name}` : name, errors);
      }
      return;
    }
    case 'list': {
      if (!Array.isArray(value)) return fail('Member must be a list');
      checkLength(value.length, 'length');
      value.forEach((item, index) => checkShape(shape.member!.shape, item, `${path}.${index + 1}.member`, errors));
      return;
    }
    case 'map': {
      if (typeof value !== 'object' || Array.isArray(value)) return fail('Member must be a map');
      const entries = Object.entries(value as Record<string, unknown>);
      checkLength(entries.length, 'length');
      for (const [key, item] of entries) {
        checkShape(shape.key!.shape, key, `${path}.${key}.key`, errors);
        checkShape(shape.value!.shape, item, `${path}.${key}.value`, errors);
      }
      return;
    }
    case 'string': {
      if (typeof value !== 'string') return fail('Member must be a string');
      checkLength([...value].length, 'length');
      if (shape.enum && !shape.enum.includes(value)) fail(`Member must satisfy enum value set: [${shape.enum.join(', ')}]`);
      const regex = shape.pattern ? compilePattern(shape.pattern) : null;
      if (regex && !regex.test(value)) fail(`Member must satisfy regular expression pattern: ${shape.pattern}`);
      return;
    }
    case 'integer':
    case 'long': {
      if (typeof value !== 'number' || !Number.isInteger(value)) return fail('Member must be an integer');
      if (shape.min !== undefined && value < shape.min) fail(`Member must have value greater than or equal to ${shape.min}`);
      if (shape.max !== undefined && value > shape.max) fail(`Member must have value less than or equal to ${shape.max}`);
      return;
    }
    case 'float':
    case 'double':
      if (typeof value !== 'number') fail('Member must be a number');
      return;
    case 'boolean':
      if (typeof value !== 'boolean') fail('Member must be a boolean');
      return;
    case 'timestamp':
      if (!(typeof value === 'number' && Number.isFinite(value)) && !(typeof value === 'string' && ISO_DATE.test(value))) {
        fail('Member must be a timestamp (epoch seconds or ISO 8601)');
      }
      return;
    case 'blob':
      if (typeof value !== 'string' || !BASE64.test(value.replace(/\s+/g, ''))) fail('Member must be base64-encoded data');
      return;
  }
}

/**
 * Checks `input` against the model's input shape of `operation`: required members, types,
 * lengths, ranges, enums and patterns (which must match the whole value, as the real service
 * checks them). Returns one message per problem, in the wording of the real service; empty when
 * the input is valid. Members the model does not know are ignored, as the real service does.
 */
export function validateSearchInput(operation: string, input: unknown): string[] {
  const shape = searchModel().operations[operation]?.input?.shape;
  const errors: string[] = [];
  if (shape) checkShape(shape, input, '', errors);
  return errors;
}
