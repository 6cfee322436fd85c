import type Database from 'better-sqlite3';
import { documentsFts } from '../core/fts-tables.js';
import { sql } from '../core/statements.js';
import { term, tokenize } from './analyzer.js';
import { editDistance } from './edit-distance.js';
import { ftsVocabulary } from './fts-terms.js';
import { STOP_WORDS } from './stop-words.js';

/** A suggested spelling of a query, in the model's `SpellCorrectedQuery` form. */
export interface SpellCorrectedQuery {
  SuggestedQueryText: string;
  Corrections: Array<{ BeginOffset: number; EndOffset: number; Term: string; CorrectedTerm: string }>;
}

/** Words shorter than this are left as they are. */
const MIN_WORD_LENGTH = 3;
/** The most candidate terms compared with one misspelled word. */
const MAX_CANDIDATES = 20_000;

/** The fts5vocab tables over an index's document terms (`row`: per term, `instance`: per occurrence). */
function vocabulary(db: Database.Database, indexRowid: number): { rows: string; instances: string } {
  const fts = documentsFts(indexRowid);
  return { rows: ftsVocabulary(db, fts, 'row'), instances: ftsVocabulary(db, fts, 'instance') };
}

/** The words of a query a spelling may be suggested for: outside quotes, not operators, prefixes or numbers. */
function candidateWords(text: string): Array<{ start: number; end: number; word: string }> {
  const words: Array<{ start: number; end: number; word: string }> = [];
  const quoted = [...text.matchAll(/"[^"]*"?/g)].map((match) => [match.index, match.index + match[0].length] as const);
  for (const match of text.matchAll(/[\p{L}\p{M}]+(\*)?/gu)) {
    const start = match.index;
    const word = match[0];
    if (match[1] || word === 'AND' || word === 'OR' || word === 'NOT') continue;
    if ([...word].length < MIN_WORD_LENGTH || STOP_WORDS.has(word.toLowerCase())) continue;
    if (quoted.some(([begin, end]) => start >= begin && start < end)) continue;
    words.push({ start, end: start + word.length, word });
  }
  return words;
}

/** The best known term near `wanted`: fewest edits (one for short words, two for longer), then most documents. */
function nearestTerm(db: Database.Database, vocab: string, wanted: string): string | undefined {
  const max = wanted.length <= 4 ? 1 : 2;
  const first = wanted[0]!;
  const rows = sql(db, `SELECT term, doc FROM ${vocab} WHERE term >= ? AND term < ? LIMIT ${MAX_CANDIDATES}`).raw().all(first, `${first}\uffff`) as Array<
    [string, number]
  >;
  let best: { term: string; distance: number; docs: number } | undefined;
  for (const [candidate, docs] of rows) {
    if (Math.abs(candidate.length - wanted.length) > max) continue;
    const distance = editDistance(wanted, candidate, max);
    if (distance > max) continue;
    if (!best || distance < best.distance || (distance === best.distance && docs > best.docs)) best = { term: candidate, distance, docs };
  }
  return best?.term;
}

/** A word of the indexed text that is indexed as `indexed`, in lower case, read where it first occurs. */
function surfaceWord(db: Database.Database, indexRowid: number, instances: string, indexed: string): string | undefined {
  const where = sql(db, `SELECT doc, col FROM ${instances} WHERE term = ? LIMIT 1`).get(indexed) as { doc: number; col: string } | undefined;
  if (!where || !['title', 'body', 'fields'].includes(where.col)) return undefined;
  const text = sql(db, `SELECT ${where.col} FROM ${documentsFts(indexRowid)} WHERE rowid = CAST(? AS INTEGER)`)
    .pluck()
    .get(where.doc) as string | null | undefined;
  if (!text) return undefined;
  const token = tokenize(text.length > 100_000 ? text.slice(0, 100_000) : text).find((item) => item.term === indexed);
  return token ? text.slice(token.start, token.end).toLowerCase() : undefined;
}

/**
 * Spelling suggestions for a query from the index's own vocabulary: each word of three letters
 * or more (not a stop word, a number, a prefix or inside quotes) that no document contains is
 * replaced by the nearest word the documents contain (at most one edit for words of up to
 * four letters, two for longer ones; the more documents, the better). One suggested query
 * with every correction, or none when nothing needs correcting.
 */
export function spellCorrections(db: Database.Database, indexRowid: number, text: string): SpellCorrectedQuery[] {
  const words = candidateWords(text);
  if (words.length === 0) return [];
  const vocab = vocabulary(db, indexRowid);
  const known = sql(db, `SELECT 1 FROM ${vocab.rows} WHERE term = ?`).pluck();
  const corrections: SpellCorrectedQuery['Corrections'] = [];
  for (const { start, end, word } of words) {
    const wanted = term(word);
    if (wanted === '' || known.get(wanted) !== undefined) continue;
    const nearest = nearestTerm(db, vocab.rows, wanted);
    const corrected = nearest === undefined ? undefined : surfaceWord(db, indexRowid, vocab.instances, nearest);
    if (corrected && corrected !== word.toLowerCase()) corrections.push({ BeginOffset: start, EndOffset: end, Term: word, CorrectedTerm: corrected });
  }
  if (corrections.length === 0) return [];
  let suggested = '';
  let at = 0;
  for (const correction of corrections) {
    suggested += text.slice(at, correction.BeginOffset) + correction.CorrectedTerm;
    at = correction.EndOffset;
  }
  return [{ SuggestedQueryText: suggested + text.slice(at), Corrections: corrections }];
}
