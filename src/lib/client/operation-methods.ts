import type { ServiceModel } from '../model/service-model.js';
import { methodName } from './operation-name.js';
import type { Result } from './result.js';

/** How an installed method runs its operation: by name, in the async or the sync form. */
export interface OperationCalls {
  async(operation: string, args: Record<string, unknown>): Promise<Result>;
  sync(operation: string, args: Record<string, unknown>): Result;
}

/**
 * The magic call, for services whose methods are not generated (a custom `api_provider`): every
 * operation of the model that the instance does not already have becomes `<op>Async(args)` and
 * `<op>(args)`, defined on this one instance, never on a shared prototype, so one client's
 * operations never appear on another.
 */
export function installOperationMethods(instance: object, model: ServiceModel, calls: OperationCalls): void {
  for (const name of model.operationNames) {
    const syncName = methodName(name);
    const asyncName = `${syncName}Async`;
    if (!(asyncName in instance)) {
      Object.defineProperty(instance, asyncName, {
        configurable: true,
        writable: true,
        value: (args: Record<string, unknown> = {}) => calls.async(name, args),
      });
    }
    if (!(syncName in instance)) {
      Object.defineProperty(instance, syncName, {
        configurable: true,
        writable: true,
        value: (args: Record<string, unknown> = {}) => calls.sync(name, args),
      });
    }
  }
}
