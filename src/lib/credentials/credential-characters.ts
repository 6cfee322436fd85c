/**
 * Characters a credential can hold: printable ASCII. Access keys, secrets and session tokens are
 * made of letters, digits and `+/=` in practice; anything else (a `\r` left by a Windows file, a
 * `…` copied from documentation) is a mistake, and in the key or the token it would make the
 * request's headers invalid.
 */
const UNEXPECTED = /[^\x21-\x7e]/u;

/** A character in words, never the credential around it: `a carriage return (\r)`, `U+2026 (…)`. */
function describe(character: string): string {
  const names: Record<string, string> = { '\r': 'a carriage return (\\r)', '\n': 'a line feed (\\n)', '\t': 'a tab', ' ': 'a space' };
  const code = character.codePointAt(0)!;
  return names[character] ?? `U+${code.toString(16).toUpperCase().padStart(4, '0')}${code > 0xa0 ? ` (${character})` : ''}`;
}

/**
 * The problem with a credential's characters, in words that name the character and its position
 * but never the value (e.g. `holds a carriage return (\r) at position 40`), or undefined when it
 * holds only printable ASCII.
 */
export function credentialCharacterProblem(value: string): string | undefined {
  const match = UNEXPECTED.exec(value);
  if (!match) return undefined;
  return `holds ${describe(match[0])} at position ${[...value.slice(0, match.index)].length + 1}, which no credential has`;
}
