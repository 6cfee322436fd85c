import type { FastFlag } from './fast-command.js';

/** Parsed flag values by name, as oclif's parser returns them. */
export type FastFlagValues = Record<string, unknown>;

/** The value of one word given to a flag, or undefined when oclif would reject it or read it otherwise. */
function flagValue(flag: FastFlag, text: string): string | number | undefined {
  // An empty value, or one that starts with "-" (another flag, a negative number, stdin), is
  // left to oclif, which has rules of its own for each.
  if (text === '' || text.startsWith('-')) return undefined;
  if (flag.type === 'integer') {
    if (!/^\d+$/.test(text)) return undefined;
    const number = Number.parseInt(text, 10);
    if ((flag.min !== undefined && number < flag.min) || (flag.max !== undefined && number > flag.max)) return undefined;
    return number;
  }
  if (flag.options && !flag.options.includes(text)) return undefined;
  return text;
}

/**
 * Parses the flags of a generated operation command as oclif's parser would, for the forms it
 * handles: `--name value`, `--name=value`, `--flag` and `--no-flag` for booleans, a repeatable
 * flag given once or more, one value each. Returns undefined for anything else (a short flag,
 * `--help`, an unknown flag, a word that is no flag's value, `--`, a bad or missing value, a
 * flag given twice, two exclusive flags): oclif then parses the words and reports the problem
 * in its own words.
 * @param argv - the words after the command's id.
 * @param flags - every flag the command takes, by name.
 */
export function parseFastFlags(argv: readonly string[], flags: Readonly<Record<string, FastFlag>>): FastFlagValues | undefined {
  const values: FastFlagValues = {};
  for (let index = 0; index < argv.length; index++) {
    const word = argv[index]!;
    if (!word.startsWith('--') || word === '--') return undefined;
    const equals = word.indexOf('=');
    const name = word.slice(2, equals === -1 ? undefined : equals);
    const flag = Object.hasOwn(flags, name) ? flags[name]! : undefined;
    if (flag?.type === 'boolean' || (!flag && name.startsWith('no-'))) {
      const positive = flag ? name : name.slice(3);
      const target = flag ?? (Object.hasOwn(flags, positive) ? flags[positive] : undefined);
      if (equals !== -1 || !target || target.type !== 'boolean' || (!flag && !target.allowNo)) return undefined;
      if (Object.hasOwn(values, positive)) return undefined;
      values[positive] = Boolean(flag);
      continue;
    }
    if (!flag) return undefined;
    if (!flag.multiple && Object.hasOwn(values, name)) return undefined;
    let text: string | undefined;
    if (equals === -1) text = argv[++index];
    else text = word.slice(equals + 1);
    if (text === undefined) return undefined;
    const value = flagValue(flag, text);
    if (value === undefined) return undefined;
    if (flag.multiple) ((values[name] ??= []) as unknown[]).push(value);
    else values[name] = value;
  }
  for (const [name, flag] of Object.entries(flags)) {
    if (flag.default !== undefined && !Object.hasOwn(values, name)) values[name] = flag.default;
  }
  for (const name of Object.keys(values)) {
    if (flags[name]!.exclusive?.some((other) => Object.hasOwn(values, other))) return undefined;
  }
  return values;
}
