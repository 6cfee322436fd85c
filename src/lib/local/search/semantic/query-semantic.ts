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
  return { vectors, sims: similarities(vectors, query), query, embed: (more) => provider.embedQuery(more) };
}

/** A document's best passage: its similarity and row, or undefined when it has no vectors. */
export function bestOfDocument(match: SemanticMatch, docRowid: number): { sim: number; row: number } | undefined {
  const rows = match.vectors.docRows.get(docRowid);
  if (!rows) return undefined;
  let best = rows[0]!;
  for (const row of rows) if (match.sims[row]! > match.sims[best]!) best = row;
  return { sim: match.sims[best]!, row: best };
}
