/**
 * Word segmentation of Chinese, Japanese and Korean, which write words without spaces between
 * them (or, for Korean, attach particles to the word), for the full-text tables, whose
 * `unicode61` tokenizer only splits at spaces and punctuation.
 *
 * Text is stored in the tables with an invisible separator (U+2063) between the words of a
 * CJK run, which `unicode61` treats as a word break; the separators are taken out again
 * wherever stored text is shown.
 */

/** The separator put between the words of a CJK run in stored text (INVISIBLE SEPARATOR). */
export const WORD_BREAK = '\u2063';

const CJK = /[\p{scx=Han}\p{scx=Hiragana}\p{scx=Katakana}\p{scx=Hangul}]/u;
const CJK_RUN = /[\p{scx=Han}\p{scx=Hiragana}\p{scx=Katakana}\p{scx=Hangul}]+/gu;
const HANGUL = /\p{scx=Hangul}/u;
const KANA = /[\p{scx=Hiragana}\p{scx=Katakana}]/u;
const WORD_BREAKS = /\u2063/g;
/** The most characters of a CJK run segmented at once (see `chunkEnd`). */
const MAX_SEGMENTED = 512;
/** Marks that end a sentence or clause in CJK text: a run is cut after one, where no word spans. */
const CLAUSE_MARKS = new Set(['。', '、', '，', '！', '？', '；', '：', '」', '』', '）', '・', '…']);

/**
 * Korean particles and copula endings, split off a word so that `서울` finds `서울은` and
 * `서울에서`, as Kendra's Korean analysis does. Longest first; one-syllable ones only after a
 * stem of two syllables or more, so that short nouns ending in the same syllable stay whole.
 */
const KOREAN_SUFFIXES = [
  '이었습니다',
  '였습니다',
  '입니다',
  '습니다',
  '에서는',
  '에게서',
  '으로는',
  '이라는',
  '에서',
  '에게',
  '으로',
  '까지',
  '부터',
  '보다',
  '처럼',
  '이다',
  '라는',
  '은',
  '는',
  '이',
  '가',
  '을',
  '를',
  '의',
  '에',
  '와',
  '과',
  '도',
  '만',
  '로',
];

const segmenters = new Map<string, Intl.Segmenter>();

function segmenter(locale: string): Intl.Segmenter {
  let found = segmenters.get(locale);
  if (!found) {
    found = new Intl.Segmenter(locale, { granularity: 'word' });
    segmenters.set(locale, found);
  }
  return found;
}

/** Whether a text holds any Chinese, Japanese or Korean character. */
export function hasCjk(text: string): boolean {
  return CJK.test(text);
}

/** Where a Korean word splits into its stem and particle, or -1 when it does not. */
function koreanSplit(word: string): number {
  const length = [...word].length;
  for (const suffix of KOREAN_SUFFIXES) {
    if (!word.endsWith(suffix)) continue;
    const stemLength = length - suffix.length;
    if (stemLength >= (suffix.length === 1 ? 2 : 1)) return word.length - suffix.length;
  }
  return -1;
}

/**
 * The words of a run of CJK characters, as `[start, end)` offsets into it: dictionary-based
 * word boundaries (ICU's, through `Intl.Segmenter`) for Chinese and Japanese, and Korean
 * words with their particles split off.
 */
export function cjkWords(run: string): Array<[number, number]> {
  const locale = HANGUL.test(run) ? 'ko' : KANA.test(run) ? 'ja' : 'zh';
  const spans: Array<[number, number]> = [];
  for (let at = 0; at < run.length;) {
    const end = chunkEnd(run, at);
    for (const piece of segmenter(locale).segment(run.slice(at, end))) {
      const start = at + piece.index;
      const stop = start + piece.segment.length;
      const split = HANGUL.test(piece.segment) ? koreanSplit(piece.segment) : -1;
      if (split > 0) spans.push([start, start + split], [start + split, stop]);
      else spans.push([start, stop]);
    }
    at = end;
  }
  return spans;
}

/**
 * Where the piece of a run segmented at once ends: after its last sentence or clause mark within
 * {@link MAX_SEGMENTED} characters (else there, not inside a surrogate pair). V8's segmenter takes
 * time that grows with the square of a text's length: 100,000 characters at once take about a
 * minute, in pieces a fifth of a second.
 */
function chunkEnd(run: string, at: number): number {
  const limit = at + MAX_SEGMENTED;
  if (limit >= run.length) return run.length;
  for (let i = limit - 1; i > at; i--) if (CLAUSE_MARKS.has(run[i]!)) return i + 1;
  return /[\uD800-\uDBFF]/.test(run[limit - 1]!) ? limit - 1 : limit;
}

/** The text with a {@link WORD_BREAK} between the words of each CJK run; other text as it is. */
export function segmentCjk(text: string): string {
  if (!CJK.test(text)) return text;
  return text.replace(CJK_RUN, (run) =>
    cjkWords(run)
      .map(([start, end]) => run.slice(start, end))
      .join(WORD_BREAK),
  );
}

/** Stored text as it was given: the word breaks {@link segmentCjk} put in taken out. */
export function withoutWordBreaks(text: string): string {
  return text.includes(WORD_BREAK) ? text.replace(WORD_BREAKS, '') : text;
}

/** The words of a word-character run (see `analyzer.ts`): itself, or its CJK words. */
export function splitWord(word: string): Array<[number, number]> {
  if (!CJK.test(word)) return [[0, word.length]];
  const spans: Array<[number, number]> = [];
  let at = 0;
  for (const match of word.matchAll(CJK_RUN)) {
    if (match.index > at) spans.push([at, match.index]);
    for (const [start, end] of cjkWords(match[0])) spans.push([match.index + start, match.index + end]);
    at = match.index + match[0].length;
  }
  if (at < word.length) spans.push([at, word.length]);
  return spans;
}
