import type { CreateFaqRequest } from '../../../services/search/types.js';
import { randomUUID } from 'node:crypto';
import { childArn } from '../core/arn.js';
import { notFound } from '../core/errors.js';
import { parseFaqFile, type FaqEntry, type FaqFormat } from '../core/faq-file.js';
import { fieldMap } from '../core/fields.js';
import { faqFts } from '../core/fts-tables.js';
import { withClientToken } from '../core/idempotency.js';
import { statusOf } from '../core/lifecycle.js';
import type { OperationHandler, OperationHandlers, OpContext } from '../core/op-context.js';
import { readS3Object } from '../core/s3-files.js';
import { sql } from '../core/statements.js';
import { toEpochSeconds } from '../core/time.js';
import { activeIndex, findIndex, indexFields, type IndexRow } from './index-rows.js';
import { addTags, dropTags } from './tag-store.js';
import { listIndexChildren } from './list-index-children.js';

interface FaqRow {
  rowid: number;
  index_rowid: number;
  id: string;
  name: string;
  description: string | null;
  s3_bucket: string;
  s3_key: string;
  role_arn: string;
  file_format: string;
  language_code: string;
  final_status: string;
  error_message: string | null;
  created_at: number;
  updated_at: number;
  busy_state: string;
  busy_until: number;
  deleted_at: number | null;
}

function loadEntries(ctx: OpContext, index: IndexRow, input: Pick<CreateFaqRequest, 'S3Path'>, format: FaqFormat): FaqEntry[] | string {
  try {
    const bytes = readS3Object(ctx.local.s3Dir, input.S3Path.Bucket, input.S3Path.Key);
    return parseFaqFile(new TextDecoder('utf-8').decode(bytes), format, fieldMap(indexFields(index)));
  } catch (error) {
    return `Could not read the FAQ file s3://${input.S3Path.Bucket}/${input.S3Path.Key} as ${format}: ${(error as Error).message}.`.slice(0, 2048);
  }
}

const createFaq: OperationHandler<'CreateFaq'> = (ctx, input) => {
  const index = activeIndex(ctx, input.IndexId, 'CreateFaq');
  const format = (input.FileFormat ?? 'CSV') as FaqFormat;
  const id = ctx.db
    .transaction(() =>
      withClientToken(ctx, `CreateFaq:${index.id}`, input, () => {
        const id = randomUUID();
        const entries = loadEntries(ctx, index, input, format);
        const failed = typeof entries === 'string';
        const rowid = Number(
          sql(
            ctx.db,
            `INSERT INTO search_faqs (index_rowid, id, name, description, s3_bucket, s3_key, role_arn, file_format, language_code,
             final_status, error_message, created_at, updated_at, busy_state, busy_until) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'CREATING', ?)`,
          ).run(
            index.rowid, id, input.Name, input.Description ?? null, input.S3Path.Bucket, input.S3Path.Key, input.RoleArn, format,
            input.LanguageCode ?? 'en', failed ? 'FAILED' : 'ACTIVE', failed ? entries : null, ctx.nowMs, ctx.nowMs, ctx.nowMs + ctx.delayMs,
          ).lastInsertRowid,
        );
        if (!failed) {
          const item = sql(ctx.db, 'INSERT INTO search_faq_items (faq_rowid, index_rowid, question, answer, source_uri, attributes) VALUES (?, ?, ?, ?, ?, ?)');
          const text = sql(ctx.db, `INSERT INTO ${faqFts(index.rowid)} (rowid, question, answer) VALUES (CAST(? AS INTEGER), ?, ?)`);
          for (const entry of entries) {
            const language = { t: 'STRING_VALUE' as const, v: input.LanguageCode ?? 'en' };
            const attrs = { _language_code: language, ...entry.attrs, _faq_id: { t: 'STRING_VALUE' as const, v: id } };
            const itemRowid = item.run(rowid, index.rowid, entry.question, entry.answer, entry.sourceUri, JSON.stringify(attrs)).lastInsertRowid;
            text.run(itemRowid, entry.question, entry.answer);
          }
        }
        if (input.Tags) addTags(ctx.db, childArn(ctx.region, ctx.local.accountId, index.id, 'faq', id), input.Tags);
        return id;
      }),
    )
    .immediate();
  return { Id: id };
};

function findFaq(ctx: OpContext, index: IndexRow, id: string): FaqRow & { status: string } {
  const row = sql(ctx.db, 'SELECT * FROM search_faqs WHERE id = ? AND index_rowid = ?').get(id, index.rowid) as FaqRow | undefined;
  const status = row && statusOf(row, ctx.nowMs, ctx.delayMs, row.final_status);
  if (!row || !status) throw notFound(`FAQ ${id} does not exist in index ${index.id}.`);
  return { ...row, status };
}

const describeFaq: OperationHandler<'DescribeFaq'> = (ctx, input) => {
  const index = findIndex(ctx, input.IndexId);
  const row = findFaq(ctx, index, input.Id);
  return {
    Id: row.id,
    IndexId: index.id,
    Name: row.name,
    ...(row.description !== null ? { Description: row.description } : {}),
    CreatedAt: toEpochSeconds(row.created_at),
    UpdatedAt: toEpochSeconds(row.updated_at),
    S3Path: { Bucket: row.s3_bucket, Key: row.s3_key },
    Status: row.status,
    RoleArn: row.role_arn,
    ...(row.status === 'FAILED' && row.error_message ? { ErrorMessage: row.error_message } : {}),
    FileFormat: row.file_format,
    LanguageCode: row.language_code,
  };
};

const deleteFaq: OperationHandler<'DeleteFaq'> = (ctx, input) => {
  const index = findIndex(ctx, input.IndexId);
  const row = findFaq(ctx, index, input.Id);
  if (row.status === 'DELETING') return {};
  ctx.db
    .transaction(() => {
      sql(ctx.db, `DELETE FROM ${faqFts(index.rowid)} WHERE rowid IN (SELECT rowid FROM search_faq_items WHERE faq_rowid = ?)`).run(row.rowid);
      sql(ctx.db, 'DELETE FROM search_faq_items WHERE faq_rowid = ?').run(row.rowid);
      sql(ctx.db, 'UPDATE search_faqs SET deleted_at = ?, updated_at = ? WHERE rowid = ?').run(ctx.nowMs, ctx.nowMs, row.rowid);
      dropTags(ctx.db, childArn(ctx.region, ctx.local.accountId, index.id, 'faq', row.id));
    })
    .immediate();
  return {};
};

const listFaqs: OperationHandler<'ListFaqs'> = (ctx, input) =>
  listIndexChildren<FaqRow>(ctx, input, {
    operation: 'ListFaqs',
    table: 'search_faqs',
    resultKey: 'FaqSummaryItems',
    summarize(row) {
      const status = statusOf(row, ctx.nowMs, ctx.delayMs, row.final_status);
      if (!status) return undefined;
      const times = { CreatedAt: toEpochSeconds(row.created_at), UpdatedAt: toEpochSeconds(row.updated_at) };
      return { Id: row.id, Name: row.name, Status: status, ...times, FileFormat: row.file_format, LanguageCode: row.language_code };
    },
  });

/** The FAQ operations. */
export const faqOperations: OperationHandlers<'CreateFaq' | 'DescribeFaq' | 'DeleteFaq' | 'ListFaqs'> = {
  CreateFaq: createFaq,
  DescribeFaq: describeFaq,
  DeleteFaq: deleteFaq,
  ListFaqs: listFaqs,
};
