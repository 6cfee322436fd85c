import type { LifecycleRow } from '../core/lifecycle.js';

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
