import type { OperationModel } from '../model/operation-model.js';
import { isRecord, shapeCheck, type Check } from './shape-validator.js';

const VALIDATOR = Symbol('input-validator');

const noInput: Check = (value, ctx) => {
  if (!isRecord(value)) return void ctx.problems.push('Invalid type for input: expected an object');
  for (const name in value) ctx.problems.push(`Unknown parameter ${name}: this operation takes no input`);
};

/**
 * Checks an operation's input against its model and returns every problem found (empty when
 * the input is valid): required members, types, string lengths, number ranges, list and map
 * sizes, enum values, patterns and unknown members, each with its path
 * (`Facets[0].DocumentAttributeKey`). The checker is compiled once per operation.
 */
export function validateInput(op: OperationModel, input: unknown): string[] {
  const check = op.memo(VALIDATOR, () => (op.input ? shapeCheck(op.input) : noInput));
  const ctx = { problems: [] as string[], path: [] as (string | number)[] };
  check(input, ctx);
  return ctx.problems;
}
