import { validateInput } from '../../validation/validate-input.js';
import { InvalidArgumentException } from '../../errors/invalid-argument-exception.js';
import type { Middleware } from '../handler-list.js';

/** Checks the input against the model and reports every problem at once, before anything is sent. */
export function validationMiddleware(): Middleware {
  return (next) => (command, request) => {
    const problems = validateInput(command.operation, command.args);
    if (problems.length > 0) return Promise.reject(invalidInput(command.name, problems));
    return next(command, request);
  };
}

/** The InvalidArgumentException for an operation's input that failed validation: every problem, one a line. */
export function invalidInput(operation: string, problems: string[]): InvalidArgumentException {
  const list = problems.length === 1 ? problems[0] : problems.map((problem) => `\n  - ${problem}`).join('');
  return new InvalidArgumentException(`Found ${problems.length} error${problems.length === 1 ? '' : 's'} in the input of ${operation}: ${list}`, {
    operation,
    problems,
  });
}
