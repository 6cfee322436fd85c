import type { ServiceModel } from '../model/service-model.js';
import type { Client } from './client.js';
import { executeSync } from './sync/sync-client.js';

/** `CreateIndex` → `createIndex`. */
export function methodName(operation: string): string {
  return operation.charAt(0).toLowerCase() + operation.slice(1);
}

/**
 * The magic call: every operation of the loaded model becomes `<op>Async(args)` and `<op>(args)`
 * (which blocks while the sync worker runs the async form). A method is defined once on the
 * client's class prototype and dispatches by operation name through the instance's own model,
 * so constructing more clients costs nothing and an operation that only a custom
 * `api_provider` knows works as well.
 */
export function installOperationMethods(client: Client, model: ServiceModel): void {
  const prototype = Object.getPrototypeOf(client) as object;
  for (const name of model.operationNames) {
    const syncName = methodName(name);
    const asyncName = `${syncName}Async`;
    if (!(asyncName in client)) {
      Object.defineProperty(prototype, asyncName, {
        configurable: true,
        writable: true,
        value: function operationAsync(this: Client, args: Record<string, unknown> = {}) {
          return this.executeAsync(this.getCommand(name, args));
        },
      });
    }
    if (!(syncName in client)) {
      Object.defineProperty(prototype, syncName, {
        configurable: true,
        writable: true,
        value: function operation(this: Client, args: Record<string, unknown> = {}) {
          return executeSync(this, this.getCommand(name, args), false);
        },
      });
    }
  }
}
