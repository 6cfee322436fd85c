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
 * Whether `suggestion` contains one of `phrases` as whole words, ignoring case: a block list
 * entry blocks every suggestion that contains it.
 */
export function isBlocked(suggestion: string, phrases: readonly string[]): boolean {
  const text = suggestion.toLowerCase().replace(/\s+/g, ' ');
  return phrases.some((phrase) => new RegExp(`(^|[^\\p{L}\\p{N}])${escapeRegExp(phrase)}($|[^\\p{L}\\p{N}])`, 'u').test(text));
}
