import { conflict, notFound } from '../core/errors.js';
import { statusOf, type LifecycleRow } from '../core/lifecycle.js';
import type { OpContext } from '../core/op-context.js';

/**
 * The columns shared by the index children made from a file in S3 (FAQs, thesauri, query
 * suggestions block lists): identity, description, the file's place, the outcome of reading it
 * (`final_status` once no longer busy, `error_message` when it failed) and the lifecycle.
 */
export interface S3FileRow<Status extends string = string> extends LifecycleRow {
  rowid: number;
  index_rowid: number;
  id: string;
  name: string;
  description: string | null;
  role_arn: string;
  s3_bucket: string;
  s3_key: string;
  final_status: Status;
  error_message: string | null;
  created_at: number;
  updated_at: number;
}

/** The `ErrorMessage` member of a description: the reason its file could not be read, while `status` says so. */
export function fileError(row: S3FileRow, status: string): { ErrorMessage?: string } {
  const failed = status === 'FAILED' || status === 'ACTIVE_BUT_UPDATE_FAILED';
  return failed && row.error_message ? { ErrorMessage: row.error_message } : {};
}

/** Refuses to update `what` (its name and id, e.g. `Thesaurus 1234`) while it is being created, updated or deleted. */
export function checkUpdatable(what: string, status: string): void {
  if (status === 'CREATING' || status === 'UPDATING' || status === 'DELETING') throw conflict(`${what} is ${status}; retry when it is ACTIVE.`);
}

/**
 * The status an update leaves once its file has been read again (`read`): ACTIVE; when the
 * file could not be read, ACTIVE_BUT_UPDATE_FAILED if the earlier content stays in use,
 * FAILED if there was none.
 */
export function statusAfterUpdate(row: S3FileRow, read: boolean): 'ACTIVE' | 'ACTIVE_BUT_UPDATE_FAILED' | 'FAILED' {
  if (read) return 'ACTIVE';
  return row.final_status !== 'FAILED' ? 'ACTIVE_BUT_UPDATE_FAILED' : 'FAILED';
}

/** The status of `row` at the request's time: its lifecycle state, else `final_status`; undefined once gone. */
export function fileStatus<Status extends string>(ctx: OpContext, row: S3FileRow<Status>): Status | undefined {
  return statusOf(row, ctx.nowMs, ctx.delayMs, row.final_status);
}

/**
 * `row` with its status at the request's time; a `ResourceNotFoundException` saying `missing`
 * when there is no row or it is gone.
 */
export function withFileStatus<Status extends string, Row extends S3FileRow<Status>>(
  ctx: OpContext,
  row: Row | undefined,
  missing: string,
): Row & { status: Status } {
  const status = row && fileStatus(ctx, row);
  if (!row || !status) throw notFound(missing);
  return { ...row, status };
}
