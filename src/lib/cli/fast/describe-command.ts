import { Flags } from '@oclif/core';
import { NimbusCommand } from '../nimbus-command.js';
import { OperationCommand } from '../operation-command.js';
import type { FastCommand, FastFlag } from './fast-command.js';

/** Declaration properties that change nothing in parsing (help text and grouping). */
const HELP_ONLY = new Set(['summary', 'description', 'helpGroup', 'helpValue', 'hidden', 'name']);
/** Properties every oclif flag of a kind carries, checked by {@link flagKind}. */
const INTERNAL = new Set(['parse', 'input', 'type', 'multiple', 'allowNo']);

/** The parse function oclif gives every flag of a kind (integer's is shared; the others are alike in text). */
const PARSERS = {
  integer: (Flags.integer() as { parse: unknown }).parse,
  string: String((Flags.string() as { parse: unknown }).parse),
  boolean: String((Flags.boolean() as { parse: unknown }).parse),
};

/** A flag declaration as oclif keeps it. */
type Declaration = Record<string, unknown> & { type?: string; parse?: unknown };

/** Which of the fast path's kinds an oclif flag is, or undefined when it parses its value itself. */
function flagKind(declaration: Declaration): FastFlag['type'] | undefined {
  if (declaration.type === 'boolean') return String(declaration.parse) === PARSERS.boolean ? 'boolean' : undefined;
  if (declaration.type !== 'option') return undefined;
  if (declaration.parse === PARSERS.integer) return 'integer';
  return String(declaration.parse) === PARSERS.string ? 'string' : undefined;
}

/** One flag in the fast path's terms, or a reason why it cannot be. */
function fastFlag(name: string, declaration: Declaration): FastFlag | string {
  const type = flagKind(declaration);
  if (!type) return `--${name} parses its value with a function of its own`;
  const flag: FastFlag = { type };
  if (declaration.multiple === true) flag.multiple = true;
  if (declaration.allowNo === true) flag.allowNo = true;
  for (const [key, value] of Object.entries(declaration)) {
    if (HELP_ONLY.has(key) || INTERNAL.has(key) || value === undefined) continue;
    if (key === 'options' && type === 'string' && Array.isArray(value) && value.every((item) => typeof item === 'string')) flag.options = value;
    else if ((key === 'min' || key === 'max') && type === 'integer' && Number.isInteger(value)) flag[key] = value as number;
    else if (key === 'default' && ['string', 'number', 'boolean'].includes(typeof value)) flag.default = value as string | number | boolean;
    else if (key === 'exclusive' && Array.isArray(value) && value.every((item) => typeof item === 'string')) flag.exclusive = value;
    else return `--${name} has ${key}, which the fast path does not parse`;
  }
  return flag;
}

/** The methods a command runs through, which must be those of OperationCommand and its bases. */
const METHODS = ['run', 'execute', 'parse', 'init', 'catch', 'finally', 'log', 'logToStderr'] as const;

/**
 * The fast path's description of a command class: its operation and flags, when it is a
 * generated operation command that runs `runOperation` with flags the fast path parses exactly
 * as oclif; else the reason it is left to oclif (a string).
 * @param id - the command's oclif id.
 */
export function describeCommand(id: string, command: unknown): Omit<FastCommand, 'models'> | string {
  if (typeof command !== 'function' || !(command.prototype instanceof OperationCommand)) return 'not an operation command';
  const commandClass = command as typeof OperationCommand & Record<string, unknown>;
  for (const method of METHODS) {
    const base = method === 'run' || method === 'execute' ? OperationCommand.prototype : NimbusCommand.prototype;
    if ((commandClass.prototype as unknown as Record<string, unknown>)[method] !== (base as unknown as Record<string, unknown>)[method]) {
      return `has its own ${method}()`;
    }
  }
  if (Object.keys(commandClass.optionalValues).length) return 'has flags whose value may be left out';
  if (Object.keys(commandClass.args ?? {}).length) return 'takes arguments';
  if (commandClass.strict === false) return 'is not strict';
  if (commandClass.enableJsonFlag) return 'has --json';
  if (commandClass.aliases?.length || commandClass.hiddenAliases?.length) return 'has aliases';
  const flags: Record<string, FastFlag> = {};
  for (const [name, declaration] of Object.entries({ ...commandClass.baseFlags, ...commandClass.flags })) {
    const flag = fastFlag(name, declaration as unknown as Declaration);
    if (typeof flag === 'string') return flag;
    flags[name] = flag;
  }
  return { id, spec: commandClass.operation, flags };
}
