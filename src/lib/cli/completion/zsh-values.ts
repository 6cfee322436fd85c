import { PROFILE_NAMES } from './bash-script.js';
import { regionCodes, valueKind, type CompletionCommand, type ValueKind } from './flag-values.js';

/** A flag spec of oclif's zsh script whose value completes to files: `--name"[summary]:file:_files"`. */
const FILE_SPEC = /--([\w-]+)"\[((?:[^\]\\]|\\.)*)\]:file:_files"/g;

/**
 * oclif's zsh completion script with each flag's value completed as it should be: regions for
 * `--region`, the shared config files' profiles for `--profile`, files only for flags that take
 * a path, and nothing offered for a value only the user knows (an id, a name). Allowed values
 * are oclif's own (`options:(…)`).
 */
export function withZshFlagValues(script: string, bin: string, commands: CompletionCommand[]): string {
  const kinds = new Map<string, ValueKind['kind']>();
  for (const command of commands) for (const flag of Object.values(command.flags)) if (!kinds.has(flag.name)) kinds.set(flag.name, valueKind(flag).kind);
  const fixed = script.replace(FILE_SPEC, (spec, name: string, summary: string) => {
    switch (kinds.get(name)) {
      case 'region':
        return `--${name}"[${summary}]:region:(${regionCodes().join(' ')})"`;
      case 'profile':
        return `--${name}"[${summary}]:profile:_${bin}_profiles"`;
      case 'file':
        return spec;
      default:
        return `--${name}"[${summary}]:${name}: "`;
    }
  });
  const profiles = `_${bin}_profiles() {
  local -a profiles
  profiles=(\${(f)"$(${PROFILE_NAMES})"})
  compadd -a profiles
}
`;
  return fixed.replace(/^(#compdef [^\n]*\n)/, `$1\n${profiles}`);
}
