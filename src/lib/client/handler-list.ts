import type { HttpRequest } from '../http/types.js';
import type { Command } from './command.js';
import type { Result } from './result.js';

/**
 * The function a middleware wraps: takes the command and the HTTP request built so far
 * (undefined before the `build` step) and resolves to the result.
 */
export type Handler = (command: Command, request?: HttpRequest) => Promise<Result>;

/** A middleware: receives the next handler, returns a handler that may act before and after it. */
export type Middleware = (next: Handler) => Handler;

/** The steps of the handler list, in the order a command moves through them. */
export const STEPS = ['init', 'validate', 'build', 'sign', 'send'] as const;

/** A step of the handler list. */
export type Step = (typeof STEPS)[number];

/** Where a middleware goes inside its step. */
export interface PlacementOptions {
  /** `high` runs before `normal`, which runs before `low` (default `normal`). */
  priority?: 'high' | 'normal' | 'low';
  /** Place right before the middleware of this name (same step). */
  before?: string;
  /** Place right after the middleware of this name (same step). */
  after?: string;
}

interface Entry {
  step: Step;
  name: string;
  middleware: Middleware;
  priority: 'high' | 'normal' | 'low';
  relativeTo?: { name: string; position: 'before' | 'after' };
}

const PRIORITY_ORDER = { high: 0, normal: 1, low: 2 } as const;

/**
 * The client's middleware stack: named middleware placed by step, priority and name (never by
 * array index), wrapped around a terminal handler that sends the request and parses the
 * response. Users add, remove and replace middleware by name and may swap the terminal handler.
 */
export class HandlerList {
  private entries: Entry[] = [];
  private terminal: Handler;
  private composed?: Handler;

  constructor(terminal: Handler) {
    this.terminal = terminal;
  }

  /** Adds a middleware under a unique name. */
  add(step: Step, name: string, middleware: Middleware, options: PlacementOptions = {}): this {
    if (!STEPS.includes(step)) throw new TypeError(`Unknown handler list step "${step}"; steps are ${STEPS.join(', ')}`);
    if (this.has(name)) throw new TypeError(`A middleware named "${name}" is already in the handler list`);
    const anchor = options.before ?? options.after;
    if (anchor !== undefined) {
      const target = this.entries.find((entry) => entry.name === anchor);
      if (!target) throw new TypeError(`No middleware named "${anchor}" to place "${name}" next to`);
      if (target.step !== step) throw new TypeError(`"${anchor}" is in step ${target.step}, not ${step}`);
    }
    this.entries.push({
      step,
      name,
      middleware,
      priority: options.priority ?? 'normal',
      relativeTo: anchor === undefined ? undefined : { name: anchor, position: options.before ? 'before' : 'after' },
    });
    this.composed = undefined;
    return this;
  }

  /** Removes the middleware of that name; returns whether there was one. */
  remove(name: string): boolean {
    const before = this.entries.length;
    this.entries = this.entries.filter((entry) => entry.name !== name);
    for (const entry of this.entries) {
      if (entry.relativeTo?.name === name) entry.relativeTo = undefined;
    }
    this.composed = undefined;
    return this.entries.length !== before;
  }

  /** Replaces the middleware of that name, keeping its place. */
  replace(name: string, middleware: Middleware): this {
    const entry = this.entries.find((candidate) => candidate.name === name);
    if (!entry) throw new TypeError(`No middleware named "${name}" to replace`);
    entry.middleware = middleware;
    this.composed = undefined;
    return this;
  }

  /** Whether a middleware of that name is in the list. */
  has(name: string): boolean {
    return this.entries.some((entry) => entry.name === name);
  }

  /** The middleware in the order a command meets them. */
  list(): Array<{ step: Step; name: string }> {
    return this.ordered().map(({ step, name }) => ({ step, name }));
  }

  /** Replaces the terminal handler (the one that sends the request and parses the response). */
  setHandler(handler: Handler): this {
    this.terminal = handler;
    this.composed = undefined;
    return this;
  }

  /** The terminal handler. */
  getHandler(): Handler {
    return this.terminal;
  }

  /** A copy with the same middleware and terminal handler. */
  clone(): HandlerList {
    const copy = new HandlerList(this.terminal);
    copy.entries = this.entries.map((entry) => ({ ...entry }));
    return copy;
  }

  /** The composed handler; rebuilt only after a change. */
  resolve(): Handler {
    if (!this.composed) {
      let handler = this.terminal;
      const ordered = this.ordered();
      for (let index = ordered.length - 1; index >= 0; index--) handler = ordered[index].middleware(handler);
      this.composed = handler;
    }
    return this.composed;
  }

  private ordered(): Entry[] {
    const result: Entry[] = [];
    for (const step of STEPS) {
      const inStep = this.entries.filter((entry) => entry.step === step);
      const anchored = inStep.filter((entry) => entry.relativeTo);
      const sorted = inStep.filter((entry) => !entry.relativeTo).sort((a, b) => PRIORITY_ORDER[a.priority] - PRIORITY_ORDER[b.priority]);
      let pending = anchored;
      while (pending.length > 0) {
        const next: Entry[] = [];
        for (const entry of pending) {
          const at = sorted.findIndex((candidate) => candidate.name === entry.relativeTo!.name);
          if (at === -1) next.push(entry);
          else sorted.splice(entry.relativeTo!.position === 'before' ? at : at + 1, 0, entry);
        }
        if (next.length === pending.length) {
          sorted.push(...next);
          break;
        }
        pending = next;
      }
      result.push(...sorted);
    }
    return result;
  }
}
