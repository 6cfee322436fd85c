import type { OperationModel } from '../../model/operation-model.js';
import { shapeWriter } from '../../protocols/json-writer.js';

/**
 * An operation's output in its wire form, written against the model's output shape by the
 * client's own JSON writer: dates as epoch seconds, bytes as base64, members the model does not
 * know (and empty ones) left out. It is returned as a JSON value, the body of a module's
 * answer (which the server writes as JSON); an operation without output answers `{}`.
 */
export function wireOutput(operation: OperationModel, output: object): unknown {
  return operation.output ? (JSON.parse(shapeWriter(operation.output)(output)) as unknown) : {};
}
