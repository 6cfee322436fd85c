import type { ServiceModel } from '../model/service-model.js';
import type { HttpRequest, HttpResponse } from '../http/types.js';
import { requestUrl } from '../http/uri-encode.js';
import { protocolFor } from '../protocols/index.js';
import type { Command } from './command.js';
import { InvalidResponseError } from '../errors/invalid-response-error.js';
import { ProtocolError } from '../errors/protocol-error.js';
import { ServiceException } from '../errors/service-exception.js';
import type { Handler } from './handler-list.js';
import type { ClientConfig } from './resolve-config.js';
import type { ResponseMetadata } from './result.js';

/** The metadata of one HTTP exchange; retry middleware later fills attempts and delays. */
export function responseMetadata(request: HttpRequest, response: HttpResponse): ResponseMetadata {
  return {
    statusCode: response.statusCode,
    requestId: response.headers['x-amzn-requestid'] ?? response.headers['x-amz-request-id'],
    effectiveUri: requestUrl(request),
    headers: response.headers,
    attempts: 1,
    totalRetryDelay: 0,
  };
}

/** Reads a successful response into a command's output. */
export type OutputReader = (command: Command, response: HttpResponse) => Record<string, unknown>;

/**
 * The terminal handler: sends the request with `http_handler` (or the undici handler), then
 * parses the response into a result (with `read`, when given), or throws a ServiceException for
 * an error status. A user's `handler` option replaces all of this (unless `http_handler` is set,
 * which wins).
 */
export function createTerminal(config: ClientConfig, model: ServiceModel, read?: OutputReader): Handler {
  if (!config.http_handler && config.handler) return config.handler;
  const send = config.http_handler ?? config.defaultHttpHandler;
  const protocol = protocolFor(model);
  const parse: OutputReader = read ?? ((parsed, body) => protocol.parseResponse(parsed.operation, body));
  return async (command: Command, request?: HttpRequest) => {
    if (!request) throw new TypeError(`No HTTP request was built for ${command.name}: the "serialize" middleware is missing`);
    const response = await send(request);
    const $metadata = responseMetadata(request, response);
    if (response.statusCode >= 300) {
      const details = protocol.parseError(command.operation, response);
      throw new ServiceException({ ...details, $metadata, requestId: details.requestId ?? $metadata.requestId });
    }
    const output = readSuccessBody(command, response, $metadata, parse);
    return Object.assign(output, { $metadata });
  };
}

/**
 * Reads the output of a success response with `parse`; a body that cannot be read (cut short,
 * not JSON, not an object) becomes an InvalidResponseError carrying the response's metadata.
 */
export function readSuccessBody(command: Command, response: HttpResponse, $metadata: ResponseMetadata, parse: OutputReader): Record<string, unknown> {
  try {
    return parse(command, response);
  } catch (error) {
    if (!(error instanceof ProtocolError)) throw error;
    throw new InvalidResponseError(`${error.message} (HTTP ${response.statusCode}, ${describeBody(response)})`, {
      operation: command.name,
      $metadata,
      cause: error,
    });
  }
}

/** The size of a response body, against its Content-Length when that disagrees. */
function describeBody(response: HttpResponse): string {
  const received = response.body.byteLength;
  const declared = Number(response.headers['content-length']);
  const bytes = `${received} byte${received === 1 ? '' : 's'}`;
  return Number.isInteger(declared) && declared !== received ? `${bytes} of the ${declared} announced` : bytes;
}
