import { isDeepStrictEqual } from 'node:util';
import { InvalidArgumentException } from '../errors/invalid-argument-exception.js';
import type { ServiceException } from '../errors/service-exception.js';
import { searchPath } from './jmespath-path.js';
import type { Result } from './result.js';
import type { ServiceModel } from '../model/service-model.js';
import { capitalize } from './operation-name.js';

/** What an acceptor looks at: a path in the result, the HTTP status, or the error code. */
export type AcceptorMatcher = 'path' | 'pathAll' | 'pathAny' | 'status' | 'error';

/** One acceptor of a waiter (botocore waiter version 2). */
export interface WaiterAcceptor {
  matcher: AcceptorMatcher;
  /** The JMESPath expression for the path matchers. */
  argument?: string;
  expected: unknown;
  state: 'success' | 'failure' | 'retry';
}

/** A waiter from `waiters.json`. */
export interface WaiterConfig {
  /** The waiter's name, e.g. `IndexActive`. */
  name: string;
  /** The operation it polls, as the model spells it. */
  operation: string;
  /** Seconds between attempts. */
  delay: number;
  maxAttempts: number;
  acceptors: WaiterAcceptor[];
}

/** What one attempt produced: a result, or a service error. */
export type AttemptOutcome = { result: Result; error?: undefined } | { error: ServiceException; result?: undefined };

const MATCHERS = new Set<string>(['path', 'pathAll', 'pathAny', 'status', 'error']);
const STATES = new Set<string>(['success', 'failure', 'retry']);

/** The waiters of one service version (its `waiters.json`), read once when the client is built. */
export class WaiterConfigs {
  private readonly entries: Record<string, unknown>;

  /** `data` is the provider's waiter document (null when the service has none). */
  constructor(
    private readonly model: ServiceModel,
    data: Record<string, unknown> | null,
  ) {
    const waiters = data?.waiters;
    this.entries = waiters && typeof waiters === 'object' ? (waiters as Record<string, unknown>) : {};
  }

  /** The waiter `IndexActive` or `indexActive`; throws InvalidArgumentException naming the waiters. */
  get(name: string): WaiterConfig {
    const canonical = capitalize(name);
    if (!Object.hasOwn(this.entries, canonical)) {
      const known = Object.keys(this.entries);
      const list = known.length ? `; waiters: ${known.join(', ')}` : '';
      throw new InvalidArgumentException(`The ${this.model.metadata.serviceId ?? 'service'} API has no waiter "${name}"${list}`, {});
    }
    return normalize(canonical, this.entries[canonical]);
  }
}

/** Whether an acceptor matches the outcome of an attempt (botocore's matcher semantics). */
export function acceptorMatches(acceptor: WaiterAcceptor, outcome: AttemptOutcome): boolean {
  const { expected } = acceptor;
  switch (acceptor.matcher) {
    case 'error':
      if (expected === true) return outcome.error !== undefined;
      if (expected === false) return outcome.error === undefined;
      return outcome.error?.code === expected;
    case 'status':
      return (outcome.result?.$metadata.statusCode ?? outcome.error?.statusCode) === expected;
    default: {
      if (outcome.result === undefined) return false;
      const value = searchPath(outcome.result, acceptor.argument!);
      if (acceptor.matcher === 'path') return isDeepStrictEqual(value, expected);
      if (!Array.isArray(value) || value.length === 0) return false;
      return acceptor.matcher === 'pathAll'
        ? value.every((item) => isDeepStrictEqual(item, expected))
        : value.some((item) => isDeepStrictEqual(item, expected));
    }
  }
}

/** A short description of an outcome for messages: the values the path acceptors read, or the error code. */
export function describeOutcome(config: WaiterConfig, outcome: AttemptOutcome): string {
  if (outcome.error) return `error ${outcome.error.code} (HTTP ${outcome.error.statusCode})`;
  const paths = [...new Set(config.acceptors.filter((a) => a.argument !== undefined).map((a) => a.argument!))];
  if (paths.length === 0) return `HTTP status ${outcome.result.$metadata.statusCode}`;
  return paths.map((path) => `${path} = ${JSON.stringify(searchPath(outcome.result, path))}`).join(', ');
}

function normalize(name: string, entry: unknown): WaiterConfig {
  const bad = (problem: string): never => {
    throw new InvalidArgumentException(`The waiter data for ${name} is invalid: ${problem}`, { option: 'api_provider' });
  };
  if (entry === null || typeof entry !== 'object') bad('expected an object');
  const raw = entry as Record<string, unknown>;
  if (typeof raw.operation !== 'string') bad('"operation" must be a string');
  if (typeof raw.delay !== 'number' || raw.delay < 0) bad('"delay" must be a number of seconds');
  if (!Number.isInteger(raw.maxAttempts) || (raw.maxAttempts as number) < 1) bad('"maxAttempts" must be a positive integer');
  if (!Array.isArray(raw.acceptors)) bad('"acceptors" must be a list');
  const acceptors = (raw.acceptors as Array<Record<string, unknown>>).map((acceptor, index) => {
    if (!MATCHERS.has(acceptor?.matcher as string)) bad(`acceptor ${index} has an unknown matcher ${JSON.stringify(acceptor?.matcher)}`);
    if (!STATES.has(acceptor.state as string)) bad(`acceptor ${index} has an unknown state ${JSON.stringify(acceptor.state)}`);
    const isPath = (acceptor.matcher as string).startsWith('path');
    if (isPath && typeof acceptor.argument !== 'string') bad(`acceptor ${index} needs an "argument" expression`);
    return {
      matcher: acceptor.matcher as AcceptorMatcher,
      ...(isPath ? { argument: acceptor.argument as string } : {}),
      expected: acceptor.expected,
      state: acceptor.state as WaiterAcceptor['state'],
    };
  });
  return { name, operation: raw.operation as string, delay: raw.delay as number, maxAttempts: raw.maxAttempts as number, acceptors };
}
