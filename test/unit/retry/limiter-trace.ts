import assert from 'node:assert/strict';
import { ClientRateLimiter } from '../../../src/lib/retry/client-rate-limiter.js';
import type { LimiterState, LimiterStep } from './botocore-reference.js';

export type { LimiterState, LimiterStep };

/** A clock in seconds that moves only when told to, or when something sleeps. */
export function fakeTime(start: number) {
  const time = { now: start, sleeps: [] as number[] };
  return {
    time,
    clock: () => time.now,
    sleep: async (seconds: number) => {
      time.sleeps.push(seconds);
      time.now += seconds;
    },
  };
}

/** Asserts two numbers are equal to within rounding. */
export function close(actual: number, expected: number, label: string): void {
  assert.ok(Math.abs(actual - expected) <= 1e-9 * Math.max(1, Math.abs(expected)), `${label}: ${actual} ≠ ${expected}`);
}

/** Plays the steps through our limiter and returns the same trace botocore's reference gives. */
export async function ourTrace(start: number, steps: LimiterStep[]): Promise<LimiterState[]> {
  const { time, clock, sleep } = fakeTime(start);
  const limiter = new ClientRateLimiter(clock, sleep);
  const trace: LimiterState[] = [];
  for (const step of steps) {
    time.now += step.advance;
    const waited = step.event === 'send' ? await limiter.beforeSend() : (limiter.onResponse(step.event === 'throttle'), 0);
    const state = limiter.snapshot();
    trace.push({
      waited,
      enabled: state.enabled,
      measuredRate: state.measuredRate,
      fillRate: state.fillRate,
      maxCapacity: state.maxCapacity,
      availableCapacity: state.availableCapacity,
      wMax: state.cubic.wMax,
      k: state.cubic.k,
      lastFail: state.cubic.lastFail,
      time: time.now,
    });
  }
  return trace;
}

/** Asserts two limiter traces agree step by step. */
export function assertSameTrace(ours: LimiterState[], reference: LimiterState[]): void {
  assert.equal(ours.length, reference.length);
  ours.forEach((state, index) => {
    const expected = reference[index];
    assert.equal(state.enabled, expected.enabled, `step ${index}: enabled`);
    for (const key of ['waited', 'measuredRate', 'fillRate', 'maxCapacity', 'availableCapacity', 'wMax', 'k', 'lastFail', 'time'] as const) {
      close(state[key] as number, expected[key] as number, `step ${index}: ${key}`);
    }
  });
}
