import type { Result } from './result.js';

/** A map of operation name → its input and output types, as generated from a model. */
export type OperationMap<Ops> = { [K in keyof Ops]: { input: unknown; output: unknown } };

/** `<op>Async(args)` for every operation of a service: a promise of the result. */
export type AsyncOperationMethods<Ops extends OperationMap<Ops>> = {
  [K in keyof Ops & string as `${Uncapitalize<K>}Async`]: (args?: Ops[K]['input']) => Promise<Result<Ops[K]['output']>>;
};

/** `<op>(args)` for every operation of a service: the result, synchronously. */
export type SyncOperationMethods<Ops extends OperationMap<Ops>> = {
  [K in keyof Ops & string as Uncapitalize<K>]: (args?: Ops[K]['input']) => Result<Ops[K]['output']>;
};

/** Every operation method of a service. */
export type OperationMethods<Ops extends OperationMap<Ops>> = AsyncOperationMethods<Ops> & SyncOperationMethods<Ops>;
