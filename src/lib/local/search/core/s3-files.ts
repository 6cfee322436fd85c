import { lstatSync, readdirSync, readFileSync, realpathSync, type Stats } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { sentence } from './sentence.js';

/** Why an S3 object of the local S3 dir cannot be read. */
export class S3PathError extends Error {
  override name = 'S3PathError';
}

/** The most bytes read from one S3 object. */
const MAX_OBJECT_BYTES = 50 * 1024 * 1024;

function checkKey(key: string): string[] {
  if (key.length === 0) throw new S3PathError('the S3 key is empty');
  if (key.startsWith('/')) throw new S3PathError(`the S3 key ${key} is absolute; keys are relative to the bucket`);
  if (key.includes('\0') || key.includes('\\')) throw new S3PathError(`the S3 key ${JSON.stringify(key)} contains a character the local S3 dir refuses`);
  const segments = key.split('/');
  if (segments.some((segment) => segment === '..' || segment === '.')) {
    throw new S3PathError(`the S3 key ${key} contains a '.' or '..' segment; keys cannot leave their bucket`);
  }
  return segments.filter((segment) => segment !== '');
}

function checkBucket(bucket: string): void {
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket) || bucket.includes('..')) {
    throw new S3PathError(`${JSON.stringify(bucket)} is not a valid S3 bucket name`);
  }
}

function lstatOrUndefined(path: string): Stats | undefined {
  try {
    return lstatSync(path);
  } catch {
    return undefined;
  }
}

/**
 * The file that stands for `s3://bucket/key` in the local S3 dir (`<s3Dir>/<bucket>/<key>`).
 * Refuses keys that are absolute or have `.`/`..` segments, and any path through a symbolic
 * link, so that nothing outside the S3 dir can be read.
 */
export function resolveS3Object(s3Dir: string, bucket: string, key: string): string {
  checkBucket(bucket);
  const segments = checkKey(key);
  let path = join(s3Dir, bucket);
  const bucketStat = lstatOrUndefined(path);
  if (!bucketStat?.isDirectory() || bucketStat.isSymbolicLink()) throw new S3PathError(`the bucket ${bucket} does not exist`);
  for (const segment of segments) {
    path = join(path, segment);
    const stat = lstatOrUndefined(path);
    if (!stat) throw new S3PathError(`s3://${bucket}/${key} does not exist`);
    if (stat.isSymbolicLink()) throw new S3PathError(`s3://${bucket}/${key} goes through a symbolic link, which the local S3 dir refuses`);
  }
  const real = realpathSync(path);
  const root = realpathSync(s3Dir);
  const rel = relative(root, real);
  if (rel.startsWith('..') || rel === '' || rel.split(sep)[0] !== bucket) {
    throw new S3PathError(`s3://${bucket}/${key} resolves outside its bucket`);
  }
  return real;
}

/** Reads the object `s3://bucket/key` of the local S3 dir (see {@link resolveS3Object}). */
export function readS3Object(s3Dir: string, bucket: string, key: string): Buffer {
  const path = resolveS3Object(s3Dir, bucket, key);
  const stat = lstatSync(path);
  if (!stat.isFile()) throw new S3PathError(`s3://${bucket}/${key} is not an object`);
  if (stat.size > MAX_OBJECT_BYTES) throw new S3PathError(`s3://${bucket}/${key} is larger than ${MAX_OBJECT_BYTES} bytes`);
  return readFileSync(path);
}

/**
 * The keys of every object in a bucket of the local S3 dir, sorted; directories are walked,
 * symbolic links are skipped (never followed).
 */
export function listS3Keys(s3Dir: string, bucket: string): string[] {
  checkBucket(bucket);
  const root = join(s3Dir, bucket);
  const stat = lstatOrUndefined(root);
  if (!stat?.isDirectory() || stat.isSymbolicLink()) throw new S3PathError(`the bucket ${bucket} does not exist in the local S3 dir`);
  const keys: string[] = [];
  const walk = (dir: string, prefix: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.isSymbolicLink()) continue;
      if (entry.isDirectory()) walk(join(dir, entry.name), `${prefix}${entry.name}/`);
      else if (entry.isFile()) keys.push(`${prefix}${entry.name}`);
    }
  };
  walk(root, '');
  return keys.sort();
}

/** A file of the local S3 dir read and parsed: its value and size in bytes, or why it could not be. */
export type S3TextFile<T> = { ok: true; value: T; size: number } | { ok: false; error: string };

/**
 * Reads the object `path` of the local S3 dir as UTF-8 text and parses it with `parse`. When
 * either fails, the error is `Could not read <what>: <reason>.`, where `what` names the file
 * from its `s3://` address, cut to the 2,048 characters an ErrorMessage holds.
 */
export function readS3Text<T>(s3Dir: string, path: { Bucket: string; Key: string }, parse: (text: string) => T, what: (uri: string) => string): S3TextFile<T> {
  try {
    const bytes = readS3Object(s3Dir, path.Bucket, path.Key);
    return { ok: true, value: parse(new TextDecoder('utf-8').decode(bytes)), size: bytes.length };
  } catch (error) {
    return { ok: false, error: sentence(`Could not read ${what(`s3://${path.Bucket}/${path.Key}`)}: ${(error as Error).message}`).slice(0, 2048) };
  }
}
