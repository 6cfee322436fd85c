/**
 * The documents that hold exactly some of a query's words (bit `i` of `words`: the query's
 * `i`-th phrase), and the FTS5 expression that finds and scores them as the query does.
 */
export interface Region {
  words: number;
  /**
   * The words of the region AND-ed, NOT the others OR-ed: a row's BM25 score sums, in the
   * expression's order, one term per phrase, and the phrases a row of the region does not hold
   * add exactly nothing, so it scores the rows as the query's OR of the same phrases does.
   */
  expression: string;
  /** How many rows FTS5 is expected to walk to find them (those that hold the region's words), if the words were independent. */
  cost: number;
  /** Whether its best rows were scored. */
  scored: boolean;
}

/** The most words split into regions (each set of them is one): 15 regions for 4 words. */
const MAX_REGION_WORDS = 4;

/**
 * Every region of a query whose phrases are each a different word (`hits` rows of `rows` hold
 * each), or a single one of every match (its OR, not scored apart) when two phrases are the same
 * word or there are more than `MAX_REGION_WORDS` words.
 */
export function wordRegions(phrases: readonly string[], wordCount: number, hits: readonly number[], rows: number): Region[] {
  const count = phrases.length;
  if (wordCount !== count || count > MAX_REGION_WORDS)
    return [{ words: (1 << wordCount) - 1, expression: `(${phrases.join(' OR ')})`, cost: Infinity, scored: false }];
  const every = (1 << count) - 1;
  const regions: Region[] = [];
  for (let words = every; words > 0; words--) {
    const held = phrases.filter((_, index) => words & (1 << index));
    const others = phrases.filter((_, index) => !(words & (1 << index)));
    const all = held.length === 1 ? held[0]! : `(${held.join(' AND ')})`;
    const expression = others.length === 0 ? all : `(${all} NOT ${others.length === 1 ? others[0]! : `(${others.join(' OR ')})`})`;
    const cost = hits.reduce((product, value, index) => (words & (1 << index) ? (product * value) / rows : product), rows);
    regions.push({ words, expression, cost, scored: false });
  }
  return regions;
}
