import type { HttpRequest, HttpResponse } from '../http/types.js';
import type { OperationModel } from '../model/operation-model.js';

/** Where the request goes. */
export interface SerializeContext {
  /** The endpoint: protocol, hostname, port and base path (and any fixed query) of the service. */
  endpoint: URL;
}

/** The parts of a service error a protocol can read from the wire. */
export interface ServiceErrorData {
  /** The wire error code, e.g. `ResourceNotFoundException`; the status code as text when there is none. */
  code: string;
  message: string;
  statusCode: number;
  requestId?: string;
  /** True when sending the request again may succeed. */
  retryable: boolean;
  /** True when the service asked the client to slow down. */
  throttling: boolean;
  /** Who the model (or the status code) blames. */
  fault: 'client' | 'server';
  /** The other modeled members of the error shape (not the message). */
  fields: Record<string, unknown>;
}

/** A wire protocol: turns input into an HTTP request, and HTTP responses into output or errors. */
export interface Protocol {
  /** Builds the unsigned request for `input` (already validated, tokens filled). */
  serializeRequest(op: OperationModel, input: Record<string, unknown>, ctx: SerializeContext): HttpRequest;
  /** Reads the output members of a successful response. */
  parseResponse(op: OperationModel, response: HttpResponse): Record<string, unknown>;
  /** Reads the error of an unsuccessful response. */
  parseError(op: OperationModel, response: HttpResponse): ServiceErrorData;
}
