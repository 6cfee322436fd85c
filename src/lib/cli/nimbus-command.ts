import { Command, type Interfaces } from '@oclif/core';
import { type CliIO, processIO } from './cli-io.js';
import { usageError } from './errors/cli-error.js';
import { suggestFlag } from './suggest.js';

/** Parsed flags or arguments by name (oclif's FlagOutput / ArgOutput). */
type ParsedValues = Record<string, unknown>;

/** oclif's parse error text as one line: `Parsing --page-size: Expected an integer …`. */
export function parseErrorMessage(message: string): string {
  const lines = message
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !/^See more help with/.test(line) && !/^The following errors? occurred:$/.test(line));
  if (lines.length < 2) return lines[0] ?? message;
  const rest = lines.slice(1).join(' ').replace(/\s+/g, ' ');
  return lines[0]!.endsWith(':') ? `${lines[0]} ${rest}` : `${lines[0]}: ${rest}`;
}

/**
 * The arguments with every bare `--name` of a flag whose value may be left out (at the end, or
 * followed by another flag) written as `--name=<default>`. Nothing after `--` is touched.
 */
export function fillOptionalValues(argv: readonly string[], defaults: Readonly<Record<string, string>>): string[] {
  const filled = [...argv];
  for (let index = 0; index < filled.length; index++) {
    const word = filled[index]!;
    if (word === '--') break;
    const name = word.startsWith('--') ? word.slice(2) : undefined;
    if (name === undefined || !Object.hasOwn(defaults, name)) continue;
    const next = filled[index + 1];
    if (next === undefined || next.startsWith('-')) filled[index] = `--${name}=${defaults[name]}`;
  }
  return filled;
}

/**
 * The base of every nimbus command: whatever goes wrong while the flags and arguments are
 * parsed (an unknown flag, a value out of range, a missing argument) is a usage error (exit 252)
 * with a one-line message. The command's environment and streams are made once, here, and
 * handed to the code that runs it.
 */
export abstract class NimbusCommand extends Command {
  /**
   * Flags whose value may be left out, with the value a bare flag stands for: `{ download: '.' }`
   * makes `--download` mean `--download=.` (oclif flags otherwise always take a value).
   */
  static optionalValues: Readonly<Record<string, string>> = {};

  /** The environment and standard streams of this run. */
  protected readonly io: CliIO = processIO();

  protected override async parse<F extends ParsedValues, B extends ParsedValues, A extends ParsedValues>(
    options?: Interfaces.Input<F, B, A>,
    argv: string[] = this.argv,
  ): Promise<Interfaces.ParserOutput<F, B, A>> {
    const defaults = (this.constructor as typeof NimbusCommand).optionalValues;
    try {
      return await super.parse(options, fillOptionalValues(argv, defaults));
    } catch (error) {
      const message = parseErrorMessage(error instanceof Error ? error.message : String(error));
      const unknown = (error as { flags?: unknown }).flags;
      const names = Object.keys({ ...options?.baseFlags, ...options?.flags });
      const hints =
        Array.isArray(unknown) && /^Nonexistent flag/.test(message)
          ? unknown.flatMap((flag: string) => {
              const suggestion = suggestFlag(flag, names);
              return suggestion ? [`${flag.split('=')[0]} → ${suggestion}`] : [];
            })
          : [];
      throw usageError(hints.length ? `${message}. Did you mean: ${hints.join(', ')}?` : message, error);
    }
  }
}
