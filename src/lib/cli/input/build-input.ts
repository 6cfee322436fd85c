import { existsSync } from 'node:fs';
import type { ApiJson, RawShape } from '../../model/types.js';
import { usageError } from '../errors/cli-error.js';
import type { OperationSpec } from '../operation-spec.js';
import { coerceValue } from './coerce.js';
import { readArgument } from './read-argument.js';
import { looksLikeShorthand, parseShorthand, parseShorthandList, ShorthandSyntaxError } from './shorthand.js';

const SCALAR_TYPES = new Set(['string', 'integer', 'long', 'float', 'double', 'boolean', 'timestamp', 'blob']);

function parseJson(text: string, flag: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw usageError(`Invalid JSON for --${flag}: ${(error as Error).message}`, error);
  }
}

function shorthand<T>(parse: () => T, flag: string): T {
  try {
    return parse();
  } catch (error) {
    if (error instanceof ShorthandSyntaxError) throw usageError(`Invalid shorthand for --${flag}: ${error.message}`, error);
    throw error;
  }
}

/** A structure or map given as JSON (`{…}`) or shorthand (`Key=a,Value=b`). */
function structured(api: ApiJson, shapeName: string, text: string, flag: string, path: string): unknown {
  const trimmed = text.trim();
  if (trimmed.startsWith('{')) return coerceValue(api, shapeName, parseJson(trimmed, flag), 'json', path);
  if (!looksLikeShorthand(trimmed)) throw usageError(`Invalid value for --${flag}: expected JSON ({…}) or shorthand (Key=value,…)`);
  return coerceValue(
    api,
    shapeName,
    shorthand(() => parseShorthand(trimmed), flag),
    'shorthand',
    path,
  );
}

/**
 * True when a binary flag's value is more likely a file name with its `fileb://` forgotten
 * than data: an existing file, or one word ending in an extension such as `.zip`.
 */
function looksLikeFileName(text: string): boolean {
  if (text.length > 1024 || /[\r\n]/.test(text)) return false;
  return /^[\w~./\\-]+\.[A-Za-z0-9]{1,5}$/.test(text) || existsSync(text);
}

/** One value of a flag (or one item of a list flag), as the member shape wants it. */
function single(api: ApiJson, shapeName: string, raw: string, flag: string, path: string, topLevel: boolean): unknown {
  const shape = api.shapes[shapeName]!;
  const argument = readArgument(raw, flag);
  if (argument.kind === 'bytes') {
    if (shape.type === 'blob') return argument.bytes;
    throw usageError(`--${flag} does not take binary data (fileb://); use file:// for text`);
  }
  const text = argument.text;
  switch (shape.type) {
    case 'structure':
    case 'map':
      return structured(api, shapeName, text, flag, path);
    case 'blob':
      // A blob flag's own value is the data itself; inside JSON or shorthand it is base64.
      if (!topLevel) return coerceValue(api, shapeName, text, 'shorthand', path);
      if (looksLikeFileName(text)) {
        throw usageError(
          `--${flag} "${text}" is not a zip file but a file name (the value itself would be sent): did you mean fileb://${text}?${existsSync(text) ? '' : ' (no such file here either)'}`,
        );
      }
      return new Uint8Array(Buffer.from(text, 'utf8'));
    case 'list':
      return listValue(api, shape, [text], flag, path);
    default:
      return coerceValue(api, shapeName, text, 'shorthand', path);
  }
}

/** A list flag's values: one JSON array, or items given one per value (JSON or shorthand each). */
function listValue(api: ApiJson, shape: RawShape, raws: string[], flag: string, path: string): unknown[] {
  const itemShape = shape.member!.shape;
  const itemType = api.shapes[itemShape]?.type ?? 'string';
  if (raws.length === 1) {
    const argument = readArgument(raws[0]!, flag);
    if (argument.kind === 'text') {
      const text = argument.text.trim();
      if (text.startsWith('[')) {
        const parsed = parseJson(text, flag);
        if (!Array.isArray(parsed)) throw usageError(`Invalid value for --${flag}: expected a JSON list`);
        return parsed.map((item, index) => coerceValue(api, itemShape, item, 'json', `${path}[${index}]`));
      }
      if (SCALAR_TYPES.has(itemType) && itemType !== 'blob') {
        return shorthand(() => parseShorthandList(argument.text), flag).map((item, index) =>
          coerceValue(api, itemShape, item, 'shorthand', `${path}[${index}]`),
        );
      }
    }
  }
  return raws.map((raw, index) => single(api, itemShape, raw, flag, `${path}[${index}]`, false));
}

/** A parsed flag value (string, number, boolean or list of strings) as the member shape wants it. */
function memberValue(api: ApiJson, shapeName: string, raw: unknown, flag: string): unknown {
  const shape = api.shapes[shapeName];
  if (!shape) return raw;
  const path = `--${flag}`;
  if (typeof raw === 'number' || typeof raw === 'boolean') return raw;
  if (Array.isArray(raw)) return shape.type === 'list' ? listValue(api, shape, raw as string[], flag, path) : raw;
  if (typeof raw !== 'string') return raw;
  return single(api, shapeName, raw, flag, path, true);
}

/** The operation's input from `--cli-input-json` (JSON or file://), before the flags. */
function cliInputJson(api: ApiJson, inputShape: string | undefined, raw: string): Record<string, unknown> {
  const argument = readArgument(raw, 'cli-input-json');
  if (argument.kind !== 'text') throw usageError('--cli-input-json takes JSON or file://PATH, not fileb://');
  const parsed = parseJson(argument.text, 'cli-input-json');
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw usageError('Invalid value for --cli-input-json: expected a JSON object of input members');
  }
  if (!inputShape) return parsed as Record<string, unknown>;
  return coerceValue(api, inputShape, parsed, 'json', 'cli-input-json') as Record<string, unknown>;
}

/**
 * Builds an operation's input: `--cli-input-json` first, then each operation flag given
 * (converted with the member's shape), then checks that every required member is present.
 * @throws CliError (usage) for bad JSON or shorthand, unreadable files, or missing required flags.
 */
export function buildInput(api: ApiJson, spec: OperationSpec, flags: Record<string, unknown>): Record<string, unknown> {
  const inputShape = api.operations[spec.operation]?.input?.shape;
  const members = inputShape ? (api.shapes[inputShape]?.members ?? {}) : {};
  const input = typeof flags['cli-input-json'] === 'string' ? cliInputJson(api, inputShape, flags['cli-input-json']) : {};
  for (const [flag, member] of Object.entries(spec.members)) {
    const raw = flags[flag];
    if (raw === undefined) continue;
    input[member] = memberValue(api, members[member]?.shape ?? '', raw, flag);
  }
  const missing = spec.required.filter((flag) => input[spec.members[flag]!] === undefined);
  if (missing.length) {
    const list = missing.map((flag) => `--${flag}`).join(', ');
    throw usageError(`Missing required flag${missing.length > 1 ? 's' : ''} ${list} (or give ${missing.length > 1 ? 'them' : 'it'} in --cli-input-json)`);
  }
  return input;
}
