import { NimbusError } from './nimbus-error.js';

/**
 * An operation needs an endpoint from endpoint discovery and cannot get one: discovery is
 * disabled, the model has no discovery operation, or discovery failed with nothing cached.
 */
export class EndpointDiscoveryError extends NimbusError {
  override name = 'EndpointDiscoveryError';
  readonly code = 'EndpointDiscoveryError';
  /** The operation that needed the endpoint. */
  readonly operation: string;

  constructor(message: string, details: { operation: string; cause?: unknown }) {
    super(message, { cause: details.cause });
    this.operation = details.operation;
  }
}

/** True when `error` is an {@link EndpointDiscoveryError}. */
export function isEndpointDiscoveryError(error: unknown): error is EndpointDiscoveryError {
  return error instanceof EndpointDiscoveryError;
}
