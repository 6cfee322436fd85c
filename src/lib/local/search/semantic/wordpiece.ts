/** Token ids of one text, with the model's special tokens around them. */
export type TokenIds = number[];

/** What the tokenizer reads from a Hugging Face `tokenizer.json` of a BERT WordPiece model. */
interface TokenizerJson {
  model: { type: string; vocab: Record<string, number>; unk_token: string; continuing_subword_prefix: string; max_input_chars_per_word: number };
  normalizer?: { type: string; lowercase?: boolean; strip_accents?: boolean | null };
}

function isPunctuation(char: string): boolean {
  const code = char.codePointAt(0)!;
  if ((code >= 33 && code <= 47) || (code >= 58 && code <= 64) || (code >= 91 && code <= 96) || (code >= 123 && code <= 126)) return true;
  return /\p{P}/u.test(char);
}

function isChinese(code: number): boolean {
  return (
    (code >= 0x4e00 && code <= 0x9fff) ||
    (code >= 0x3400 && code <= 0x4dbf) ||
    (code >= 0x20000 && code <= 0x2a6df) ||
    (code >= 0x2a700 && code <= 0x2b73f) ||
    (code >= 0x2b740 && code <= 0x2b81f) ||
    (code >= 0x2b820 && code <= 0x2ceaf) ||
    (code >= 0xf900 && code <= 0xfaff) ||
    (code >= 0x2f800 && code <= 0x2fa1f)
  );
}

/**
 * The BERT uncased tokenizer of a `tokenizer.json` (BertNormalizer, BertPreTokenizer, WordPiece):
 * control characters dropped, Chinese characters split apart, lower-cased with accents
 * stripped, split at whitespace and punctuation, then each word cut into the longest
 * vocabulary pieces (`##` continuing them), an unknown word becoming `[UNK]`.
 */
export class WordPieceTokenizer {
  private readonly vocab: Map<string, number>;
  private readonly unk: number;
  private readonly prefix: string;
  private readonly maxWordChars: number;
  private readonly lowercase: boolean;
  /** The id of `[CLS]`. */
  readonly cls: number;
  /** The id of `[SEP]`. */
  readonly sep: number;

  constructor(json: TokenizerJson) {
    if (json.model.type !== 'WordPiece') throw new Error(`the tokenizer is ${json.model.type}, not WordPiece`);
    this.vocab = new Map(Object.entries(json.model.vocab));
    const id = (token: string) => {
      const found = this.vocab.get(token);
      if (found === undefined) throw new Error(`the tokenizer's vocabulary has no ${token}`);
      return found;
    };
    this.unk = id(json.model.unk_token);
    this.cls = id('[CLS]');
    this.sep = id('[SEP]');
    this.prefix = json.model.continuing_subword_prefix;
    this.maxWordChars = json.model.max_input_chars_per_word;
    this.lowercase = json.normalizer?.lowercase !== false;
  }

  /** The words of `text`, normalised and pre-tokenised. */
  words(text: string): string[] {
    let clean = '';
    for (const char of text) {
      const code = char.codePointAt(0)!;
      if (code === 0 || code === 0xfffd || (/\p{Cc}|\p{Cf}/u.test(char) && !/\s/u.test(char))) continue;
      clean += isChinese(code) ? ` ${char} ` : /\s/u.test(char) ? ' ' : char;
    }
    if (this.lowercase)
      clean = clean
        .toLowerCase()
        .normalize('NFD')
        .replace(/\p{Mn}/gu, '');
    const words: string[] = [];
    for (const chunk of clean.split(' ')) {
      let word = '';
      for (const char of chunk) {
        if (isPunctuation(char)) {
          if (word) words.push(word);
          words.push(char);
          word = '';
        } else {
          word += char;
        }
      }
      if (word) words.push(word);
    }
    return words;
  }

  /** The WordPiece ids of one word. */
  private pieces(word: string): number[] {
    const chars = [...word];
    if (chars.length > this.maxWordChars) return [this.unk];
    const ids: number[] = [];
    let start = 0;
    while (start < chars.length) {
      let end = chars.length;
      let found: number | undefined;
      while (start < end) {
        const piece = (start > 0 ? this.prefix : '') + chars.slice(start, end).join('');
        found = this.vocab.get(piece);
        if (found !== undefined) break;
        end--;
      }
      if (found === undefined) return [this.unk];
      ids.push(found);
      start = end;
    }
    return ids;
  }

  /** The ids of `text` between `[CLS]` and `[SEP]`, at most `maxTokens` in all (the rest cut off). */
  encode(text: string, maxTokens: number): TokenIds {
    const ids = [this.cls];
    for (const word of this.words(text)) {
      for (const id of this.pieces(word)) {
        if (ids.length >= maxTokens - 1) return [...ids, this.sep];
        ids.push(id);
      }
    }
    ids.push(this.sep);
    return ids;
  }

  /** How many word pieces `text` has (without the special tokens). */
  count(text: string): number {
    let total = 0;
    for (const word of this.words(text)) total += this.pieces(word).length;
    return total;
  }
}
