// CPU time used so far by another process (Linux /proc/<pid>/stat), to tell how much work the
// local service did per document or query independently of how busy the machine is.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';

let ticksPerSecond;

/** User + system CPU milliseconds of process `pid`, or NaN where /proc is not available. */
export function processCpuMs(pid) {
  const path = `/proc/${pid}/stat`;
  if (!existsSync(path)) return NaN;
  ticksPerSecond ??= Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' })) || 100;
  // Fields after the command name (which is in parentheses and may contain spaces): utime is the 12th, stime the 13th.
  const stat = readFileSync(path, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) / ticksPerSecond) * 1000;
}
