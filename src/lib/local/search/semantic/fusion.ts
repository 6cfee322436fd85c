import type { ScoreConfidence } from '../../../services/search/types.js';

/**
 * How keyword and vector evidence are weighed (tuned on the labelled set in
 * `bench/semantic/labelled-set.json`, and checked on `validation-set.json`, which is never tuned
 * on; see `bench/semantic/quality.mjs`). Cosine similarities of
 * the built-in model run from about 0.1 (unrelated) to 0.8 (the same statement): they are
 * mapped to 0…1 between {@link SIM_FLOOR} and {@link SIM_CEILING}, absolutely (not per result
 * list), so that a fused score means the same whatever else matched.
 */
export const FUSION = {
  /** The dense side's share of the fused score. */
  denseWeight: 0.7,
  /** Similarity that counts as no evidence. */
  simFloor: 0.15,
  /** Similarity that counts as full evidence. */
  simCeiling: 0.75,
  /** The least similarity of a document (or passage) found by meaning alone (0.3 lost a tenth of the validation set's answers). */
  simInclude: 0.2,
  /** Added when the query is a document's title: it stays first, as in keyword search. */
  titleBonus: 1,
} as const;

/** Similarity as evidence, 0…1. */
export function denseEvidence(similarity: number): number {
  return Math.min(1, Math.max(0, (similarity - FUSION.simFloor) / (FUSION.simCeiling - FUSION.simFloor)));
}

/**
 * Keyword evidence, 0…1: the document's BM25 score relative to the best keyword match,
 * weighed by how much of the query it matched (the share of query positions it holds), so
 * that a document matching one common word of a long question counts for little.
 */
export function keywordEvidence(relative: number, coverage: number): number {
  return relative * coverage;
}

/** The fused score of dense and keyword evidence. */
export function fusedScore(dense: number, keyword: number): number {
  return FUSION.denseWeight * dense + (1 - FUSION.denseWeight) * keyword;
}

/**
 * Kendra's confidence bucket from absolute evidence, not from the rank: the similarity to the
 * query (undefined for a document not embedded yet), and how much of the query the keywords
 * matched (coverage) together with their strength relative to the best match. Keywords alone
 * count for half, so that VERY_HIGH needs meaning too; calibrated on the labelled set, where a
 * right top answer has similarity 0.35–0.75 and a wrong one rarely above 0.45. A weak best match
 * is MEDIUM or LOW; a query whose words occur nowhere has only its similarity, which is below
 * HIGH unless it says what a document says.
 */
export function evidenceConfidence(similarity: number | undefined, coverage: number, relative: number): ScoreConfidence {
  const keyword = coverage * (0.5 + 0.5 * relative);
  const evidence = similarity === undefined ? 0.85 * keyword : Math.max(denseEvidence(similarity), 0.5 * denseEvidence(similarity) + 0.5 * keyword);
  if (evidence >= 0.75) return 'VERY_HIGH';
  if (evidence >= 0.55) return 'HIGH';
  if (evidence >= 0.3) return 'MEDIUM';
  return 'LOW';
}
