import { protocolFor } from '../../protocols/index.js';
import type { ServiceModel } from '../../model/service-model.js';
import type { Command } from '../command.js';
import { readSuccessBody } from '../terminal.js';
import type { ResponseMetadata, Result } from '../result.js';
import type { SyncReply } from './protocol.js';

/** A successful reply of the sync worker. */
export type SuccessReply = Extract<SyncReply, { ok: true }>;

/**
 * The result of a sync call: the worker's value, or, when the worker sent the response body
 * unparsed, that body parsed here the way the async form's terminal handler parses it, with
 * the `$metadata` the worker's middleware left.
 */
export function syncResult(model: ServiceModel, command: Command, reply: SuccessReply): Result {
  if (!reply.raw || !reply.body) return reply.value as Result;
  const $metadata = reply.value as ResponseMetadata;
  const response = { statusCode: $metadata.statusCode ?? 200, headers: $metadata.headers, body: reply.body };
  const protocol = protocolFor(model);
  return Object.assign(
    readSuccessBody(command, response, $metadata, (parsed, body) => protocol.parseResponse(parsed.operation, body)),
    { $metadata },
  );
}
