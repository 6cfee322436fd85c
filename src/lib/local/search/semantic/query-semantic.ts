import type { OpContext } from '../core/op-context.js';
import { semanticService } from './background-embedding.js';
import { vectorSpace } from './passage-store.js';
import { similarities } from './similarity.js';
import { indexVectors, type IndexVectors } from './vector-index.js';

/** A query's similarity to every passage vector of an index. */
export interface SemanticMatch {
  vectors: IndexVectors;
  /** By row of `vectors`. */
  sims: Float32Array;
  /** The query's own vector. */
  query: Float32Array;
  /** Embeds more texts (the sentences of an answer) as the query was. */
  embed(text: string): Promise<Float32Array>;
}

/** The embedding failures already told. */
const told = new Set<string>();

/**
 * The vector side of a query, or null when there is none: semantic search is off, the index
 * has no vectors yet, they are of another provider's space (not yet embedded again), or the
 * provider failed to embed the query (told once on stderr).
 */
export async function semanticMatch(ctx: OpContext, indexRowid: number, text: string): Promise<SemanticMatch | null> {
  const provider = semanticService(ctx.local).provider;
  if (!provider) return null;
  const space = vectorSpace(ctx.db);
  if (!space || space.identity !== provider.identity || space.dimension === null) return null;
  const vectors = indexVectors(ctx.db, indexRowid, space.dimension);
  if (vectors.count === 0) return null;
  let query: Float32Array;
  try {
    query = await provider.embedQuery(text);
  } catch (error) {
    // the keyword side still answers; the cause is told once
    const message = error instanceof Error ? error.message : String(error);
    if (!told.has(message)) {
      told.add(message);
      process.emitWarning(`semantic search could not embed a query, so it was answered by keywords only: ${message}`);
    }
    return null;
  }
  if (query.length !== space.dimension) return null;
  return { vectors, sims: await similarities(vectors, query), query, embed: (more) => provider.embedQuery(more) };
}

/** Each document's best passage similarity, by document rowid. */
export function bestByDocument(match: SemanticMatch): Map<number, { sim: number; row: number }> {
  const best = new Map<number, { sim: number; row: number }>();
  const { docRowids, count } = match.vectors;
  for (let row = 0; row < count; row++) {
    const sim = match.sims[row]!;
    const doc = docRowids[row]!;
    const known = best.get(doc);
    if (!known) best.set(doc, { sim, row });
    else if (sim > known.sim) {
      known.sim = sim;
      known.row = row;
    }
  }
  return best;
}
