import { setTimeout as sleep } from 'node:timers/promises';
import { search } from '@jmespath-community/jmespath';
import type { Client } from '../client/client.js';
import type { Result } from '../client/result.js';
import { isWaiterError, type WaiterError } from '../errors/waiter-error.js';
import type { OutputStream } from './cli-io.js';
import { CliError } from './errors/cli-error.js';
import { EXIT } from './errors/exit-codes.js';
import { onInterrupt } from './interrupt.js';
import type { WaitSpec } from './operation-spec.js';
import { toPlain } from './output/to-plain.js';
import { Spinner } from './spinner.js';

/** Seconds before the first poll: a resource is rarely ready at once, but often within a second. */
const FIRST_DELAY = 0.5;

/** The waiter's input: each member taken from the request (`input.X`) or the response (`result.X.Y`). */
export function waiterArgs(spec: WaitSpec, input: Record<string, unknown>, result: unknown): Record<string, unknown> {
  const sources = { input, result: toPlain(result) };
  return Object.fromEntries(
    Object.entries(spec.args).map(([member, path]) => {
      const [root, ...rest] = path.split('.');
      return [member, search(sources[root as keyof typeof sources] as never, rest.join('.'))];
    }),
  );
}

/**
 * The pauses before each poll, in seconds: a short first one, the same again, then doubling up
 * to the waiter's own delay (`0.5, 0.5, 1, 2, 4, 5, 5…` for a 5 s waiter).
 */
export function pollDelays(waiterDelay: number): () => number {
  let next = Math.min(FIRST_DELAY, waiterDelay);
  let count = 0;
  return () => {
    const delay = next;
    if (++count >= 2) next = Math.min(next * 2, waiterDelay);
    return delay;
  };
}

/** Every `ErrorMessage` in a result (a resource's, or a sync job's in a history list). */
function errorMessages(value: unknown, found: string[] = []): string[] {
  if (Array.isArray(value)) for (const item of value.slice(0, 1)) errorMessages(item, found);
  else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (key === 'ErrorMessage' && typeof item === 'string' && item) found.push(item);
      else errorMessages(item, found);
    }
  }
  return found;
}

/** The outcome of a wait that reached its goal by an error code: `deleted` for "index to be deleted". */
function reachedGoal(goal: string): string {
  return /\bto be (\w+)$/.exec(goal)?.[1] ?? 'done';
}

/** What a wait needs to explain a failure. */
export interface WaitContext {
  /** Under `--local`: the directory that stands for S3, to show where an S3 location is read from. */
  localS3Dir?: string;
  /** The request's input, whose S3 locations (S3Path, SourceS3Path) are shown under `--local`. */
  input?: Record<string, unknown>;
  /** Where the spinner shows the status (default: the process's stderr). */
  stderr?: OutputStream;
}

/** The S3 locations named in a message or in the input's `S3Path`/`SourceS3Path` members. */
function s3Locations(message: string, input: Record<string, unknown> | undefined): string[] {
  const found = new Set(message.match(/s3:\/\/[^\s,;:'")]+/g)?.map((url) => url.replace(/\.$/, '')) ?? []);
  for (const member of ['S3Path', 'SourceS3Path']) {
    const path = input?.[member] as { Bucket?: unknown; Key?: unknown } | undefined;
    if (typeof path?.Bucket === 'string' && typeof path.Key === 'string') found.add(`s3://${path.Bucket}/${path.Key}`);
  }
  return [...found];
}

/** The one-line error of a wait that ended in a failure state or gave up. */
function waitFailure(spec: WaitSpec, error: WaiterError, polls: number, context: WaitContext): CliError {
  const reasons = errorMessages(toPlain(error.lastResult));
  let message =
    error.reason === 'timeout'
      ? `Gave up waiting for the ${spec.goal} after ${polls} checks`
      : `The wait for the ${spec.goal} failed: ${error.message.replace(/^Waiter \w+ (reached a failure state|stopped) after \d+ attempts?: /, '')}`;
  if (reasons.length) message += `. ErrorMessage: ${reasons.join('; ')}`;
  if (context.localS3Dir) {
    const mapped = s3Locations(message, context.input).map((url) => `${url} is the file ${context.localS3Dir}/${url.slice('s3://'.length)}`);
    if (mapped.length) message += ` (under --local, ${mapped.join(', ')})`;
  }
  return new CliError(message, EXIT.OTHER, { cause: error });
}

/**
 * Runs the command's waiter until the resource reaches its goal, with a spinner on stderr that
 * shows the status of each poll. The first poll comes after half a second, later ones back off
 * to the waiter's delay; the waiter's total time (delay × attempts) still bounds the wait.
 * Ctrl-C stops the spinner before the run exits.
 * @throws CliError naming the resource's ErrorMessage when it fails or the wait gives up.
 */
export async function waitFor(client: Client, spec: WaitSpec, args: Record<string, unknown>, context: WaitContext = {}): Promise<Result> {
  const controller = new AbortController();
  const spinner = new Spinner(`Waiting for the ${spec.goal}`, context.stderr);
  let statusPath: string | undefined;
  let statusIsError = false;
  const poll = () =>
    client.getWaiter(spec.waiter, {
      ...args,
      '@waiter': {
        signal: controller.signal,
        maxAttempts: 1,
        after: (_attempt: number, outcome: { result?: Result; error?: { code: string } }) => {
          // An error code is no status to show: it ends the wait, as its goal or as a failure.
          statusIsError = outcome.error !== undefined;
          const status = outcome.error || !statusPath ? undefined : search(toPlain(outcome.result) as never, statusPath);
          if (status !== undefined && status !== null) spinner.update(String(status));
        },
      },
    });
  const { config } = poll();
  statusPath = config.acceptors.find((acceptor) => acceptor.matcher === 'path')?.argument;
  const budget = config.delay * config.maxAttempts;
  const delays = pollDelays(config.delay);
  spinner.start('checking');
  const dispose = onInterrupt(() => {
    controller.abort();
    spinner.stop('interrupted');
  });
  let waited = 0;
  let polls = 0;
  try {
    for (;;) {
      const delay = delays();
      await sleep(delay * 1000, undefined, { signal: controller.signal });
      waited += delay;
      polls++;
      try {
        const result = await poll().promise();
        // A wait that ends on an error code (ResourceNotFoundException for a deletion) reached its goal.
        spinner.stop(statusIsError ? reachedGoal(spec.goal) : undefined);
        return result;
      } catch (error) {
        // One poll that found the resource still on its way: wait more, within the waiter's time.
        if (!isWaiterError(error) || error.reason !== 'timeout' || waited >= budget) throw error;
      }
    }
  } catch (error) {
    spinner.stop(controller.signal.aborted ? 'interrupted' : 'failed');
    throw isWaiterError(error) && error.reason !== 'aborted' ? waitFailure(spec, error, polls, context) : error;
  } finally {
    dispose();
  }
}
