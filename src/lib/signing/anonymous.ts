import type { HttpRequest } from '../http/types.js';
import type { Signer } from './types.js';

/**
 * The signer of signature version `anonymous` (and of `credentials: false`): requests go out
 * unsigned, exactly as built.
 */
export class AnonymousSigner implements Signer {
  /** Returns a copy of the request, unchanged. */
  sign(request: HttpRequest): HttpRequest {
    return { ...request, query: { ...request.query }, headers: { ...request.headers } };
  }

  /** Returns a copy of the request, unchanged: there is no signature to put in the query. */
  presign(request: HttpRequest): HttpRequest {
    return this.sign(request);
  }
}

/** The one anonymous signer everybody can share. */
export const anonymousSigner: Signer = new AnonymousSigner();
