import { readS3Object } from './s3-files.js';
import type { AccessPrincipal } from './document-access.js';

/** Access control that a sync cannot apply as written: the sync fails rather than index a document as public. */
export class AccessControlError extends Error {
  override name = 'AccessControlError';
}

/** The access control file of a data source: principals by key prefix (`s3://bucket/prefix`). */
export type AclRules = Array<{ keyPrefix: string; aclEntries: AccessPrincipal[] }>;

/** Where an access control file is: the object `s3://Bucket/Key` of the local S3 dir. */
export interface AclFileLocation {
  Bucket: string;
  Key: string;
}

/**
 * Where `AccessControlListConfiguration.KeyPath` points: `s3://bucket/key` (the form Kendra's
 * documentation shows) or a key of the data source's own bucket. Throws
 * {@link AccessControlError} for an `s3://` path without a key.
 */
export function aclFileLocation(keyPath: string, dataSourceBucket: string): AclFileLocation {
  if (!keyPath.startsWith('s3://')) return { Bucket: dataSourceBucket, Key: keyPath };
  const rest = keyPath.slice('s3://'.length);
  const slash = rest.indexOf('/');
  if (slash <= 0 || slash === rest.length - 1) {
    throw new AccessControlError(
      `The AccessControlListConfiguration KeyPath ${keyPath} names no file; give s3://bucket/key or a key of bucket ${dataSourceBucket}.`,
    );
  }
  return { Bucket: rest.slice(0, slash), Key: rest.slice(slash + 1) };
}

function principal(entry: unknown, where: string): AccessPrincipal {
  const { Name, Type, Access, DataSourceId } = (typeof entry === 'object' && entry !== null ? entry : {}) as Record<string, unknown>;
  if (typeof Name !== 'string' || Name === '') throw new AccessControlError(`${where} has no Name`);
  if (Type !== 'USER' && Type !== 'GROUP') throw new AccessControlError(`${where} (${Name}) has Type ${JSON.stringify(Type)}; it is USER or GROUP`);
  if (Access !== 'ALLOW' && Access !== 'DENY') throw new AccessControlError(`${where} (${Name}) has Access ${JSON.stringify(Access)}; it is ALLOW or DENY`);
  if (DataSourceId !== undefined && typeof DataSourceId !== 'string')
    throw new AccessControlError(`${where} (${Name}) has a DataSourceId that is not a string`);
  return { Name, Type, Access, ...(DataSourceId !== undefined ? { DataSourceId } : {}) };
}

/** The principals of an access control list read from a file, checked; `where` names the list in errors. */
export function principalList(list: unknown, where: string): AccessPrincipal[] {
  if (!Array.isArray(list)) throw new AccessControlError(`${where} is not a list`);
  return list.map((entry, index) => principal(entry, `${where}[${index}]`));
}

function parseRules(text: string, uri: string): AclRules {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new AccessControlError(`The access control file ${uri} is not valid JSON: ${(error as Error).message}`);
  }
  if (!Array.isArray(value)) throw new AccessControlError(`The access control file ${uri} must be a JSON list of {keyPrefix, aclEntries}`);
  return value.map((rule: unknown, index) => {
    const { keyPrefix, aclEntries } = (typeof rule === 'object' && rule !== null ? rule : {}) as Record<string, unknown>;
    if (typeof keyPrefix !== 'string' || !/^s3:\/\/[^/]+/.test(keyPrefix)) {
      throw new AccessControlError(`The access control file ${uri}: entry ${index} has keyPrefix ${JSON.stringify(keyPrefix)}; it must be s3://bucket/prefix`);
    }
    return { keyPrefix, aclEntries: principalList(aclEntries, `The access control file ${uri}: aclEntries of ${keyPrefix}`) };
  });
}

/**
 * Reads and checks a data source's access control file (see Kendra's "Access control for
 * Amazon S3 data sources": a JSON list of `{keyPrefix, aclEntries}`). A KeyPath that names no
 * readable object, or a file that is not valid JSON of that form, throws
 * {@link AccessControlError} naming it, for the sync to fail.
 */
export function readAclRules(s3Dir: string, keyPath: string, dataSourceBucket: string): AclRules {
  const location = aclFileLocation(keyPath, dataSourceBucket);
  const uri = `s3://${location.Bucket}/${location.Key}`;
  let bytes: Buffer;
  try {
    bytes = readS3Object(s3Dir, location.Bucket, location.Key);
  } catch (error) {
    throw new AccessControlError(
      `Could not read the access control file ${uri} (AccessControlListConfiguration KeyPath ${keyPath}): ${(error as Error).message}`,
    );
  }
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new AccessControlError(`The access control file ${uri} is not UTF-8 text`);
  }
  return parseRules(text, uri);
}
