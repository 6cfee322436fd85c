/** The Snowball stemmers' JavaScript port, which ships without types. */
declare module 'snowball-stemmers' {
  /** A stemmer with one language's rules. */
  interface SnowballStemmer {
    stem(word: string): string;
  }
  /** The stemmer of an algorithm (`spanish`, `german`…). */
  export function newStemmer(algorithm: string): SnowballStemmer;
  /** The algorithms there are. */
  export function algorithms(): string[];
}
