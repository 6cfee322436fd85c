import type { HttpOptions } from '../../http/http-options.js';
import type { HttpHandler } from '../../http/undici-handler.js';

export type { HttpHandler };

/**
 * Stands in for `createUndiciHandler` inside the CLI bundle (scripts/build.mjs substitutes it):
 * the client builds its default handler eagerly, but the CLI sends with its own handler, so
 * undici is loaded only if a request ever goes through the default one.
 */
export function createUndiciHandler(options: HttpOptions = {}): HttpHandler {
  let real: Promise<HttpHandler> | undefined;
  return async (request) => {
    real ??= import('../../http/undici-handler.js').then((module) => module.createUndiciHandler(options));
    return (await real)(request);
  };
}
