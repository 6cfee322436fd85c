import type Database from 'better-sqlite3';
import { sql } from '../core/statements.js';
import { findSpans, tokenize, type Matcher, type Token } from './analyzer.js';
import { WORD_BREAK, withoutWordBreaks } from './word-segments.js';

/** A text and the spans of it a query matched. */
export interface MarkedText {
  text: string;
  spans: Array<[number, number]>;
}

/** A highlight in the model's form. */
export interface Highlight {
  BeginOffset: number;
  EndOffset: number;
  TopAnswer: boolean;
  Type: 'STANDARD' | 'THESAURUS_SYNONYM';
}

/** How much of a long text is searched for highlights (the excerpt comes from this part). */
const MAX_HIGHLIGHTED_CHARS = 100_000;

/** The plain text of the column `name` of a full-text table for each of `rowids` (without the word breaks stored in CJK text). */
export function plainTexts(db: Database.Database, table: string, name: string, rowids: readonly number[]): Map<number, string> {
  const statement = sql(db, `SELECT ${name} FROM ${table} WHERE rowid = CAST(? AS INTEGER)`).pluck();
  const out = new Map<number, string>();
  for (const rowid of rowids) {
    const text = statement.get(rowid) as string | undefined;
    if (text !== undefined) out.set(rowid, withoutWordBreaks(text));
  }
  return out;
}

/** A stored text as it is shown, and the words of its first 100,000 characters. */
export interface ShownText {
  text: string;
  words: Token[];
}

/**
 * A stored text as it is shown (its word breaks taken out) with its words, found from the
 * stored breaks: CJK text is not segmented again, which costs about 3 µs a character.
 */
function shownText(stored: string): ShownText {
  const head = stored.length > MAX_HIGHLIGHTED_CHARS ? stored.slice(0, MAX_HIGHLIGHTED_CHARS) : stored;
  const words = tokenize(head);
  if (!head.includes(WORD_BREAK)) return { text: withoutWordBreaks(stored), words };
  const breaks: number[] = [];
  for (let at = head.indexOf(WORD_BREAK); at !== -1; at = head.indexOf(WORD_BREAK, at + 1)) breaks.push(at);
  let before = 0;
  const shifted = words.map((word) => {
    while (before < breaks.length && breaks[before]! < word.start) before++;
    return { start: word.start - before, end: word.end - before, term: word.term };
  });
  return { text: withoutWordBreaks(stored), words: shifted };
}

/** The text of the column `name` of a full-text table, as shown and with its words (see {@link shownText}), for each of `rowids`. */
export function shownTexts(db: Database.Database, table: string, name: string, rowids: readonly number[]): Map<number, ShownText> {
  const statement = sql(db, `SELECT ${name} FROM ${table} WHERE rowid = CAST(? AS INTEGER)`).pluck();
  const out = new Map<number, ShownText>();
  for (const rowid of rowids) {
    const text = statement.get(rowid) as string | undefined;
    if (text !== undefined) out.set(rowid, shownText(text));
  }
  return out;
}

/**
 * The highlights of a text for a query: where `all` (every alternative, synonyms included)
 * matches, typed STANDARD where the user's own words (`original`) match there and
 * THESAURUS_SYNONYM where only a synonym does; only the first 100,000 characters count (their
 * words, given when known, are kept for the excerpt).
 */
export function markText(
  text: string,
  all: readonly Matcher[],
  original: readonly Matcher[],
  words: Token[] = tokenize(text.length > MAX_HIGHLIGHTED_CHARS ? text.slice(0, MAX_HIGHLIGHTED_CHARS) : text),
): MarkedText & { standard: Array<[number, number]>; words: Token[] } {
  return { text, spans: findSpans(words, all), standard: findSpans(words, original), words };
}

/** The highlights of `marked` within the window `[offset, offset + length)`, relative to it. */
export function highlightsOf(marked: ReturnType<typeof markText>, offset = 0, length = Infinity): Highlight[] {
  return marked.spans
    .filter(([begin, end]) => begin >= offset && end <= offset + length)
    .map(([begin, end]) => ({
      BeginOffset: begin - offset,
      EndOffset: end - offset,
      TopAnswer: false,
      Type: marked.standard.some(([a, b]) => a < end && b > begin) ? 'STANDARD' : 'THESAURUS_SYNONYM',
    }));
}

/** The most token words in a document excerpt, as Kendra's Query returns them. */
export const EXCERPT_WORDS = 100;
/** Words of context kept before the first match of an excerpt that does not start the text. */
const LEAD_WORDS = 10;
const TRAILING_PUNCTUATION = /^\p{P}+/u;

/**
 * The excerpt window of a text: at most 100 token words (Chinese, Japanese and Korean counted
 * by their words), the run of that many words holding the most matches, opened a few words
 * before its first match (the start of the text when nothing matched), and closed after the
 * punctuation that ends its last word. `words` are the text's words (from `markText`) when known.
 */
export function excerptWindow(
  text: string,
  spans: ReadonlyArray<[number, number]>,
  words: readonly Token[] = tokenize(text.length > MAX_HIGHLIGHTED_CHARS ? text.slice(0, MAX_HIGHLIGHTED_CHARS) : text),
): { offset: number; length: number } {
  if (words.length <= EXCERPT_WORDS) {
    return { offset: 0, length: text.length <= MAX_HIGHLIGHTED_CHARS ? text.length : (words.at(-1)?.end ?? 0) };
  }
  // the word each match starts in, in order
  const hits: number[] = [];
  let at = 0;
  for (const [begin] of spans) {
    while (at < words.length && words[at]!.end <= begin) at++;
    if (at < words.length) hits.push(at);
  }
  let first = 0;
  let best = 0;
  for (let i = 0, j = 0; i < hits.length; i++) {
    while (j < hits.length && hits[j]! < hits[i]! + EXCERPT_WORDS) j++;
    if (j - i > best) {
      best = j - i;
      first = hits[i]!;
    }
  }
  const last = Math.min(words.length, first + EXCERPT_WORDS);
  // the matches keep their place; the words left over before them give some context
  const lastHit = hits.filter((hit) => hit >= first && hit < last).pop() ?? first;
  const start = Math.max(0, Math.min(Math.max(first - LEAD_WORDS, lastHit + 1 - EXCERPT_WORDS), words.length - EXCERPT_WORDS));
  const endWord = words[Math.min(words.length, start + EXCERPT_WORDS) - 1]!;
  const offset = start === 0 ? 0 : words[start]!.start;
  const end = endWord.end + (TRAILING_PUNCTUATION.exec(text.slice(endWord.end, endWord.end + 8))?.[0].length ?? 0);
  return { offset, length: end - offset };
}
