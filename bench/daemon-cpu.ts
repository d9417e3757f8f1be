import { readdirSync, readFileSync } from 'node:fs';

/** Clock ticks per second of /proc/<pid>/stat's utime and stime (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100;

/** A process's command name and CPU milliseconds (user + system) so far, from /proc/<pid>/stat; null if it cannot be read. */
function procStat(pid: string | number): { comm: string; cpuMs: number } | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name is in parentheses and may hold spaces: fields are counted after the last ')'.
    const close = stat.lastIndexOf(')');
    const fields = stat.slice(close + 2).split(' ');
    // Fields 14 and 15 of the stat line (utime, stime) are the 12th and 13th after the command name.
    return { comm: stat.slice(stat.indexOf('(') + 1, close), cpuMs: ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND };
  } catch {
    // No /proc, or the process ended between the listing and the read.
    return null;
  }
}

/**
 * CPU milliseconds used so far by the local processes with these command names (MariaDB, Redis), read from
 * /proc; null where there is no /proc or no such process (a remote database), so the column shows n/a.
 */
export function daemonCpuMs(names: readonly string[]): number | null {
  let pids: string[];
  try {
    pids = readdirSync('/proc').filter((entry) => /^\d+$/.test(entry));
  } catch {
    return null;
  }
  const matching = pids.map(procStat).filter((stat) => stat !== null && names.includes(stat.comm));
  return matching.length ? matching.reduce((total, stat) => total + stat!.cpuMs, 0) : null;
}

/** CPU milliseconds used so far by one local process (the comparison gateway), or null when it cannot be read. */
export function processCpuMs(pid: number): number | null {
  return procStat(pid)?.cpuMs ?? null;
}

export const MYSQL_PROCESSES = ['mariadbd', 'mysqld'];
export const REDIS_PROCESSES = ['redis-server'];
