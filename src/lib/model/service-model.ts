import { ModelError } from '../errors/model-error.js';
import { OperationModel } from './operation-model.js';
import { Shape } from './shape.js';
import type { ApiJson, ApiMetadata } from './types.js';

/**
 * A botocore-format service model (`{version, metadata, operations, shapes}`) with lookups for
 * operations (by `CreateIndex` or `createIndex`) and shapes. Operations and shapes are built on
 * first use and cached.
 */
export class ServiceModel {
  /** The model document. */
  readonly json: ApiJson;
  /** The service-wide metadata (protocol, target prefix, signing name, API version …). */
  readonly metadata: ApiMetadata;
  /** The canonical names of every operation, in model order. */
  readonly operationNames: readonly string[];
  readonly #canonical = new Map<string, string>();
  readonly #operations = new Map<string, OperationModel>();
  readonly #shapes = new Map<string, Shape>();
  readonly #resolve = (name: string, referrer: string): Shape => {
    const shape = this.shape(name);
    if (!shape) throw new ModelError(`The model has no shape "${name}" (referenced by ${referrer})`);
    return shape;
  };

  constructor(json: ApiJson) {
    if (!json || typeof json !== 'object' || !json.metadata || !json.operations || !json.shapes) {
      throw new ModelError('A service model needs "metadata", "operations" and "shapes"');
    }
    this.json = json;
    this.metadata = json.metadata;
    this.operationNames = Object.keys(json.operations);
    for (const name of this.operationNames) {
      this.#canonical.set(name, name);
      this.#canonical.set(name.charAt(0).toLowerCase() + name.slice(1), name);
    }
  }

  /** The API version, e.g. `2019-02-03`. */
  get apiVersion(): string {
    return this.metadata.apiVersion;
  }

  /** The wire protocol named by the model: `json` or `rest-json`. */
  get protocol(): string {
    return this.metadata.protocol;
  }

  /** The canonical name for `CreateIndex` or `createIndex`; undefined for an unknown name. */
  canonicalOperationName(name: string): string | undefined {
    return this.#canonical.get(name);
  }

  /** The operation named `CreateIndex` or `createIndex`; undefined for an unknown name. */
  operation(name: string): OperationModel | undefined {
    const canonical = this.#canonical.get(name);
    if (canonical === undefined) return undefined;
    let operation = this.#operations.get(canonical);
    if (!operation) {
      operation = new OperationModel(this, canonical, this.json.operations[canonical]!, this.#resolve);
      this.#operations.set(canonical, operation);
    }
    return operation;
  }

  /** The shape with this exact name; undefined when the model has none. */
  shape(name: string): Shape | undefined {
    let shape = this.#shapes.get(name);
    if (!shape) {
      if (!Object.hasOwn(this.json.shapes, name)) return undefined;
      shape = new Shape(name, this.json.shapes[name]!, this.#resolve);
      this.#shapes.set(name, shape);
    }
    return shape;
  }
}
