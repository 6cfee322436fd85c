import type { ServiceModel } from '../model/service-model.js';
import type { Credentials } from '../credentials/types.js';
import type { Signer } from '../signing/types.js';
import { ARGUMENTS, type ArgumentDefinition } from './arguments.js';
import { Command } from './command.js';
import { InvalidArgumentException } from '../errors/invalid-argument-exception.js';
import { HandlerList } from './handler-list.js';
import { installDefaultMiddleware } from './default-middleware.js';
import { resolveClientConfig, type ClientConfig, type ClientOptions } from './resolve-config.js';
import type { Result } from './result.js';
import type { ServiceDefinition } from './service-definition.js';
import { createTerminal } from './terminal.js';
import { installOperationMethods } from './operation-methods.js';
import type { PaginatorConfig } from './pagination-config.js';
import { Paginator, type OperationRunner } from './paginator.js';
import { ServiceData } from './service-data.js';
import { SyncClient } from './sync/sync-client.js';
import { Waiter } from './waiter.js';

/** A promise of credentials (null when anonymous) whose `wait()` returns them synchronously. */
export type CredentialsPromise = Promise<Credentials | null> & { wait(): Credentials | null };

/**
 * The generic client: options, model, handler list and the generic methods (getConfig, getCommand, execute, paginators, waiters, …). The
 * service clients (SearchClient, MobileClient) extend it through classes generated from their
 * models, which declare one typed method pair per operation. Any other service can be used
 * through `api_provider` with `new Client(args, definition)`: its operation methods are then
 * defined on that instance alone, from the provider's model (the magic call).
 */
export class Client {
  /** The resolved configuration. */
  protected readonly config: ClientConfig;
  /** The service's model, paginators and waiters, resolved once at construction. */
  protected readonly serviceData: ServiceData;
  private readonly handlerList: HandlerList;
  readonly #sync: SyncClient;
  readonly #run: OperationRunner = (operation, args) => this.executeAsync(this.getCommand(operation, args));

  /**
   * Creates a client. Throws InvalidArgumentException for a missing region or version, an
   * unknown version or service, or an invalid option value, naming the option.
   */
  constructor(args: ClientOptions, definition: ServiceDefinition) {
    if (args === null || typeof args !== 'object' || Array.isArray(args)) {
      throw new InvalidArgumentException('The client options must be an object', {});
    }
    this.config = resolveClientConfig(args, definition);
    this.serviceData = new ServiceData(this.config.api, this.config.api_provider, definition.name, this.config.version);
    const { model } = this.serviceData;
    this.handlerList = new HandlerList(createTerminal(this.config, model));
    installDefaultMiddleware(this.handlerList, this.config, model);
    this.#sync = new SyncClient(args, this.config, this.handlerList, model);
    // Generated classes declare the methods of the models they were generated from; a provider's
    // model (or a generic client's) gets the operations they lack, on this instance.
    if (args.api_provider !== undefined || Object.getPrototypeOf(this) === Client.prototype) {
      installOperationMethods(this, model, {
        async: (name, input) => this.operationAsync(name, input),
        sync: (name, input) => this.operationSync(name, input),
      });
    }
  }

  /** The constructor options, with type, whether required, default and a one-line description. */
  static getArguments(): ArgumentDefinition[] {
    return ARGUMENTS.map((argument) => ({ ...argument }));
  }

  /**
   * Deprecated: use `new` instead. Creates a client of this class from `config`.
   * @deprecated use `new Client(config)`; emits a DeprecationWarning.
   */
  static factory<T extends Client>(this: new (args: ClientOptions) => T, config: ClientOptions = {} as ClientOptions): T {
    process.emitWarning(`${this.name}.factory() is deprecated; use new ${this.name}(config) instead`, {
      type: 'DeprecationWarning',
      code: 'NIMBUS_FACTORY',
    });
    return new this(config);
  }

  /** The value of one configuration option, or all of them (a copy) when `option` is null. */
  getConfig(option: string | null = null): unknown {
    if (option === null) return { ...this.config };
    if (!(option in this.config)) {
      throw new InvalidArgumentException(`Unknown configuration option "${option}"`, { option });
    }
    return this.config[option as keyof ClientConfig];
  }

  /** The credentials requests are signed with (null when anonymous); `wait()` on the promise blocks for them. */
  getCredentials(): CredentialsPromise {
    const promise = this.config.credentials ? this.config.credentials() : Promise.resolve(null);
    return Object.assign(promise, { wait: () => this.#sync.credentials() });
  }

  /** The base URL of the service. */
  getEndpoint(): URL {
    return new URL(this.config.endpoint.href);
  }

  /** The region requests are sent to. */
  getRegion(): string {
    return this.config.region;
  }

  /** The handler list: add, remove or replace middleware by name, or change the terminal handler. */
  getHandlerList(): HandlerList {
    return this.handlerList;
  }

  /** The signature provider: (version, service, region) → signer or null. */
  getSignatureProvider(): (version: string, service: string, region: string) => Signer | null {
    return this.config.signature_provider;
  }

  /** The service description. */
  getApi(): ServiceModel {
    return this.serviceData.model;
  }

  /** A command for an operation (`CreateIndex` or `createIndex`). */
  getCommand(name: string, args: Record<string, unknown> = {}): Command {
    const { model } = this.serviceData;
    const operation = model.operation(name);
    if (!operation) {
      throw new InvalidArgumentException(`The ${model.metadata.serviceId ?? 'service'} API has no operation "${name}"`, { operation: name });
    }
    if (args === null || typeof args !== 'object' || Array.isArray(args)) {
      throw new InvalidArgumentException(`The arguments of ${operation.name} must be an object`, { operation: operation.name });
    }
    return new Command(operation, { ...args });
  }

  /** Runs a command through the handler list; resolves to the result or rejects with the error. */
  executeAsync(command: Command): Promise<Result> {
    return this.handlerList.resolve()(command);
  }

  /** Runs a command synchronously: blocks, then returns the result or throws the error. */
  execute(command: Command): Result {
    return this.#sync.execute(command, true);
  }

  /** The result pages of a paginated operation (`ListIndices` or `listIndices`); args may hold `PaginationConfig`. */
  getPaginator(name: string, args: Record<string, unknown> = {}): Paginator {
    return new Paginator(this.#run, this.serviceData.paginators.get(name), args);
  }

  /** The items of a paginated operation's (primary) result key across all pages. */
  getIterator(name: string, args: Record<string, unknown> = {}): AsyncIterable<unknown> {
    return this.getPaginator(name, args).items();
  }

  /** How an operation paginates (its `paginators.json` entry), or undefined when it does not. */
  getPaginatorConfig(name: string): PaginatorConfig | undefined {
    return this.serviceData.paginators.find(name);
  }

  /** A waiter (`IndexActive` or `indexActive`); args are the operation's, plus optional `'@waiter'` options. */
  getWaiter(name: string, args: Record<string, unknown> = {}): Waiter {
    return new Waiter(this.#run, this.serviceData.waiters.get(name), args);
  }

  /** Blocks until the named waiter succeeds; returns the last result or throws a WaiterError. */
  waitUntil(name: string, args: Record<string, unknown> = {}): Result {
    this.serviceData.waiters.get(name);
    return this.#sync.waitUntil(name, args);
  }

  /** Runs an operation by name (`CreateIndex`): what the `<op>Async(args)` methods call. */
  protected operationAsync<T = Record<string, unknown>>(name: string, args: object = {}): Promise<Result<T>> {
    return this.executeAsync(this.getCommand(name, args as Record<string, unknown>)) as Promise<Result<T>>;
  }

  /** Runs an operation by name, blocking until it settles: what the `<op>(args)` methods call. */
  protected operationSync<T = Record<string, unknown>>(name: string, args: object = {}): Result<T> {
    return this.#sync.execute(this.getCommand(name, args as Record<string, unknown>), false) as Result<T>;
  }
}
