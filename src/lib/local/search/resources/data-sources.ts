import { randomUUID } from 'node:crypto';
import { childArn } from '../core/arn.js';
import { searchError } from '../core/errors.js';
import { nextFire, parseCron } from '../core/cron.js';
import { withClientToken } from '../core/idempotency.js';
import type { OperationHandler, OperationHandlers, OpContext } from '../core/op-context.js';
import { dateOf } from '../core/time.js';
import { checkDataSourceConfig, type DataSourceSettings } from './data-source-config.js';
import {
  dataSourceNameTaken,
  dataSourceStatus,
  findDataSource,
  insertDataSource,
  markDataSourceDeleted,
  updateDataSourceRow,
  type DataSourceRow,
} from './data-source-store.js';
import { deleteDocument } from './document-store.js';
import { activeIndex, findIndex, indexFields, type IndexRow } from './index-store.js';
import { fieldMap } from '../core/fields.js';
import { checkEnrichmentConfig } from '../core/enrichment/enrichment-config.js';
import type { CustomDocumentEnrichmentConfiguration } from '../../../services/search/types.js';
import { addTags, dropTags } from './tag-store.js';
import { listIndexChildren } from './list-index-children.js';

/** The request's enrichment, checked against the index's fields; undefined when it gives none. */
function enrichmentOf(index: IndexRow, input: { CustomDocumentEnrichmentConfiguration?: unknown }): CustomDocumentEnrichmentConfiguration | undefined {
  const config = input.CustomDocumentEnrichmentConfiguration as CustomDocumentEnrichmentConfiguration | undefined;
  if (config) checkEnrichmentConfig(config, fieldMap(indexFields(index)));
  return config;
}

function nextRun(ctx: OpContext, schedule: string | null | undefined): number | null {
  return schedule ? nextFire(parseCron(schedule), ctx.nowMs) : null;
}

const createDataSource: OperationHandler<'CreateDataSource'> = (ctx, input) => {
  const index = activeIndex(ctx, input.IndexId, 'CreateDataSource');
  checkDataSourceConfig(input.Type, input);
  const enrichment = enrichmentOf(index, input);
  const settings: DataSourceSettings = {
    ...(input.Configuration ? { Configuration: input.Configuration } : {}),
    ...(input.VpcConfiguration ? { VpcConfiguration: input.VpcConfiguration } : {}),
    ...(enrichment ? { CustomDocumentEnrichmentConfiguration: enrichment } : {}),
  };
  const create = () =>
    withClientToken(ctx, `CreateDataSource:${index.id}`, input, () => {
      if (dataSourceNameTaken(ctx.db, index.rowid, input.Name))
        throw searchError('ResourceAlreadyExistException', `Index ${index.id} already has a data source named ${input.Name}.`);
      const id = randomUUID();
      insertDataSource(ctx.db, {
        index_rowid: index.rowid,
        id,
        name: input.Name,
        type: input.Type,
        settings: JSON.stringify(settings),
        description: input.Description ?? null,
        schedule: input.Schedule || null,
        role_arn: input.RoleArn ?? null,
        language_code: input.LanguageCode ?? 'en',
        created_at: ctx.nowMs,
        updated_at: ctx.nowMs,
        busy_until: ctx.nowMs + ctx.delayMs,
        next_run_at: nextRun(ctx, input.Schedule),
      });
      if (input.Tags) addTags(ctx.db, childArn(ctx.region, ctx.local.accountId, index.id, 'data-source', id), input.Tags);
      return id;
    });
  return { Id: ctx.db.transaction(create).immediate() };
};

const describeDataSource: OperationHandler<'DescribeDataSource'> = (ctx, input) => {
  const index = findIndex(ctx, input.IndexId);
  const row = findDataSource(ctx, index.rowid, input.Id, true);
  const settings = JSON.parse(row.settings) as DataSourceSettings;
  return {
    Id: row.id,
    IndexId: index.id,
    Name: row.name,
    Type: row.type,
    ...(settings.Configuration ? { Configuration: settings.Configuration } : {}),
    ...(settings.VpcConfiguration ? { VpcConfiguration: settings.VpcConfiguration } : {}),
    ...(settings.CustomDocumentEnrichmentConfiguration ? { CustomDocumentEnrichmentConfiguration: settings.CustomDocumentEnrichmentConfiguration } : {}),
    CreatedAt: dateOf(row.created_at),
    UpdatedAt: dateOf(row.updated_at),
    ...(row.description !== null ? { Description: row.description } : {}),
    Status: row.status,
    ...(row.schedule ? { Schedule: row.schedule } : {}),
    ...(row.role_arn ? { RoleArn: row.role_arn } : {}),
    LanguageCode: row.language_code,
  };
};

const updateDataSource: OperationHandler<'UpdateDataSource'> = (ctx, input) => {
  const index = activeIndex(ctx, input.IndexId, 'UpdateDataSource');
  const row = findDataSource(ctx, index.rowid, input.Id);
  if (row.status !== 'ACTIVE') throw searchError('ConflictException', `Data source ${row.id} is ${row.status}; retry when it is ACTIVE.`);
  checkDataSourceConfig(row.type, input, row);
  const settings = JSON.parse(row.settings) as DataSourceSettings;
  if (input.Configuration) settings.Configuration = input.Configuration;
  if (input.VpcConfiguration) settings.VpcConfiguration = input.VpcConfiguration;
  const enrichment = enrichmentOf(index, input);
  if (enrichment) settings.CustomDocumentEnrichmentConfiguration = enrichment;
  const update = () => {
    if (input.Name && input.Name !== row.name) {
      if (dataSourceNameTaken(ctx.db, index.rowid, input.Name))
        throw searchError('ConflictException', `Index ${index.id} already has a data source named ${input.Name}.`);
    }
    const schedule = input.Schedule === undefined ? row.schedule : input.Schedule || null;
    updateDataSourceRow(ctx.db, {
      rowid: row.rowid,
      name: input.Name ?? row.name,
      settings: JSON.stringify(settings),
      description: input.Description ?? row.description,
      schedule,
      role_arn: input.RoleArn ?? row.role_arn,
      language_code: input.LanguageCode ?? row.language_code,
      updated_at: ctx.nowMs,
      busy_until: ctx.nowMs + ctx.delayMs,
      next_run_at: nextRun(ctx, schedule),
    });
  };
  ctx.db.transaction(update).immediate();
  return {};
};

const deleteDataSource: OperationHandler<'DeleteDataSource'> = (ctx, input) => {
  const index = findIndex(ctx, input.IndexId);
  const row = findDataSource(ctx, index.rowid, input.Id, true);
  if (row.status === 'DELETING') return {};
  ctx.db
    .transaction(() => {
      const docs = markDataSourceDeleted(ctx.db, row, ctx.nowMs);
      for (const docId of docs) deleteDocument(ctx.db, index.rowid, docId);
      dropTags(ctx.db, childArn(ctx.region, ctx.local.accountId, index.id, 'data-source', row.id));
    })
    .immediate();
  return {};
};

const listDataSources: OperationHandler<'ListDataSources'> = (ctx, input) =>
  listIndexChildren<DataSourceRow>(ctx, input, {
    operation: 'ListDataSources',
    table: 'search_data_sources',
    resultKey: 'SummaryItems',
    summarize(row) {
      const status = dataSourceStatus(ctx, row);
      if (!status) return undefined;
      const times = { CreatedAt: dateOf(row.created_at), UpdatedAt: dateOf(row.updated_at) };
      return { Name: row.name, Id: row.id, Type: row.type, ...times, Status: status, LanguageCode: row.language_code };
    },
  });

/** The data source operations. */
export const dataSourceOperations: OperationHandlers<'CreateDataSource' | 'DescribeDataSource' | 'UpdateDataSource' | 'DeleteDataSource' | 'ListDataSources'> =
  {
    CreateDataSource: createDataSource,
    DescribeDataSource: describeDataSource,
    UpdateDataSource: updateDataSource,
    DeleteDataSource: deleteDataSource,
    ListDataSources: listDataSources,
  };
