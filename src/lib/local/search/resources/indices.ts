import { randomUUID } from 'node:crypto';
import { indexArn } from '../core/arn.js';
import { conflict, invalid } from '../core/errors.js';
import { applyFieldUpdates, RESERVED_FIELDS } from '../core/fields.js';
import { createIndexTables } from '../core/fts-tables.js';
import { withClientToken } from '../core/idempotency.js';
import type { OperationHandler, OperationHandlers, OpContext } from '../core/op-context.js';
import { decodePageToken, pageOf } from '../core/pagination.js';
import { dateOf } from '../core/time.js';
import { activeIndex, findIndex, indexFields, indexStatus, type IndexRow } from './index-rows.js';
import { addTags } from './tag-store.js';
import { refreshSearchableText } from './searchable-text.js';

/** The index settings stored as given and described back. */
interface IndexSettings {
  ServerSideEncryptionConfiguration?: unknown;
  UserTokenConfigurations?: unknown;
  UserContextPolicy: string;
  UserGroupResolutionConfiguration?: unknown;
  CapacityUnits?: { StorageCapacityUnits: number; QueryCapacityUnits: number };
}

const createIndex: OperationHandler<'CreateIndex'> = (ctx, input) => {
  const edition = (input.Edition as string | undefined) ?? 'ENTERPRISE_EDITION';
  const create = () => withClientToken(ctx, 'CreateIndex', input, () => {
    const id = randomUUID();
    const settings: IndexSettings = {
      UserContextPolicy: input.UserContextPolicy ?? 'ATTRIBUTE_FILTER',
      ...(input.ServerSideEncryptionConfiguration ? { ServerSideEncryptionConfiguration: input.ServerSideEncryptionConfiguration } : {}),
      ...(input.UserTokenConfigurations ? { UserTokenConfigurations: input.UserTokenConfigurations } : {}),
      ...(input.UserGroupResolutionConfiguration ? { UserGroupResolutionConfiguration: input.UserGroupResolutionConfiguration } : {}),
      ...(edition === 'DEVELOPER_EDITION' ? {} : { CapacityUnits: { StorageCapacityUnits: 0, QueryCapacityUnits: 0 } }),
    };
    const result = ctx.db
      .prepare(
        `INSERT INTO search_indices (id, region, name, edition, role_arn, description, settings, fields, created_at, updated_at, busy_state, busy_until)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'CREATING', ?)`,
      )
      .run(
        id,
        ctx.region,
        input.Name,
        edition,
        input.RoleArn,
        input.Description ?? null,
        JSON.stringify(settings),
        JSON.stringify(RESERVED_FIELDS),
        ctx.nowMs,
        ctx.nowMs,
        ctx.nowMs + ctx.delayMs,
      );
    createIndexTables(ctx.db, Number(result.lastInsertRowid));
    if (input.Tags) addTags(ctx.db, indexArn(ctx.region, ctx.local.accountId, id), input.Tags);
    return id;
  });
  return { Id: ctx.db.transaction(create).immediate() };
};

function describe(ctx: OpContext, row: IndexRow & { status: string }): Record<string, unknown> {
  const settings = JSON.parse(row.settings) as IndexSettings;
  const faqCount = ctx.db
    .prepare(
      `SELECT count(*) AS n FROM search_faq_items i JOIN search_faqs f ON f.rowid = i.faq_rowid
       WHERE i.index_rowid = ? AND f.deleted_at IS NULL AND f.final_status = 'ACTIVE' AND f.busy_until <= ?`,
    )
    .get(row.rowid, ctx.nowMs) as { n: number };
  return {
    Name: row.name,
    Id: row.id,
    Edition: row.edition,
    ...(row.role_arn ? { RoleArn: row.role_arn } : {}),
    ...(settings.ServerSideEncryptionConfiguration ? { ServerSideEncryptionConfiguration: settings.ServerSideEncryptionConfiguration } : {}),
    Status: row.status,
    ...(row.description !== null ? { Description: row.description } : {}),
    CreatedAt: dateOf(row.created_at),
    UpdatedAt: dateOf(row.updated_at),
    DocumentMetadataConfigurations: indexFields(row),
    IndexStatistics: {
      FaqStatistics: { IndexedQuestionAnswersCount: faqCount.n },
      TextDocumentStatistics: { IndexedTextDocumentsCount: row.doc_count, IndexedTextBytes: row.text_bytes },
    },
    ...(settings.CapacityUnits ? { CapacityUnits: settings.CapacityUnits } : {}),
    ...(settings.UserTokenConfigurations ? { UserTokenConfigurations: settings.UserTokenConfigurations } : {}),
    UserContextPolicy: settings.UserContextPolicy,
    ...(settings.UserGroupResolutionConfiguration ? { UserGroupResolutionConfiguration: settings.UserGroupResolutionConfiguration } : {}),
  };
}

const describeIndex: OperationHandler<'DescribeIndex'> = (ctx, input) => describe(ctx, findIndex(ctx, input.Id));

const updateIndex: OperationHandler<'UpdateIndex'> = (ctx, input) => {
  const row = activeIndex(ctx, input.Id, 'UpdateIndex');
  const settings = JSON.parse(row.settings) as IndexSettings;
  if (input.CapacityUnits) {
    if (row.edition === 'DEVELOPER_EDITION') {
      throw invalid('A DEVELOPER_EDITION index has fixed capacity; CapacityUnits applies to enterprise editions.');
    }
    settings.CapacityUnits = input.CapacityUnits;
  }
  if (input.UserContextPolicy) settings.UserContextPolicy = input.UserContextPolicy;
  if (input.UserTokenConfigurations) settings.UserTokenConfigurations = input.UserTokenConfigurations;
  if (input.UserGroupResolutionConfiguration) settings.UserGroupResolutionConfiguration = input.UserGroupResolutionConfiguration;
  const before = indexFields(row);
  const fields = input.DocumentMetadataConfigurationUpdates ? applyFieldUpdates(before, input.DocumentMetadataConfigurationUpdates) : before;
  const update = ctx.db.prepare(
    `UPDATE search_indices SET name = ?, role_arn = ?, description = ?, settings = ?, fields = ?, updated_at = ?,
     busy_state = 'UPDATING', busy_until = ? WHERE rowid = ?`,
  );
  const searchable = (list: typeof fields) =>
    list
      .filter((field) => field.Search.Searchable && !field.Name.startsWith('_'))
      .map((field) => field.Name)
      .sort()
      .join(',');
  ctx.db.transaction(() => {
    update.run(
      input.Name ?? row.name,
      input.RoleArn ?? row.role_arn,
      input.Description ?? row.description,
      JSON.stringify(settings),
      JSON.stringify(fields),
      ctx.nowMs,
      ctx.nowMs + ctx.delayMs,
      row.rowid,
    );
    if (searchable(before) !== searchable(fields)) refreshSearchableText(ctx.db, row.rowid, fields);
  }).immediate();
  return {};
};

const deleteIndex: OperationHandler<'DeleteIndex'> = (ctx, input) => {
  const row = findIndex(ctx, input.Id);
  if (row.status === 'DELETING') throw conflict(`Index ${row.id} is already being deleted.`);
  ctx.db.prepare('UPDATE search_indices SET deleted_at = ?, updated_at = ? WHERE rowid = ?').run(ctx.nowMs, ctx.nowMs, row.rowid);
  return {};
};

const listIndices: OperationHandler<'ListIndices'> = (ctx, input) => {
  const offset = decodePageToken(input.NextToken, 'ListIndices', ctx.region);
  const rows = ctx.db
    .prepare('SELECT * FROM search_indices WHERE region = ? ORDER BY created_at, rowid')
    .all(ctx.region) as IndexRow[];
  const items = rows.flatMap((row) => {
    const status = indexStatus(ctx, row);
    return status
      ? [{ Name: row.name, Id: row.id, Edition: row.edition, CreatedAt: dateOf(row.created_at), UpdatedAt: dateOf(row.updated_at), Status: status }]
      : [];
  });
  const { page, nextToken } = pageOf(items, offset, input.MaxResults, 100, 'ListIndices', ctx.region);
  return { IndexConfigurationSummaryItems: page, ...(nextToken ? { NextToken: nextToken } : {}) };
};

/** The index operations. */
export const indexOperations: OperationHandlers<'CreateIndex' | 'DescribeIndex' | 'UpdateIndex' | 'DeleteIndex' | 'ListIndices'> = {
  CreateIndex: createIndex,
  DescribeIndex: describeIndex,
  UpdateIndex: updateIndex,
  DeleteIndex: deleteIndex,
  ListIndices: listIndices,
};
