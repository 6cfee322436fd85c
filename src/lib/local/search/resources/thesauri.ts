import { randomUUID } from 'node:crypto';
import { childArn } from '../core/arn.js';
import { quotaExceeded } from '../core/errors.js';
import { withClientToken } from '../core/idempotency.js';
import type { OperationHandler, OperationHandlers, OpContext } from '../core/op-context.js';
import { readS3Text, type S3TextFile } from '../core/s3-files.js';
import { parseSolrSynonyms, type ParsedThesaurus } from '../core/synonym-rules.js';
import { dateOf } from '../core/time.js';
import { activeIndex, findIndex, type IndexRow } from './index-store.js';
import { addTags, dropTags } from './tag-store.js';
import { countThesauri, insertThesaurus, markThesaurusDeleted, thesaurusRow, updateThesaurusRow, type ThesaurusRow } from './thesaurus-store.js';
import { listIndexChildren } from './list-index-children.js';
import { checkUpdatable, fileError, fileStatus, statusAfterUpdate, withFileStatus } from './s3-file-row.js';
import type { ThesaurusStatus } from '../../../services/search/types.js';

/** The most thesauri an index has, as in the real service. */
const MAX_THESAURI_PER_INDEX = 1;

function load(ctx: OpContext, path: { Bucket: string; Key: string }): S3TextFile<ParsedThesaurus> {
  return readS3Text(ctx.local.s3Dir, path, parseSolrSynonyms, (uri) => `the thesaurus ${uri}`);
}

const createThesaurus: OperationHandler<'CreateThesaurus'> = (ctx, input) => {
  const index = activeIndex(ctx, input.IndexId, 'CreateThesaurus');
  const create = () =>
    withClientToken(ctx, `CreateThesaurus:${index.id}`, input, () => {
      const existing = countThesauri(ctx.db, index.rowid);
      if (existing >= MAX_THESAURI_PER_INDEX) throw quotaExceeded(`An index has at most ${MAX_THESAURI_PER_INDEX} thesaurus; delete the existing one first.`);
      const id = randomUUID();
      const loaded = load(ctx, input.SourceS3Path);
      insertThesaurus(ctx.db, {
        index_rowid: index.rowid,
        id,
        name: input.Name,
        description: input.Description ?? null,
        role_arn: input.RoleArn,
        s3_bucket: input.SourceS3Path.Bucket,
        s3_key: input.SourceS3Path.Key,
        rules: JSON.stringify(loaded.ok ? loaded.value.rules : []),
        term_count: loaded.ok ? loaded.value.termCount : 0,
        rule_count: loaded.ok ? loaded.value.rules.length : 0,
        file_size: loaded.ok ? loaded.size : 0,
        final_status: loaded.ok ? 'ACTIVE' : 'FAILED',
        error_message: loaded.ok ? null : loaded.error,
        created_at: ctx.nowMs,
        updated_at: ctx.nowMs,
        busy_until: ctx.nowMs + ctx.delayMs,
      });
      if (input.Tags) addTags(ctx.db, childArn(ctx.region, ctx.local.accountId, index.id, 'thesaurus', id), input.Tags);
      return id;
    });
  return { Id: ctx.db.transaction(create).immediate() };
};

function findThesaurus(ctx: OpContext, index: IndexRow, id: string): ThesaurusRow & { status: ThesaurusStatus } {
  return withFileStatus(ctx, thesaurusRow(ctx.db, index.rowid, id), `Thesaurus ${id} does not exist in index ${index.id}.`);
}

const describeThesaurus: OperationHandler<'DescribeThesaurus'> = (ctx, input) => {
  const index = findIndex(ctx, input.IndexId);
  const row = findThesaurus(ctx, index, input.Id);
  return {
    Id: row.id,
    IndexId: index.id,
    Name: row.name,
    ...(row.description !== null ? { Description: row.description } : {}),
    Status: row.status,
    ...fileError(row, row.status),
    CreatedAt: dateOf(row.created_at),
    UpdatedAt: dateOf(row.updated_at),
    RoleArn: row.role_arn,
    SourceS3Path: { Bucket: row.s3_bucket, Key: row.s3_key },
    FileSizeBytes: row.file_size,
    TermCount: row.term_count,
    SynonymRuleCount: row.rule_count,
  };
};

const updateThesaurus: OperationHandler<'UpdateThesaurus'> = (ctx, input) => {
  const index = findIndex(ctx, input.IndexId);
  const row = findThesaurus(ctx, index, input.Id);
  checkUpdatable(`Thesaurus ${row.id}`, row.status);
  const path = input.SourceS3Path ?? { Bucket: row.s3_bucket, Key: row.s3_key };
  const loaded = load(ctx, path);
  updateThesaurusRow(ctx.db, {
    rowid: row.rowid,
    name: input.Name ?? row.name,
    description: input.Description ?? row.description,
    role_arn: input.RoleArn ?? row.role_arn,
    s3_bucket: path.Bucket,
    s3_key: path.Key,
    rules: loaded.ok ? JSON.stringify(loaded.value.rules) : row.rules,
    term_count: loaded.ok ? loaded.value.termCount : row.term_count,
    rule_count: loaded.ok ? loaded.value.rules.length : row.rule_count,
    file_size: loaded.ok ? loaded.size : row.file_size,
    final_status: statusAfterUpdate(row, loaded.ok),
    error_message: loaded.ok ? null : loaded.error,
    updated_at: ctx.nowMs,
    busy_until: ctx.nowMs + ctx.delayMs,
  });
  return {};
};

const deleteThesaurus: OperationHandler<'DeleteThesaurus'> = (ctx, input) => {
  const index = findIndex(ctx, input.IndexId);
  const row = findThesaurus(ctx, index, input.Id);
  if (row.status === 'DELETING') return {};
  ctx.db
    .transaction(() => {
      markThesaurusDeleted(ctx.db, row.rowid, ctx.nowMs);
      dropTags(ctx.db, childArn(ctx.region, ctx.local.accountId, index.id, 'thesaurus', row.id));
    })
    .immediate();
  return {};
};

const listThesauri: OperationHandler<'ListThesauri'> = (ctx, input) =>
  listIndexChildren<ThesaurusRow>(ctx, input, {
    operation: 'ListThesauri',
    table: 'search_thesauri',
    resultKey: 'ThesaurusSummaryItems',
    summarize(row) {
      const status = fileStatus(ctx, row);
      return status ? { Id: row.id, Name: row.name, Status: status, CreatedAt: dateOf(row.created_at), UpdatedAt: dateOf(row.updated_at) } : undefined;
    },
  });

/** The thesaurus operations. */
export const thesaurusOperations: OperationHandlers<'CreateThesaurus' | 'DescribeThesaurus' | 'UpdateThesaurus' | 'DeleteThesaurus' | 'ListThesauri'> = {
  CreateThesaurus: createThesaurus,
  DescribeThesaurus: describeThesaurus,
  UpdateThesaurus: updateThesaurus,
  DeleteThesaurus: deleteThesaurus,
  ListThesauri: listThesauri,
};
