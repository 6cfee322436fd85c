import { fillIdempotencyTokens } from '../../validation/idempotency.js';
import type { Middleware } from '../handler-list.js';

/**
 * Fills absent idempotency-token members (e.g. CreateIndex `ClientToken`) with a UUID v4; a
 * supplied value is kept. `randomBytes`, from the `idempotency_auto_fill` option, supplies the
 * random bytes when given.
 */
export function idempotencyMiddleware(randomBytes?: (size: number) => Uint8Array): Middleware {
  return (next) => (command, request) => {
    if (command.operation.idempotencyTokenMembers.length > 0) {
      command.args = fillIdempotencyTokens(command.operation, command.args, randomBytes);
    }
    return next(command, request);
  };
}
