import type { ApiDataType } from '../api-provider.js';
import { Client } from '../client.js';
import type { ClientOptions } from '../resolve-config.js';
import type { SyncRequest } from './protocol.js';
import type { WorkerRegistration } from './worker-options.js';

/** The sync worker's clients, by the caller's client id; a failed construction is kept as its error. */
const clients = new Map<number, { client?: Client; error?: unknown }>();

/** Runs one request in the worker with the async form; resolves with the value to send back. */
export async function handle(request: SyncRequest): Promise<{ value: unknown; args?: Record<string, unknown> }> {
  const client = clientFor(request.client, request.register);
  switch (request.kind) {
    case 'execute': {
      const command = client.getCommand(request.name, request.args);
      if (request.context) Object.assign(command.context, request.context);
      const value = await client.executeAsync(command);
      return request.returnArgs ? { value, args: command.args } : { value };
    }
    case 'wait':
      return { value: await client.getWaiter(request.name, request.args).promise() };
    case 'credentials':
      return { value: await client.getCredentials() };
  }
}

/** Drops a client whose counterpart in the calling thread was garbage-collected. */
export function forget(id: number): void {
  clients.delete(id);
}

function clientFor(id: number, registration: WorkerRegistration | undefined): Client {
  if (registration) {
    try {
      clients.set(id, { client: build(registration) });
    } catch (error) {
      clients.set(id, { error });
    }
  }
  const entry = clients.get(id);
  if (!entry) throw new Error(`The sync worker has no client ${id} (it was not registered)`);
  if (entry.error !== undefined) throw entry.error;
  return entry.client!;
}

function build(registration: WorkerRegistration): Client {
  const { definition, apiData, providedEndpoint } = registration;
  const options: Record<string, unknown> = { ...registration.options };
  if (apiData) options.api_provider = (type: ApiDataType) => apiData[type];
  if (providedEndpoint !== undefined) options.endpoint_provider = () => ({ endpoint: providedEndpoint });
  return new Client(options as unknown as ClientOptions, {
    ...definition,
    modelsUrl: definition.modelsUrl === undefined ? undefined : new URL(definition.modelsUrl),
  });
}
