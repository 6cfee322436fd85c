import type { OperationModel } from '../model/operation-model.js';
import { CLIENT_POLICY } from './client-policy.js';
import { isRecord, shapeCheck, type Check } from './shape-validator.js';

const VALIDATOR = Symbol('input-validator');

const noInput: Check = (value, ctx) => {
  if (!isRecord(value)) return void ctx.problems.push('Invalid type for input: expected an object');
  for (const name in value) ctx.problems.push(`Unknown parameter ${name}: this operation takes no input`);
  return value;
};

/**
 * Checks an operation's input against its model and returns every problem found (empty when
 * the input is valid), worded as botocore words them: required members, types, string lengths,
 * number ranges, list and map sizes, enum values, patterns and unknown members, each with its
 * path (`Facets[0].DocumentAttributeKey`). The checker is compiled once per operation.
 */
export function validateInput(op: OperationModel, input: unknown): string[] {
  const check = op.memo(VALIDATOR, () => (op.input ? shapeCheck(op.input, CLIENT_POLICY) : noInput));
  const ctx = { problems: [] as string[], path: [] };
  check(input, ctx);
  return ctx.problems;
}
