import type { HttpRequest, HttpResponse } from '../http/types.js';
import type { OperationModel } from '../model/operation-model.js';
import type { Shape } from '../model/shape.js';
import { parseJsonBody } from './encoding.js';
import { endpointParts, joinPath } from './endpoint.js';
import { structureReader, structureReaderInPlace } from './json-reader.js';
import { shapeWriter } from './json-writer.js';
import { ProtocolError } from '../errors/protocol-error.js';
import { parseServiceError } from './service-error.js';
import type { Protocol, SerializeContext, ServiceErrorData } from './types.js';

interface RpcPlan {
  readonly target: string;
  readonly contentType: string;
  readonly write: (input: Record<string, unknown>) => string;
  readonly read: (value: unknown) => Record<string, unknown>;
}

const PLAN = Symbol('json-rpc-plan');
const READ_ERROR = Symbol('json-rpc-error-reader');

/**
 * The JSON RPC protocol (`json`, e.g. JSON 1.1): `POST` to the endpoint's base path with
 * `x-amz-target: <targetPrefix>.<Operation>` and the input as a JSON object.
 */
export class JsonRpcProtocol implements Protocol {
  serializeRequest(op: OperationModel, input: Record<string, unknown>, ctx: SerializeContext): HttpRequest {
    const plan = planFor(op);
    return {
      method: op.http.method,
      ...endpointParts(ctx.endpoint),
      path: joinPath(ctx.endpoint.pathname, '/'),
      headers: { 'x-amz-target': plan.target, 'content-type': plan.contentType },
      body: plan.write(input),
    };
  }

  parseResponse(op: OperationModel, response: HttpResponse): Record<string, unknown> {
    const plan = planFor(op);
    if (response.body.byteLength === 0) return {};
    return plan.read(parseJsonBody(op.name, response.body));
  }

  parseError(op: OperationModel, response: HttpResponse): ServiceErrorData {
    return parseServiceError(op, response, readErrorFields);
  }
}

function planFor(op: OperationModel): RpcPlan {
  return op.memo(PLAN, () => {
    const { targetPrefix, jsonVersion } = op.service.metadata;
    if (!targetPrefix) throw new ProtocolError('A JSON RPC model needs metadata.targetPrefix');
    const input = op.input;
    const output = op.output;
    return {
      target: `${targetPrefix}.${op.name}`,
      contentType: `application/x-amz-json-${jsonVersion ?? '1.0'}`,
      write: input ? shapeWriter(input) : () => '{}',
      read: output ? structureReaderInPlace(output) : () => ({}),
    };
  });
}

function readErrorFields(shape: Shape, body: Record<string, unknown>): Record<string, unknown> {
  return shape.memo(READ_ERROR, () => structureReader(shape))(body);
}
