// CPU time used so far by another process (Linux /proc/<pid>/stat), to tell how much work the
// local service did per document or query independently of how busy the machine is.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';

let ticksPerSecond;

/**
 * Clock-tick fields of /proc/<pid>/stat converted to milliseconds, or NaN where /proc is not
 * available. `fields` index the fields after the command name (which is in parentheses and may
 * contain spaces): 11 and 12 are the process's utime and stime, 13 and 14 the cutime and cstime
 * of the children it has waited for.
 */
function statMs(pid, fields) {
  const path = `/proc/${pid}/stat`;
  if (!existsSync(path)) return NaN;
  ticksPerSecond ??= Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' })) || 100;
  const stat = readFileSync(path, 'utf8');
  const values = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (fields.reduce((sum, field) => sum + Number(values[field]), 0) / ticksPerSecond) * 1000;
}

/** User + system CPU milliseconds of process `pid`, or NaN where /proc is not available. */
export function processCpuMs(pid) {
  return statMs(pid, [11, 12]);
}

/** User + system CPU milliseconds of the children of `pid` that it has waited for (NaN without /proc). */
export function waitedChildrenCpuMs(pid) {
  return statMs(pid, [13, 14]);
}

/** The parent's pid of process `pid`, or NaN when it is gone or /proc is not available. */
export function parentPid(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return NaN;
  }
}
