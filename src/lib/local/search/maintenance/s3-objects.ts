import { typedValue } from '../core/loose-value.js';
import { globMatcher } from '../core/glob.js';
import type { FieldConfig } from '../core/fields.js';
import type { AttrMap } from '../core/attributes.js';
import { contentTypeOfKey } from '../core/extract-text.js';
import { readS3Object, S3PathError } from '../core/s3-files.js';
import type { DocumentSource } from '../resources/prepare-document.js';

/** The part of an S3 data source's configuration a crawl uses. */
export interface S3Config {
  BucketName: string;
  InclusionPrefixes?: string[];
  InclusionPatterns?: string[];
  ExclusionPatterns?: string[];
  DocumentsMetadataConfiguration?: { S3Prefix?: string };
  AccessControlListConfiguration?: { KeyPath?: string };
}

const METADATA_SUFFIX = '.metadata.json';

/**
 * The keys of a bucket that an S3 data source indexes: under one of the inclusion prefixes
 * (all when none), matching one of the inclusion patterns (all when none), matching no
 * exclusion pattern; metadata sidecars and the access control file are not documents.
 */
export function selectKeys(keys: readonly string[], config: S3Config): string[] {
  const include = (config.InclusionPatterns ?? []).map(globMatcher);
  const exclude = (config.ExclusionPatterns ?? []).map(globMatcher);
  const prefixes = config.InclusionPrefixes ?? [];
  const metadataPrefix = config.DocumentsMetadataConfiguration?.S3Prefix;
  const aclKey = config.AccessControlListConfiguration?.KeyPath;
  return keys.filter(
    (key) =>
      !key.endsWith(METADATA_SUFFIX) &&
      key !== aclKey &&
      !(metadataPrefix && key.startsWith(metadataPrefix)) &&
      (prefixes.length === 0 || prefixes.some((prefix) => key.startsWith(prefix))) &&
      (include.length === 0 || include.some((match) => match(key))) &&
      !exclude.some((match) => match(key)),
  );
}

function metadataKey(key: string, config: S3Config): string {
  const prefix = config.DocumentsMetadataConfiguration?.S3Prefix;
  return prefix ? `${prefix.replace(/\/*$/, '/')}${key}${METADATA_SUFFIX}` : `${key}${METADATA_SUFFIX}`;
}

/** The JSON value of an object of the local S3 dir; undefined when there is no such object. */
function readJson(s3Dir: string, bucket: string, key: string, what: string): unknown {
  let bytes: Buffer;
  try {
    bytes = readS3Object(s3Dir, bucket, key);
  } catch (error) {
    if (error instanceof S3PathError && /does not exist/.test(error.message)) return undefined;
    throw error;
  }
  try {
    return JSON.parse(new TextDecoder('utf-8').decode(bytes));
  } catch (error) {
    throw new Error(`${what} s3://${bucket}/${key} is not valid JSON: ${(error as Error).message}`);
  }
}

/** The access control file of a data source: principals by key prefix (`s3://bucket/prefix`). */
export type AclRules = Array<{ keyPrefix: string; aclEntries: unknown[] }>;

/** Reads the data source's access control file, if it has one. */
export function readAclRules(s3Dir: string, config: S3Config): AclRules {
  const key = config.AccessControlListConfiguration?.KeyPath;
  if (!key) return [];
  const rules = readJson(s3Dir, config.BucketName, key, 'The access control file');
  if (rules === undefined) return [];
  if (!Array.isArray(rules)) throw new Error(`The access control file s3://${config.BucketName}/${key} must be a JSON list`);
  return rules as AclRules;
}

/**
 * The document an object stands for: its bytes, and what its `<key>.metadata.json` sidecar
 * says (DocumentId, Title, ContentType, Attributes typed by the index's fields,
 * AccessControlList). The id and the source URI (`_source_uri`, the result's DocumentURI)
 * default to the object's `s3://bucket/key`.
 */
export function objectDocument(
  s3Dir: string,
  config: S3Config,
  key: string,
  fields: ReadonlyMap<string, FieldConfig>,
  dataSourceId: string,
  acl: AclRules,
): DocumentSource {
  const bucket = config.BucketName;
  const bytes = readS3Object(s3Dir, bucket, key);
  const sidecar = readJson(s3Dir, bucket, metadataKey(key, config), 'The metadata file');
  // a sidecar that is not a JSON object says nothing
  const meta: Record<string, unknown> = typeof sidecar === 'object' && sidecar !== null ? (sidecar as Record<string, unknown>) : {};
  const attrs: AttrMap = {};
  for (const [name, value] of Object.entries((meta.Attributes ?? {}) as object)) {
    attrs[name] = typedValue(name, value, fields, `s3://${bucket}/${metadataKey(key, config)}`);
  }
  const uri = `s3://${bucket}/${key}`;
  attrs._source_uri ??= { t: 'STRING_VALUE', v: uri };
  attrs._data_source_id = { t: 'STRING_VALUE', v: dataSourceId };
  const entries = acl.filter((rule) => uri.startsWith(rule.keyPrefix)).flatMap((rule) => rule.aclEntries);
  const list: unknown[] = Array.isArray(meta.AccessControlList) ? (meta.AccessControlList as unknown[]) : entries;
  return {
    id: typeof meta.DocumentId === 'string' && meta.DocumentId !== '' ? meta.DocumentId : uri,
    bytes,
    contentType: typeof meta.ContentType === 'string' ? meta.ContentType : contentTypeOfKey(key),
    ...(typeof meta.Title === 'string' ? { title: meta.Title } : {}),
    attrs,
    acl: list.length > 0 ? list : null,
  };
}
