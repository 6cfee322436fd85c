import { checkFaultInjection, type FaultInjection, type FaultRates } from './faults.js';

/** The short names of the compact form and the settings they stand for. */
const SHORT_NAMES: Readonly<Record<string, keyof FaultRates>> = {
  throttle: 'throttleRate',
  '5xx': 'serverErrorRate',
  reset: 'resetRate',
  latency: 'latencyMs',
  'fail-docs': 'documentFailureRate',
};

function number(text: string, item: string): number {
  const value = /^\d+(\.\d+)?$/.test(text) ? Number(text) : NaN;
  if (Number.isNaN(value)) throw new RangeError(`the fault setting "${item}" needs a number`);
  return value;
}

function latency(text: string, item: string): number {
  const match = /^(\d+(?:\.\d+)?)(ms|s)?$/.exec(text);
  if (!match) throw new RangeError(`the fault setting "${item}" needs milliseconds, e.g. 250 or 250ms or 1.5s`);
  return Math.round(Number(match[1]) * (match[2] === 's' ? 1000 : 1));
}

/**
 * Parses a fault specification: a JSON object of {@link FaultInjection} settings, or the
 * compact form `name=value` items joined by commas, where a name is `throttle`, `5xx`, `reset`
 * (fractions of requests, 0 to 1), `latency` (ms, or with an `s` suffix seconds), `fail-docs`
 * (fraction of batch documents), `seed`, or `ops` (operations joined by `+`), and
 * `Operation.name=value` sets a rate for one operation, e.g.
 * `throttle=0.1,latency=50ms,Query.5xx=0.2,ops=Query+BatchPutDocument`. Throws a RangeError
 * naming the bad part; the result is checked.
 */
export function parseFaultSpec(spec: string): FaultInjection {
  const text = spec.trim();
  if (text.startsWith('{')) {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (error) {
      throw new RangeError(`the fault settings are not valid JSON: ${(error as Error).message}`);
    }
    checkFaultInjection(value as FaultInjection);
    return value as FaultInjection;
  }
  const faults: FaultInjection = {};
  for (const item of text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)) {
    const equals = item.indexOf('=');
    if (equals <= 0) throw new RangeError(`the fault setting "${item}" is not name=value`);
    const key = item.slice(0, equals).trim();
    const value = item.slice(equals + 1).trim();
    const dot = key.lastIndexOf('.');
    const operation = dot > 0 ? key.slice(0, dot) : undefined;
    const name = dot > 0 ? key.slice(dot + 1) : key;
    if (operation === undefined && name === 'seed') faults.seed = number(value, item);
    else if (operation === undefined && name === 'ops')
      faults.operations = value
        .split('+')
        .map((op) => op.trim())
        .filter(Boolean);
    else {
      const setting = Object.hasOwn(SHORT_NAMES, name) ? SHORT_NAMES[name]! : undefined;
      if (!setting) throw new RangeError(`unknown fault setting "${name}" in "${item}"; known: ${Object.keys(SHORT_NAMES).join(', ')}, seed, ops`);
      const parsed = setting === 'latencyMs' ? latency(value, item) : number(value, item);
      const target: FaultRates = operation === undefined ? faults : ((faults.perOperation ??= {})[operation] ??= {});
      target[setting] = parsed;
    }
  }
  checkFaultInjection(faults);
  return faults;
}
