import { readdirSync, readFileSync } from 'node:fs';

/** Clock ticks per second of /proc/<pid>/stat's utime and stime (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100;

/**
 * CPU milliseconds used so far by the local processes with these command names (MariaDB, Redis), read from
 * /proc; null where there is no /proc or no such process (a remote database), so the column shows n/a.
 */
export function daemonCpuMs(names: readonly string[]): number | null {
  let total = 0;
  let found = false;
  let pids: string[];
  try {
    pids = readdirSync('/proc').filter((entry) => /^\d+$/.test(entry));
  } catch {
    return null;
  }
  for (const pid of pids) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      // The command name is in parentheses and may hold spaces: fields are counted after the last ')'.
      const close = stat.lastIndexOf(')');
      const comm = stat.slice(stat.indexOf('(') + 1, close);
      if (!names.includes(comm)) continue;
      const fields = stat.slice(close + 2).split(' ');
      // Fields 14 and 15 of the stat line (utime, stime) are the 12th and 13th after the command name.
      total += ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
      found = true;
    } catch {
      // The process ended between the listing and the read.
    }
  }
  return found ? total : null;
}

export const MYSQL_PROCESSES = ['mariadbd', 'mysqld'];
export const REDIS_PROCESSES = ['redis-server'];
