/**
 * The wire-level request and response that move through the handler list, the signer, the
 * HTTP handler and the local service. Header names are always lower case.
 */

/** An HTTP request as nimbus builds, signs and sends it. */
export interface HttpRequest {
  /** Upper-case method, e.g. `POST`. */
  method: string;
  /** `https:` or `http:`. */
  protocol: string;
  hostname: string;
  /** Omitted for the scheme's default port. */
  port?: number;
  /** The URI path exactly as sent on the wire (already percent-encoded), starting with `/`. */
  path: string;
  /** Decoded query parameters; an array repeats the key. */
  query: Record<string, string | string[]>;
  /** Lower-case header names. */
  headers: Record<string, string>;
  body?: Uint8Array | string;
}

/** An HTTP response with its whole body read. */
export interface HttpResponse {
  statusCode: number;
  /** Lower-case header names; repeated headers joined with `, `. */
  headers: Record<string, string>;
  body: Uint8Array;
}
