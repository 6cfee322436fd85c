import { randomUUID } from 'node:crypto';
import type { QuerySuggestionsBlockListStatus } from '../../../services/search/types.js';
import { childArn } from '../core/arn.js';
import { parseBlockList } from '../core/block-list-file.js';
import { quotaExceeded } from '../core/errors.js';
import { withClientToken } from '../core/idempotency.js';
import type { OperationHandler, OperationHandlers, OpContext } from '../core/op-context.js';
import { readS3Text, type S3TextFile } from '../core/s3-files.js';
import { dateOf } from '../core/time.js';
import { activeIndex, findIndex, type IndexRow } from './index-store.js';
import { listIndexChildren } from './list-index-children.js';
import {
  countBlockLists,
  insertBlockList,
  markBlockListDeleted,
  readBlockList,
  updateBlockList,
  type BlockListRow,
  type BlockListValues,
} from './query-suggestions-store.js';
import { checkUpdatable, fileError, fileStatus, statusAfterUpdate, withFileStatus } from './s3-file-row.js';
import { addTags, dropTags } from './tag-store.js';

/** The most block lists an index has, as in the real service. */
const MAX_BLOCK_LISTS_PER_INDEX = 1;

function load(ctx: OpContext, path: { Bucket: string; Key: string }): S3TextFile<string[]> {
  return readS3Text(ctx.local.s3Dir, path, parseBlockList, (uri) => `the block list ${uri}`);
}

function arnOf(ctx: OpContext, index: IndexRow, id: string): string {
  return childArn(ctx.region, ctx.local.accountId, index.id, 'query-suggestions-block-list', id);
}

const createBlockList: OperationHandler<'CreateQuerySuggestionsBlockList'> = (ctx, input) => {
  const index = activeIndex(ctx, input.IndexId, 'CreateQuerySuggestionsBlockList');
  const create = () =>
    withClientToken(ctx, `CreateQuerySuggestionsBlockList:${index.id}`, input, () => {
      if (countBlockLists(ctx.db, index.rowid) >= MAX_BLOCK_LISTS_PER_INDEX) {
        throw quotaExceeded(`An index has at most ${MAX_BLOCK_LISTS_PER_INDEX} query suggestions block list; delete the existing one first.`);
      }
      const id = randomUUID();
      const loaded = load(ctx, input.SourceS3Path);
      const values: BlockListValues = {
        name: input.Name,
        description: input.Description ?? null,
        role_arn: input.RoleArn,
        s3_bucket: input.SourceS3Path.Bucket,
        s3_key: input.SourceS3Path.Key,
        phrases: JSON.stringify(loaded.ok ? loaded.value : []),
        item_count: loaded.ok ? loaded.value.length : 0,
        file_size: loaded.ok ? loaded.size : 0,
        final_status: loaded.ok ? 'ACTIVE' : 'FAILED',
        error_message: loaded.ok ? null : loaded.error,
      };
      insertBlockList(ctx.db, index.rowid, id, values, ctx.nowMs, ctx.nowMs + ctx.delayMs);
      if (input.Tags) addTags(ctx.db, arnOf(ctx, index, id), input.Tags);
      return id;
    });
  return { Id: ctx.db.transaction(create).immediate() };
};

function findBlockList(ctx: OpContext, index: IndexRow, id: string): BlockListRow & { status: string } {
  return withFileStatus(ctx, readBlockList(ctx.db, index.rowid, id), `Query suggestions block list ${id} does not exist in index ${index.id}.`);
}

const describeBlockList: OperationHandler<'DescribeQuerySuggestionsBlockList'> = (ctx, input) => {
  const index = findIndex(ctx, input.IndexId);
  const row = findBlockList(ctx, index, input.Id);
  return {
    IndexId: index.id,
    Id: row.id,
    Name: row.name,
    ...(row.description !== null ? { Description: row.description } : {}),
    Status: row.status as QuerySuggestionsBlockListStatus,
    ...fileError(row, row.status),
    CreatedAt: dateOf(row.created_at),
    UpdatedAt: dateOf(row.updated_at),
    SourceS3Path: { Bucket: row.s3_bucket, Key: row.s3_key },
    ItemCount: row.item_count,
    FileSizeBytes: row.file_size,
    RoleArn: row.role_arn,
  };
};

const updateBlockListOp: OperationHandler<'UpdateQuerySuggestionsBlockList'> = (ctx, input) => {
  const index = findIndex(ctx, input.IndexId);
  const row = findBlockList(ctx, index, input.Id);
  checkUpdatable(`Query suggestions block list ${row.id}`, row.status);
  const path = input.SourceS3Path ?? { Bucket: row.s3_bucket, Key: row.s3_key };
  const loaded = load(ctx, path);
  updateBlockList(
    ctx.db,
    row.rowid,
    {
      name: input.Name ?? row.name,
      description: input.Description ?? row.description,
      role_arn: input.RoleArn ?? row.role_arn,
      s3_bucket: path.Bucket,
      s3_key: path.Key,
      phrases: loaded.ok ? JSON.stringify(loaded.value) : row.phrases,
      item_count: loaded.ok ? loaded.value.length : row.item_count,
      file_size: loaded.ok ? loaded.size : row.file_size,
      final_status: statusAfterUpdate(row, loaded.ok),
      error_message: loaded.ok ? null : loaded.error,
    },
    ctx.nowMs,
    ctx.nowMs + ctx.delayMs,
  );
  return {};
};

const deleteBlockList: OperationHandler<'DeleteQuerySuggestionsBlockList'> = (ctx, input) => {
  const index = findIndex(ctx, input.IndexId);
  const row = findBlockList(ctx, index, input.Id);
  if (row.status === 'DELETING') return {};
  ctx.db
    .transaction(() => {
      markBlockListDeleted(ctx.db, row.rowid, ctx.nowMs);
      dropTags(ctx.db, arnOf(ctx, index, row.id));
    })
    .immediate();
  return {};
};

const listBlockLists: OperationHandler<'ListQuerySuggestionsBlockLists'> = (ctx, input) =>
  listIndexChildren<BlockListRow>(ctx, input, {
    operation: 'ListQuerySuggestionsBlockLists',
    table: 'search_block_lists',
    resultKey: 'BlockListSummaryItems',
    summarize(row) {
      const status = fileStatus(ctx, row);
      return status
        ? { Id: row.id, Name: row.name, Status: status, CreatedAt: dateOf(row.created_at), UpdatedAt: dateOf(row.updated_at), ItemCount: row.item_count }
        : undefined;
    },
  });

/** The query suggestions block list operations. */
export const blockListOperations: OperationHandlers<
  | 'CreateQuerySuggestionsBlockList'
  | 'DescribeQuerySuggestionsBlockList'
  | 'UpdateQuerySuggestionsBlockList'
  | 'DeleteQuerySuggestionsBlockList'
  | 'ListQuerySuggestionsBlockLists'
> = {
  CreateQuerySuggestionsBlockList: createBlockList,
  DescribeQuerySuggestionsBlockList: describeBlockList,
  UpdateQuerySuggestionsBlockList: updateBlockListOp,
  DeleteQuerySuggestionsBlockList: deleteBlockList,
  ListQuerySuggestionsBlockLists: listBlockLists,
};
