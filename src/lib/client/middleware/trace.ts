import { performance } from 'node:perf_hooks';
import type { Command } from '../command.js';
import type { DebugSettings } from '../debug/debug-options.js';
import { httpTraceListener } from '../debug/http-trace.js';
import { Scrubber } from '../debug/scrubber.js';
import { diffSnapshots, TraceFormatter, type Snapshot } from '../debug/trace-format.js';
import { observeUndici } from '../../http/undici-events.js';
import { ServiceException } from '../../errors/service-exception.js';
import { STEPS, type HandlerList, type Middleware, type Step } from '../handler-list.js';
import type { Result } from '../result.js';

/** The name of the trace middleware at the start of `step`. */
export function traceMiddlewareName(step: Step): string {
  return `trace:${step}`;
}

interface CallTrace {
  id: number;
  started: number;
  command: Snapshot;
  request: Snapshot;
}

let callCount = 0;

function milliseconds(since: number): string {
  return (performance.now() - since).toFixed(1);
}

function describeError(error: unknown): string {
  if (error instanceof ServiceException) return `${error.name} ${error.code} (HTTP ${error.statusCode}): ${error.message}`;
  if (error instanceof Error) return `${error.name}: ${error.message}`;
  return String(error);
}

/**
 * The `debug` option's step trace: one middleware at the start of every handler-list step logs
 * entering the step with what changed in the command and the request since the previous step,
 * and leaving it with the inclusive time, the response status (or the error) and, for `send`,
 * the result. With `http` on, the `send` step also logs undici's view of the exchange for its
 * own requests only. Everything printed is scrubbed unless `scrub_auth` is false.
 */
export class Tracer {
  private readonly calls = new WeakMap<Command, CallTrace>();
  private readonly scrubber: Scrubber;
  private readonly format: TraceFormatter;

  constructor(private readonly settings: DebugSettings) {
    this.scrubber = new Scrubber(settings.scrubAuth);
    this.format = new TraceFormatter(this.scrubber, settings.streamSize);
  }

  /** The middleware that traces entering and leaving `step`. */
  middleware(step: Step): Middleware {
    return (next) => async (command, request) => {
      const call = this.callOf(command);
      if (request) this.scrubber.learn(request.headers);
      const commandNow = this.format.command(command);
      const requestNow = this.format.request(request, command.operation.input);
      const changes = [...diffSnapshots(call.command, commandNow), ...diffSnapshots(call.request, requestNow)];
      call.command = commandNow;
      call.request = requestNow;
      this.log(call, command, `-> entering step ${step}`, changes);
      const start = performance.now();
      const run = (): Promise<Result> => next(command, request);
      try {
        const result =
          step === 'send' && this.settings.http
            ? await observeUndici(
                httpTraceListener(this.scrubber, (line) => this.log(call, command, line, [])),
                run,
              )
            : await run();
        const lines = this.commandChanges(call, command);
        if (step === 'send' && result && typeof result === 'object') lines.push(`  result = ${this.format.result(result, command.operation.output)}`);
        this.log(call, command, `<- leaving step ${step} after ${milliseconds(start)} ms: status ${result?.$metadata?.statusCode ?? 'none'}`, lines);
        return result;
      } catch (error) {
        this.log(
          call,
          command,
          `<- leaving step ${step} after ${milliseconds(start)} ms with ${this.format.text(describeError(error))}`,
          this.commandChanges(call, command),
        );
        throw error;
      }
    };
  }

  private callOf(command: Command): CallTrace {
    let call = this.calls.get(command);
    if (!call) {
      call = { id: ++callCount, started: performance.now(), command: new Map(), request: new Map() };
      this.calls.set(command, call);
    }
    return call;
  }

  private commandChanges(call: CallTrace, command: Command): string[] {
    const now = this.format.command(command);
    const lines = diffSnapshots(call.command, now);
    call.command = now;
    return lines;
  }

  private log(call: CallTrace, command: Command, message: string, details: string[]): void {
    const header = `[nimbus #${call.id} ${command.name} +${milliseconds(call.started)} ms] ${message}`;
    this.settings.logfn(details.length ? `${header}\n${details.join('\n')}` : header);
  }
}

/**
 * Installs the trace: a middleware named `trace:<step>` first in each step (priority `high`,
 * added before any other middleware so that it runs first among them).
 */
export function installTraceMiddleware(list: HandlerList, settings: DebugSettings): void {
  const tracer = new Tracer(settings);
  for (const step of STEPS) list.add(step, traceMiddlewareName(step), tracer.middleware(step), { priority: 'high' });
}
