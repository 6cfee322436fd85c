// A deterministic synthetic corpus: 8,000 pseudo-words with a Zipf-like frequency, documents of
// about 130 words (some 800 bytes) with a short title, and queries of one to three words of
// frequency rank 20 to 2,000: the median query word occurs in about 3% of the documents, one in
// ten in more than a quarter of them.

import { seededRandom as random } from '../../dist/lib/local/server/faults.js';

const SYLLABLES = ['ka', 'lo', 'mi', 'ne', 'ru', 'sa', 'to', 'vi', 'an', 'el', 'or', 'us', 'bri', 'cha', 'dor', 'fen', 'gul', 'hax', 'jin', 'kur'];
const VOCABULARY_SIZE = 8000;

function makeVocabulary() {
  const words = [];
  for (let i = 0; words.length < VOCABULARY_SIZE; i++) {
    let word = '';
    for (let n = i; ; n = Math.floor(n / SYLLABLES.length) - 1) {
      word = SYLLABLES[n % SYLLABLES.length] + word;
      if (n < SYLLABLES.length) break;
    }
    if (word.length >= 4) words.push(word);
  }
  return words;
}

const words = makeVocabulary();
const cumulative = [];
let total = 0;
for (let rank = 1; rank <= words.length; rank++) cumulative.push((total += 1 / rank ** 0.9));

function pick(rand) {
  const target = rand() * total;
  let lo = 0;
  let hi = cumulative.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (cumulative[mid] < target) lo = mid + 1;
    else hi = mid;
  }
  return words[lo];
}

function sentence(rand, count) {
  const out = [];
  for (let i = 0; i < count; i++) out.push(pick(rand));
  return out.join(' ');
}

/** Document number `i` (0-based): `{Id, Title, text}`, always the same for the same `i`. */
export function document(i) {
  const rand = random(i + 1);
  return {
    Id: `doc-${String(i).padStart(7, '0')}`,
    Title: sentence(rand, 3 + Math.floor(rand() * 4)),
    text: `${sentence(rand, 60 + Math.floor(rand() * 60))}. ${sentence(rand, 30 + Math.floor(rand() * 30))}.`,
  };
}

/** Query number `i`: one to three mid-frequency words (ranks 20–2,000), so most queries match. */
export function queryText(i) {
  const rand = random(1_000_003 + i);
  const terms = 1 + Math.floor(rand() * 3);
  const out = [];
  for (let t = 0; t < terms; t++) out.push(words[20 + Math.floor(rand() ** 2 * 1980)]);
  return out.join(' ');
}

/**
 * Query number `i` of the mix of issue 30, beside the bench's own: one in three a single word of
 * frequency rank 5–50 (in 5% to 40% of the documents), one in three two mid-frequency words
 * (ranks 50–500), one in three a rare word (ranks 2,000–8,000).
 */
export function mixQueryText(i) {
  const rand = random(2_000_003 + i);
  const rank = (low, high) => words[low - 1 + Math.floor(rand() * (high - low + 1))];
  if (i % 3 === 0) return rank(5, 50);
  if (i % 3 === 1) return `${rank(50, 500)} ${rank(50, 500)}`;
  return rank(2000, VOCABULARY_SIZE);
}
