import type { AttributeFilter } from '../../../services/search/types.js';
import { DEFAULT_QUERY_LANGUAGE } from './language.js';
import type { Alternative, Group } from './synonyms.js';

/** The Snowball stemmer of each language code Kendra knows that Snowball has rules for. */
const SNOWBALL: Readonly<Record<string, string>> = {
  ar: 'arabic',
  hy: 'armenian',
  eu: 'basque',
  ca: 'catalan',
  cs: 'czech',
  da: 'danish',
  nl: 'dutch',
  fi: 'finnish',
  fr: 'french',
  de: 'german',
  hu: 'hungarian',
  it: 'italian',
  ga: 'irish',
  no: 'norwegian',
  nb: 'norwegian',
  pt: 'portuguese',
  'pt-BR': 'portuguese',
  ro: 'romanian',
  ru: 'russian',
  es: 'spanish',
  sv: 'swedish',
  tr: 'turkish',
};

/** Stems shorter than this are not searched as prefixes: they would match too much. */
const MIN_STEM = 3;

/** A word stemmer with one language's rules. */
export type Stemmer = (word: string) => string;

const stemmers = new Map<string, Stemmer>();

/**
 * The one language a query's AttributeFilter asks for (`EqualsTo _language_code`, alone or
 * inside `AndAllFilters`), if it asks for exactly one.
 */
export function queryLanguage(filter: AttributeFilter | undefined): string | undefined {
  if (!filter) return undefined;
  if (filter.EqualsTo?.Key === '_language_code') return filter.EqualsTo.Value?.StringValue;
  const found = (filter.AndAllFilters ?? []).map(queryLanguage).filter((code): code is string => code !== undefined);
  return found.length === 1 ? found[0] : undefined;
}

/**
 * The Snowball stemmer (the `snowball-stemmers` package, loaded on first use) of a language
 * other than English, or undefined when Snowball has no rules for it. English keeps the Porter
 * stemmer of the full-text index.
 */
export async function stemmerFor(language: string | undefined): Promise<Stemmer | undefined> {
  if (language === undefined || language === DEFAULT_QUERY_LANGUAGE) return undefined;
  const algorithm = SNOWBALL[language];
  if (!algorithm) return undefined;
  let stemmer = stemmers.get(algorithm);
  if (!stemmer) {
    const { newStemmer } = await import('snowball-stemmers');
    const rules = newStemmer(algorithm);
    stemmer = (word) => rules.stem(word);
    stemmers.set(algorithm, stemmer);
  }
  return stemmer;
}

/**
 * Adds to each word of a query its stem by the language's rules, searched as a prefix, so that
 * the other forms of the word match (`cocinar` finds `cocinando`, `cocina`): the full-text
 * index stems with English rules only, which leave most forms of other languages' words apart.
 * Phrases and prefixes stay as they are.
 */
export function withLanguageStems(groups: readonly Group[], stem: Stemmer): Group[] {
  return groups.map((group) => {
    const extra: Alternative[] = [];
    for (const item of group.alternatives) {
      if (item.kind !== 'term' || item.prefix) continue;
      const stemmed = stem(item.text.toLowerCase());
      if ([...stemmed].length >= MIN_STEM) extra.push({ kind: 'term', text: stemmed, prefix: true, synonym: item.synonym });
    }
    return extra.length === 0 ? group : { alternatives: [...group.alternatives, ...extra] };
  });
}
