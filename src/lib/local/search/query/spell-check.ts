import type Database from 'better-sqlite3';
import { documentsFts } from '../core/fts-tables.js';
import { sql } from '../core/statements.js';
import { term } from './analyzer.js';
import { editDistance } from './edit-distance.js';
import { ftsVocabulary } from './fts-terms.js';
import { STOP_WORDS } from './stop-words.js';
import { SurfaceWords } from './surface-words.js';
import { hasCjk } from './word-segments.js';

/** A suggested spelling of a query, in the model's `SpellCorrectedQuery` form. */
export interface SpellCorrectedQuery {
  SuggestedQueryText: string;
  Corrections: Array<{ BeginOffset: number; EndOffset: number; Term: string; CorrectedTerm: string }>;
}

/** Words shorter than this, or longer than the longest, are left as they are (Kendra's limits). */
const MIN_WORD_LENGTH = 3;
const MAX_WORD_LENGTH = 30;
/** A correction is a word found in at least this share of the documents (0.01%). */
const MIN_DOCUMENT_SHARE = 0.0001;
/** The most vocabulary terms looked at for one misspelled word. */
const MAX_CANDIDATES = 20_000;
/** The most terms whose written words are read for one misspelled word, the likeliest first. */
const MAX_SHORTLIST = 40;
/** Documents read to tell whether a typed word is written in the documents. */
const KNOWN_SAMPLE_DOCS = 200;
/** Documents read for the written forms of a candidate term. */
const CANDIDATE_SAMPLE_DOCS = 20;

/** A word of the query text, maybe hyphenated (`year-end`), with its offsets. */
interface QueryWord {
  start: number;
  end: number;
  word: string;
}

/** A word without diacritics, in lower case: what the index compares. */
function folded(word: string): string {
  return word.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/**
 * The words of a query a spelling may be suggested for, by Kendra's rules: 3 to 30 characters,
 * no digits, not a stop word, an operator, a prefix or inside quotes; a hyphenated word is one word.
 * Chinese, Japanese and Korean words are left alone.
 */
function candidateWords(text: string): QueryWord[] {
  const words: QueryWord[] = [];
  const quoted = [...text.matchAll(/"[^"]*"?/g)].map((match) => [match.index, match.index + match[0].length] as const);
  for (const match of text.matchAll(/[\p{L}\p{M}\p{N}]+(?:-[\p{L}\p{M}\p{N}]+)*(\*)?/gu)) {
    const start = match.index;
    const word = match[1] ? match[0].slice(0, -1) : match[0];
    if (match[1] || word === 'AND' || word === 'OR' || word === 'NOT' || /\p{N}/u.test(word) || hasCjk(word)) continue;
    const length = [...word].length;
    if (length < MIN_WORD_LENGTH || length > MAX_WORD_LENGTH || STOP_WORDS.has(word.toLowerCase())) continue;
    if (quoted.some(([begin, end]) => start >= begin && start < end)) continue;
    words.push({ start, end: start + word.length, word });
  }
  return words;
}

/** What a spelling check reads from one index. */
interface Vocabulary {
  db: Database.Database;
  /** The fts5vocab `col` table: per term and column, the documents holding it. */
  columns: string;
  surface: SurfaceWords;
  /** The fewest documents a correction must be found in. */
  minDocs: number;
}

/** Whether a word is written, as it is, in the index's documents. */
function isWritten(vocab: Vocabulary, word: string): boolean {
  const stem = term(word);
  return stem !== '' && vocab.surface.isWritten(word.toLowerCase(), stem, KNOWN_SAMPLE_DOCS);
}

/**
 * The written word of the documents nearest to `word` (Damerau edits: insertion, deletion,
 * substitution, transposition of neighbours; one for words of up to four letters, two for
 * longer ones), in at least the share of documents Kendra asks of a correction; the more
 * documents hold it, the better. Candidates are the indexed terms that could be the stem of a
 * word that near (a stem is about the start of its words), whose written forms are then compared.
 */
function nearestWord(vocab: Vocabulary, word: string): string | undefined {
  const wanted = folded(word);
  const max = [...wanted].length <= 4 ? 1 : 2;
  const first = wanted[0]!;
  const rows = sql(vocab.db, `SELECT term, doc FROM ${vocab.columns} WHERE col = 'body' AND term >= ? AND term < ? LIMIT ${MAX_CANDIDATES}`)
    .raw()
    .all(first, `${first}\uffff`) as Array<[string, number]>;
  const stem = term(word);
  const shortlist: Array<{ stem: string; docs: number; distance: number }> = [];
  for (const [candidate, docs] of rows) {
    if (docs < vocab.minDocs || candidate.length > wanted.length + max) continue;
    const distance = Math.min(editDistance(wanted.slice(0, candidate.length), candidate, max), editDistance(stem, candidate, max));
    if (distance <= max) shortlist.push({ stem: candidate, docs, distance });
  }
  shortlist.sort((a, b) => a.distance - b.distance || b.docs - a.docs);
  let best: { word: string; distance: number; docs: number } | undefined;
  for (const candidate of shortlist.slice(0, MAX_SHORTLIST)) {
    for (const [written, docs] of vocab.surface.of(candidate.stem, CANDIDATE_SAMPLE_DOCS)) {
      if (written === word.toLowerCase()) continue;
      const distance = editDistance(wanted, folded(written), max);
      if (distance > max) continue;
      const weight = candidate.docs * docs;
      if (!best || distance < best.distance || (distance === best.distance && weight > best.docs)) best = { word: written, distance, docs: weight };
    }
  }
  return best?.word;
}

/** The correction of a query word (each part of a hyphenated one), or undefined when it is written in the documents or nothing is near. */
function correction(vocab: Vocabulary, word: string): string | undefined {
  const parts = word.split('-');
  let changed = false;
  const corrected = parts.map((part) => {
    if ([...part].length < MIN_WORD_LENGTH || isWritten(vocab, part)) return part;
    const nearest = nearestWord(vocab, part);
    if (nearest === undefined) return part;
    changed = true;
    return nearest;
  });
  return changed ? corrected.join('-') : undefined;
}

/**
 * Spelling suggestions for a query from the words written in the bodies of the index's
 * documents (more reliable than titles, Kendra says), as Kendra's spell checker makes them: each word of 3 to 30 characters (not a stop word, not holding a
 * digit, not a prefix or inside quotes) that no document has as it is written is replaced by the
 * nearest written word (see {@link nearestWord}). One suggested query with every correction, or
 * none when nothing needs correcting.
 */
export function spellCorrections(db: Database.Database, indexRowid: number, text: string): SpellCorrectedQuery[] {
  const words = candidateWords(text);
  if (words.length === 0) return [];
  const fts = documentsFts(indexRowid);
  const instances = ftsVocabulary(db, fts, 'instance');
  const documents = sql(db, 'SELECT doc_count FROM search_indices WHERE rowid = ?').pluck().get(indexRowid) as number;
  const vocab: Vocabulary = {
    db,
    columns: ftsVocabulary(db, fts, 'col'),
    surface: new SurfaceWords(db, indexRowid, instances),
    minDocs: Math.max(1, Math.ceil(documents * MIN_DOCUMENT_SHARE)),
  };
  const corrections: SpellCorrectedQuery['Corrections'] = [];
  for (const { start, end, word } of words) {
    const corrected = correction(vocab, word);
    if (corrected && corrected !== word.toLowerCase()) corrections.push({ BeginOffset: start, EndOffset: end, Term: word, CorrectedTerm: corrected });
  }
  if (corrections.length === 0) return [];
  let suggested = '';
  let at = 0;
  for (const item of corrections) {
    suggested += text.slice(at, item.BeginOffset) + item.CorrectedTerm;
    at = item.EndOffset;
  }
  return [{ SuggestedQueryText: suggested + text.slice(at), Corrections: corrections }];
}
