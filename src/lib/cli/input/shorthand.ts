/**
 * The AWS CLI's shorthand syntax for structured flag values, e.g. `Key=team,Value=web`,
 * `Bucket=b,Key="a,b.csv"`, `Names=[a,b]`, `Outer={Inner=1}`, or `Values=a,b,c` (values after
 * a key that have no `=` of their own extend it into a list). Every scalar is a string here; the
 * model gives it its type afterwards.
 */

/** A parsed shorthand value: text, a list, or a structure. */
export type ShorthandValue = string | ShorthandValue[] | { [key: string]: ShorthandValue };

/**
 * A shorthand syntax error, with the position it was found at. The input builder turns it into a
 * usage error naming the flag, so it stays with the parser rather than among the library's errors.
 */
export class ShorthandSyntaxError extends Error {
  override name = 'ShorthandSyntaxError';
}

class Parser {
  private index = 0;
  constructor(private readonly text: string) {}

  /** `key=value(,key=value)*` up to `end` (end of text, or `}`). */
  structure(end?: string): Record<string, ShorthandValue> {
    const result: Record<string, ShorthandValue> = {};
    let lastKey: string | undefined;
    for (;;) {
      this.skipSpaces();
      if (this.atEnd(end)) break;
      const start = this.index;
      const key = this.until(/[=,}\]]/).trim();
      if (this.peek() === '=' && key !== '') {
        this.index++;
        result[key] = this.value(end);
        lastKey = key;
      } else if (lastKey !== undefined) {
        // `Values=a,b,c`: a bare value continues the previous key as a list.
        this.index = start;
        const previous = result[lastKey]!;
        const extra = this.value(end);
        result[lastKey] = Array.isArray(previous) ? [...previous, extra] : [previous, extra];
      } else {
        throw this.error(`expected key=value`);
      }
      this.skipSpaces();
      if (this.atEnd(end)) break;
      if (this.peek() !== ',') throw this.error(`expected "," between key=value pairs`);
      this.index++;
    }
    return result;
  }

  /** A value: `[list]`, `{structure}`, a quoted string or bare text. */
  value(end?: string): ShorthandValue {
    this.skipSpaces();
    const c = this.peek();
    if (c === '[') {
      this.index++;
      const items: ShorthandValue[] = [];
      this.skipSpaces();
      if (this.peek() === ']') {
        this.index++;
        return items;
      }
      for (;;) {
        items.push(this.value(']'));
        this.skipSpaces();
        const next = this.peek();
        this.index++;
        if (next === ']') return items;
        if (next !== ',') throw this.error('expected "," or "]" in a list', this.index - 1);
      }
    }
    if (c === '{') {
      this.index++;
      const inner = this.structure('}');
      if (this.peek() !== '}') throw this.error('expected "}"');
      this.index++;
      return inner;
    }
    if (c === '"' || c === "'") return this.quoted(c);
    const stop = end === ']' ? /[,\]]/ : end === '}' ? /[,}]/ : /,/;
    return this.until(stop).trim();
  }

  /** `a,b,"c"`: a list of values at the top level. */
  list(): ShorthandValue[] {
    const items: ShorthandValue[] = [];
    while (!this.done()) {
      items.push(this.value());
      if (this.done()) break;
      if (this.peek() !== ',') throw this.error('expected ","');
      this.index++;
    }
    return items;
  }

  done(): boolean {
    this.skipSpaces();
    return this.index >= this.text.length;
  }

  error(problem: string, at = this.index): ShorthandSyntaxError {
    return new ShorthandSyntaxError(`${problem} at position ${at + 1}`);
  }

  private quoted(quote: string): string {
    const start = this.index++;
    let out = '';
    while (this.index < this.text.length) {
      const c = this.text[this.index++]!;
      if (c === '\\' && this.index < this.text.length) out += this.text[this.index++];
      else if (c === quote) return out;
      else out += c;
    }
    throw this.error('unterminated quoted string', start);
  }

  private until(stop: RegExp): string {
    const start = this.index;
    while (this.index < this.text.length && !stop.test(this.text[this.index]!)) this.index++;
    return this.text.slice(start, this.index);
  }

  private peek(): string | undefined {
    return this.text[this.index];
  }

  private atEnd(end?: string): boolean {
    return this.index >= this.text.length || (end !== undefined && this.peek() === end);
  }

  private skipSpaces(): void {
    while (this.text[this.index] === ' ') this.index++;
  }
}

/** True when the text looks like shorthand for a structure (it has a `key=` at the start). */
export function looksLikeShorthand(text: string): boolean {
  return /^\s*[^\s=,{}[\]"']+\s*=/.test(text);
}

/**
 * Parses shorthand for a structure.
 * @throws ShorthandSyntaxError on malformed input.
 */
export function parseShorthand(text: string): Record<string, ShorthandValue> {
  const parser = new Parser(text);
  const result = parser.structure();
  if (!parser.done()) throw parser.error('unexpected text');
  return result;
}

/** Splits shorthand for a list of scalars (`a,b,"c,d"`) into its items. */
export function parseShorthandList(text: string): ShorthandValue[] {
  return new Parser(text).list();
}
