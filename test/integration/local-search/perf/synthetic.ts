import { seededRandom } from '../../../../src/lib/local/server/faults.js';

const SYLLABLES = ['ka', 'lo', 'mi', 'ne', 'ru', 'ta', 'po', 'si', 'de', 'ga', 'vu', 'zo', 'ber', 'lin', 'tor', 'mes', 'pal', 'quin', 'dra', 'fen'];

/**
 * A synthetic language: `size` made-up words whose frequencies follow Zipf's law (exponent 1),
 * like the content words of natural text.
 */
export class Vocabulary {
  readonly words: string[] = [];
  private readonly cumulative: number[] = [];
  private readonly next: () => number;

  constructor(size: number, seed: number) {
    this.next = seededRandom(seed);
    const seen = new Set<string>();
    while (this.words.length < size) {
      let word = '';
      const syllables = 2 + Math.floor(this.next() * 3);
      for (let i = 0; i < syllables; i++) word += SYLLABLES[Math.floor(this.next() * SYLLABLES.length)];
      if (!seen.has(word)) {
        seen.add(word);
        this.words.push(word);
      }
    }
    let sum = 0;
    for (let rank = 1; rank <= size; rank++) this.cumulative.push((sum += 1 / rank));
  }

  /** A word drawn by frequency. */
  word(): string {
    const target = this.next() * this.cumulative[this.cumulative.length - 1]!;
    let low = 0;
    let high = this.cumulative.length - 1;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (this.cumulative[middle]! < target) low = middle + 1;
      else high = middle;
    }
    return this.words[low]!;
  }

  /** `count` words drawn by frequency, joined by spaces. */
  text(count: number): string {
    return Array.from({ length: count }, () => this.word()).join(' ');
  }

  /** A number in [0, 1) from the same seeded sequence. */
  random(): number {
    return this.next();
  }
}

const DEPARTMENTS = ['engineering', 'sales', 'legal', 'support', 'research', 'finance', 'marketing', 'operations'];

/** A synthetic document for BatchPutDocument: a 6-word title, a `bodyWords`-word body, two attributes. */
export function syntheticDoc(vocabulary: Vocabulary, id: string, bodyWords: number): Record<string, unknown> {
  return {
    Id: id,
    Title: vocabulary.text(6),
    Blob: Buffer.from(vocabulary.text(bodyWords), 'utf8').toString('base64'),
    ContentType: 'PLAIN_TEXT',
    Attributes: [
      { Key: '_category', Value: { StringValue: DEPARTMENTS[Math.floor(vocabulary.random() * DEPARTMENTS.length)] } },
      { Key: '_version', Value: { StringValue: String(1 + Math.floor(vocabulary.random() * 5)) } },
    ],
  };
}
