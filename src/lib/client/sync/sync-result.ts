import { protocolFor } from '../../protocols/index.js';
import type { Client } from '../client.js';
import type { Command } from '../command.js';
import type { ResponseMetadata, Result } from '../result.js';
import type { SyncReply } from './protocol.js';

/** A successful reply of the sync worker. */
export type SuccessReply = Extract<SyncReply, { ok: true }>;

/**
 * The result of a sync call: the worker's value, or, when the worker sent the response body
 * unparsed, that body parsed here the way the async form's terminal handler parses it, with
 * the `$metadata` the worker's middleware left.
 */
export function syncResult(client: Client, command: Command, reply: SuccessReply): Result {
  if (!reply.raw || !reply.body) return reply.value as Result;
  const $metadata = reply.value as ResponseMetadata;
  const response = { statusCode: $metadata.statusCode ?? 200, headers: $metadata.headers, body: reply.body };
  return Object.assign(protocolFor(client.getApi()).parseResponse(command.operation, response), { $metadata });
}
