// Small statistics and number formatting used by every scenario.

/** The p-th percentile (0..100) of numbers, nearest-rank. */
export function percentile(values, p) {
  if (!values.length) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1];
}

/** The median of numbers. */
export const median = (values) => percentile(values, 50);

/** A whole number with thousands separators: 12,345. */
export const int = (n) => Math.round(n).toLocaleString('en-US');

/** A ratio: 2.31×. */
export const times = (n) => (Number.isFinite(n) ? `${n >= 10 ? n.toFixed(1) : n.toFixed(2)}×` : 'n/a');

/** Milliseconds with sensible precision: 0.84 ms, 12.3 ms, 412 ms. */
export function ms(n) {
  if (n < 10) return `${n.toFixed(2)} ms`;
  if (n < 100) return `${n.toFixed(1)} ms`;
  return `${int(n)} ms`;
}

/** Bytes as MB (10^6) with one decimal place. */
export const mb = (bytes) => (Number.isFinite(bytes) ? `${(bytes / 1e6).toFixed(1)} MB` : 'n/a');

/**
 * A goal verdict: `label: met (value)` or `label: MISSED by N% (value)`.
 * @param {string} label the goal, e.g. `≥ 3× v3`
 * @param {number} value measured
 * @param {'<=' | '>='} op the goal's direction
 * @param {number} limit
 * @param {(n: number) => string} show formats the value
 */
export function verdict(label, value, op, limit, show) {
  if (!Number.isFinite(value)) return `${label}: not measured`;
  const met = op === '<=' ? value <= limit : value >= limit;
  if (met) return `${label}: met (${show(value)})`;
  const by = op === '<=' ? value / limit - 1 : 1 - value / limit;
  return `${label}: MISSED by ${Math.round(by * 100)}% (${show(value)})`;
}
