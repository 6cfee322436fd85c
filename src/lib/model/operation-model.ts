import { Memoized } from './memoized.js';
import type { Shape } from './shape.js';
import type { ApiMetadata, RawOperation } from './types.js';

/** What an operation reads from the service model it belongs to (a ServiceModel). */
export interface OperationOwner {
  /** The service-wide metadata. */
  readonly metadata: ApiMetadata;
  /** A shape by name, or undefined when the model has none. */
  shape(name: string): Shape | undefined;
  /** An operation of the same model, by `CreateIndex` or `createIndex`. */
  operation(name: string): OperationModel | undefined;
}

/** The HTTP binding of an operation. */
export interface OperationHttp {
  /** Upper-case method. */
  readonly method: string;
  /** The path template, possibly with `{Label}`, `{Label+}` and a fixed query part. */
  readonly requestUri: string;
  /** The success status code, when the model gives one. */
  readonly responseCode?: number;
}

/**
 * One operation of a service model: its HTTP binding, input and output shapes, errors and
 * traits. Derived data (serializer plans, validators) is cached on it through {@link memo}.
 */
export class OperationModel extends Memoized {
  /** The service model this operation belongs to. */
  readonly service: OperationOwner;
  /** The canonical operation name, e.g. `CreateIndex`. */
  readonly name: string;
  /** The HTTP binding. */
  readonly http: OperationHttp;
  /** The input structure, if the operation takes input. */
  readonly input: Shape | undefined;
  /** The output structure, if the operation returns output. */
  readonly output: Shape | undefined;
  /** The modeled error shapes. */
  readonly errors: readonly Shape[];
  /** Top-level input members with the `idempotencyToken` trait. */
  readonly idempotencyTokenMembers: readonly string[];
  /** Top-level input members with the `hostLabel` trait. */
  readonly hostLabelMembers: readonly string[];
  /** Top-level input members with the `endpointdiscoveryid` trait. */
  readonly endpointDiscoveryIdMembers: readonly string[];
  /** The host prefix template (e.g. `{IndexId}.data.`), when the operation injects one. */
  readonly hostPrefix: string | undefined;
  /** Present when the operation uses endpoint discovery; `required` when it cannot work without. */
  readonly endpointDiscovery: { readonly required: boolean } | undefined;
  /** True on the operation that returns discovered endpoints. */
  readonly isEndpointDiscoveryOperation: boolean;
  /** The legacy `authtype` trait (`none`, `v4-unsigned-body`, …), when present. */
  readonly authtype: string | undefined;
  /** The Smithy auth scheme ids of the operation, when present. */
  readonly auth: readonly string[] | undefined;
  /** A per-operation signature version, when present. */
  readonly signatureVersion: string | undefined;
  /** True when the operation is deprecated. */
  readonly deprecated: boolean;
  /** The operation exactly as the model wrote it. */
  readonly raw: RawOperation;

  constructor(service: OperationOwner, name: string, raw: RawOperation, resolve: (shape: string, referrer: string) => Shape) {
    super();
    this.service = service;
    this.name = name;
    this.raw = raw;
    this.http = {
      method: (raw.http?.method ?? 'POST').toUpperCase(),
      requestUri: raw.http?.requestUri ?? '/',
      ...(raw.http?.responseCode === undefined ? {} : { responseCode: raw.http.responseCode }),
    };
    this.input = raw.input ? resolve(raw.input.shape, `${name} input`) : undefined;
    this.output = raw.output ? resolve(raw.output.shape, `${name} output`) : undefined;
    this.errors = (raw.errors ?? []).map((ref) => resolve(ref.shape, `${name} errors`));
    const members = [...(this.input?.members.values() ?? [])];
    this.idempotencyTokenMembers = members.filter((m) => m.idempotencyToken).map((m) => m.name);
    this.hostLabelMembers = members.filter((m) => m.hostLabel).map((m) => m.name);
    this.endpointDiscoveryIdMembers = members.filter((m) => m.endpointDiscoveryId).map((m) => m.name);
    this.hostPrefix = raw.endpoint?.hostPrefix;
    this.endpointDiscovery = raw.endpointdiscovery ? { required: raw.endpointdiscovery.required === true } : undefined;
    this.isEndpointDiscoveryOperation = raw.endpointoperation === true;
    this.authtype = raw.authtype;
    this.auth = raw.auth;
    this.signatureVersion = raw.signatureVersion;
    this.deprecated = raw.deprecated === true;
  }

  /** The modeled error shape whose name (or `error.code`) is `code`, if any. */
  errorShape(code: string): Shape | undefined {
    for (const shape of this.errors) {
      if (shape.name === code || shape.raw.error?.code === code) return shape;
    }
    const shape = this.service.shape(code);
    return shape?.isException ? shape : undefined;
  }
}
