import { randomUUID } from 'node:crypto';
import type { CustomDocumentEnrichmentConfiguration, HookConfiguration } from '../../../../services/search/types.js';
import type { AttrMap } from '../attributes.js';
import type { ExtractedText } from '../extract/extracted-text.js';
import type { FieldConfig } from '../fields.js';
import { readS3Object, writeS3Object } from '../s3-files.js';
import { applyMetadataUpdates, hookMetadata } from './hook-metadata.js';
import { HookFunctionError, invokeFunction } from './hook-function.js';
import { applyInlineConfigurations, conditionHolds } from './inline-enrichment.js';

/** How long a pre-extraction function may run, as Kendra documents: 5 minutes. */
const PRE_EXTRACTION_TIMEOUT_MS = 5 * 60 * 1000;
/** How long a post-extraction function may run, as Kendra documents: 1 minute. */
const POST_EXTRACTION_TIMEOUT_MS = 60 * 1000;
/** The version of the hooks' data contract sent in each event. */
const CONTRACT_VERSION = 'v0';

/** What enrichment needs besides the document: the S3 dir, the functions standing in for Lambda, the index's fields. */
export interface EnrichmentRuntime {
  s3Dir: string;
  /** Lambda function ARN → a command or URL that stands in for it. */
  functions: ReadonlyMap<string, string>;
  fields: ReadonlyMap<string, FieldConfig>;
  /** Extracts the text of the (possibly altered) bytes. */
  extract(bytes: Buffer): Promise<ExtractedText>;
}

/** A document before enrichment. */
export interface RawDocument {
  id: string;
  bytes: Buffer;
  attrs: AttrMap;
  title?: string;
  /** Whether it came as a BatchPutDocument `Blob` (the pre-extraction event then carries it inline). */
  fromBlob: boolean;
}

/** A document after enrichment: its attributes, title and text. */
export interface EnrichedDocument {
  attrs: AttrMap;
  title: string | undefined;
  extracted: ExtractedText;
}

function shouldInvoke(hook: HookConfiguration | undefined, attrs: AttrMap): hook is HookConfiguration {
  return hook !== undefined && (!hook.InvocationCondition || conditionHolds(hook.InvocationCondition, attrs));
}

function objectKey(stage: string, id: string): string {
  return `${stage}/${randomUUID()}/${encodeURIComponent(id)}`;
}

function answerOf(answer: unknown, arn: string): Record<string, unknown> {
  if (typeof answer !== 'object' || answer === null || Array.isArray(answer))
    throw new HookFunctionError(`The function ${arn} did not answer with a JSON object`);
  return answer as Record<string, unknown>;
}

function readHookObject(s3Dir: string, hook: HookConfiguration, key: unknown): Buffer {
  if (typeof key !== 'string' || key === '') throw new HookFunctionError(`The function ${hook.LambdaArn} answered an s3ObjectKey that is not a key`);
  try {
    return readS3Object(s3Dir, hook.S3Bucket, key);
  } catch (error) {
    throw new HookFunctionError(`The function ${hook.LambdaArn} answered s3ObjectKey ${key}: ${(error as Error).message}`);
  }
}

async function preExtraction(doc: RawDocument, hook: HookConfiguration, runtime: EnrichmentRuntime): Promise<RawDocument> {
  let content: Record<string, string>;
  if (doc.fromBlob) {
    content = { dataBlobStringEncodedInBase64: doc.bytes.toString('base64') };
  } else {
    const key = objectKey('pre-extraction', doc.id);
    writeS3Object(runtime.s3Dir, hook.S3Bucket, key, doc.bytes);
    content = { s3Bucket: hook.S3Bucket, s3ObjectKey: key };
  }
  const event = { version: CONTRACT_VERSION, ...content, metadata: hookMetadata(doc.attrs, doc.title) };
  const answer = answerOf(await invokeFunction(runtime.functions, hook.LambdaArn, event, PRE_EXTRACTION_TIMEOUT_MS), hook.LambdaArn);
  let bytes = doc.bytes;
  if (typeof answer.dataBlobStringEncodedInBase64 === 'string') bytes = Buffer.from(answer.dataBlobStringEncodedInBase64, 'base64');
  else if (answer.s3ObjectKey !== undefined) bytes = readHookObject(runtime.s3Dir, hook, answer.s3ObjectKey);
  const updated = applyMetadataUpdates(answer.metadataUpdates, { attrs: doc.attrs, title: doc.title }, runtime.fields, hook.LambdaArn);
  return { ...doc, bytes, attrs: updated.attrs, ...(updated.title !== undefined ? { title: updated.title } : {}) };
}

async function postExtraction(doc: EnrichedDocument, id: string, hook: HookConfiguration, runtime: EnrichmentRuntime): Promise<EnrichedDocument> {
  const key = objectKey('post-extraction', id);
  writeS3Object(runtime.s3Dir, hook.S3Bucket, key, JSON.stringify({ textContent: { documentBodyText: doc.extracted.text } }));
  const event = { version: CONTRACT_VERSION, s3Bucket: hook.S3Bucket, s3ObjectKey: key, metadata: hookMetadata(doc.attrs, doc.title) };
  const answer = answerOf(await invokeFunction(runtime.functions, hook.LambdaArn, event, POST_EXTRACTION_TIMEOUT_MS), hook.LambdaArn);
  let text = doc.extracted.text;
  if (answer.s3ObjectKey !== undefined) {
    let structured: { textContent?: { documentBodyText?: unknown }; text_content?: { documentBodyText?: unknown } };
    try {
      structured = JSON.parse(readHookObject(runtime.s3Dir, hook, answer.s3ObjectKey).toString('utf8')) as typeof structured;
    } catch (error) {
      if (error instanceof HookFunctionError) throw error;
      throw new HookFunctionError(`The function ${hook.LambdaArn} answered an s3ObjectKey whose object is not a structured document (JSON)`);
    }
    const body = (structured?.textContent ?? structured?.text_content)?.documentBodyText;
    if (typeof body !== 'string') throw new HookFunctionError(`The structured document of the function ${hook.LambdaArn} has no textContent.documentBodyText`);
    text = body;
  }
  const updated = applyMetadataUpdates(answer.metadataUpdates, { attrs: doc.attrs, title: doc.title }, runtime.fields, hook.LambdaArn);
  return { attrs: updated.attrs, title: updated.title, extracted: { ...doc.extracted, text } };
}

/**
 * Runs Custom Document Enrichment on one document, in Kendra's order: the inline configurations
 * (basic logic) on its attributes; the pre-extraction hook (when its `InvocationCondition` holds)
 * on the raw bytes, given inline for a `Blob` document and otherwise written to the hook's
 * `S3Bucket` of the local S3 dir; text extraction (emptied when an inline configuration deletes
 * the content); then the post-extraction hook on the structured document
 * (`{"textContent":{"documentBodyText":…}}`) in the hook's bucket. Each hook's answer may
 * replace the content (`dataBlobStringEncodedInBase64` or `s3ObjectKey`) and update metadata.
 * Throws a {@link HookFunctionError} when a function fails or answers outside the contract.
 */
export async function enrichDocument(doc: RawDocument, config: CustomDocumentEnrichmentConfiguration, runtime: EnrichmentRuntime): Promise<EnrichedDocument> {
  const inline = applyInlineConfigurations(config.InlineConfigurations ?? [], doc.attrs);
  let raw: RawDocument = { ...doc, attrs: inline.attrs };
  if (shouldInvoke(config.PreExtractionHookConfiguration, raw.attrs)) raw = await preExtraction(raw, config.PreExtractionHookConfiguration, runtime);
  const extracted = await runtime.extract(raw.bytes);
  let enriched: EnrichedDocument = {
    attrs: raw.attrs,
    title: raw.title ?? extracted.title,
    extracted: inline.deleteContent ? { ...extracted, text: '' } : extracted,
  };
  if (shouldInvoke(config.PostExtractionHookConfiguration, enriched.attrs)) {
    enriched = await postExtraction(enriched, doc.id, config.PostExtractionHookConfiguration, runtime);
  }
  return enriched;
}

/** Whether a configuration calls functions (and so needs to wait for them). */
export function hasHooks(config: CustomDocumentEnrichmentConfiguration): boolean {
  return config.PreExtractionHookConfiguration !== undefined || config.PostExtractionHookConfiguration !== undefined;
}
