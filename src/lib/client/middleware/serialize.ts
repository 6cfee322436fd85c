import type { Protocol } from '../../protocols/types.js';
import type { Middleware } from '../handler-list.js';

/** Where a command is sent: the client's endpoint, unless a middleware (discovery) chose another. */
export const ENDPOINT_CONTEXT_KEY = 'endpoint';

/** Builds the HTTP request from the command with the service's wire protocol. */
export function serializeMiddleware(protocol: Protocol, endpoint: URL): Middleware {
  return (next) => (command) => {
    const target = (command.context[ENDPOINT_CONTEXT_KEY] as URL | undefined) ?? endpoint;
    return next(command, protocol.serializeRequest(command.operation, command.args, { endpoint: target }));
  };
}
