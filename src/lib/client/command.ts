import type { OperationModel } from '../model/operation-model.js';

/**
 * One operation call as it moves through the handler list: the operation's name, its input
 * (`args`, which middleware may rewrite, e.g. filling idempotency tokens) and a `context` bag
 * where middleware leave what later steps need (the resolved credentials, the signer, timings).
 */
export class Command {
  /** The operation name as the model spells it, e.g. `CreateIndex`. */
  readonly name: string;
  /** The operation's input members. */
  args: Record<string, unknown>;
  /** The operation's model. */
  readonly operation: OperationModel;
  /** Per-call state shared between middleware. */
  readonly context: Record<string, unknown> = {};

  constructor(operation: OperationModel, args: Record<string, unknown> = {}) {
    this.name = operation.name;
    this.operation = operation;
    this.args = args;
  }
}
