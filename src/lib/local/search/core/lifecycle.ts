/**
 * The timestamps a resource's state is derived from, so that any process sharing the data dir
 * sees the same state without background work: busy (CREATING or UPDATING) until `busy_until`,
 * DELETING from `deleted_at` until `deleted_at + delay`, gone after.
 */
export interface LifecycleRow {
  busy_state: string;
  busy_until: number;
  deleted_at: number | null;
}

/**
 * The status of `row` at `nowMs`: its busy state (CREATING, UPDATING) until `busy_until`,
 * DELETING for `delayMs` after `deleted_at`, `settled` otherwise; `undefined` once deleted.
 */
export function statusOf<Status extends string>(row: LifecycleRow, nowMs: number, delayMs: number, settled: Status): Status | undefined {
  // every status type of a resource with a lifecycle holds DELETING and its busy states
  if (row.deleted_at !== null) return nowMs >= row.deleted_at + delayMs ? undefined : ('DELETING' as Status);
  if (nowMs < row.busy_until) return row.busy_state as Status;
  return settled;
}
