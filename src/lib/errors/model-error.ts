import { NimbusError } from './nimbus-error.js';

/** A service model that cannot be used: a missing shape, an unknown protocol, a malformed document. */
export class ModelError extends NimbusError {
  override readonly name = 'ModelError';
}
