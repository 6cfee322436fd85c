import { protocolFor } from '../../protocols/index.js';
import type { ApiDataType } from '../api-provider.js';
import { Client } from '../client.js';
import type { Command } from '../command.js';
import type { ClientConfig, ClientOptions } from '../resolve-config.js';
import type { Result } from '../result.js';
import { createTerminal } from '../terminal.js';
import type { SyncRequest } from './protocol.js';
import type { WorkerRegistration } from './worker-options.js';

/** The sync worker's clients, by the caller's client id; a failed construction is kept as its error. */
const clients = new Map<number, { client?: Client; error?: unknown }>();

/** Where a raw result keeps its response body. */
const RAW_BODY = Symbol('raw response body');

/** Commands whose successful response is sent back unparsed, for the caller to parse. */
const rawCommands = new WeakSet<Command>();

/** What goes back to the caller: the value, or for a raw result its `$metadata` and body. */
export interface Answer {
  value: unknown;
  args?: Record<string, unknown>;
  raw?: boolean;
  body?: Uint8Array;
}

/** Runs one request in the worker with the async form; resolves with what to send back. */
export async function handle(request: SyncRequest): Promise<Answer> {
  const client = clientFor(request.client, request.register);
  switch (request.kind) {
    case 'execute': {
      const command = client.getCommand(request.name, request.args);
      if (request.context) Object.assign(command.context, request.context);
      rawCommands.add(command);
      const result = (await client.executeAsync(command)) as Result & { [RAW_BODY]?: Uint8Array };
      const body = result?.[RAW_BODY];
      const answer: Answer = body ? { value: result.$metadata, raw: true, body } : { value: result };
      if (request.returnArgs) answer.args = command.args;
      return answer;
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
  const client = new Client(options as unknown as ClientOptions, {
    ...definition,
    modelsUrl: definition.modelsUrl === undefined ? undefined : new URL(definition.modelsUrl),
  });
  keepBodiesRaw(client);
  return client;
}

/**
 * Lets the calls of the sync form return the response body unparsed: the caller parses it on
 * its own thread, which costs less than cloning the parsed result across. Not done when a
 * middleware reads the parsed output (debug tracing logs it; endpoint discovery reads the
 * endpoints) or when a user's `handler` replaces the terminal. Waiters always get parsed results.
 * A body that is plainly not a JSON object (HTML from a proxy, a cut-off document) is parsed here,
 * so that its InvalidResponseError is raised, and retried, in the worker as in the async form.
 */
function keepBodiesRaw(client: Client): void {
  const list = client.getHandlerList();
  if (list.list().some(({ name }) => name === 'endpoint-discovery' || name.startsWith('trace:'))) return;
  const config = client.getConfig() as ClientConfig;
  if (!config.http_handler && config.handler) return;
  const model = client.getApi();
  const protocol = protocolFor(model);
  list.setHandler(
    createTerminal(config, model, (command, response) =>
      rawCommands.has(command) && looksLikeJsonObject(response.body) ? { [RAW_BODY]: response.body } : protocol.parseResponse(command.operation, response),
    ),
  );
}

const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;

/** True when the body, past white space, starts with `{` and ends with `}`: the shape of every JSON output. */
function looksLikeJsonObject(body: Uint8Array): boolean {
  let start = 0;
  let end = body.length - 1;
  while (start <= end && body[start]! <= 0x20) start++;
  while (end >= start && body[end]! <= 0x20) end--;
  return start < end && body[start] === OPEN_BRACE && body[end] === CLOSE_BRACE;
}
