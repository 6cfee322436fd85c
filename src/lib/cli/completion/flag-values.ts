import { REGIONS } from '../settings/regions.js';

/** What a flag of a command looks like to completion (the manifest's flag, in part). */
export interface CompletionFlag {
  name: string;
  type: 'boolean' | 'option';
  options?: readonly string[];
  helpValue?: string | string[];
  hidden?: boolean;
}

/** A command to complete: its id (`search:index:list`) and its flags. */
export interface CompletionCommand {
  id: string;
  flags: Record<string, CompletionFlag>;
}

/**
 * What the value of a flag completes to: one of its allowed values, a region, a profile of the
 * shared config files, a file name, nothing (a value only the user knows, such as an id), or no
 * value at all (a switch).
 */
export type ValueKind = { kind: 'options'; values: readonly string[] } | { kind: 'region' | 'profile' | 'file' | 'free' | 'switch' };

/** Flags that take a path although their help value does not say so. */
const PATH_FLAGS = new Set(['ca-bundle', 'data-dir', 's3-dir']);

/** How the value of `flag` is completed. */
export function valueKind(flag: CompletionFlag): ValueKind {
  if (flag.type === 'boolean') return { kind: 'switch' };
  if (flag.options?.length) return { kind: 'options', values: flag.options };
  if (flag.name === 'region' || flag.name.endsWith('-region')) return { kind: 'region' };
  if (flag.name === 'profile') return { kind: 'profile' };
  const helpValue = [flag.helpValue ?? ''].flat().join(' ');
  if (PATH_FLAGS.has(flag.name) || (/file|path|dir/i.test(helpValue) && !helpValue.includes('://'))) return { kind: 'file' };
  return { kind: 'free' };
}

/** The region codes `--region` completes to. */
export function regionCodes(): string[] {
  return REGIONS.map((region) => region.code);
}
