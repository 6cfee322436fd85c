/** A parsed schedule: the allowed values of each cron field (UTC). */
export interface CronSchedule {
  minutes: Set<number>;
  hours: Set<number>;
  days: Set<number> | null;
  months: Set<number>;
  weekdays: Set<number> | null;
  years: Set<number> | null;
}

const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];
const WEEKDAYS = ['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT'];

function field(text: string, low: number, high: number, names: string[] = [], nameBase = 0): Set<number> {
  const values = new Set<number>();
  const number = (raw: string) => {
    const named = names.indexOf(raw.toUpperCase());
    const value = named >= 0 ? named + nameBase : /^\d+$/.test(raw) ? Number(raw) : NaN;
    if (!(value >= low && value <= high)) throw new Error(`${raw} is not a value between ${low} and ${high}`);
    return value;
  };
  for (const part of text.split(',')) {
    const [range, stepText] = part.split('/') as [string, string?];
    const step = stepText === undefined ? 1 : Number(stepText);
    if (!Number.isInteger(step) || step < 1) throw new Error(`${part} has an invalid step`);
    let from = low;
    let to = high;
    if (range !== '*') {
      const [a, b] = range.split('-') as [string, string?];
      from = number(a);
      to = b === undefined ? (stepText === undefined ? from : high) : number(b);
    }
    for (let value = from; value <= to; value += step) values.add(value);
  }
  return values;
}

/**
 * Parses a schedule in the service's form, `cron(minutes hours day-of-month month day-of-week
 * year)` (UTC; day-of-week 1-7 is SUN-SAT; `?` in one of the two day fields). Supports `*`,
 * `?`, lists, ranges, steps and names; `L`, `W` and `#` are refused. Throws an `Error` with
 * the reason.
 */
export function parseCron(expression: string): CronSchedule {
  const match = /^cron\((.*)\)$/.exec(expression.trim());
  if (!match) throw new Error('a schedule is a cron expression: cron(minutes hours day-of-month month day-of-week year)');
  const parts = match[1]!.trim().split(/\s+/);
  if (parts.length !== 6) throw new Error(`a cron expression has 6 fields, not ${parts.length}`);
  const withoutNames = (part: string) => part.replace(/[A-Z]{3}/gi, (name) => ([...MONTHS, ...WEEKDAYS].includes(name.toUpperCase()) ? '0' : name));
  if (parts.some((part) => /[LW#]/i.test(withoutNames(part)))) {
    throw new Error('the local service does not support L, W or # in cron expressions');
  }
  const [minutes, hours, days, months, weekdays, years] = parts as [string, string, string, string, string, string];
  if ((days === '?') === (weekdays === '?')) throw new Error('exactly one of day-of-month and day-of-week must be ?');
  return {
    minutes: field(minutes, 0, 59),
    hours: field(hours, 0, 23),
    days: days === '?' ? null : field(days, 1, 31),
    months: field(months, 1, 12, MONTHS, 1),
    weekdays: weekdays === '?' ? null : field(weekdays, 1, 7, WEEKDAYS, 1),
    years: years === '*' ? null : field(years, 1970, 2199),
  };
}

/** The first minute strictly after `afterMs` that the schedule fires at; null within five years none. */
export function nextFire(schedule: CronSchedule, afterMs: number): number | null {
  const start = new Date(Math.floor(afterMs / 60_000) * 60_000 + 60_000);
  const day = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth(), start.getUTCDate()));
  for (let count = 0; count < 5 * 366; count++, day.setUTCDate(day.getUTCDate() + 1)) {
    if (schedule.years && !schedule.years.has(day.getUTCFullYear())) continue;
    if (!schedule.months.has(day.getUTCMonth() + 1)) continue;
    if (schedule.days && !schedule.days.has(day.getUTCDate())) continue;
    if (schedule.weekdays && !schedule.weekdays.has(day.getUTCDay() + 1)) continue;
    const first = count === 0 ? start.getUTCHours() * 60 + start.getUTCMinutes() : 0;
    for (let minute = first; minute < 24 * 60; minute++) {
      if (schedule.hours.has(Math.floor(minute / 60)) && schedule.minutes.has(minute % 60)) return day.getTime() + minute * 60_000;
    }
  }
  return null;
}
