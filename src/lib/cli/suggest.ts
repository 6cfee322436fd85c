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
    .filter(({ command, distance }) => distance <= Math.max(2, Math.floor(target.length / 4)) || (lastWord.length > 2 && command.endsWith(` ${lastWord}`) && distance <= target.length / 2))
    .sort((x, y) => x.distance - y.distance || x.command.localeCompare(y.command));
  // Only the best matches: a suggestion much worse than the closest one is noise.
  const best = scored[0]?.distance ?? 0;
  return scored.filter(({ distance }) => distance <= best + 1).slice(0, limit).map(({ command }) => command);
}
