import type { OpContext } from '../core/op-context.js';
import { semanticService } from './background-embedding.js';
import { vectorSpace } from './passage-store.js';
import { FUSION } from './fusion.js';
import { similarities, type Similarities } from './similarity.js';
import { topRows } from './top-rows.js';
import { indexVectors, type IndexVectors } from './vector-index.js';

/** A query's similarity to every passage vector of an index. */
export interface SemanticMatch {
  vectors: IndexVectors;
  /** By row of `vectors`: those at least {@link FUSION.simInclude} similar listed, the others on demand. */
  sims: Similarities;
  /** The query's own vector. */
  query: Float32Array;
  /** Embeds more texts (the sentences of an answer) as the query was. */
  embed(text: string): Promise<Float32Array>;
}

/** The embedding failures already told. */
const told = new Set<string>();

/**
 * The vector side of a query, started: null when there is none (semantic search is off, the
 * index has no vectors yet, or they are of another provider's space, not yet embedded again),
 * else the query's embedding under way, which resolves to its similarities to every passage,
 * or to null when the provider failed to embed it (told once on stderr). The embedding runs
 * elsewhere (the model's thread, or the provider's server), so the caller ranks keywords
 * meanwhile (see `whileEmbedding`).
 */
export function startSemanticMatch(ctx: OpContext, indexRowid: number, text: string): Promise<SemanticMatch | null> | null {
  const provider = semanticService(ctx.local).provider;
  if (!provider) return null;
  const space = vectorSpace(ctx.db);
  if (!space || space.identity !== provider.identity || space.dimension === null) return null;
  const vectors = indexVectors(ctx.db, indexRowid, space.dimension);
  if (vectors.count === 0) return null;
  return provider.embedQuery(text).then(
    (query): SemanticMatch | null =>
      query.length === space.dimension
        ? { vectors, sims: similarities(vectors, query, FUSION.simInclude), query, embed: (more) => provider.embedQuery(more) }
        : null,
    (error: unknown) => {
      // the keyword side still answers; the cause is told once
      const message = error instanceof Error ? error.message : String(error);
      if (!told.has(message)) {
        told.add(message);
        process.emitWarning(`semantic search could not embed a query, so it was answered by keywords only: ${message}`);
      }
      return null;
    },
  );
}

/**
 * Runs `work` (synchronous: a query's keyword ranking) while the query's embedding is under
 * way, then waits for the vector side. `work` starts on the next turn of the event loop, once
 * the embedding request has left (an HTTP provider writes it then; the model's thread has it
 * already), so that both run at once on two cores instead of one after the other.
 */
export async function whileEmbedding<T>(pending: Promise<SemanticMatch | null>, work: () => T): Promise<{ done: T; semantic: SemanticMatch | null }> {
  await new Promise((resolve) => setImmediate(resolve));
  const done = work();
  return { done, semantic: await pending };
}

/** A document's best passage: its similarity and row, or undefined when it has no vectors. */
export function bestOfDocument(match: SemanticMatch, docRowid: number): { sim: number; row: number } | undefined {
  const rows = match.vectors.docRows.get(docRowid);
  if (!rows) return undefined;
  let best = rows[0]!;
  let bestSim = match.sims.of(best);
  for (const row of rows) {
    const sim = match.sims.of(row);
    if (sim > bestSim) {
      best = row;
      bestSim = sim;
    }
  }
  return { sim: bestSim, row: best };
}

/**
 * The rows of the `k` passages nearest the query (at least {@link FUSION.simInclude} similar)
 * that `accept` lets through, best first (ties by row).
 */
export function nearestRows(match: SemanticMatch, k: number, accept: (row: number) => boolean): number[] {
  const { nearRows, nearSims } = match.sims;
  return topRows(nearSims, nearSims.length, k, FUSION.simInclude, (at) => accept(nearRows[at]!)).map((at) => nearRows[at]!);
}
