import { search } from '@jmespath-community/jmespath';
import type { Client } from '../client/client.js';
import type { Result } from '../client/result.js';
import { onInterrupt } from './interrupt.js';
import type { WaitSpec } from './operation-spec.js';
import { toPlain } from './output/to-plain.js';
import { Spinner } from './spinner.js';

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
 * Runs the command's waiter until the resource reaches its goal, with a spinner on stderr that
 * shows the status of each poll. Ctrl-C stops the spinner before the run exits.
 * @throws WaiterError when the resource fails or the waiter gives up.
 */
export async function waitFor(client: Client, spec: WaitSpec, args: Record<string, unknown>): Promise<Result> {
  const controller = new AbortController();
  const spinner = new Spinner(`Waiting for the ${spec.goal}`);
  let statusPath: string | undefined;
  const waiter = client.getWaiter(spec.waiter, {
    ...args,
    '@waiter': {
      signal: controller.signal,
      after: (_attempt: number, outcome: { result?: Result; error?: { code: string } }) => {
        const status = outcome.error ? outcome.error.code : statusPath ? search(toPlain(outcome.result) as never, statusPath) : undefined;
        if (status !== undefined && status !== null) spinner.update(String(status));
      },
    },
  });
  statusPath = waiter.config.acceptors.find((acceptor) => acceptor.matcher === 'path')?.argument;
  spinner.start('checking');
  const dispose = onInterrupt(() => {
    controller.abort();
    spinner.stop('interrupted');
  });
  try {
    const result = await waiter.promise();
    spinner.stop();
    return result;
  } catch (error) {
    spinner.stop('failed');
    throw error;
  } finally {
    dispose();
  }
}
