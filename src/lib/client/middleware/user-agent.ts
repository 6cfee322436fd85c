import type { Middleware } from '../handler-list.js';
import { invocationId } from '../invocation-id.js';

/** The User-Agent nimbus sends. */
export const USER_AGENT = `nimbus/0.1.0 node/${process.versions.node} ${process.platform}/${process.arch}`;

/**
 * Adds `user-agent` and `amz-sdk-invocation-id` (one id for all attempts of a call) to the request.
 */
export function userAgentMiddleware(): Middleware {
  return (next) => (command, request) => {
    if (request) {
      request.headers['user-agent'] = USER_AGENT;
      request.headers['amz-sdk-invocation-id'] ??= invocationId();
    }
    return next(command, request);
  };
}
