import type { Credentials } from '../../credentials/types.js';
import type { Command } from '../command.js';
import { isServedByThisThread } from '../../http/in-thread-servers.js';
import { InvalidArgumentException } from '../../errors/invalid-argument-exception.js';
import type { Handler, HandlerList } from '../handler-list.js';
import { methodName } from '../operation-name.js';
import type { ClientConfig, ClientOptions } from '../resolve-config.js';
import type { Result } from '../result.js';
import { rebuildError } from './error-rebuild.js';
import type { RequestBody, UnnumberedRequest } from './protocol.js';
import type { ServiceModel } from '../../model/service-model.js';
import { syncBridge } from './sync-bridge.js';
import { syncResult, type SuccessReply } from './sync-result.js';
import { workerRegistration, type UntransferableOption, type WorkerRegistration } from './worker-options.js';

/** What the worker thread knows this client by; also what the finalizer reads. */
interface Registration {
  id: number;
  /** The worker generation this client is registered with (0: none). */
  generation: number;
}

let nextId = 1;
const forgotten = new FinalizationRegistry<Registration>(({ id, generation }) => {
  syncBridge().notify({ kind: 'forget', client: id }, generation);
});

/**
 * The synchronous forms of one client: each call blocks until the sync worker's async run
 * settles, then returns the result or throws the error, rebuilt as the same class. It keeps
 * what the worker needs to rebuild the client: its constructor options and its handler list as
 * constructed. Owned by the client alone (when the client is collected, the worker forgets its copy).
 */
export class SyncClient {
  private readonly registered: Registration = { id: nextId++, generation: 0 };
  private readonly options: ClientOptions;
  /** The composed handler right after construction: any later change to the handler list replaces it. */
  private readonly composed: Handler;
  private registration?: WorkerRegistration | UntransferableOption;

  /** Called at the end of the client's constructor, with its options and its finished parts. */
  constructor(
    options: ClientOptions,
    private readonly config: ClientConfig,
    private readonly handlerList: HandlerList,
    private readonly model: ServiceModel,
  ) {
    this.options = { ...options };
    this.composed = handlerList.resolve();
    forgotten.register(this, this.registered);
  }

  /**
   * Runs a command synchronously. With `reflectArgs`, the command's args are updated as the
   * async form would leave them (filled idempotency tokens).
   */
  execute(command: Command, reflectArgs: boolean): Result {
    const context = Object.keys(command.context).length ? { ...command.context } : undefined;
    const request = { kind: 'execute' as const, name: command.name, args: command.args, context, returnArgs: reflectArgs };
    const reply = this.call(request, `${methodName(command.name)}Async()`, `The arguments of ${command.name}`);
    if (reflectArgs && reply.args) command.args = reply.args;
    return syncResult(this.model, command, reply);
  }

  /** Blocks until the named waiter (which the caller has checked exists) succeeds; returns its last result or throws its WaiterError. */
  waitUntil(name: string, args: Record<string, unknown>): Result {
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
    return this.call({ kind: 'wait', name, args }, 'getWaiter(name, args).promise()', `The arguments of the ${name} waiter`).value as Result;
  }

  /** The client's credentials, resolved synchronously (null when anonymous). */
  credentials(): Credentials | null {
    return this.call({ kind: 'credentials' }, 'await getCredentials()', 'The credentials request').value as Credentials | null;
  }

  private call(body: RequestBody, alternative: string, what: string): SuccessReply {
    if (this.handlerList.resolve() !== this.composed) {
      throw new InvalidArgumentException(
        `The synchronous form cannot run a changed handler list (middleware added, removed or replaced, or a new terminal handler): it runs in a worker thread with the handler list as constructed; use ${alternative} instead`,
        {},
      );
    }
    const endpoint = this.config.endpoint;
    if (isServedByThisThread(endpoint)) {
      throw new InvalidArgumentException(
        `The synchronous form would wait forever: ${endpoint.origin} is served by this same thread, which a synchronous call blocks; use ${alternative} instead, or run the service in another thread or process`,
        { option: 'endpoint' },
      );
    }
    this.registration ??= workerRegistration(this.options, { ...this.config });
    const { registration } = this;
    if ('path' in registration) {
      throw new InvalidArgumentException(
        `The synchronous form cannot honour the "${registration.path}" option (${registration.what} cannot cross to the worker thread that runs synchronous calls); use ${alternative} instead`,
        { option: registration.option },
      );
    }
    const bridge = syncBridge();
    const generation = this.registered.generation;
    const register = generation !== 0 && generation === bridge.generation ? undefined : registration;
    let reply;
    try {
      reply = bridge.call({ ...body, client: this.registered.id, register } as UnnumberedRequest);
    } catch (error) {
      if (error instanceof Error && error.name === 'DataCloneError') {
        throw new InvalidArgumentException(`${what} cannot be passed to the synchronous form (${error.message}); use ${alternative} instead`, { cause: error });
      }
      throw error;
    }
    if (register) this.registered.generation = bridge.generation;
    if (!reply.ok) throw rebuildError(reply.error, callerStack());
    return reply;
  }
}

function callerStack(): string | undefined {
  const stack = new Error().stack;
  return stack?.split('\n').slice(3).join('\n');
}
