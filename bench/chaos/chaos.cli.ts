import 'reflect-metadata';
import { formatReport, runChaos, SHORT_RUN } from './chaos.run';

const USAGE = `npm run chaos [-- --seconds N] [--kill-every S] [--users U] [--recovery-seconds R] [--keep]
  --seconds           how long the load runs while replicas are killed (default 600; CI runs the 120 s version)
  --kill-every        seconds between SIGKILLs (default 6)
  --users             concurrent virtual users (default 6)
  --recovery-seconds  how long every booking has to become final after the load (default 120)
  --min-kills         fail unless at least this many SIGKILLs happened (CI: 10)
  --keep              keep the run's database, Redis keys and logs
Environment: CHAOS_DATABASE_SERVER_URL (default mysql://root@127.0.0.1:3306), CHAOS_REDIS_URL (default redis://127.0.0.1:6379).`;

/** `npm run chaos`: the chaos run from a shell; exit 0 when every invariant held, 1 when one did not, 2 on bad arguments. */
async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const options = { ...SHORT_RUN, durationMs: 600_000, keep: false };
  let minKills = 0;
  for (let i = 0; i < args.length; i++) {
    const flag = args[i];
    if (flag === '--keep') {
      options.keep = true;
      continue;
    }
    if (flag === '--help' || flag === '-h') {
      console.log(USAGE);
      return;
    }
    const value = Number(args[++i]);
    const bounds: Record<string, [number, number, (v: number) => void]> = {
      '--seconds': [10, 86_400, (v) => (options.durationMs = v * 1000)],
      '--kill-every': [1, 3_600, (v) => (options.killEveryMs = v * 1000)],
      '--users': [1, 200, (v) => (options.users = v)],
      '--recovery-seconds': [10, 3_600, (v) => (options.recoveryMs = v * 1000)],
      '--min-kills': [0, 100_000, (v) => (minKills = v)],
    };
    const bound = bounds[flag];
    if (!bound || !Number.isInteger(value) || value < bound[0] || value > bound[1]) {
      console.error(bound ? `${flag} takes a whole number from ${bound[0]} to ${bound[1]}` : `unknown option ${flag}`);
      console.error(USAGE);
      process.exit(2);
    }
    bound[2](value);
  }
  const report = await runChaos({
    ...options,
    databaseServerUrl: process.env.CHAOS_DATABASE_SERVER_URL ?? 'mysql://root@127.0.0.1:3306',
    redisUrl: process.env.CHAOS_REDIS_URL ?? 'redis://127.0.0.1:6379',
    log: (line) => console.log(line),
  });
  console.log(formatReport(report));
  if (report.kills.length < minKills) console.log(`Too few kills: ${report.kills.length}, at least ${minKills} asked for.`);
  process.exit(report.held && report.kills.length >= minKills ? 0 : 1);
}

main().catch((error) => {
  console.error(`chaos run failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  process.exit(1);
});
