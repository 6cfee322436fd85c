import { randomUUID } from 'node:crypto';
import { childArn } from '../core/arn.js';
import { searchError } from '../core/errors.js';
import { nextFire, parseCron } from '../core/cron.js';
import { withClientToken } from '../core/idempotency.js';
import type { OperationHandler, OperationHandlers, OpContext } from '../core/op-context.js';
import { sql } from '../core/statements.js';
import { toEpochSeconds } from '../core/time.js';
import { checkDataSourceConfig, type DataSourceSettings } from './data-source-config.js';
import { checkDataSourceName, dataSourceStatus, findDataSource, type DataSourceRow } from './data-source-rows.js';
import { deleteDocument } from './document-writer.js';
import { activeIndex, findIndex } from './index-rows.js';
import { addTags, dropTags } from './tag-store.js';
import { listIndexChildren } from './list-index-children.js';

function nextRun(ctx: OpContext, schedule: string | null | undefined): number | null {
  return schedule ? nextFire(parseCron(schedule), ctx.nowMs) : null;
}

const createDataSource: OperationHandler<'CreateDataSource'> = (ctx, input) => {
  const index = activeIndex(ctx, input.IndexId, 'CreateDataSource');
  checkDataSourceConfig(input.Type, input);
  const settings: DataSourceSettings = {
    ...(input.Configuration ? { Configuration: input.Configuration } : {}),
    ...(input.VpcConfiguration ? { VpcConfiguration: input.VpcConfiguration } : {}),
  };
  const create = () =>
    withClientToken(ctx, `CreateDataSource:${index.id}`, input, () => {
      checkDataSourceName(ctx, index, input.Name, 'CreateDataSource');
      const id = randomUUID();
      sql(
        ctx.db,
        `INSERT INTO search_data_sources (index_rowid, id, name, type, settings, description, schedule, role_arn, language_code, created_at,
         updated_at, busy_state, busy_until, next_run_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'CREATING', ?, ?)`,
      ).run(
        index.rowid, id, input.Name, input.Type, JSON.stringify(settings), input.Description ?? null, input.Schedule || null, input.RoleArn ?? null,
        input.LanguageCode ?? 'en', ctx.nowMs, ctx.nowMs, ctx.nowMs + ctx.delayMs, nextRun(ctx, input.Schedule),
      );
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
    CreatedAt: toEpochSeconds(row.created_at),
    UpdatedAt: toEpochSeconds(row.updated_at),
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
  const update = () => {
    if (input.Name && input.Name !== row.name) checkDataSourceName(ctx, index, input.Name, 'UpdateDataSource');
    const schedule = input.Schedule === undefined ? row.schedule : input.Schedule || null;
    sql(
      ctx.db,
      `UPDATE search_data_sources SET name = ?, settings = ?, description = ?, schedule = ?, role_arn = ?, language_code = ?, updated_at = ?,
       busy_state = 'UPDATING', busy_until = ?, next_run_at = ? WHERE rowid = ?`,
    ).run(
      input.Name ?? row.name, JSON.stringify(settings), input.Description ?? row.description, schedule, input.RoleArn ?? row.role_arn,
      input.LanguageCode ?? row.language_code, ctx.nowMs, ctx.nowMs + ctx.delayMs, nextRun(ctx, schedule), row.rowid,
    );
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
      sql(ctx.db, 'UPDATE search_data_sources SET deleted_at = ?, updated_at = ? WHERE rowid = ?').run(ctx.nowMs, ctx.nowMs, row.rowid);
      sql(ctx.db, "UPDATE search_sync_jobs SET status = 'ABORTED', end_time = ? WHERE ds_rowid = ? AND status IN ('SYNCING', 'STOPPING')").run(ctx.nowMs, row.rowid);
      const docs = sql(ctx.db, 'SELECT doc_id FROM search_documents WHERE index_rowid = ? AND data_source_id = ?').pluck().all(index.rowid, row.id) as string[];
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
      const times = { CreatedAt: toEpochSeconds(row.created_at), UpdatedAt: toEpochSeconds(row.updated_at) };
      return { Name: row.name, Id: row.id, Type: row.type, ...times, Status: status, LanguageCode: row.language_code };
    },
  });

/** The data source operations. */
export const dataSourceOperations: OperationHandlers<'CreateDataSource' | 'DescribeDataSource' | 'UpdateDataSource' | 'DeleteDataSource' | 'ListDataSources'> = {
  CreateDataSource: createDataSource,
  DescribeDataSource: describeDataSource,
  UpdateDataSource: updateDataSource,
  DeleteDataSource: deleteDataSource,
  ListDataSources: listDataSources,
};
