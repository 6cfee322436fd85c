/**
 * A query-suggestions block list file: UTF-8 text, one word or phrase per line. Blank lines are
 * skipped; phrases are kept lower-cased with their spaces collapsed, in file order, once each.
 */
export function parseBlockList(text: string): string[] {
  const phrases = text
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .map((line) => line.toLowerCase().replace(/\s+/g, ' ').trim())
    .filter((line) => line !== '');
  return [...new Set(phrases)];
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * A test of whether a suggestion contains one of `phrases` as whole words, ignoring case: a
 * block list entry blocks every suggestion that contains it.
 */
export function blockMatcher(phrases: readonly string[]): (suggestion: string) => boolean {
  if (phrases.length === 0) return () => false;
  const pattern = new RegExp(`(?:^|[^\\p{L}\\p{N}])(?:${phrases.map(escapeRegExp).join('|')})(?=$|[^\\p{L}\\p{N}])`, 'u');
  return (suggestion) => pattern.test(suggestion.toLowerCase().replace(/\s+/g, ' '));
}
