/**
 * A rule of a thesaurus in Solr synonym format: `a, b, c` makes the terms equivalent (any of
 * them finds all of them); `a, b => c, d` replaces a query's `a` or `b` by `c` and `d`. Terms
 * are lower case; a term may have several words.
 */
export interface SynonymRule {
  from: string[];
  to: string[];
  /** True for `a, b, c` (the two sides are the same list). */
  equivalent: boolean;
}

/** A parsed thesaurus file. */
export interface ParsedThesaurus {
  rules: SynonymRule[];
  termCount: number;
}

function terms(side: string, line: number): string[] {
  const list = side
    .split(',')
    .map((term) => term.trim().replace(/\\(.)/g, '$1').toLowerCase().replace(/\s+/g, ' '))
    .filter((term) => term !== '');
  if (list.length === 0) throw new Error(`line ${line}: a rule needs at least one term on each side`);
  return list;
}

/**
 * Parses a thesaurus in Solr synonym format (`#` comments, blank lines ignored). Throws an
 * `Error` naming the first bad line.
 */
export function parseSolrSynonyms(source: string): ParsedThesaurus {
  const rules: SynonymRule[] = [];
  const distinct = new Set<string>();
  source.split(/\r?\n/).forEach((raw, index) => {
    const line = raw.replace(/(^|\s)#.*$/, '').trim();
    if (line === '') return;
    const parts = line.split('=>');
    if (parts.length > 2) throw new Error(`line ${index + 1}: a rule has at most one =>`);
    const from = terms(parts[0]!, index + 1);
    const to = parts.length === 2 ? terms(parts[1]!, index + 1) : from;
    if (parts.length === 1 && from.length < 2) throw new Error(`line ${index + 1}: an equivalence rule needs at least two terms`);
    for (const term of [...from, ...to]) distinct.add(term);
    rules.push({ from, to, equivalent: parts.length === 1 });
  });
  if (rules.length === 0) throw new Error('the file has no synonym rules');
  return { rules, termCount: distinct.size };
}
