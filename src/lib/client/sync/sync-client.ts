import type { Credentials } from '../../credentials/types.js';
import type { Client } from '../client.js';
import type { Command } from '../command.js';
import { isServedByThisThread } from '../../http/in-thread-servers.js';
import { InvalidArgumentException } from '../errors/invalid-argument-exception.js';
import type { Handler } from '../handler-list.js';
import { methodName } from '../operation-methods.js';
import { waiterConfig } from '../waiter-config.js';
import type { ClientConfig, ClientOptions } from '../resolve-config.js';
import type { Result } from '../result.js';
import { rebuildError } from './error-rebuild.js';
import type { RequestBody, UnnumberedRequest } from './protocol.js';
import { syncBridge } from './sync-bridge.js';
import { syncResult, type SuccessReply } from './sync-result.js';
import { workerRegistration, type UntransferableOption, type WorkerRegistration } from './worker-options.js';

interface SyncState {
  id: number;
  options: ClientOptions;
  /** The composed handler right after construction: any later change to the handler list replaces it. */
  composed: Handler;
  registration?: WorkerRegistration | UntransferableOption;
  /** The worker generation this client is registered with (0: none); also what the finalizer reads. */
  registered: { id: number; generation: number };
}

const states = new WeakMap<Client, SyncState>();
let nextId = 1;
const forgotten = new FinalizationRegistry<SyncState['registered']>(({ id, generation }) => {
  syncBridge().notify({ kind: 'forget', client: id }, generation);
});

/**
 * Records what the sync forms need to rebuild a client in the worker: its constructor options
 * and its handler list as constructed. Called at the end of the client's constructor.
 */
export function rememberClientOrigin(client: Client, options: ClientOptions): void {
  const id = nextId++;
  const registered = { id, generation: 0 };
  states.set(client, { id, options: { ...options }, composed: client.getHandlerList().resolve(), registered });
  forgotten.register(client, registered);
}

/**
 * Runs a command synchronously: blocks until the worker's async run settles, then returns the
 * result or throws the error, rebuilt as the same class. With `reflectArgs`, the command's args
 * are updated as the async form would leave them (filled idempotency tokens).
 */
export function executeSync(client: Client, command: Command, reflectArgs: boolean): Result {
  const context = Object.keys(command.context).length ? { ...command.context } : undefined;
  const request = { kind: 'execute' as const, name: command.name, args: command.args, context, returnArgs: reflectArgs };
  const reply = call(client, request, `${methodName(command.name)}Async()`, `The arguments of ${command.name}`);
  if (reflectArgs && reply.args) command.args = reply.args;
  return syncResult(client, command, reply);
}

/** Blocks until the named waiter succeeds; returns its last result or throws its WaiterError. */
export function waitUntilSync(client: Client, name: string, args: Record<string, unknown>): Result {
  waiterConfig(client, name);
  const options = args?.['@waiter'];
  if (options && typeof options === 'object') {
    for (const key of ['signal', 'before', 'after']) {
      if ((options as Record<string, unknown>)[key] !== undefined) {
        throw new InvalidArgumentException(
          `waitUntil() cannot use "@waiter.${key}": it runs in a worker thread while this one is blocked; use getWaiter(name, args).promise() instead`,
          {},
        );
      }
    }
  }
  return call(client, { kind: 'wait', name, args }, 'getWaiter(name, args).promise()', `The arguments of the ${name} waiter`).value as Result;
}

/** The client's credentials, resolved synchronously (null when anonymous). */
export function credentialsSync(client: Client): Credentials | null {
  return call(client, { kind: 'credentials' }, 'await getCredentials()', 'The credentials request').value as Credentials | null;
}

function call(client: Client, body: RequestBody, alternative: string, what: string): SuccessReply {
  const state = states.get(client);
  if (!state) throw new TypeError('The synchronous forms need a client built by the Client constructor');
  if (client.getHandlerList().resolve() !== state.composed) {
    throw new InvalidArgumentException(
      `The synchronous form cannot run a changed handler list (middleware added, removed or replaced, or a new terminal handler): it runs in a worker thread with the handler list as constructed; use ${alternative} instead`,
      {},
    );
  }
  const endpoint = client.getEndpoint();
  if (isServedByThisThread(endpoint)) {
    throw new InvalidArgumentException(
      `The synchronous form would wait forever: ${endpoint.origin} is served by this same thread, which a synchronous call blocks; use ${alternative} instead, or run the service in another thread or process`,
      { option: 'endpoint' },
    );
  }
  state.registration ??= workerRegistration(state.options, client.getConfig() as ClientConfig);
  const { registration } = state;
  if ('path' in registration) {
    throw new InvalidArgumentException(
      `The synchronous form cannot honour the "${registration.path}" option (${registration.what} cannot cross to the worker thread that runs synchronous calls); use ${alternative} instead`,
      { option: registration.option },
    );
  }
  const bridge = syncBridge();
  const generation = state.registered.generation;
  const register = generation !== 0 && generation === bridge.generation ? undefined : registration;
  let reply;
  try {
    reply = bridge.call({ ...body, client: state.id, register } as UnnumberedRequest);
  } catch (error) {
    if (error instanceof Error && error.name === 'DataCloneError') {
      throw new InvalidArgumentException(`${what} cannot be passed to the synchronous form (${error.message}); use ${alternative} instead`, { cause: error });
    }
    throw error;
  }
  if (register) state.registered.generation = bridge.generation;
  if (!reply.ok) throw rebuildError(reply.error, callerStack());
  return reply;
}

function callerStack(): string | undefined {
  const stack = new Error().stack;
  return stack?.split('\n').slice(3).join('\n');
}
