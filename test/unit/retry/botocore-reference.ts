import { execFileSync } from 'node:child_process';

/**
 * Runs a scenario through botocore's own adaptive-retry classes (`retries/throttling.py`
 * CubicCalculator, `retries/bucket.py` TokenBucket, `retries/adaptive.py` RateClocker and
 * ClientRateLimiter) under a fake clock, and returns its state after every step. Only the
 * throttling detector is replaced (by the step's `throttled` flag); a blocking acquire is played as
 * botocore's own loop (wait the computed sleep amount, refill, take), with the fake clock moved
 * by each wait — except that a remaining wait of at most a microsecond (a rounding remainder) takes
 * the token at once, as ours does (with a real clock time moves on; with a fake one, botocore's
 * loop could spin forever on a remainder too small to move the clock).
 */
const SCRIPT = String.raw`
import json, sys
from botocore.exceptions import CapacityNotAvailableError
from botocore.retries import adaptive, bucket, throttling

class Clock:
    def __init__(self, t): self.t = t
    def current_time(self): return self.t

class Detector:
    throttled = False
    def is_throttling_error(self, **kwargs): return self.throttled

scenario = json.load(sys.stdin)
clock = Clock(scenario['start'])
detector = Detector()
cubic = throttling.CubicCalculator(starting_max_rate=0, start_time=clock.current_time())
tokens = bucket.TokenBucket(max_rate=1, clock=clock)
clocker = adaptive.RateClocker(clock)
limiter = adaptive.ClientRateLimiter(rate_adjustor=cubic, rate_clocker=clocker, token_bucket=tokens, throttling_detector=detector, clock=clock)
trace = []
for step in scenario['steps']:
    clock.t += step['advance']
    waited = 0.0
    if step['event'] == 'send':
        if limiter._enabled:
            while True:
                try:
                    tokens.acquire(block=False)
                    break
                except CapacityNotAvailableError:
                    amount = tokens._sleep_amount(1)
                    if amount <= 1e-6:
                        tokens._current_capacity -= 1
                        break
                    waited += amount
                    clock.t += amount
    else:
        detector.throttled = step['event'] == 'throttle'
        limiter.on_receiving_response()
    params = cubic.get_params_snapshot()
    trace.append({'waited': waited, 'enabled': limiter._enabled, 'measuredRate': clocker.measured_rate,
                  'fillRate': tokens.max_rate, 'maxCapacity': tokens.max_capacity,
                  'availableCapacity': tokens.available_capacity, 'wMax': params.w_max, 'k': params.k,
                  'lastFail': params.last_fail, 'time': clock.t})
json.dump(trace, sys.stdout)
`;

/** One step: move the clock by `advance` seconds, then send (take a token) or receive a response. */
export interface LimiterStep {
  advance: number;
  event: 'send' | 'ok' | 'throttle';
}

/** The limiter's state after a step, as botocore reports it. */
export interface LimiterState {
  waited: number;
  enabled: boolean;
  measuredRate: number;
  fillRate: number;
  maxCapacity: number;
  availableCapacity: number;
  wMax: number;
  k: number;
  lastFail: number;
  time: number;
}

/** Plays `steps` through botocore (python3) from clock time `start` (seconds). */
export function botocoreLimiterTrace(start: number, steps: LimiterStep[]): LimiterState[] {
  const output = execFileSync('python3', ['-c', SCRIPT], { input: JSON.stringify({ start, steps }), encoding: 'utf8' });
  return JSON.parse(output) as LimiterState[];
}
