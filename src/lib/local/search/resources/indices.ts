import { randomUUID } from 'node:crypto';
import type { DescribeIndexResponse, IndexStatus, UserContextPolicy } from '../../../services/search/types.js';
import { indexArn } from '../core/arn.js';
import { conflict, invalid } from '../core/errors.js';
import { applyFieldUpdates, RESERVED_FIELDS } from '../core/fields.js';
import { createIndexTables } from '../core/fts-tables.js';
import { withClientToken } from '../core/idempotency.js';
import type { OperationHandler, OperationHandlers, OpContext } from '../core/op-context.js';
import { listPage } from '../core/pagination.js';
import { dateOf } from '../core/time.js';
import { refreshSearchableText } from './document-store.js';
import { activeFaqItemCount } from './faq-store.js';
import { activeIndex, findIndex, indexFields, indexRows, indexStatus, insertIndex, markIndexDeleted, updateIndexRow, type IndexRow } from './index-store.js';
import { addTags } from './tag-store.js';

/** The index settings stored as given and described back. */
type IndexSettings = Pick<
  DescribeIndexResponse,
  'ServerSideEncryptionConfiguration' | 'UserTokenConfigurations' | 'UserGroupResolutionConfiguration' | 'CapacityUnits'
> & { UserContextPolicy: UserContextPolicy };

const createIndex: OperationHandler<'CreateIndex'> = (ctx, input) => {
  const edition = input.Edition ?? 'ENTERPRISE_EDITION';
  const create = () =>
    withClientToken(ctx, 'CreateIndex', input, () => {
      const id = randomUUID();
      const settings: IndexSettings = {
        UserContextPolicy: input.UserContextPolicy ?? 'ATTRIBUTE_FILTER',
        ...(input.ServerSideEncryptionConfiguration ? { ServerSideEncryptionConfiguration: input.ServerSideEncryptionConfiguration } : {}),
        ...(input.UserTokenConfigurations ? { UserTokenConfigurations: input.UserTokenConfigurations } : {}),
        ...(input.UserGroupResolutionConfiguration ? { UserGroupResolutionConfiguration: input.UserGroupResolutionConfiguration } : {}),
        ...(edition === 'DEVELOPER_EDITION' ? {} : { CapacityUnits: { StorageCapacityUnits: 0, QueryCapacityUnits: 0 } }),
      };
      const rowid = insertIndex(ctx.db, {
        id,
        region: ctx.region,
        name: input.Name,
        edition,
        role_arn: input.RoleArn,
        description: input.Description ?? null,
        settings: JSON.stringify(settings),
        fields: JSON.stringify(RESERVED_FIELDS),
        created_at: ctx.nowMs,
        updated_at: ctx.nowMs,
        busy_until: ctx.nowMs + ctx.delayMs,
      });
      createIndexTables(ctx.db, rowid);
      if (input.Tags) addTags(ctx.db, indexArn(ctx.region, ctx.local.accountId, id), input.Tags);
      return id;
    });
  return { Id: ctx.db.transaction(create).immediate() };
};

function describe(ctx: OpContext, row: IndexRow & { status: IndexStatus }): DescribeIndexResponse {
  const settings = JSON.parse(row.settings) as IndexSettings;
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
      FaqStatistics: { IndexedQuestionAnswersCount: activeFaqItemCount(ctx.db, row.rowid, ctx.nowMs) },
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
  const searchable = (list: typeof fields) =>
    list
      .filter((field) => field.Search.Searchable && !field.Name.startsWith('_'))
      .map((field) => field.Name)
      .sort()
      .join(',');
  ctx.db
    .transaction(() => {
      updateIndexRow(ctx.db, {
        rowid: row.rowid,
        name: input.Name ?? row.name,
        role_arn: input.RoleArn ?? row.role_arn,
        description: input.Description ?? row.description,
        settings: JSON.stringify(settings),
        fields: JSON.stringify(fields),
        updated_at: ctx.nowMs,
        busy_until: ctx.nowMs + ctx.delayMs,
      });
      if (searchable(before) !== searchable(fields)) refreshSearchableText(ctx.db, row.rowid, fields);
    })
    .immediate();
  return {};
};

const deleteIndex: OperationHandler<'DeleteIndex'> = (ctx, input) => {
  const row = findIndex(ctx, input.Id);
  if (row.status === 'DELETING') throw conflict(`Index ${row.id} is already being deleted.`);
  markIndexDeleted(ctx.db, row.rowid, ctx.nowMs);
  return {};
};

const listIndices: OperationHandler<'ListIndices'> = (ctx, input) => {
  const items = indexRows(ctx.db, ctx.region).flatMap((row) => {
    const status = indexStatus(ctx, row);
    return status
      ? [{ Name: row.name, Id: row.id, Edition: row.edition, CreatedAt: dateOf(row.created_at), UpdatedAt: dateOf(row.updated_at), Status: status }]
      : [];
  });
  const { page, ...next } = listPage(items, input, 100, 'ListIndices', ctx.region);
  return { IndexConfigurationSummaryItems: page, ...next };
};

/** The index operations. */
export const indexOperations: OperationHandlers<'CreateIndex' | 'DescribeIndex' | 'UpdateIndex' | 'DeleteIndex' | 'ListIndices'> = {
  CreateIndex: createIndex,
  DescribeIndex: describeIndex,
  UpdateIndex: updateIndex,
  DeleteIndex: deleteIndex,
  ListIndices: listIndices,
};
