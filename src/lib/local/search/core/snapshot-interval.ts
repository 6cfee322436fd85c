/** The time windows of search analytics. */
export type SnapshotInterval = 'THIS_MONTH' | 'THIS_WEEK' | 'ONE_WEEK_AGO' | 'TWO_WEEKS_AGO' | 'ONE_MONTH_AGO' | 'TWO_MONTHS_AGO';

const DAY_MS = 24 * 3600 * 1000;

/**
 * The window `[startMs, endMs)` of `interval` at `nowMs`, in UTC (the local service's indices
 * have no time zone of their own). Weeks start on Sunday; the current week and month end at the
 * start of today, as the real service's do, so they are empty on their first day.
 */
export function intervalWindow(interval: SnapshotInterval, nowMs: number): { startMs: number; endMs: number } {
  const now = new Date(nowMs);
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const week = today - now.getUTCDay() * DAY_MS;
  const month = (back: number) => Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1);
  switch (interval) {
    case 'THIS_WEEK':
      return { startMs: week, endMs: today };
    case 'ONE_WEEK_AGO':
      return { startMs: week - 7 * DAY_MS, endMs: week };
    case 'TWO_WEEKS_AGO':
      return { startMs: week - 14 * DAY_MS, endMs: week - 7 * DAY_MS };
    case 'THIS_MONTH':
      return { startMs: month(0), endMs: today };
    case 'ONE_MONTH_AGO':
      return { startMs: month(1), endMs: month(0) };
    case 'TWO_MONTHS_AGO':
      return { startMs: month(2), endMs: month(1) };
  }
}

/** The UTC days `[startMs, endMs)` covers, as epoch milliseconds of their midnights. */
export function daysOf(startMs: number, endMs: number): number[] {
  const days: number[] = [];
  for (let day = startMs; day < endMs; day += DAY_MS) days.push(day);
  return days;
}
