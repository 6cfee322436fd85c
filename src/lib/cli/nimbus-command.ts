import { Command, type Interfaces } from '@oclif/core';
import { usageError } from './errors/cli-error.js';

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
 * The base of every nimbus command: whatever goes wrong while the flags and arguments are
 * parsed (an unknown flag, a value out of range, a missing argument) is a usage error (exit 252)
 * with a one-line message.
 */
export abstract class NimbusCommand extends Command {
  protected override async parse<F extends ParsedValues, B extends ParsedValues, A extends ParsedValues>(
    options?: Interfaces.Input<F, B, A>,
    argv?: string[],
  ): Promise<Interfaces.ParserOutput<F, B, A>> {
    try {
      return await super.parse(options, argv);
    } catch (error) {
      throw usageError(parseErrorMessage(error instanceof Error ? error.message : String(error)), error);
    }
  }
}
