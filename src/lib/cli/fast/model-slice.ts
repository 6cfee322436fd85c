import type { ApiJson, RawShapeRef } from '../../model/types.js';

/**
 * The part of a service model that calls of `operations` use: the metadata, those operations
 * (and the service's endpoint discovery operation, if it has one), every shape their input,
 * output and errors reach, and every error shape of the service with what it reaches (an answer
 * may name an error the operation does not list). A client made over the slice makes the same
 * requests and reads the same answers as one over the whole model, and a command run parses
 * a few kilobytes instead of the whole model.
 * @throws Error when the model has no such operation.
 */
export function sliceModel(api: ApiJson, operations: readonly string[]): ApiJson {
  const kept = new Set<string>();
  const visit = (ref: RawShapeRef | undefined): void => {
    if (!ref || kept.has(ref.shape)) return;
    const shape = api.shapes[ref.shape];
    if (!shape) throw new Error(`The model has no shape ${ref.shape}`);
    kept.add(ref.shape);
    for (const member of [shape.member, shape.key, shape.value, ...Object.values(shape.members ?? {})]) visit(member);
  };
  const names = new Set(operations);
  for (const [name, operation] of Object.entries(api.operations)) if (operation.endpointoperation) names.add(name);
  for (const name of names) {
    const operation = api.operations[name];
    if (!operation) throw new Error(`The model has no operation ${name}`);
    visit(operation.input);
    visit(operation.output);
    for (const error of operation.errors ?? []) visit(error);
  }
  for (const [name, shape] of Object.entries(api.shapes)) if (shape.exception) visit({ shape: name });
  return {
    ...api,
    operations: Object.fromEntries([...names].map((name) => [name, api.operations[name]!])),
    shapes: Object.fromEntries(Object.entries(api.shapes).filter(([name]) => kept.has(name))),
  };
}

/**
 * The entries of a paginators.json or waiters.json document (`{pagination: {...}}`, `{waiters:
 * {...}}`) that `keep` accepts, the rest of the document as it is.
 */
export function sliceEntries(
  document: Record<string, unknown>,
  member: 'pagination' | 'waiters',
  keep: (name: string, entry: unknown) => boolean,
): Record<string, unknown> {
  const entries = (document[member] ?? {}) as Record<string, unknown>;
  return { ...document, [member]: Object.fromEntries(Object.entries(entries).filter(([name, entry]) => keep(name, entry))) };
}
