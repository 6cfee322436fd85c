import { isIP } from 'node:net';
import type { Command } from '../command.js';
import { InvalidArgumentException } from '../../errors/invalid-argument-exception.js';
import type { Middleware } from '../handler-list.js';

/** A DNS label: letters, digits and hyphens, 1–63 characters, no hyphen at either end. */
const HOST_LABEL = /^[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?$/;

/**
 * The operation's host prefix with its `{Member}` labels filled from the input.
 * @throws InvalidArgumentException naming the operation when a label's member is missing or is
 *   not a valid host label, or when the result is not a sequence of host labels.
 */
export function expandHostPrefix(command: Command, template: string): string {
  const prefix = template.replace(/\{([^}]+)\}/g, (_match, name: string) => {
    const value = command.args[name];
    if (typeof value !== 'string' || value === '') {
      throw new InvalidArgumentException(`${command.name} needs a value for ${name}: it is part of the host name (${template})`, { operation: command.name });
    }
    if (!HOST_LABEL.test(value)) {
      throw new InvalidArgumentException(
        `Invalid value for ${name} in ${command.name}: ${JSON.stringify(value)} is part of the host name, so it must be 1-63 letters, digits or hyphens, not starting or ending with a hyphen`,
        { operation: command.name },
      );
    }
    return value;
  });
  const labels = prefix.endsWith('.') ? prefix.slice(0, -1).split('.') : prefix.split('.');
  if (!labels.every((label) => HOST_LABEL.test(label))) {
    throw new InvalidArgumentException(`The host prefix ${JSON.stringify(prefix)} of ${command.name} is not a valid host name part`, {
      operation: command.name,
    });
  }
  return prefix;
}

/**
 * Host prefix injection (step `build`, after `serialize`): for an operation whose model has
 * `endpoint: {hostPrefix}` (e.g. `{IndexId}.data.`), the request's host name becomes the
 * expanded prefix followed by the endpoint's host name. An endpoint given as an IP address has
 * no host name to prefix and is left alone. Not installed with `disable_host_prefix_injection`.
 */
export function hostPrefixMiddleware(): Middleware {
  return (next) => (command, request) => {
    const template = command.operation.hostPrefix;
    if (!request || !template || isIP(request.hostname) !== 0) return next(command, request);
    let prefix: string;
    try {
      prefix = expandHostPrefix(command, template);
    } catch (error) {
      return Promise.reject(error);
    }
    const hostname = prefix.endsWith('.') ? prefix + request.hostname : `${prefix}.${request.hostname}`;
    return next(command, { ...request, hostname });
  };
}
