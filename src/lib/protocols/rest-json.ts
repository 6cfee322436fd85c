import type { HttpRequest, HttpResponse } from '../http/types.js';
import type { OperationModel } from '../model/operation-model.js';
import type { Member, Shape } from '../model/shape.js';
import { blobBytes, encodeLabel, parseJsonBody, utf8 } from './encoding.js';
import { addQuery, endpointParts, joinPath } from './endpoint.js';
import { shapeReader, structureReader } from './json-reader.js';
import { ProtocolError } from '../errors/protocol-error.js';
import { restPlan } from './rest-plan.js';
import { headerValue, parseHeaderValue, uriValue } from './rest-values.js';
import { parseServiceError } from './service-error.js';
import type { Protocol, SerializeContext, ServiceErrorData } from './types.js';

const JSON_TYPE = 'application/json';
const ERROR_BODY = Symbol('rest-json-error-body');

/**
 * The REST-JSON protocol (`rest-json`): the model's method and request URI with labels
 * filled, members bound to the query, headers or the URI, a payload member as the whole body,
 * and the remaining members as a JSON body.
 */
export class RestJsonProtocol implements Protocol {
  serializeRequest(op: OperationModel, input: Record<string, unknown>, ctx: SerializeContext): HttpRequest {
    const plan = restPlan(op);
    const parts = endpointParts(ctx.endpoint);
    const query = parts.query;
    for (const [key, value] of plan.fixedQuery) addQuery(query, key, value);
    const headers: Record<string, string> = {};
    const labelValues: (string | undefined)[] = new Array(plan.labels.length);

    for (const name in input) {
      const value = input[name];
      if (value === undefined || value === null) continue;
      const member = plan.located.get(name);
      if (member === undefined) continue;
      switch (member.location) {
        case 'uri': {
          const index = plan.labelIndex.get(name);
          if (index !== undefined) labelValues[index] = uriValue(member, value);
          break;
        }
        case 'querystring':
          writeQuery(query, member, value);
          break;
        case 'header': {
          const text = headerValue(member, value);
          if (text !== undefined) headers[member.wireName.toLowerCase()] = text;
          break;
        }
        case 'headers':
          for (const [key, entry] of Object.entries(value as Record<string, unknown>)) {
            if (entry !== undefined && entry !== null) headers[(member.wireName + key).toLowerCase()] = String(entry);
          }
          break;
      }
    }

    let path = '';
    for (const part of plan.path) {
      if (typeof part === 'string') {
        path += part;
        continue;
      }
      const label = plan.labels[part]!;
      const value = labelValues[part];
      if (value === undefined || value === '') {
        throw new ProtocolError(`${op.name}: the URI label ${label.member.name} needs a non-empty value`);
      }
      path += encodeLabel(value, label.greedy);
    }

    const request: HttpRequest = { method: op.http.method, ...parts, path: joinPath(ctx.endpoint.pathname, path), query, headers };
    const payload = plan.payload;
    if (payload) {
      const value = input[payload.name];
      if (payload.raw) {
        if (value !== undefined && value !== null) request.body = typeof value === 'string' ? value : payloadBytes(value, payload.name);
      } else {
        request.body = value === undefined || value === null ? '{}' : payload.write(value);
        headers['content-type'] = JSON_TYPE;
      }
    } else if (plan.body) {
      request.body = plan.body(input);
      headers['content-type'] = JSON_TYPE;
    }
    return request;
  }

  parseResponse(op: OperationModel, response: HttpResponse): Record<string, unknown> {
    const plan = restPlan(op);
    const out: Record<string, unknown> = plan.outputBody ? plan.outputBody(parseJsonBody(op.name, response.body)) : {};
    readLocated(plan.outputLocated, response, out);
    const payload = plan.outputPayload;
    if (payload) {
      const type = payload.shape.type;
      if (type === 'blob') out[payload.name] = response.body;
      else if (type === 'string') out[payload.name] = utf8(response.body);
      else if (response.body.byteLength > 0) out[payload.name] = shapeReader(payload.shape)(parseJsonBody(op.name, response.body));
    }
    return out;
  }

  parseError(op: OperationModel, response: HttpResponse): ServiceErrorData {
    return parseServiceError(op, response, readErrorFields);
  }
}

function payloadBytes(value: unknown, name: string): Uint8Array {
  try {
    return blobBytes(value);
  } catch (error) {
    throw new ProtocolError(`Invalid payload for ${name}: ${(error as Error).message}`);
  }
}

function writeQuery(query: Record<string, string | string[]>, member: Member, value: unknown): void {
  const shape = member.shape;
  if (shape.type === 'list' && Array.isArray(value)) {
    const item = shape.member ?? member;
    const values: string[] = [];
    for (const entry of value) if (entry !== undefined && entry !== null) values.push(uriValue(item, entry));
    query[member.wireName] = values;
  } else if (shape.type === 'map' && typeof value === 'object') {
    for (const [key, entry] of Object.entries(value as Record<string, unknown>)) {
      if (entry === undefined || entry === null) continue;
      query[key] = Array.isArray(entry) ? entry.map(String) : String(entry);
    }
  } else {
    query[member.wireName] = uriValue(member, value);
  }
}

function readLocated(members: readonly Member[], response: HttpResponse, out: Record<string, unknown>): void {
  for (const member of members) {
    if (member.location === 'statusCode') {
      out[member.name] = response.statusCode;
    } else if (member.location === 'header') {
      const text = response.headers[member.wireName.toLowerCase()];
      if (text !== undefined) out[member.name] = parseHeaderValue(member, text);
    } else if (member.location === 'headers') {
      const prefix = member.wireName.toLowerCase();
      const map: Record<string, string> = {};
      for (const [name, text] of Object.entries(response.headers)) {
        if (name.startsWith(prefix)) map[name.slice(prefix.length)] = text;
      }
      out[member.name] = map;
    }
  }
}

function readErrorFields(shape: Shape, body: Record<string, unknown>, response: HttpResponse): Record<string, unknown> {
  const read = shape.memo(ERROR_BODY, () => structureReader(shape, (member) => member.location === undefined));
  const fields = read(body);
  readLocated(
    [...shape.members.values()].filter((member) => member.location === 'header' || member.location === 'headers'),
    response,
    fields,
  );
  return fields;
}
