import type { CredentialProvider } from './types.js';

/**
 * A provider whose code is loaded only when its source is configured, so that a chain does not
 * load (or, in the CLI's bundle, evaluate) the code of sources a run does not use.
 * `configured` is asked on every call; while it is false the provider gives null, as the real one
 * would. It must be true whenever the real provider could give credentials or fail, and throw
 * what the real provider would throw before deciding (an explicitly named profile that does not
 * exist, a malformed file): then `load` is called (once) and its provider decides.
 */
export function onDemand(configured: () => boolean, load: () => Promise<CredentialProvider>): CredentialProvider {
  let loaded: Promise<CredentialProvider> | undefined;
  return async () => {
    if (!configured()) return null;
    return (await (loaded ??= load()))();
  };
}

/** `load`'s value, computed on the first call and shared by every later one. */
export function once<T>(load: () => Promise<T>): () => Promise<T> {
  let value: Promise<T> | undefined;
  return () => (value ??= load());
}
