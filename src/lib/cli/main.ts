import { flush, loadHelpClass, run, settings, type Hook, type Interfaces } from '@oclif/core';
import { usageError } from './errors/cli-error.js';
import { runAndExit } from './run-and-exit.js';
import { awsCommandEquivalent, suggestCommands } from './suggest.js';

export { NimbusHelp } from './nimbus-help.js';

/**
 * oclif's `command_not_found` hook: `help <command>` shows the command's help; an AWS CLI
 * command line (`kendra list-indices`) is a usage error naming the nimbus command; anything
 * else is a usage error that names the closest commands.
 */
export const commandNotFound: Hook<'command_not_found'> = async function (options) {
  const words = [...options.id.split(':'), ...(options.argv ?? [])].filter((word) => word !== '');
  const { bin } = options.config;
  const asked = words[0] === 'help' ? words.slice(1) : undefined;
  const id = (asked ?? words).join(':');
  if (asked && (id === '' || options.config.findCommand(id) || options.config.findTopic(id))) {
    const Help = await loadHelpClass(options.config);
    await new Help(options.config).showHelp(asked);
    return;
  }
  const typed = asked ? asked.join(' ') : options.id.replaceAll(':', ' ');
  const known = options.config.commandIDs.map((id) => id.replaceAll(':', ' '));
  const operations = new Map<string, string>();
  for (const command of options.config.commands) {
    const operation = (command as { operation?: { operation?: string } }).operation?.operation;
    if (operation) operations.set(operation, command.id.replaceAll(':', ' '));
  }
  const equivalent = awsCommandEquivalent(typed.split(' '), operations);
  if (equivalent) {
    throw usageError(`"${typed}" is the AWS CLI's name: did you mean "${bin} ${equivalent}"? See "${bin} ${equivalent} --help" (flag names can differ).`);
  }
  // `search index list extra`: a command followed by words it does not take.
  const typedWords = typed.split(' ');
  for (let end = typedWords.length - 1; end > 0; end--) {
    const command = typedWords.slice(0, end).join(' ');
    if (known.includes(command)) {
      throw usageError(`Unexpected argument "${typedWords.slice(end).join(' ')}" after "${command}". See "${bin} ${command} --help".`);
    }
  }
  const suggestions = suggestCommands(typed, known);
  const hint = suggestions.length ? ` Did you mean ${suggestions.map((s) => `"${bin} ${s}"`).join(' or ')}?` : '';
  throw usageError(`Unknown command "${typed}".${hint} See "${bin} --help".`);
};

/**
 * Runs the CLI: oclif finds and runs the command; every error becomes one line on stderr
 * (`nimbus: …`) and its exit code; Ctrl-C exits 130 after cleaning up. `--debug` adds the
 * stack trace.
 * @param root - the package root (or a file in it) for oclif to read `package.json` from, or
 *   oclif load options.
 */
export async function main(root: Interfaces.LoadOptions, argv: string[] = process.argv.slice(2)): Promise<never> {
  // Commands are plain JavaScript (the bundle) or run under tsx: oclif never looks for TypeScript.
  settings.enableAutoTranspile = false;
  return runAndExit(() => run(argv, root), argv, flush);
}
