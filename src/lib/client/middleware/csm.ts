import type { Command } from '../command.js';
import type { CsmConfiguration } from '../csm/csm-configuration.js';
import { apiCallAttemptEvent, apiCallEvent, type CsmEventBase } from '../csm/csm-events.js';
import { CsmPublisher } from '../csm/csm-publisher.js';
import type { HandlerList, Middleware } from '../handler-list.js';
import type { Result } from '../result.js';
import { readRetryContext } from './retry.js';

/** What the monitoring middleware needs to know about the client. */
export interface CsmMiddlewareOptions {
  configuration: CsmConfiguration;
  /** The model's service id (e.g. `kendra`). */
  service: string;
  region: string;
}

interface CallState {
  attempts: number;
  userAgent?: string;
}

/**
 * Client-side monitoring: each call sends one `ApiCallAttempt` datagram per attempt (from the
 * `send` step, which runs once per attempt) and one `ApiCall` datagram when it ends (from the
 * `init` step), to the agent of the {@link CsmConfiguration}. Sending is fire and forget.
 */
export class CsmMonitor {
  private readonly publisher: CsmPublisher;
  private readonly calls = new WeakMap<Command, CallState>();

  constructor(private readonly options: CsmMiddlewareOptions) {
    this.publisher = new CsmPublisher(options.configuration.host, options.configuration.port);
  }

  private base(command: Command): CsmEventBase {
    return { clientId: this.options.configuration.clientId, service: this.options.service, api: command.name, region: this.options.region };
  }

  /** The `csm` middleware (step `init`): the `ApiCall` event. */
  callMiddleware(): Middleware {
    return (next) => async (command, request) => {
      const started = Date.now();
      const state: CallState = { attempts: 0 };
      this.calls.set(command, state);
      const finish = (outcome: { result?: Result; error?: unknown }): void => {
        const retry = readRetryContext(command).retry;
        this.publisher.publish(
          apiCallEvent(this.base(command), {
            started,
            ended: Date.now(),
            attemptCount: state.attempts,
            maxRetriesExceeded: outcome.error !== undefined && retry?.stopReason === 'max-attempts',
            userAgent: state.userAgent,
            ...outcome,
          }),
        );
      };
      try {
        const result = await next(command, request);
        finish({ result });
        return result;
      } catch (error) {
        finish({ error });
        throw error;
      }
    };
  }

  /** The `csm-attempt` middleware (step `send`): one `ApiCallAttempt` event per attempt. */
  attemptMiddleware(): Middleware {
    return (next) => async (command, request) => {
      const state = this.calls.get(command);
      if (!request || !state) return next(command, request);
      state.attempts++;
      state.userAgent = request.headers['user-agent'];
      const started = Date.now();
      try {
        const result = await next(command, request);
        this.publisher.publish(apiCallAttemptEvent(this.base(command), { request, started, ended: Date.now(), result }));
        return result;
      } catch (error) {
        this.publisher.publish(apiCallAttemptEvent(this.base(command), { request, started, ended: Date.now(), error }));
        throw error;
      }
    };
  }
}

/** Installs `csm` (step `init`, priority `high`) and `csm-attempt` (step `send`, priority `high`). */
export function installCsmMiddleware(list: HandlerList, options: CsmMiddlewareOptions): void {
  const monitor = new CsmMonitor(options);
  list.add('init', 'csm', monitor.callMiddleware(), { priority: 'high' });
  list.add('send', 'csm-attempt', monitor.attemptMiddleware(), { priority: 'high' });
}
