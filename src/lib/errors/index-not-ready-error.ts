import { NimbusError } from './nimbus-error.js';

/** A bulk run's index did not become ACTIVE: it failed, is being deleted, or the wait ran out. */
export class IndexNotReadyError extends NimbusError {
  override readonly name = 'IndexNotReady';
}
