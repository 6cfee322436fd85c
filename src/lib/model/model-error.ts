/** A service model that cannot be used: a missing shape, an unknown protocol, a malformed document. */
export class ModelError extends Error {
  override readonly name = 'ModelError';
}
