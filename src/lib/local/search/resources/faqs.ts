import type { CreateFaqRequest } from '../../../services/search/types.js';
import { randomUUID } from 'node:crypto';
import { childArn } from '../core/arn.js';
import { parseFaqFile, type FaqEntry, type FaqFormat } from '../core/faq-file.js';
import { fieldMap } from '../core/fields.js';
import { withClientToken } from '../core/idempotency.js';
import type { OperationHandler, OperationHandlers, OpContext } from '../core/op-context.js';
import { readS3Text } from '../core/s3-files.js';
import { dateOf } from '../core/time.js';
import { activeIndex, findIndex, indexFields, type IndexRow } from './index-store.js';
import { deleteFaqRow, faqRow, insertFaq, insertFaqItems, type FaqRow } from './faq-store.js';
import { addTags, dropTags } from './tag-store.js';
import { listIndexChildren } from './list-index-children.js';
import { fileError, fileStatus, withFileStatus } from './s3-file-row.js';
import type { FaqStatus } from '../../../services/search/types.js';

function loadEntries(ctx: OpContext, index: IndexRow, input: Pick<CreateFaqRequest, 'S3Path'>, format: FaqFormat): FaqEntry[] | string {
  const parse = (text: string) => parseFaqFile(text, format, fieldMap(indexFields(index)));
  const file = readS3Text(ctx.local.s3Dir, input.S3Path, parse, (uri) => `the FAQ file ${uri} as ${format}`);
  return file.ok ? file.value : file.error;
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
        const rowid = insertFaq(ctx.db, {
          index_rowid: index.rowid,
          id,
          name: input.Name,
          description: input.Description ?? null,
          s3_bucket: input.S3Path.Bucket,
          s3_key: input.S3Path.Key,
          role_arn: input.RoleArn,
          file_format: format,
          language_code: input.LanguageCode ?? 'en',
          final_status: failed ? 'FAILED' : 'ACTIVE',
          error_message: failed ? entries : null,
          created_at: ctx.nowMs,
          updated_at: ctx.nowMs,
          busy_until: ctx.nowMs + ctx.delayMs,
        });
        if (!failed) insertFaqItems(ctx.db, index.rowid, rowid, id, input.LanguageCode ?? 'en', entries);
        if (input.Tags) addTags(ctx.db, childArn(ctx.region, ctx.local.accountId, index.id, 'faq', id), input.Tags);
        return id;
      }),
    )
    .immediate();
  return { Id: id };
};

function findFaq(ctx: OpContext, index: IndexRow, id: string): FaqRow & { status: FaqStatus } {
  return withFileStatus(ctx, faqRow(ctx.db, index.rowid, id), `FAQ ${id} does not exist in index ${index.id}.`);
}

const describeFaq: OperationHandler<'DescribeFaq'> = (ctx, input) => {
  const index = findIndex(ctx, input.IndexId);
  const row = findFaq(ctx, index, input.Id);
  return {
    Id: row.id,
    IndexId: index.id,
    Name: row.name,
    ...(row.description !== null ? { Description: row.description } : {}),
    CreatedAt: dateOf(row.created_at),
    UpdatedAt: dateOf(row.updated_at),
    S3Path: { Bucket: row.s3_bucket, Key: row.s3_key },
    Status: row.status,
    RoleArn: row.role_arn,
    ...fileError(row, row.status),
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
      deleteFaqRow(ctx.db, index.rowid, row.rowid, ctx.nowMs);
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
      const status = fileStatus(ctx, row);
      if (!status) return undefined;
      const times = { CreatedAt: dateOf(row.created_at), UpdatedAt: dateOf(row.updated_at) };
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
