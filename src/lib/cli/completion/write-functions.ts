import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Command } from '@oclif/core';
import { bashCompletionScript } from './bash-script.js';
import type { CompletionCommand } from './flag-values.js';
import { withZshFlagValues } from './zsh-values.js';

/** The visible commands (and their aliases) of a CLI, with their flags. */
function completionCommands(commands: readonly Command.Loadable[]): CompletionCommand[] {
  return commands
    .filter((command) => !command.hidden)
    .flatMap((command) => [command.id, ...command.aliases].map((id) => ({ id, flags: command.flags as CompletionCommand['flags'] })));
}

/**
 * Over the completion functions @oclif/plugin-autocomplete wrote under `cacheDir`: writes
 * nimbus's bash function, and adds flag values to the zsh one.
 */
export async function writeCompletionFunctions(cacheDir: string, bin: string, commands: readonly Command.Loadable[]): Promise<void> {
  const list = completionCommands(commands);
  const functions = join(cacheDir, 'functions');
  await writeFile(join(functions, 'bash', `${bin}.bash`), bashCompletionScript(bin, list));
  const zshPath = join(functions, 'zsh', `_${bin}`);
  await writeFile(zshPath, withZshFlagValues(await readFile(zshPath, 'utf8'), bin, list));
}
