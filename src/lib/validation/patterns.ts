/**
 * Compiles model `pattern` traits to JavaScript regular expressions, once per pattern. A
 * pattern is searched, not anchored (Smithy semantics). One written as a `/…/` literal has its
 * delimiters removed. A pattern JavaScript cannot compile is skipped (undefined).
 */
const compiled = new Map<string, RegExp | undefined>();

/** The RegExp for a model pattern, or undefined when JavaScript cannot run it. */
export function compilePattern(pattern: string): RegExp | undefined {
  if (compiled.has(pattern)) return compiled.get(pattern);
  const source = pattern.length > 1 && pattern.startsWith('/') && pattern.endsWith('/') ? pattern.slice(1, -1) : pattern;
  let regex: RegExp | undefined;
  for (const flags of ['u', '']) {
    try {
      regex = new RegExp(source, flags);
      break;
    } catch {
      // Try the next flag set; give up on the pattern when none compiles.
    }
  }
  compiled.set(pattern, regex);
  return regex;
}

const wholeCompiled = new Map<string, RegExp | undefined>();

/**
 * The RegExp a whole value must match for a model pattern, as a service checks its input (the
 * pattern anchored at both ends), or undefined when JavaScript cannot run it.
 */
export function compileWholePattern(pattern: string): RegExp | undefined {
  if (wholeCompiled.has(pattern)) return wholeCompiled.get(pattern);
  const searched = compilePattern(pattern);
  const whole = searched && new RegExp(`^(?:${searched.source})$`, searched.flags);
  wholeCompiled.set(pattern, whole);
  return whole;
}
