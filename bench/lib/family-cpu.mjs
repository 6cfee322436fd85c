// CPU time of this process and of every child it started: its own (process.cpuUsage), the
// children it has waited for, and the children still running. A peer that blocks by starting a
// process per call, or by talking to a helper process, is charged for the work those processes do.
import { readdirSync } from 'node:fs';
import { parentPid, processCpuMs, waitedChildrenCpuMs } from './process-cpu.mjs';

/** Milliseconds of CPU used so far by the children of this process that are still running. */
function runningChildrenMs() {
  let total = 0;
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name) || parentPid(Number(name)) !== process.pid) continue;
    const ms = processCpuMs(Number(name));
    if (!Number.isNaN(ms)) total += ms;
  }
  return total;
}

/**
 * Microseconds of CPU used so far by this process and its children, waited for or running.
 * Without /proc (not Linux) only this process's own CPU is counted.
 */
export function familyCpuMicros() {
  const own = process.cpuUsage();
  const waited = waitedChildrenCpuMs(process.pid);
  const children = Number.isNaN(waited) ? 0 : waited + runningChildrenMs();
  return own.user + own.system + children * 1000;
}
