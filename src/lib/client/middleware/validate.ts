import { validateInput } from '../../validation/validate-input.js';
import { InvalidArgumentException } from '../../errors/invalid-argument-exception.js';
import type { Middleware } from '../handler-list.js';

/** Checks the input against the model and reports every problem at once, before anything is sent. */
export function validationMiddleware(): Middleware {
  return (next) => (command, request) => {
    const problems = validateInput(command.operation, command.args);
    if (problems.length > 0) {
      const list = problems.length === 1 ? problems[0] : problems.map((problem) => `\n  - ${problem}`).join('');
      return Promise.reject(
        new InvalidArgumentException(`Found ${problems.length} error${problems.length === 1 ? '' : 's'} in the input of ${command.name}: ${list}`, {
          operation: command.name,
          problems,
        }),
      );
    }
    return next(command, request);
  };
}
