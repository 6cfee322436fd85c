import { randomUUID } from 'node:crypto';
import { documentsFts, faqFts } from '../core/fts-tables.js';
import type { OperationHandler, OperationHandlers } from '../core/op-context.js';
import { sql } from '../core/statements.js';
import { writeQueue } from '../../store/write-queue.js';
import { insertQueryRecord } from '../resources/feedback-store.js';
import { activeIndex, indexFields } from '../resources/index-store.js';
import { principalFilters, userAccess } from './access.js';
import { isQuestion } from './answer-extract.js';
import { assembleAnswer, tableAnswerItem } from './table-answer.js';
import { candidateFilter, rankCandidates } from './candidates.js';
import { collapsePlan, collapseRanked, type Collapsed } from './collapse.js';
import { collapsedItems } from './collapsed-items.js';
import { docLookup, documentsStamp, indexDocs, unlessDocumentsChanged, type CachedDoc } from './doc-cache.js';
import type { DocPredicate } from './filter.js';
import { computeFacets } from './facets.js';
import { featuredResults } from './featured-items.js';
import { matchFaqs, type FaqMatch } from './faq-match.js';
import { logQuery } from './query-log.js';
import { matchQuery } from './match-query.js';
import { withLanguageScope } from './language.js';
import { queryLanguage, stemmerFor } from './language-analysis.js';
import { MAX_VISIBLE_RESULTS, queryOptions } from './query-options.js';
import { checkedQueryText } from './query-text.js';
import type { ScoreConfidence } from '../../../services/search/types.js';
import { confidence, documentItems, faqItems } from './result-items.js';
import { queryKey, resultId, resultKey } from './result-ids.js';
import { sortDocs } from './sorting.js';
import { spellCorrections } from './spell-check.js';
import { group } from './fts-expression.js';
import { ftsMatchCount, ftsPhraseHits } from './fts-stats.js';
import { fuseDocuments } from '../semantic/hybrid-documents.js';
import { startSemanticMatch, whileEmbedding } from '../semantic/query-semantic.js';
import { semanticAnswer } from '../semantic/semantic-answer.js';
import { strictQuery } from '../semantic/strict-query.js';

/** A set of document rowids as a bitmap: cheaper than a `Set` for tens of thousands of members. */
function rowidSet(docs: readonly CachedDoc[]): { has(rowid: number): boolean } {
  let max = 0;
  for (const doc of docs) if (doc.rowid > max) max = doc.rowid;
  const bits = new Uint8Array(max + 1);
  for (const doc of docs) bits[doc.rowid] = 1;
  return { has: (rowid) => bits[rowid] === 1 };
}

/** How many keyword matches a hybrid ranking fuses with the documents found by meaning. */
const KEYWORD_POOL = 50;

/** The order of documents no text ranks: the most recently updated first, then by document id. */
const byRecency = (a: CachedDoc, b: CachedDoc) => b.updatedAt - a.updatedAt || a.docId.localeCompare(b.docId);

/** A filter within the request's scope (its attribute filter, language and field conditions), when it has one. */
function withScope(scoped: DocPredicate | null, filter: DocPredicate): DocPredicate {
  return scoped ? (doc) => scoped(doc) && filter(doc) : filter;
}

const query: OperationHandler<'Query'> = async (ctx, input) => {
  const index = activeIndex(ctx, input.IndexId, 'Query');
  const options = queryOptions(input, indexFields(index), await userAccess(ctx, index, input.UserContext), principalFilters(ctx, index));
  options.filter = withLanguageScope(ctx.db, index.rowid, input.AttributeFilter, options.filter);
  const collapse = input.CollapseConfiguration ? collapsePlan(input.CollapseConfiguration, options.byName) : null;
  const text = checkedQueryText(input.QueryText);
  const stemmer = await stemmerFor(queryLanguage(input.AttributeFilter));
  const { should, must, plan, expression, filter, boolean } = matchQuery(ctx.db, index.rowid, text, ctx.nowMs, stemmer, options.byName);
  const scoped = options.filter;
  if (filter) options.filter = withScope(scoped, filter);
  const table = documentsFts(index.rowid);
  const key = queryKey(text);
  const queryId = randomUUID();
  const pageStart = (options.pageNumber - 1) * options.pageSize;
  const pageEnd = Math.min(pageStart + options.pageSize, MAX_VISIBLE_RESULTS);
  // ANSWERs come from the most relevant document, on the first page: a TABLE answer for any query, a TEXT one for a question
  const answerable = options.wantExtracts && options.pageNumber === 1 && options.sort.length === 0 && plan.match !== null;
  const extract = answerable && isQuestion(text);
  const rankDocuments = options.wantDocuments || answerable;
  // the vector side (unless the order is the attributes' or there is nothing to rank) starts first: the query is
  // embedded elsewhere while the keywords are ranked (see whileEmbedding)
  const pendingSemantic = rankDocuments && options.sort.length === 0 && expression ? startSemanticMatch(ctx, index.rowid, text) : null;
  let semanticTop: { doc: CachedDoc; key: string; row: number; confidence: ScoreConfidence } | undefined;

  /** The keyword side: the FAQ answers, the documents that match and their total, and the best of them by keywords. */
  const keywordSide = () => {
    // text and fields joined by OR: the Boolean expression picks the documents (and the FAQs), the text only ranks
    const faqFilter = boolean ? withScope(scoped, boolean(ctx.db, faqFts(index.rowid))) : options.filter;
    if (boolean) options.filter = withScope(scoped, boolean(ctx.db, table));
    const { filtering, keep } = candidateFilter(ctx.db, index.rowid, options);
    const answers: FaqMatch[] =
      options.wantAnswers && plan.match ? matchFaqs(ctx.db, index.rowid, [...should, ...must], plan.excluded, faqFilter ?? (() => true), ctx.nowMs) : [];
    let matched: CachedDoc[] | undefined;
    let total = 0;
    const needMatched = filtering || options.facets.length > 0 || options.sort.length > 0 || !expression || boolean !== null;
    const docs = needMatched ? indexDocs(ctx.db, index.rowid).docs : docLookup(ctx.db, index.rowid);
    if (!rankDocuments) {
      matched = [];
    } else if (!expression || boolean) {
      const excluded = plan.excluded ? new Set(sql(ctx.db, `SELECT rowid FROM ${table} WHERE ${table} MATCH ?`).pluck().all(plan.excluded) as number[]) : null;
      matched = [...indexDocs(ctx.db, index.rowid).docs.values()].filter((doc) => keep(doc) && !excluded?.has(doc.rowid));
    } else if (needMatched) {
      const rowids = sql(ctx.db, `SELECT rowid FROM ${table} WHERE ${table} MATCH ?`).pluck().all(expression) as number[];
      matched = [];
      for (const rowid of rowids) {
        const doc = docs.get(rowid);
        if (doc && keep(doc)) matched.push(doc);
      }
    } else {
      // counted without scoring and remembered until the index changes; one phrase as its ranking counts it (once for both)
      total =
        plan.phrases.length === 1 && expression === plan.phrases[0]
          ? ftsPhraseHits(ctx.db, table, expression)
          : ftsMatchCount(ctx.db, table, expression, plan.phrases);
    }
    if (matched) total = matched.length;
    // a collapsed query groups as many of the most relevant documents as a query sees
    const docsNeeded = collapse ? MAX_VISIBLE_RESULTS : pageStart >= pageEnd ? 0 : Math.max(answerable ? 1 : 0, pageEnd - answers.length);
    const byText = rankDocuments && docsNeeded > 0 && options.sort.length === 0 && expression;
    const scored = byText
      ? rankCandidates(ctx, options, {
          indexRowid: index.rowid,
          table,
          expression,
          phrases: plan.phrases,
          queryText: text,
          docs,
          allowed: filtering ? rowidSet(matched!) : null,
          needed: pendingSemantic ? Math.max(docsNeeded, KEYWORD_POOL) : docsNeeded,
        })
      : [];
    return { filtering, keep, answers, matched, total, docs, docsNeeded, scored, stamp: documentsStamp(ctx.db, index.rowid) };
  };
  const early = pendingSemantic ? await whileEmbedding(pendingSemantic, ctx.db.transaction(keywordSide)) : null;
  const semantic = early?.semantic ?? null;

  const read = ctx.db.transaction(() => {
    // what was ranked while the query was embedded holds unless the index's documents changed since
    const side = unlessDocumentsChanged(ctx.db, index.rowid, early?.done, keywordSide);
    const { filtering, keep, answers, docs, docsNeeded, scored } = side;
    let { matched, total } = side;
    let ranked: Array<{ doc: CachedDoc; confidence: ScoreConfidence }>;
    if (!rankDocuments || docsNeeded === 0) {
      ranked = [];
    } else if (options.sort.length > 0 || !expression) {
      const ordered = options.sort.length > 0 ? sortDocs(matched!, options.sort, byRecency) : matched!.sort(byRecency);
      ranked = ordered.slice(0, docsNeeded).map((doc) => ({ doc, confidence: 'NOT_AVAILABLE' }));
    } else {
      if (semantic) {
        const excluded = plan.excluded
          ? new Set(sql(ctx.db, `SELECT rowid FROM ${table} WHERE ${table} MATCH ?`).pluck().all(plan.excluded) as number[])
          : null;
        const matchedRows = matched ? rowidSet(matched) : null;
        const fused = fuseDocuments({
          db: ctx.db,
          table,
          keyword: scored,
          semantic,
          docs,
          allowed: filtering || excluded ? (doc) => keep(doc) && !excluded?.has(doc.rowid) : null,
          strict: strictQuery(must),
          positions: [...should, ...must].map((item) => group(item.alternatives)),
          isKeywordMatch: matchedRows ? (rowid) => matchedRows.has(rowid) : total <= scored.length ? () => false : undefined,
          queryText: text,
          fields: options.fields,
          nowMs: ctx.nowMs,
          wanted: docsNeeded,
        });
        ranked = fused.ranked.slice(0, docsNeeded).map((entry) => ({ doc: entry.doc, confidence: entry.confidence }));
        const first = fused.ranked[0];
        if (extract && first?.bestRow !== undefined)
          semanticTop = { doc: first.doc, key: resultKey('answer', first.doc.docId), row: first.bestRow, confidence: first.confidence };
        // the total and facets stay the keyword matches' when there are any (as without semantic search); else they are what meaning found
        if (total === 0) {
          const denseOnly = fused.denseOnly();
          if (matched) matched.push(...denseOnly);
          total = denseOnly.length;
        }
      } else {
        const best = scored[0]?.score ?? 1;
        ranked = scored.slice(0, docsNeeded).map((entry) => ({ doc: entry.doc, confidence: confidence(entry.score / best) }));
      }
      // the documents only a field condition let through follow those the text found (all of them, when fewer than needed)
      if (boolean && ranked.length < docsNeeded) {
        const shown = new Set(ranked.map((entry) => entry.doc.rowid));
        const fieldOnly = matched!.filter((doc) => !shown.has(doc.rowid)).sort(byRecency);
        ranked.push(...fieldOnly.slice(0, docsNeeded - ranked.length).map((doc) => ({ doc, confidence: 'NOT_AVAILABLE' as const })));
      }
    }

    const itemContext = { db: ctx.db, table, plan, queryId, fields: options.byName, requested: options.requested };
    const top = answerable && ranked[0] ? { doc: ranked[0].doc, key: resultKey('answer', ranked[0].doc.docId) } : undefined;
    // with vectors, a question's text answer comes from the best passage by meaning (after this transaction: the sentences
    // are embedded), unless the table answer is strong (VERY_HIGH or HIGH), which wins as it does over a keyword answer
    const tableAnswer = top && semanticTop ? tableAnswerItem(itemContext, top) : null;
    const strongTable = tableAnswer?.ScoreAttributes?.ScoreConfidence === 'VERY_HIGH' || tableAnswer?.ScoreAttributes?.ScoreConfidence === 'HIGH';
    if (semanticTop && strongTable) semanticTop = undefined;
    const answer = top ? (tableAnswer && strongTable ? tableAnswer : semanticTop ? null : assembleAnswer(itemContext, top, extract)) : null;
    if (!options.wantDocuments) {
      ranked = [];
      matched = [];
      total = 0;
    }
    const groups = collapse ? collapseRanked(collapse, ranked) : null;
    if (groups) total = groups.length;
    const combined = [
      ...answers.map((match) => ({ kind: 'faq' as const, match, key: resultKey('faq', String(match.itemRowid)) })),
      ...(groups ?? ranked).map((entry) => ({ kind: 'doc' as const, ...entry, key: resultKey('doc', entry.doc.docId) })),
    ].slice(pageStart, pageEnd);
    const faqPage = combined.flatMap((entry) => (entry.kind === 'faq' ? [entry] : []));
    const docPage = combined.flatMap((entry) => (entry.kind === 'doc' ? [entry] : []));
    const collapsed = collapse ? collapsedItems(itemContext, collapse, docPage as Array<Collapsed<(typeof docPage)[number]>>) : null;
    return {
      itemContext,
      items: [...(answer ? [answer] : []), ...faqItems(itemContext, faqPage), ...(collapsed ? collapsed.items : documentItems(itemContext, docPage))],
      keys: [...(answer && top ? [top.key] : []), ...combined.map((entry) => entry.key), ...(collapsed?.expandedKeys ?? [])],
      total: total + answers.length,
      facets: options.facets.length > 0 ? computeFacets(options.facets, matched ?? [], options.byName) : [],
    };
  });
  const result = read();
  if (semanticTop && semantic) {
    const answer = await semanticAnswer(result.itemContext, semanticTop, semantic, text);
    if (answer) {
      result.items.unshift(answer);
      result.keys.unshift(semanticTop.key);
    }
  }
  const featured =
    options.pageNumber === 1
      ? featuredResults(ctx, index.rowid, text, options.acl, { db: ctx.db, table, plan, queryId, fields: options.byName, requested: options.requested })
      : { items: [], keys: [] };
  const results = Object.fromEntries([...result.keys, ...featured.keys].map((entryKey) => [resultId(queryId, entryKey), entryKey]));
  // the feedback record and the query log entry commit together (one sync instead of two), with other writes of the same moment
  await writeQueue(ctx.db)
    .run(() => {
      insertQueryRecord(ctx.db, {
        query_id: queryId,
        index_rowid: index.rowid,
        query_key: key,
        visitor_id: input.VisitorId ?? null,
        results: JSON.stringify(results),
        created_at: ctx.nowMs,
      });
      logQuery(ctx, index.rowid, input, queryId, result.total);
    })
    .catch((error: unknown) => {
      // a full disk does not stop queries: their log entry is dropped, and counted
      if (!ctx.local.storage.noteFailure(error, ctx.local.now())) throw error;
      ctx.local.storage.dropQueryLogEntry();
    });
  const spelling = input.SpellCorrectionConfiguration?.IncludeQuerySpellCheckSuggestions
    ? { SpellCorrectedQueries: spellCorrections(ctx.db, index.rowid, text) }
    : {};
  return {
    QueryId: queryId,
    ResultItems: result.items,
    FacetResults: result.facets,
    TotalNumberOfResults: result.total,
    ...(featured.items.length > 0 ? { FeaturedResultsItems: featured.items } : {}),
    ...spelling,
  };
};

/** The Query operation. */
export const queryOperations: OperationHandlers<'Query'> = { Query: query };
