import { typedValue } from '../core/loose-value.js';
import { globMatcher } from '../core/glob.js';
import type { FieldConfig } from '../core/fields.js';
import type { AttrMap } from '../core/attributes.js';
import { contentTypeOfKey } from '../core/extract-text.js';
import { readS3Object, S3PathError } from '../core/s3-files.js';
import type { DocumentSource } from '../resources/prepare-document.js';
import { encodeAccess } from '../core/document-access.js';
import { AccessControlError, aclFileLocation, principalList, type AclRules } from '../core/s3-acl-file.js';

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
  const aclKey = aclKeyInBucket(config);
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

/** The key of the data source's access control file when it is in the data source's bucket. */
function aclKeyInBucket(config: S3Config): string | undefined {
  const keyPath = config.AccessControlListConfiguration?.KeyPath;
  if (!keyPath) return undefined;
  try {
    const location = aclFileLocation(keyPath, config.BucketName);
    return location.Bucket === config.BucketName ? location.Key : undefined;
  } catch (error) {
    if (error instanceof AccessControlError) return undefined;
    throw error;
  }
}

/** The key of the metadata file of the object `key`. */
export function metadataKey(key: string, config: S3Config): string {
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

/**
 * The access a metadata file gives its document, in its stored form: its AccessControlList,
 * HierarchicalAccessControlList or AccessControlConfigurationId, checked (a malformed one
 * throws {@link AccessControlError}); `undefined` when it gives none.
 */
function metadataAccess(meta: Record<string, unknown>, uri: string): unknown {
  const { AccessControlList: list, HierarchicalAccessControlList: hierarchy, AccessControlConfigurationId: configurationId } = meta;
  if (list === undefined && hierarchy === undefined && configurationId === undefined) return undefined;
  if (configurationId !== undefined && (typeof configurationId !== 'string' || configurationId === '')) {
    throw new AccessControlError(`The metadata file ${uri} has an AccessControlConfigurationId that is not a non-empty string`);
  }
  if (configurationId !== undefined && (list !== undefined || hierarchy !== undefined)) {
    throw new AccessControlError(`The metadata file ${uri} gives both an AccessControlConfigurationId and access control lists; a document takes one`);
  }
  const principals = list === undefined ? undefined : principalList(list, `The AccessControlList of the metadata file ${uri}`);
  if (hierarchy !== undefined && !Array.isArray(hierarchy))
    throw new AccessControlError(`The HierarchicalAccessControlList of the metadata file ${uri} is not a list`);
  const levels = (hierarchy as unknown[] | undefined)?.map((level, index) => ({
    PrincipalList: principalList(
      (level as { PrincipalList?: unknown } | null)?.PrincipalList,
      `The HierarchicalAccessControlList[${index}].PrincipalList of the metadata file ${uri}`,
    ),
  }));
  return encodeAccess(principals, levels, configurationId);
}

/**
 * The document an object stands for: its bytes, and what its `<key>.metadata.json` sidecar
 * says (DocumentId, Title, ContentType, Attributes typed by the index's fields, and its access:
 * AccessControlList, HierarchicalAccessControlList or AccessControlConfigurationId, else the
 * entries of the access control file `acl` whose keyPrefix the object's `s3://bucket/key`
 * starts with). The id and the source URI (`_source_uri`, the result's DocumentURI) default
 * to the object's `s3://bucket/key`. Malformed access throws {@link AccessControlError}.
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
  const access = metadataAccess(meta, `s3://${bucket}/${metadataKey(key, config)}`);
  return {
    id: typeof meta.DocumentId === 'string' && meta.DocumentId !== '' ? meta.DocumentId : uri,
    bytes,
    contentType: typeof meta.ContentType === 'string' ? meta.ContentType : contentTypeOfKey(key),
    ...(typeof meta.Title === 'string' ? { title: meta.Title } : {}),
    attrs,
    acl: access !== undefined ? access : entries.length > 0 ? entries : null,
  };
}
