import { sql } from '../core/statements.js';
import { K1, keepBest, MIN_HOLDERS, ROUNDING, weightArgs, type Bm25Input, type Scored } from './bm25-core.js';
import { rememberedPhraseHits, rememberPhraseHits, tableStamp, varints } from './fts-stats.js';
import { plainOrWords } from './plain-or-words.js';
import { fts5Idf, termFrequency, termScore } from './term-scores.js';
import { bodyCount, CODES, fieldsCount, packedOfCode, PostingCursor, titleCount, type Postings } from './compact-postings.js';
import { highestRowid, termPostings } from './word-postings.js';

/** FTS5's BM25 parameter b. */
const B = 0.75;
/**
 * Below this share of the index's documents as holders of the words in all, the other ways cost
 * little (and reading the words' postings the first time costs more than they save): at
 * 100,000 documents, two words of frequency rank 50–500 cost the same or less without them.
 */
const MIN_HOLDER_SHARE = 0.1;
/** The candidates scored first, beyond the number needed: the highest bounds. */
const FIRST_CANDIDATES = 256;
/** The buckets of bounds the first candidates are picked with. */
const BUCKETS = 4096;

/**
 * The `needed` best matches of a plain OR of two to sixteen words by FTS5's BM25, exactly those of
 * scoring every match, from the words' postings (see `termPostings`: their rows and how often
 * each column holds them, read from the stored doclists and kept while the index does not
 * change) instead of FTS5's scoring; null when the query is of another form, the index has no
 * ranking tiers, the words are not common enough, or the postings cannot be read. (One word is
 * left to `impactTop`, else to FTS5: its holders' bounds differ only by their counts, so that
 * too many reach the top to be scored apart.)
 *
 * Each match's score is bounded from its counts alone, at the index's smallest document length
 * (BM25 only falls as a document grows). The matches with the highest bounds are scored exactly,
 * operation for operation as FTS5's `bm25()` (see `termScore`), their lengths read from FTS5's
 * own record; then every other match whose bound reaches the `needed`-th best score found. No
 * other match can reach the top.
 */
export function postingsTop(input: Bm25Input): Scored[] | null {
  const { db, table } = input;
  const words = plainOrWords(input);
  if (words === null) return null;
  const { shortest, totals, terms, termOfPhrase, phraseOfTerm, repeats } = words;
  const least = Math.max(MIN_HOLDERS, totals.rows * MIN_HOLDER_SHARE);
  // few holders in all, as counted before: the other ways cost little, and no postings are read
  const known = phraseOfTerm.map((phrase) => rememberedPhraseHits(db, table, phrase));
  if (known.every((count) => count !== undefined) && known.reduce((sum, count) => sum! + count!, 0)! < least) return null;
  const highest = highestRowid(db, table);
  if (highest === null) return null;
  const stamp = tableStamp(db, table);
  const postings: Postings[] = [];
  for (let index = 0; index < terms.length; index++) {
    const read = termPostings(db, table, terms[index]!, highest, stamp);
    if (read === null) return null;
    rememberPhraseHits(db, table, phraseOfTerm[index]!, read.length);
    postings.push(read);
  }
  const hits = postings.map((word) => word.length);
  if (hits.reduce((sum, count) => sum + count, 0) < least) return null;
  const averageTokens = totals.tokens / totals.rows;
  const idfs = hits.map((count) => fts5Idf(db, totals.rows, count));
  const [titleWeight, bodyWeight, fieldsWeight] = weightArgs(input.weights);

  // each match's bound: its words' scores at the smallest length
  const {
    bounds,
    scored,
    matches,
    buckets: bucketOf,
  } = scratch(
    highest + 1,
    postings.reduce((sum, word) => sum + word.length, 0),
  );
  const found = { count: 0, most: 0 };
  const lengthNorm = K1 * (1 - B + (B * shortest) / averageTokens);
  try {
    for (let index = 0; index < terms.length; index++) {
      const times = repeats[index]! * idfs[index]! * ROUNDING;
      addBounds(
        postings[index]!,
        input.allowed,
        [titleWeight * ROUNDING, bodyWeight * ROUNDING, fieldsWeight * ROUNDING],
        times,
        lengthNorm,
        bounds,
        matches,
        found,
      );
    }
    const matchCount = found.count;
    if (matchCount === 0) return [];
    const all = matches.subarray(0, matchCount);
    const buckets = bucketBounds(matches, matchCount, bounds, found.most, bucketOf);
    const first = highestBounds(matches, buckets, input.needed + FIRST_CANDIDATES);
    let best = keepBest(input, exactScores(input, first, terms, termOfPhrase, postings, idfs, averageTokens, scored));
    if (best.length < input.needed)
      return keepBest(input, [...best, ...exactScores(input, [...all], terms, termOfPhrase, postings, idfs, averageTokens, scored)]);
    const rest = boundsReaching(matches, buckets, bounds, scored, best[input.needed - 1]![1]);
    if (rest.length > 0) best = keepBest(input, [...best, ...exactScores(input, rest, terms, termOfPhrase, postings, idfs, averageTokens, scored)]);
    return best;
  } finally {
    // the scratch arrays left all zero for the next query: only the matches were written (at once when they are many)
    if (found.count * 8 > highest) {
      bounds.fill(0, 0, highest + 1);
      scored.fill(0, 0, highest + 1);
    } else
      for (let at = 0; at < found.count; at++) {
        bounds[matches[at]!] = 0;
        scored[matches[at]!] = 0;
      }
  }
}

/**
 * Reused by every query (it touches only its matches): by rowid, all zero between queries, each
 * match's bound and whether it was scored exactly; the matches found, and the bucket of each
 * one's bound (see `bucketBounds`).
 */
let scratchArrays = { bounds: new Float64Array(0), scored: new Uint8Array(0), matches: new Int32Array(0), buckets: new Uint16Array(0) };

/** The scratch arrays (see `scratchArrays`), grown to at least `rows` rowids and `postings` matches. */
function scratch(rows: number, postings: number): typeof scratchArrays {
  if (scratchArrays.bounds.length < rows) scratchArrays = { ...scratchArrays, bounds: new Float64Array(rows), scored: new Uint8Array(rows) };
  if (scratchArrays.matches.length < postings) scratchArrays = { ...scratchArrays, matches: new Int32Array(postings), buckets: new Uint16Array(postings) };
  return scratchArrays;
}

/**
 * Adds to `bounds[rowid]` the most a word adds to the score of each of its holders that passes
 * the filters (its counts weighted by `weights`, times `times`: its IDF and how often the query
 * holds it, at the length `lengthNorm` stands for), appends the holders not seen before to
 * `matches` (from `found.count` on, which it moves), and keeps in `found.most` the highest bound.
 */
function addBounds(
  word: Postings,
  allowed: Bm25Input['allowed'],
  weights: readonly [number, number, number],
  times: number,
  lengthNorm: number,
  bounds: Float64Array,
  matches: Int32Array,
  found: { count: number; most: number },
): void {
  const [title, body, fields] = weights;
  // FTS5's term score (see `termScore`), bounded: nonzero for every holder, so the first bound marks a match
  const bound = (packed: number) => {
    const frequency = titleCount(packed) * title + bodyCount(packed) * body + fieldsCount(packed) * fields;
    return times * ((frequency * (K1 + 1)) / (frequency + lengthNorm)) + Number.MIN_VALUE;
  };
  // the same, worked out once for each one-byte code of counts
  const boundOfCode = new Float64Array(CODES);
  for (let code = 1; code < CODES; code++) boundOfCode[code] = bound(packedOfCode(code));
  let added = found.count;
  let most = found.most;
  for (const posting = new PostingCursor(word); posting.next();) {
    const rowid = posting.rowid;
    if (allowed && !allowed.has(rowid)) continue;
    const before = bounds[rowid]!;
    if (before === 0) matches[added++] = rowid;
    const after = before + (posting.code !== 0 ? boundOfCode[posting.code]! : bound(posting.packed));
    bounds[rowid] = after;
    if (after > most) most = after;
  }
  found.count = added;
  found.most = most;
}

/** The buckets of the bounds of `count` matches: the bucket of each (in `buckets`, by the match's place) and how many fall in each. */
interface BoundBuckets {
  buckets: Uint16Array;
  count: number;
  /** The bucket of a bound: its share of the highest, times `BUCKETS`, rounded down (so that a higher bound is never in a lower bucket). */
  scale: number;
  sizes: Uint32Array;
}

/** Puts each of the first `count` matches' bounds (`most` the highest) in its bucket. */
function bucketBounds(matches: Int32Array, count: number, bounds: Float64Array, most: number, buckets: Uint16Array): BoundBuckets {
  const scale = BUCKETS / (most || 1);
  const sizes = new Uint32Array(BUCKETS + 1);
  for (let at = 0; at < count; at++) {
    const bucket = Math.floor(bounds[matches[at]!]! * scale);
    buckets[at] = bucket;
    sizes[bucket]!++;
  }
  return { buckets, count, scale, sizes };
}

/** The matches with the highest bounds: at least `wanted` of them (all when fewer), picked by their buckets. */
function highestBounds(matches: Int32Array, { buckets, count, sizes }: BoundBuckets, wanted: number): number[] {
  let lowest = BUCKETS;
  for (let taken = sizes[lowest]!; lowest > 0 && taken < wanted;) taken += sizes[--lowest]!;
  const picked: number[] = [];
  for (let at = 0; at < count; at++) if (buckets[at]! >= lowest) picked.push(matches[at]!);
  return picked;
}

/** The matches not yet `scored` whose bound reaches `threshold` (only those of its bucket and above are looked at). */
function boundsReaching(matches: Int32Array, { buckets, count, scale }: BoundBuckets, bounds: Float64Array, scored: Uint8Array, threshold: number): number[] {
  const from = Math.floor(threshold * scale);
  const reaching: number[] = [];
  for (let at = 0; at < count; at++) {
    if (buckets[at]! < from) continue;
    const rowid = matches[at]!;
    if (scored[rowid] === 0 && bounds[rowid]! >= threshold) reaching.push(rowid);
  }
  return reaching;
}

/**
 * The exact scores of the matches `rowids` not yet `scored` (marked so), as FTS5's `bm25()` sums
 * them: each phrase's score in the query's order, from the counts of the word's postings and the
 * row's length in FTS5's record.
 */
function exactScores(
  input: Bm25Input,
  rowids: readonly number[],
  terms: readonly string[],
  termOfPhrase: readonly number[],
  postings: readonly Postings[],
  idfs: readonly number[],
  averageTokens: number,
  scored: Uint8Array,
): Scored[] {
  const wanted = rowids.filter((rowid) => scored[rowid] === 0);
  if (wanted.length === 0) return [];
  // the slot of each wanted row, then each word's counts in it
  const slots = new Map<number, number>();
  wanted.forEach((rowid, slot) => {
    slots.set(rowid, slot);
    scored[rowid] = 1;
  });
  const counts = terms.map(() => new Array<{ title: number; body: number; fields: number } | undefined>(wanted.length));
  const ascending = [...wanted].sort((a, b) => a - b);
  for (let index = 0; index < terms.length; index++) {
    const posting = new PostingCursor(postings[index]!);
    for (const rowid of ascending) {
      if (!posting.seek(rowid)) break;
      if (posting.rowid !== rowid) continue;
      const packed = posting.packed;
      counts[index]![slots.get(rowid)!] = { title: titleCount(packed), body: bodyCount(packed), fields: fieldsCount(packed) };
    }
  }
  const none = { title: 0, body: 0, fields: 0 };
  const sizes = sql(input.db, `SELECT id, sz FROM ${input.table}_docsize WHERE id IN (SELECT value FROM json_each(?))`)
    .raw()
    .all(JSON.stringify(wanted)) as Array<[number, Buffer]>;
  return sizes.map(([rowid, size]) => {
    const tokens = varints(size).reduce((sum, count) => sum + count, 0);
    const slot = slots.get(rowid)!;
    let score = 0;
    for (const index of termOfPhrase) score += termScore(termFrequency(input.weights, counts[index]![slot] ?? none), tokens, idfs[index]!, averageTokens);
    return [rowid, score];
  });
}
