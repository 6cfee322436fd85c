import type { MetadataBearer } from '../errors/response-metadata.js';

export type { MetadataBearer, ResponseMetadata, TransferStats } from '../errors/response-metadata.js';

/** A result: the operation's output members plus `$metadata`. */
export type Result<T = Record<string, unknown>> = T & MetadataBearer;
