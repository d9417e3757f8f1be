import 'reflect-metadata';
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { dropDatabase, ensureDatabase } from '../../shared/database/data-source.factory';
import { loadConfig } from '../../shared/config/platform.config';
import { createLogger } from '../../shared/logging/logger';
import { closePlatform, createPlatform } from '../../shared/platform/platform.wiring';
import { DATABASE_MODULES } from '../../subgraphs/subgraph.registry';
import { prepareDatabase } from '../../bin/prepare-database.service';
import { seedVolume } from '../../bench/volume/volume-seeder';
import { checkPlans, connectTo, describeProblems, readRecorded } from './plan-check';

const SERVER = process.env.TEST_DATABASE_SERVER_URL ?? 'mysql://root@127.0.0.1:3306';
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
/** Enough rows per growing table that the optimiser prefers an index where one serves (issue 23: tens of thousands). */
const BOOKINGS = Number(process.env.SQL_PLAN_CHECK_BOOKINGS ?? 20_000);

/**
 * jest globalTeardown: EXPLAINs every statement the run recorded against a freshly seeded database and fails the run
 * (with a report naming each statement, its sender and its plan) when one would read a growing table at large.
 */
export default async function checkRecordedPlans(): Promise<void> {
  const dir = process.env.SQL_RECORD_DIR;
  if (!dir || process.env.SQL_PLAN_CHECK === 'off') return;
  try {
    const statements = readRecorded(dir);
    if (statements.length === 0) return;
    const databaseUrl = `${SERVER}/safiri_plan_check_${process.pid}_${randomBytes(3).toString('hex')}`;
    const started = Date.now();
    try {
      await ensureDatabase(databaseUrl);
      const keysDir = `${dir}/keys`;
      const config = loadConfig({ NODE_ENV: 'test', DATABASE_URL: databaseUrl, REDIS_URL, KEYS_DIR: keysDir, QUEUE_PREFIX: `plan_check_${process.pid}` });
      const platform = await createPlatform(config, DATABASE_MODULES, { logger: createLogger('error') });
      try {
        await prepareDatabase(platform);
      } finally {
        await closePlatform(platform);
      }
      await seedVolume({ bookings: BOOKINGS, notificationsPerBooking: 1, simulators: true, databaseUrl, redisUrl: REDIS_URL, log: () => undefined });
      const connection = await connectTo(databaseUrl);
      try {
        const { checked, problems, notJudged } = await checkPlans(connection, statements);
        const seconds = Math.round((Date.now() - started) / 1000);
        if (notJudged.size)
          console.log(`\nQuery-plan check: not judged (too few seeded rows for the optimiser to prefer an index): ${[...notJudged].join(', ')}`);
        if (problems.length) {
          console.error(`\nQuery-plan check: ${problems.length} problem(s) in ${checked} statements (${BOOKINGS} seeded bookings, ${seconds} s)\n`);
          console.error(describeProblems(problems));
          throw new Error(`query-plan check: ${problems.length} statement plan(s) read a growing table at large (report above)`);
        }
        console.log(
          `\nQuery-plan check: ${checked} statements, every plan reads its growing tables through an index (${BOOKINGS} seeded bookings, ${seconds} s)`,
        );
      } finally {
        await connection.end();
      }
    } finally {
      await dropDatabase(databaseUrl);
    }
  } finally {
    if (process.env.SQL_RECORD_OWNED === 'true') rmSync(dir, { recursive: true, force: true });
  }
}
