import { randomUUID } from 'node:crypto';
import type { RetrieveResultItem, ScoreConfidence } from '../../../services/search/types.js';
import { invalid } from '../core/errors.js';
import { documentsFts } from '../core/fts-tables.js';
import type { OperationHandler, OperationHandlers } from '../core/op-context.js';
import { activeIndex, indexFields } from '../resources/index-store.js';
import { matcherOf } from './analyzer.js';
import { candidateFilter, rankCandidates } from './candidates.js';
import { docLookup, documentsStamp, indexDocs, unlessDocumentsChanged, type CachedDoc } from './doc-cache.js';
import { plainTexts } from './highlight.js';
import { principalFilters, userAccess } from './access.js';
import { withLanguageScope } from './language.js';
import { queryLanguage, stemmerFor } from './language-analysis.js';
import { matchQuery } from './match-query.js';
import { checkedQueryText } from './query-text.js';
import { bestPassages } from './passage-rank.js';
import { queryOptions } from './query-options.js';
import { attributesOf, confidence } from './result-items.js';
import { resultId } from './result-ids.js';
import { sql } from '../core/statements.js';
import { fusePassages } from '../semantic/hybrid-passages.js';
import { startSemanticMatch, whileEmbedding } from '../semantic/query-semantic.js';
import { strictQuery } from '../semantic/strict-query.js';

/** The most passages a query sees, over all its pages. */
const MAX_PASSAGES = 100;
/** How many of the best documents passages are cut from. */
const CANDIDATE_DOCS = 100;

/**
 * Retrieve: passages of up to about 200 words from the documents that best match the query
 * text, best first. With semantic search, passages (of up to 100 words) are chosen by meaning
 * and keywords together (see `fusePassages`). The 100 best documents are found and ranked as Query ranks them (the same
 * filter, access control, field relevance, overrides and relevance feedback for the same
 * text); their bodies are cut into passages, each scored by its document's rank and the query
 * words it holds, read only as far as the page needs. A query sees at most 100 passages. FAQ
 * entries are never returned.
 */
const retrieve: OperationHandler<'Retrieve'> = async (ctx, input) => {
  const index = activeIndex(ctx, input.IndexId, 'Retrieve');
  const text = checkedQueryText(input.QueryText);
  if (text.trim() === '') throw invalid('QueryText must contain something to search for.');
  const options = queryOptions(input, indexFields(index), await userAccess(ctx, index, input.UserContext), principalFilters(ctx, index));
  options.filter = withLanguageScope(ctx.db, index.rowid, input.AttributeFilter, options.filter);
  const { should, must, plan, expression } = matchQuery(ctx.db, index.rowid, text, ctx.nowMs, await stemmerFor(queryLanguage(input.AttributeFilter)));
  const queryId = randomUUID();
  const pageStart = (options.pageNumber - 1) * options.pageSize;
  const pageEnd = Math.min(MAX_PASSAGES, pageStart + options.pageSize);
  if (!expression || pageStart >= pageEnd) return { QueryId: queryId, ResultItems: [] };
  const table = documentsFts(index.rowid);
  // the vector side starts first: the query is embedded elsewhere while the keywords are ranked (see whileEmbedding)
  const pendingSemantic = startSemanticMatch(ctx, index.rowid, text);

  /** The keyword side: who may see what, and the best documents by keywords. */
  const keywordSide = () => {
    const { filtering, keep } = candidateFilter(ctx.db, index.rowid, options);
    const docs = filtering ? indexDocs(ctx.db, index.rowid).docs : docLookup(ctx.db, index.rowid);
    const passes = (doc: CachedDoc | undefined) => doc !== undefined && keep(doc);
    // checked only for the documents ranking looks at, not for every match
    const allowed = filtering ? { has: (rowid: number) => passes(docs.get(rowid)) } : null;
    const ranked = rankCandidates(ctx, options, {
      indexRowid: index.rowid,
      table,
      expression,
      phrases: plan.phrases,
      queryText: text,
      docs,
      allowed,
      needed: CANDIDATE_DOCS,
    }).slice(0, CANDIDATE_DOCS);
    return { filtering, keep, docs, ranked, stamp: documentsStamp(ctx.db, index.rowid) };
  };
  const early = pendingSemantic ? await whileEmbedding(pendingSemantic, ctx.db.transaction(keywordSide)) : null;
  const semantic = early?.semantic ?? null;

  const read = ctx.db.transaction((): RetrieveResultItem[] => {
    // what was ranked while the query was embedded holds unless the index's documents changed since
    const { filtering, keep, docs, ranked } = unlessDocumentsChanged(ctx.db, index.rowid, early?.done, keywordSide);
    const groups = [...should, ...must].map((group) => group.alternatives.map((alternative) => matcherOf(alternative.text, alternative.prefix)));
    const texts = (rowids: readonly number[]) => plainTexts(ctx.db, table, 'body', rowids);
    let passages: Array<{ doc: CachedDoc; ordinal: number; content: string; confidence: ScoreConfidence }>;
    if (semantic) {
      const excluded = plan.excluded ? new Set(sql(ctx.db, `SELECT rowid FROM ${table} WHERE ${table} MATCH ?`).pluck().all(plan.excluded) as number[]) : null;
      passages = fusePassages({
        keyword: ranked,
        semantic,
        docs,
        allowed: filtering || excluded ? (doc) => keep(doc) && !excluded?.has(doc.rowid) : null,
        strict: strictQuery(must),
        groups,
        texts,
        wanted: pageEnd,
      });
    } else {
      const found = bestPassages(ranked, groups, pageEnd, texts);
      const best = found[0]?.score || 1;
      passages = found.map((passage) => ({ ...passage, confidence: confidence(passage.score / best) }));
    }
    return passages.slice(pageStart, pageEnd).map((passage) => ({
      Id: resultId(queryId, `passage:${passage.doc.docId}:${passage.ordinal}`),
      DocumentId: passage.doc.docId,
      ...(passage.doc.title !== null ? { DocumentTitle: passage.doc.title } : {}),
      Content: passage.content,
      ...(passage.doc.sourceUri ? { DocumentURI: passage.doc.sourceUri } : {}),
      DocumentAttributes: attributesOf(passage.doc, options.byName, options.requested) as RetrieveResultItem['DocumentAttributes'],
      ScoreAttributes: { ScoreConfidence: passage.confidence },
    }));
  });
  return { QueryId: queryId, ResultItems: read() };
};

/** The Retrieve operation. */
export const retrieveOperations: OperationHandlers<'Retrieve'> = { Retrieve: retrieve };
