import { randomUUID } from 'node:crypto';
import { ServiceError } from '../../protocol/errors.js';
import type { BatchDeleteFeaturedResultsSetError, FeaturedDocument, FeaturedResultsSet, FeaturedResultsSetStatus } from '../../../services/search/types.js';
import { childArn } from '../core/arn.js';
import { invalid, notFound, type SearchErrorCode } from '../core/errors.js';
import { withClientToken } from '../core/idempotency.js';
import type { OperationHandler, OperationHandlers, OpContext } from '../core/op-context.js';
import { queryKey } from '../query/result-ids.js';
import {
  deleteFeaturedSet,
  documentInfo,
  featuredSetsOf,
  insertFeaturedSet,
  readFeaturedSet,
  updateFeaturedSet,
  type FeaturedSetRow,
  type FeaturedSetValues,
} from './featured-results-store.js';
import { activeIndex, findIndex, type IndexRow } from './index-store.js';
import { listIndexChildren } from './list-index-children.js';
import { addTags, dropTags } from './tag-store.js';

/** The most featured results sets an index has, as in the real service. */
const MAX_SETS_PER_INDEX = 50;
/** The most documents a set features, as in the real service. */
const MAX_FEATURED_DOCUMENTS = 4;

function arnOf(ctx: OpContext, index: IndexRow, id: string): string {
  return childArn(ctx.region, ctx.local.accountId, index.id, 'featured-results-set', id);
}

/** The query texts a set stores. */
function queryTextsOf(row: FeaturedSetRow): string[] {
  return JSON.parse(row.query_texts) as string[];
}

/** The ids of the documents a set features. */
function documentIdsOf(row: FeaturedSetRow): string[] {
  return JSON.parse(row.documents) as string[];
}

/** The set's query texts, each once (by its normalized form), none empty. */
function checkQueryTexts(texts: readonly string[]): string[] {
  const seen = new Set<string>();
  const kept: string[] = [];
  for (const text of texts) {
    const key = queryKey(text);
    if (key === '') throw invalid('A query text of a featured results set cannot be empty.');
    if (seen.has(key)) continue;
    seen.add(key);
    kept.push(text);
  }
  return kept;
}

function checkDocuments(documents: readonly FeaturedDocument[]): string[] {
  const ids = [...new Set(documents.map((document) => document.Id ?? ''))];
  if (ids.includes('')) throw invalid('Each featured document needs an Id.');
  if (ids.length > MAX_FEATURED_DOCUMENTS) throw invalid(`A featured results set features at most ${MAX_FEATURED_DOCUMENTS} documents, not ${ids.length}.`);
  return ids;
}

/**
 * Refuses query texts that another set of the index already uses (whatever its status), with
 * a `FeaturedResultsConflictException` that lists each conflict.
 */
function checkConflicts(ctx: OpContext, index: IndexRow, texts: readonly string[], exceptRowid: number | null): void {
  const wanted = new Map(texts.map((text) => [queryKey(text), text]));
  const conflicts: Array<{ QueryText: string; SetName: string; SetId: string }> = [];
  for (const row of featuredSetsOf(ctx.db, index.rowid)) {
    if (row.rowid === exceptRowid) continue;
    for (const text of queryTextsOf(row)) {
      const mine = wanted.get(queryKey(text));
      if (mine !== undefined) conflicts.push({ QueryText: mine, SetName: row.name, SetId: row.id });
    }
  }
  if (conflicts.length === 0) return;
  const code: SearchErrorCode = 'FeaturedResultsConflictException';
  throw new ServiceError(
    code,
    `${conflicts.length === 1 ? 'A query text is' : `${conflicts.length} query texts are`} already used by another featured results set of index ${index.id}: ${conflicts
      .map((item) => `"${item.QueryText}" (${item.SetName})`)
      .join(', ')}.`,
    400,
    undefined,
    { ConflictingItems: conflicts },
  );
}

/** What every description of a set says, whatever form its documents take. */
function setHead(row: FeaturedSetRow): Omit<FeaturedResultsSet, 'FeaturedDocuments'> {
  return {
    FeaturedResultsSetId: row.id,
    FeaturedResultsSetName: row.name,
    ...(row.description !== null ? { Description: row.description } : {}),
    Status: row.status as FeaturedResultsSetStatus,
    QueryTexts: queryTextsOf(row),
    LastUpdatedTimestamp: row.updated_at,
    CreationTimestamp: row.created_at,
  };
}

/** A set in the model's `FeaturedResultsSet` form. */
function setOf(row: FeaturedSetRow): FeaturedResultsSet {
  return { ...setHead(row), FeaturedDocuments: documentIdsOf(row).map((Id) => ({ Id })) };
}

function findSet(ctx: OpContext, index: IndexRow, id: string): FeaturedSetRow {
  const row = readFeaturedSet(ctx.db, index.rowid, id);
  if (!row) throw notFound(`Featured results set ${id} does not exist in index ${index.id}.`);
  return row;
}

const createSet: OperationHandler<'CreateFeaturedResultsSet'> = (ctx, input) => {
  const index = activeIndex(ctx, input.IndexId, 'CreateFeaturedResultsSet');
  const create = () =>
    withClientToken(ctx, `CreateFeaturedResultsSet:${index.id}`, input, () => {
      if (featuredSetsOf(ctx.db, index.rowid).length >= MAX_SETS_PER_INDEX) {
        throw invalid(`An index has at most ${MAX_SETS_PER_INDEX} featured results sets; delete one first.`);
      }
      const texts = checkQueryTexts(input.QueryTexts ?? []);
      const documents = checkDocuments(input.FeaturedDocuments ?? []);
      checkConflicts(ctx, index, texts, null);
      const id = randomUUID();
      insertFeaturedSet(
        ctx.db,
        index.rowid,
        id,
        {
          name: input.FeaturedResultsSetName,
          description: input.Description ?? null,
          status: input.Status ?? 'ACTIVE',
          query_texts: JSON.stringify(texts),
          documents: JSON.stringify(documents),
        },
        ctx.nowMs,
      );
      if (input.Tags) addTags(ctx.db, arnOf(ctx, index, id), input.Tags);
      return id;
    });
  const id = ctx.db.transaction(create).immediate();
  return { FeaturedResultsSet: setOf(findSet(ctx, index, id)) };
};

const describeSet: OperationHandler<'DescribeFeaturedResultsSet'> = (ctx, input) => {
  const index = findIndex(ctx, input.IndexId);
  const row = findSet(ctx, index, input.FeaturedResultsSetId);
  const ids = documentIdsOf(row);
  const found = documentInfo(ctx.db, index.rowid, ids);
  return {
    ...setHead(row),
    FeaturedDocumentsWithMetadata: ids.flatMap((Id) => {
      const info = found.get(Id);
      return info ? [{ Id, ...(info.title !== null ? { Title: info.title } : {}), ...(info.uri !== null ? { URI: info.uri } : {}) }] : [];
    }),
    FeaturedDocumentsMissing: ids.filter((id) => !found.has(id)).map((Id) => ({ Id })),
  };
};

const updateSet: OperationHandler<'UpdateFeaturedResultsSet'> = (ctx, input) => {
  const index = findIndex(ctx, input.IndexId);
  const update = () => {
    const row = findSet(ctx, index, input.FeaturedResultsSetId);
    const texts = input.QueryTexts ? checkQueryTexts(input.QueryTexts) : queryTextsOf(row);
    const documents = input.FeaturedDocuments ? checkDocuments(input.FeaturedDocuments) : documentIdsOf(row);
    checkConflicts(ctx, index, texts, row.rowid);
    const values: FeaturedSetValues = {
      name: input.FeaturedResultsSetName ?? row.name,
      description: input.Description ?? row.description,
      status: input.Status ?? row.status,
      query_texts: JSON.stringify(texts),
      documents: JSON.stringify(documents),
    };
    updateFeaturedSet(ctx.db, row.rowid, values, ctx.nowMs);
    return findSet(ctx, index, row.id);
  };
  return { FeaturedResultsSet: setOf(ctx.db.transaction(update).immediate()) };
};

const batchDeleteSets: OperationHandler<'BatchDeleteFeaturedResultsSet'> = (ctx, input) => {
  const index = findIndex(ctx, input.IndexId);
  const errors: BatchDeleteFeaturedResultsSetError[] = [];
  ctx.db
    .transaction(() => {
      for (const id of new Set(input.FeaturedResultsSetIds)) {
        const row = readFeaturedSet(ctx.db, index.rowid, id);
        if (!row) {
          errors.push({ Id: id, ErrorCode: 'InvalidRequest', ErrorMessage: `Featured results set ${id} does not exist in index ${index.id}.` });
          continue;
        }
        deleteFeaturedSet(ctx.db, row.rowid);
        dropTags(ctx.db, arnOf(ctx, index, row.id));
      }
    })
    .immediate();
  return { Errors: errors };
};

const listSets: OperationHandler<'ListFeaturedResultsSets'> = (ctx, input) =>
  listIndexChildren<FeaturedSetRow>(ctx, input, {
    operation: 'ListFeaturedResultsSets',
    table: 'search_featured_sets',
    resultKey: 'FeaturedResultsSetSummaryItems',
    summarize: (row) => ({
      FeaturedResultsSetId: row.id,
      FeaturedResultsSetName: row.name,
      Status: row.status as FeaturedResultsSetStatus,
      LastUpdatedTimestamp: row.updated_at,
      CreationTimestamp: row.created_at,
    }),
  });

/** The featured results set operations. */
export const featuredResultsOperations: OperationHandlers<
  'CreateFeaturedResultsSet' | 'DescribeFeaturedResultsSet' | 'UpdateFeaturedResultsSet' | 'BatchDeleteFeaturedResultsSet' | 'ListFeaturedResultsSets'
> = {
  CreateFeaturedResultsSet: createSet,
  DescribeFeaturedResultsSet: describeSet,
  UpdateFeaturedResultsSet: updateSet,
  BatchDeleteFeaturedResultsSet: batchDeleteSets,
  ListFeaturedResultsSets: listSets,
};
