/**
 * The botocore service-model JSON format (`{version, metadata, operations, shapes}`), as read
 * from `models/<version>/api.json`. Only the fields nimbus uses are typed; the rest pass through.
 */

/** Shape types of the botocore model format. */
export type ShapeType = 'structure' | 'list' | 'map' | 'string' | 'integer' | 'long' | 'float' | 'double' | 'boolean' | 'timestamp' | 'blob';

/** Where a member of an input or output structure travels on the wire (REST protocols). */
export type MemberLocation = 'uri' | 'querystring' | 'header' | 'headers' | 'statusCode';

/** The whole model document. */
export interface ApiJson {
  version?: string;
  metadata: ApiMetadata;
  operations: Record<string, RawOperation>;
  shapes: Record<string, RawShape>;
}

/** The service-wide metadata of a model. */
export interface ApiMetadata {
  apiVersion: string;
  endpointPrefix: string;
  /** `json` (JSON 1.1 RPC) or `rest-json`. */
  protocol: string;
  protocols?: string[];
  jsonVersion?: string;
  /** The `X-Amz-Target` prefix of JSON RPC services. */
  targetPrefix?: string;
  serviceFullName?: string;
  serviceAbbreviation?: string;
  serviceId?: string;
  signatureVersion?: string;
  signingName?: string;
  uid?: string;
  auth?: string[];
  [key: string]: unknown;
}

/** An operation as the model describes it. */
export interface RawOperation {
  name: string;
  http: { method: string; requestUri: string; responseCode?: number };
  input?: RawShapeRef;
  output?: RawShapeRef;
  errors?: RawShapeRef[];
  idempotent?: boolean;
  deprecated?: boolean;
  deprecatedMessage?: string;
  /** Legacy per-operation auth type, e.g. `none` or `v4-unsigned-body`. */
  authtype?: string;
  /** Smithy auth scheme ids, e.g. `aws.auth#sigv4`. */
  auth?: string[];
  /** A per-operation signature version. */
  signatureVersion?: string;
  /** Host prefix injection, e.g. `{ hostPrefix: "data." }`. */
  endpoint?: { hostPrefix?: string };
  /** Present when the operation takes part in endpoint discovery. */
  endpointdiscovery?: { required?: boolean };
  /** True on the operation that returns discovered endpoints. */
  endpointoperation?: boolean;
  [key: string]: unknown;
}

/** A reference to a shape, with the traits that apply where it is referenced. */
export interface RawShapeRef {
  shape: string;
  location?: MemberLocation;
  locationName?: string;
  idempotencyToken?: boolean;
  hostLabel?: boolean;
  jsonvalue?: boolean;
  timestampFormat?: string;
  deprecated?: boolean;
  deprecatedMessage?: string;
  endpointdiscoveryid?: boolean;
  streaming?: boolean;
  [key: string]: unknown;
}

/** A shape definition. */
export interface RawShape {
  type: ShapeType;
  members?: Record<string, RawShapeRef>;
  required?: string[];
  member?: RawShapeRef;
  key?: RawShapeRef;
  value?: RawShapeRef;
  min?: number;
  max?: number;
  pattern?: string;
  enum?: string[];
  payload?: string;
  document?: boolean;
  union?: boolean;
  exception?: boolean;
  fault?: boolean;
  error?: { httpStatusCode?: number; code?: string; senderFault?: boolean };
  retryable?: { throttling?: boolean };
  timestampFormat?: string;
  sensitive?: boolean;
  streaming?: boolean;
  [key: string]: unknown;
}
