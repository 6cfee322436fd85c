import type { ServerResponse } from 'node:http';
import { SearchClient } from '../../../src/lib/index.js';
import { RetryConfiguration, type RetryMode } from '../../../src/lib/retry/retry-configuration.js';
import { startTestServer, type CannedResponse, type SeenRequest, type TestServer } from '../../support/echo-server.js';

/** The fake clock's start: 2023-11-14T22:13:20Z, a whole second. */
export const T0 = 1_700_000_000_000;

/** What the scripted server does with one request. */
export type Behaviour =
  | 'ok'
  /** A 5xx status with an InternalServerException body. */
  | 500
  | 502
  | 503
  | 504
  /** 400 with `__type: ThrottlingException`. */
  | 'throttle'
  /** Drops the connection without answering. */
  | 'reset'
  /** Answers only after the client has given up (use with `http: {timeout: 0.2}`). */
  | 'slow'
  | CannedResponse;

/** A real HTTP server on port 0 that plays a script, one behaviour per request ('ok' once it runs out). */
export interface ScriptedServer extends TestServer {
  script: Behaviour[];
}

const OK_BODY = { IndexConfigurationSummaryItems: [] };

function play(behaviour: Behaviour, response: ServerResponse): CannedResponse | undefined | Promise<undefined> {
  switch (behaviour) {
    case 'ok':
      return { body: OK_BODY };
    case 'throttle':
      return { status: 400, body: { __type: 'ThrottlingException', message: 'Rate exceeded' } };
    case 'reset':
      response.socket?.destroy();
      return undefined;
    case 'slow':
      return new Promise((resolve) => response.on('close', () => resolve(undefined)));
    case 500:
    case 502:
    case 503:
    case 504:
      return { status: behaviour, body: { __type: 'InternalServerException', message: 'Try again' } };
    default:
      return behaviour;
  }
}

/** Starts a scripted server. */
export async function startScriptedServer(): Promise<ScriptedServer> {
  const script: Behaviour[] = [];
  const server = await startTestServer((_request: SeenRequest, response) => play(script.shift() ?? 'ok', response));
  return Object.assign(server, { script });
}

/** A clock that moves only when retries sleep, a random source that plays given numbers, and the sleeps seen. */
export function fakeHooks(...randoms: number[]) {
  const state = { now: T0, sleeps: [] as number[] };
  return {
    state,
    clock: () => state.now,
    random: () => {
      const value = randoms.shift();
      if (value === undefined) throw new Error('the test ran out of random numbers');
      return value;
    },
    sleep: async (ms: number) => {
      state.sleeps.push(ms);
      state.now += ms;
    },
  };
}

/** A search client on the scripted server with the given retries option (and other options). */
export function searchClient(server: TestServer, retries: unknown, extra: Record<string, unknown> = {}): SearchClient {
  return new SearchClient({
    region: 'us-east-1',
    version: 'latest',
    endpoint: server.endpoint,
    credentials: { key: 'AKID', secret: 'SECRET' },
    retries,
    ...extra,
  });
}

/** A client in `mode` with `max_attempts`, whose clock, random source and sleep are `hooks`. */
export function clientWithHooks(
  server: TestServer,
  mode: RetryMode,
  maxAttempts: number,
  hooks: ReturnType<typeof fakeHooks>,
  extra: Record<string, unknown> = {},
): SearchClient {
  const { clock, random, sleep } = hooks;
  return searchClient(server, new RetryConfiguration({ mode, max_attempts: maxAttempts, clock, random, sleep }), extra);
}
