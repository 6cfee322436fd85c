import type { ServiceModel } from '../model/service-model.js';
import type { Client } from './client.js';

/** `CreateIndex` → `createIndex`. */
export function methodName(operation: string): string {
  return operation.charAt(0).toLowerCase() + operation.slice(1);
}

/**
 * The magic call: every operation of the loaded model becomes `<op>Async(args)` (and, with the
 * sync bridge, `<op>(args)`). A method is defined once on the client's class prototype and
 * dispatches by operation name through the instance's own model, so constructing more clients
 * costs nothing and an operation that only a custom `api_provider` knows works as well.
 */
export function installOperationMethods(client: Client, model: ServiceModel): void {
  const prototype = Object.getPrototypeOf(client) as object;
  for (const name of model.operationNames) {
    const asyncName = `${methodName(name)}Async`;
    if (asyncName in client) continue;
    Object.defineProperty(prototype, asyncName, {
      configurable: true,
      writable: true,
      value: function operationAsync(this: Client, args: Record<string, unknown> = {}) {
        return this.executeAsync(this.getCommand(name, args));
      },
    });
  }
}
