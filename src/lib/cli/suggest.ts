/** The edit distance (insertions, deletions, substitutions) between two strings. */
export function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[b.length]!;
}

/**
 * The commands closest to what was typed (ids with spaces), best first: those within a few
 * edits, then those whose last word matches under a different topic.
 */
export function suggestCommands(typed: string, commands: readonly string[], limit = 3): string[] {
  const target = typed.trim().replace(/\s+/g, ' ');
  const lastWord = target.split(' ').at(-1) ?? '';
  const scored = commands
    .map((command) => ({ command, distance: editDistance(target, command) }))
    .filter(
      ({ command, distance }) =>
        distance <= Math.max(2, Math.floor(target.length / 4)) || (lastWord.length > 2 && command.endsWith(` ${lastWord}`) && distance <= target.length / 2),
    )
    .sort((x, y) => x.distance - y.distance || x.command.localeCompare(y.command));
  // Only the best matches: a suggestion much worse than the closest one is noise.
  const best = scored[0]?.distance ?? 0;
  return scored
    .filter(({ distance }) => distance <= best + 1)
    .slice(0, limit)
    .map(({ command }) => command);
}

/**
 * The known flag closest to a mistyped one (`--regoin` → `--region`), or undefined when none is
 * within a few edits. Names are given without dashes.
 */
export function suggestFlag(typed: string, names: readonly string[]): string | undefined {
  const bare = typed.replace(/^-+/, '').split('=')[0]!;
  let best: { name: string; distance: number } | undefined;
  for (const name of names) {
    const distance = editDistance(bare, name);
    if (distance <= Math.max(2, Math.floor(bare.length / 3)) && (!best || distance < best.distance)) best = { name, distance };
  }
  return best && `--${best.name}`;
}

/** botocore's CLI name of an operation: `ListIndices` → `list-indices`. */
export function operationCliName(operation: string): string {
  return operation
    .replace(/(.)([A-Z][a-z]+)/g, '$1-$2')
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .toLowerCase();
}

/** The first words the AWS CLI uses for the services nimbus has commands for. */
const AWS_SERVICES = new Set(['kendra', 'search', 'mobile']);

/**
 * The nimbus command for an AWS CLI command line (`kendra list-indices`,
 * `search batch-put-document`), given each nimbus command's operation name; undefined when the
 * words are not one.
 */
export function awsCommandEquivalent(words: readonly string[], operations: ReadonlyMap<string, string>): string | undefined {
  const [service, name] = words;
  if (words.length < 2 || !AWS_SERVICES.has(service!)) return undefined;
  for (const [operation, command] of operations) {
    if (operationCliName(operation) === name && (service !== 'mobile' || command.startsWith('mobile '))) return command;
  }
  return undefined;
}
