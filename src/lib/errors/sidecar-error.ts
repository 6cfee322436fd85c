import { NimbusError } from './nimbus-error.js';

/** A document's metadata sidecar (`<file>.metadata.json`) that cannot be used; the message says why in one line. */
export class SidecarError extends NimbusError {
  override name = 'SidecarError';
}
