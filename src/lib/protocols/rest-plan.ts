import type { OperationModel } from '../model/operation-model.js';
import type { Member } from '../model/shape.js';
import { structureReader } from './json-reader.js';
import { memberWriter, structureWriter, type JsonWriter } from './json-writer.js';
import { ProtocolError } from '../errors/protocol-error.js';

/** One piece of a request path: literal text, or the index of a label. */
export type PathPart = string | number;

/** A `{Label}` or `{Label+}` of the request URI. */
export interface Label {
  readonly member: Member;
  readonly greedy: boolean;
}

/** How the request's payload member is written. */
export interface PayloadPlan {
  readonly name: string;
  /** A blob or string payload is the raw body; a structure payload is JSON. */
  readonly raw: boolean;
  readonly write: JsonWriter;
}

/** Everything about an operation's REST binding that does not depend on the input values. */
export interface RestPlan {
  readonly path: readonly PathPart[];
  readonly labels: readonly Label[];
  /** Input member name → label index, for `uri` members. */
  readonly labelIndex: ReadonlyMap<string, number>;
  /** The requestUri's own query part, already decoded. */
  readonly fixedQuery: readonly (readonly [string, string])[];
  /** Input members bound to the query, a header, a header prefix or the URI. */
  readonly located: ReadonlyMap<string, Member>;
  readonly payload: PayloadPlan | undefined;
  /** Writes the body members, when the input has any (and no payload member). */
  readonly body: JsonWriter | undefined;
  /** Output members bound to headers, a header prefix or the status code. */
  readonly outputLocated: readonly Member[];
  readonly outputPayload: Member | undefined;
  /** Reads the body members of the output, when it has any (and no payload member). */
  readonly outputBody: ((value: unknown) => Record<string, unknown>) | undefined;
}

const PLAN = Symbol('rest-plan');
const LABEL = /\{([^}]+)\}/g;

const inBody = (member: Member): boolean => member.location === undefined;

/** The operation's REST plan, built once and cached on the operation. */
export function restPlan(op: OperationModel): RestPlan {
  return op.memo(PLAN, () => buildPlan(op));
}

function buildPlan(op: OperationModel): RestPlan {
  const [template = '/', queryPart] = splitOnce(op.http.requestUri, '?');
  const input = op.input;
  const uriMembers = new Map<string, Member>();
  const located = new Map<string, Member>();
  let payload: PayloadPlan | undefined;
  let hasBodyMembers = false;
  for (const member of input?.members.values() ?? []) {
    if (member.name === input?.payload) {
      payload = {
        name: member.name,
        raw: member.shape.type === 'blob' || member.shape.type === 'string',
        write: memberWriter(member),
      };
    } else if (member.location === undefined) {
      hasBodyMembers = true;
    } else {
      located.set(member.name, member);
      if (member.location === 'uri') uriMembers.set(member.wireName, member);
    }
  }

  const path: PathPart[] = [];
  const labels: Label[] = [];
  const labelIndex = new Map<string, number>();
  let last = 0;
  for (const match of template.matchAll(LABEL)) {
    const raw = match[1]!;
    const greedy = raw.endsWith('+');
    const name = greedy ? raw.slice(0, -1) : raw;
    const member = uriMembers.get(name);
    if (!member) throw new ProtocolError(`${op.name}: the request URI label {${raw}} has no input member`);
    if (match.index > last) path.push(template.slice(last, match.index));
    labelIndex.set(member.name, labels.length);
    path.push(labels.length);
    labels.push({ member, greedy });
    last = match.index + match[0].length;
  }
  if (last < template.length) path.push(template.slice(last));

  const output = op.output;
  const outputMembers = [...(output?.members.values() ?? [])];
  const outputPayload = output?.payload === undefined ? undefined : output.members.get(output.payload);
  return {
    path,
    labels,
    labelIndex,
    fixedQuery: parseFixedQuery(queryPart),
    located,
    payload,
    body: input && !payload && hasBodyMembers ? structureWriter(input, inBody) : undefined,
    outputLocated: outputMembers.filter((member) => member.location !== undefined),
    outputPayload,
    outputBody: output && !outputPayload && outputMembers.some(inBody) ? structureReader(output, inBody) : undefined,
  };
}

function splitOnce(text: string, separator: string): [string, string | undefined] {
  const at = text.indexOf(separator);
  return at < 0 ? [text, undefined] : [text.slice(0, at), text.slice(at + 1)];
}

function parseFixedQuery(part: string | undefined): (readonly [string, string])[] {
  if (!part) return [];
  return part
    .split('&')
    .filter((pair) => pair !== '')
    .map((pair) => {
      const [key = '', value = ''] = splitOnce(pair, '=');
      return [decodeURIComponent(key), decodeURIComponent(value)] as const;
    });
}
