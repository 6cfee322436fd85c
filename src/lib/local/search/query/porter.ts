/**
 * The Porter stemmer exactly as SQLite's FTS5 `porter` tokenizer applies it (the original
 * 1980 algorithm, over the bytes of a lower-cased token of 3 to 64 bytes), so that the
 * highlights computed here agree with what FTS5 matched.
 */

type Condition = (stem: Uint8Array, length: number) => boolean;
type Rule = [suffix: string, condition: Condition | null, replacement: string];

const A = 97;
const E = 101;
const I = 105;
const O = 111;
const U = 117;
const Y = 121;

function isVowel(char: number, yIsVowel: boolean): boolean {
  return char === A || char === E || char === I || char === O || char === U || (yIsVowel && char === Y);
}

/** Skips one vowel-consonant sequence from `start`; the index after it (relative), or 0. */
function gobbleVC(stem: Uint8Array, start: number, end: number, previousConsonant: boolean): number {
  let consonant = previousConsonant;
  let i = start;
  for (; i < end; i++) {
    consonant = !isVowel(stem[i]!, consonant);
    if (!consonant) break;
  }
  for (i++; i < end; i++) {
    consonant = !isVowel(stem[i]!, consonant);
    if (consonant) return i + 1 - start;
  }
  return 0;
}

const mGt0: Condition = (stem, length) => gobbleVC(stem, 0, length, false) !== 0;
const mGt1: Condition = (stem, length) => {
  const n = gobbleVC(stem, 0, length, false);
  return n !== 0 && gobbleVC(stem, n, length, true) !== 0;
};
const mEq1: Condition = (stem, length) => {
  const n = gobbleVC(stem, 0, length, false);
  return n !== 0 && gobbleVC(stem, n, length, true) === 0;
};
const hasVowel: Condition = (stem, length) => {
  for (let i = 0; i < length; i++) if (isVowel(stem[i]!, i > 0)) return true;
  return false;
};
/** `*o`: the stem ends consonant-vowel-consonant, the last not w, x or y. */
const endsCvc: Condition = (stem, length) => {
  const last = stem[length - 1]!;
  if (last === 119 || last === 120 || last === Y) return false;
  let mask = 0;
  let consonant = false;
  for (let i = 0; i < length; i++) {
    consonant = !isVowel(stem[i]!, consonant);
    mask = (mask << 1) | (consonant ? 1 : 0);
  }
  return (mask & 7) === 5;
};
const mGt1AndSOrT: Condition = (stem, length) => (stem[length - 1] === 115 || stem[length - 1] === 116) && mGt1(stem, length);

const STEP_1B: Rule[] = [
  ['eed', mGt0, 'ee'],
  ['ed', hasVowel, ''],
  ['ing', hasVowel, ''],
];
const STEP_1B2: Rule[] = [
  ['at', null, 'ate'],
  ['bl', null, 'ble'],
  ['iz', null, 'ize'],
];
const STEP_2: Rule[] = [
  ['ational', mGt0, 'ate'],
  ['tional', mGt0, 'tion'],
  ['enci', mGt0, 'ence'],
  ['anci', mGt0, 'ance'],
  ['izer', mGt0, 'ize'],
  ['logi', mGt0, 'log'],
  ['bli', mGt0, 'ble'],
  ['alli', mGt0, 'al'],
  ['entli', mGt0, 'ent'],
  ['eli', mGt0, 'e'],
  ['ousli', mGt0, 'ous'],
  ['ization', mGt0, 'ize'],
  ['ation', mGt0, 'ate'],
  ['ator', mGt0, 'ate'],
  ['alism', mGt0, 'al'],
  ['iveness', mGt0, 'ive'],
  ['fulness', mGt0, 'ful'],
  ['ousness', mGt0, 'ous'],
  ['aliti', mGt0, 'al'],
  ['iviti', mGt0, 'ive'],
  ['biliti', mGt0, 'ble'],
];
const STEP_3: Rule[] = [
  ['ical', mGt0, 'ic'],
  ['ness', mGt0, ''],
  ['icate', mGt0, 'ic'],
  ['iciti', mGt0, 'ic'],
  ['ful', mGt0, ''],
  ['ative', mGt0, ''],
  ['alize', mGt0, 'al'],
];
const STEP_4: Rule[] = [
  ['al', mGt1, ''],
  ['ance', mGt1, ''],
  ['ence', mGt1, ''],
  ['er', mGt1, ''],
  ['ic', mGt1, ''],
  ['able', mGt1, ''],
  ['ible', mGt1, ''],
  ['ant', mGt1, ''],
  ['ement', mGt1, ''],
  ['ment', mGt1, ''],
  ['ent', mGt1, ''],
  ['ion', mGt1AndSOrT, ''],
  ['ou', mGt1, ''],
  ['ism', mGt1, ''],
  ['ate', mGt1, ''],
  ['iti', mGt1, ''],
  ['ous', mGt1, ''],
  ['ive', mGt1, ''],
  ['ize', mGt1, ''],
];

function endsWith(buffer: Uint8Array, length: number, suffix: string): boolean {
  if (length <= suffix.length) return false;
  for (let i = 0; i < suffix.length; i++) if (buffer[length - suffix.length + i] !== suffix.charCodeAt(i)) return false;
  return true;
}

/**
 * Applies the first rule whose suffix ends the word (the word longer than the suffix), if its
 * condition holds for the rest. Returns the new length, and the index of the rule applied (-1
 * when none did).
 */
function applyRules(buffer: Uint8Array, length: number, rules: readonly Rule[]): [number, number] {
  for (let index = 0; index < rules.length; index++) {
    const [suffix, condition, replacement] = rules[index]!;
    if (!endsWith(buffer, length, suffix)) continue;
    const stem = length - suffix.length;
    if (condition && !condition(buffer, stem)) return [length, -1];
    for (let i = 0; i < replacement.length; i++) buffer[stem + i] = replacement.charCodeAt(i);
    return [stem + replacement.length, index];
  }
  return [length, -1];
}

/** The FTS5 porter stem of a lower-cased token. */
export function porterStem(token: string): string {
  const bytes = Buffer.from(token, 'utf8');
  if (bytes.length < 3 || bytes.length > 64) return token;
  const buffer = new Uint8Array(bytes.length + 8);
  buffer.set(bytes);
  let length = bytes.length;
  if (buffer[length - 1] === 115) {
    if (buffer[length - 2] === E) {
      const sses = length > 4 && buffer[length - 4] === 115 && buffer[length - 3] === 115;
      const ies = length > 3 && buffer[length - 3] === I;
      length -= sses || ies ? 2 : 1;
    } else if (buffer[length - 2] !== 115) length -= 1;
  }
  let rule: number;
  [length, rule] = applyRules(buffer, length, STEP_1B);
  if (rule > 0) {
    [length, rule] = applyRules(buffer, length, STEP_1B2);
    if (rule < 0) {
      const last = buffer[length - 1]!;
      if (!isVowel(last, false) && last !== 108 && last !== 115 && last !== 122 && last === buffer[length - 2]) length -= 1;
      else if (mEq1(buffer, length) && endsCvc(buffer, length)) buffer[length++] = E;
    }
  }
  if (buffer[length - 1] === Y && hasVowel(buffer, length - 1)) buffer[length - 1] = I;
  [length] = applyRules(buffer, length, STEP_2);
  [length] = applyRules(buffer, length, STEP_3);
  [length] = applyRules(buffer, length, STEP_4);
  if (buffer[length - 1] === E && (mGt1(buffer, length - 1) || (mEq1(buffer, length - 1) && !endsCvc(buffer, length - 1)))) length -= 1;
  if (length > 1 && buffer[length - 1] === 108 && buffer[length - 2] === 108 && mGt1(buffer, length - 1)) length -= 1;
  return Buffer.from(buffer.subarray(0, length)).toString('utf8');
}
