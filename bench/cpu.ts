import fs from 'node:fs';

/**
 * CPU accounting from Linux's /proc, for benches that run the product in processes of its own: how
 * much CPU those processes used, and how busy the whole machine was meanwhile (so a reader sees
 * whether a figure was bound by the cores). Elsewhere each reading is undefined and the bench
 * prints "n/a".
 */

const TICKS_PER_SECOND = 100; // USER_HZ: 100 on every Linux architecture Node runs on

/** CPU seconds (user and system) the process `pid` has used so far. */
export function processCpuSeconds(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The fields after the command name, which is in parentheses and may hold spaces.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  } catch {
    return undefined;
  }
}

/**
 * CPU seconds (user and system) used so far by this process's children that have ended and been
 * waited for (a load generator run as a command: its time is counted here once it exits).
 */
export function endedChildrenCpuSeconds(): number | undefined {
  try {
    const stat = fs.readFileSync('/proc/self/stat', 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[13]) + Number(fields[14])) / TICKS_PER_SECOND;
  } catch {
    return undefined;
  }
}

export interface MachineCpu {
  busy: number;
  total: number;
}

/** The machine's CPU time so far, over all cores, in ticks: busy (all but idle and I/O wait) and total. */
export function machineCpu(): MachineCpu | undefined {
  try {
    const line = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0]!;
    // user nice system idle iowait irq softirq steal (guest time is counted in user already)
    const ticks = line.trim().split(/\s+/).slice(1, 9).map(Number);
    const total = ticks.reduce((sum, value) => sum + value, 0);
    const idle = (ticks[3] ?? 0) + (ticks[4] ?? 0);
    return { busy: total - idle, total };
  } catch {
    return undefined;
  }
}

/** The share of the machine's CPU that was busy between two readings (0–1). */
export function busyShare(from: MachineCpu | undefined, to: MachineCpu | undefined): number | undefined {
  if (!from || !to || to.total === from.total) return undefined;
  return (to.busy - from.busy) / (to.total - from.total);
}
