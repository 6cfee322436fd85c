import type { DocumentAttributeInput, SearchDocument } from '../../../services/search/types.js';
import { fromWireValue, type AttrMap } from '../core/attributes.js';
import { COMPUTED_FIELDS, type FieldConfig } from '../core/fields.js';
import { contentTypeOfKey, extractText, extractTextNow } from '../core/extract-text.js';
import type { ExtractedText } from '../core/extract/extracted-text.js';
import { ExtractionPending } from '../core/pending-results.js';
import { encodeAccess } from '../core/document-access.js';
import { readS3Object } from '../core/s3-files.js';
import { sentence } from '../core/sentence.js';
import type { PreparedDocument } from './document-store.js';
import type { CustomDocumentEnrichmentConfiguration } from '../../../services/search/types.js';
import { enrichDocument, type EnrichedDocument } from '../core/enrichment/enrich-document.js';

/** The attribute that ties a put document to a running sync job of a CUSTOM data source. */
export const SYNC_JOB_ATTRIBUTE = '_data_source_sync_job_execution_id';

/** A document the service refuses, with the reason given back in `FailedDocuments`. */
export class DocumentRejected extends Error {
  override name = 'DocumentRejected';
}

/** A prepared document and the sync job it was put for, if any. */
export interface PreparedPut {
  doc: PreparedDocument;
  syncJobId: string | null;
}

/**
 * Checks a document's attributes against the index's fields: every key must be a field of the
 * index (custom ones are declared with UpdateIndex), of the field's type; computed fields
 * cannot be set. Returns them keyed by name, without the sync job attribute.
 */
function checkAttributes(list: readonly DocumentAttributeInput[], fields: ReadonlyMap<string, FieldConfig>): AttrMap {
  const attrs: AttrMap = {};
  for (const attribute of list) {
    const key = attribute.Key;
    if (key === SYNC_JOB_ATTRIBUTE) continue;
    if (COMPUTED_FIELDS.has(key)) throw new DocumentRejected(`The field ${key} is computed by the service and cannot be set.`);
    const field = fields.get(key);
    if (!field) {
      throw new DocumentRejected(`The field ${key} is not defined in the index; add it with UpdateIndex DocumentMetadataConfigurationUpdates first.`);
    }
    let value;
    try {
      value = fromWireValue(attribute.Value, key);
    } catch (error) {
      throw new DocumentRejected(sentence((error as Error).message));
    }
    if (value.t !== field.Type) throw new DocumentRejected(`The field ${key} is of type ${field.Type}, not ${value.t}.`);
    if (key in attrs) throw new DocumentRejected(`The field ${key} is given more than once.`);
    attrs[key] = value;
  }
  return attrs;
}

/** A document's content and metadata, from a request or from a crawled object. */
export interface DocumentSource {
  id: string;
  bytes: Buffer;
  contentType: string;
  title?: string;
  attrs: AttrMap;
  /** Who may see it, in its stored form (see `encodeAccess`); `null` when it is public. */
  acl: unknown;
}

/**
 * Completes a document's computed attributes around its text: `extracted`, or else its text
 * read now (see `extractTextNow`: a PDF or Office document may throw `ExtractionPending`, and
 * is read within `timeLimitMs`).
 */
export function buildDocument(source: DocumentSource, extracted?: ExtractedText, timeLimitMs?: number): PreparedDocument {
  if (extracted === undefined) {
    try {
      extracted = extractTextNow(source.bytes, source.contentType, source.id, timeLimitMs);
    } catch (error) {
      if (error instanceof ExtractionPending) throw error;
      throw new DocumentRejected(sentence((error as Error).message));
    }
  }
  const attrs = { ...source.attrs };
  attrs._file_type ??= { t: 'STRING_VALUE', v: source.contentType };
  attrs._language_code ??= { t: 'STRING_VALUE', v: 'en' };
  const title = source.title ?? extracted.title ?? null;
  const dataSource = attrs._data_source_id;
  return {
    id: source.id,
    title,
    text: extracted.text,
    contentType: source.contentType,
    attrs,
    acl: source.acl,
    dataSourceId: dataSource?.t === 'STRING_VALUE' ? dataSource.v : null,
    ...(extracted.tables ? { tables: extracted.tables } : {}),
  };
}

/** The request's Custom Document Enrichment and the functions that stand in for its Lambda ARNs. */
export interface PutEnrichment {
  config: CustomDocumentEnrichmentConfiguration;
  functions: ReadonlyMap<string, string>;
}

/**
 * Turns a BatchPutDocument `Document` into a document to store: reads an `S3Path` from the
 * local S3 dir or decodes the inline `Blob`, extracts its text for its content type (a PDF or
 * Office document within `timeLimitMs`), checks its attributes, and applies the request's
 * `enrichment` (see `enrichDocument`). Throws {@link DocumentRejected} with the reason for a bad
 * one, or for one whose enrichment fails.
 */
export async function prepareDocument(
  input: SearchDocument,
  fields: ReadonlyMap<string, FieldConfig>,
  s3Dir: string,
  timeLimitMs?: number,
  enrichment?: PutEnrichment,
): Promise<PreparedPut> {
  if (input.Blob !== undefined && input.S3Path !== undefined) throw new DocumentRejected('A document has either a Blob or an S3Path, not both.');
  if (input.Blob === undefined && input.S3Path === undefined) throw new DocumentRejected('A document needs a Blob or an S3Path.');
  if (input.AccessControlConfigurationId !== undefined && (input.AccessControlList?.length || input.HierarchicalAccessControlList?.length)) {
    throw new DocumentRejected('A document takes its access from AccessControlConfigurationId or from its own access control lists, not both.');
  }
  let bytes: Buffer;
  let contentType: string;
  if (input.S3Path) {
    contentType = input.ContentType ?? contentTypeOfKey(input.S3Path.Key);
    try {
      bytes = readS3Object(s3Dir, input.S3Path.Bucket, input.S3Path.Key);
    } catch (error) {
      throw new DocumentRejected(sentence((error as Error).message));
    }
  } else {
    contentType = input.ContentType ?? 'PLAIN_TEXT';
    // the service receives a blob as base64 text; a caller in-process may hand over the bytes
    bytes = typeof input.Blob === 'string' ? Buffer.from(input.Blob, 'base64') : Buffer.from(input.Blob!);
  }
  const list = input.Attributes ?? [];
  const attrs = checkAttributes(list, fields);
  const syncAttribute = list.find((attribute) => attribute.Key === SYNC_JOB_ATTRIBUTE);
  const syncJobId = syncAttribute?.Value?.StringValue;
  if (syncAttribute && (typeof syncJobId !== 'string' || !attrs._data_source_id)) {
    throw new DocumentRejected(`${SYNC_JOB_ATTRIBUTE} needs a StringValue and a _data_source_id attribute beside it.`);
  }
  let enriched: EnrichedDocument;
  try {
    const extract = (content: Buffer) => extractText(content, contentType, input.Id, timeLimitMs);
    enriched = enrichment
      ? await enrichDocument(
          { id: input.Id, bytes, attrs, ...(input.Title !== undefined ? { title: input.Title } : {}), fromBlob: input.Blob !== undefined },
          enrichment.config,
          { s3Dir, functions: enrichment.functions, fields, extract },
        )
      : { attrs, title: input.Title, extracted: await extract(bytes) };
  } catch (error) {
    throw new DocumentRejected(sentence((error as Error).message));
  }
  const doc = buildDocument(
    {
      id: input.Id,
      bytes,
      contentType,
      ...(enriched.title !== undefined ? { title: enriched.title } : {}),
      attrs: enriched.attrs,
      acl: encodeAccess(input.AccessControlList, input.HierarchicalAccessControlList, input.AccessControlConfigurationId),
    },
    enriched.extracted,
  );
  return { doc, syncJobId: syncJobId ?? null };
}
