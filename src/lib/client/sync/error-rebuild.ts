import { ConfigurationError } from '../../errors/configuration-error.js';
import { ProfileNotFoundError } from '../../errors/profile-not-found-error.js';
import { CredentialProcessError } from '../../errors/credential-process-error.js';
import { CredentialsNotFoundError } from '../../errors/credentials-not-found-error.js';
import { ModelError } from '../../errors/model-error.js';
import { ProtocolError } from '../../errors/protocol-error.js';
import { InvalidResponseError } from '../../errors/invalid-response-error.js';
import { EndpointDiscoveryError } from '../../errors/endpoint-discovery-error.js';
import { SigningError } from '../../errors/signing-error.js';
import { UnknownSignatureVersionError } from '../../errors/unknown-signature-version-error.js';
import { ConnectionError } from '../../errors/connection-error.js';
import { InvalidArgumentException } from '../../errors/invalid-argument-exception.js';
import { NimbusError } from '../../errors/nimbus-error.js';
import { ServiceException } from '../../errors/service-exception.js';
import { PaginationError } from '../../errors/pagination-error.js';
import { WaiterError } from '../../errors/waiter-error.js';
import type { SerializedError } from './error-serialize.js';

type ErrorClass = abstract new (...args: never[]) => Error;

/** The classes a worker's error is rebuilt as; any other class becomes its nearest listed ancestor. */
const CLASSES = new Map<string, ErrorClass>(
  [
    ServiceException,
    InvalidArgumentException,
    ConnectionError,
    WaiterError,
    PaginationError,
    NimbusError,
    SigningError,
    UnknownSignatureVersionError,
    ConfigurationError,
    ProfileNotFoundError,
    CredentialsNotFoundError,
    CredentialProcessError,
    InvalidResponseError,
    ProtocolError,
    ModelError,
    EndpointDiscoveryError,
    TypeError,
    RangeError,
    SyntaxError,
    ReferenceError,
    AggregateError,
    Error,
  ].map((type) => [type.name, type as ErrorClass]),
);

const HIDDEN = new Set(['message', 'stack']);

/**
 * Rebuilds an error sent by the sync worker as an instance of the same class (or its nearest
 * known ancestor) with the same own properties; `callerStack` (the calling thread's frames) is
 * appended to the worker's stack.
 */
export function rebuildError(serialized: SerializedError, callerStack?: string): unknown {
  if (serialized.classes.length === 0) return serialized.value;
  const type = serialized.classes.map((name) => CLASSES.get(name)).find((candidate) => candidate !== undefined) ?? Error;
  const error = Object.create(type.prototype) as Error;
  for (const [key, value] of Object.entries(serialized.props)) {
    Object.defineProperty(error, key, { value, writable: true, configurable: true, enumerable: !HIDDEN.has(key) });
  }
  if (serialized.cause) {
    Object.defineProperty(error, 'cause', { value: rebuildError(serialized.cause), writable: true, configurable: true, enumerable: false });
  }
  if (callerStack && typeof error.stack === 'string') {
    error.stack = `${error.stack}\n    --- in the synchronous call ---\n${callerStack}`;
  }
  return error;
}
