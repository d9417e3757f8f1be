import 'reflect-metadata';
import { loadConfig } from '../../shared/config/platform.config';
import { dropDatabase, ensureDatabase } from '../../shared/database/data-source.factory';
import { createLogger } from '../../shared/logging/logger';
import { closePlatform, createPlatform } from '../../shared/platform/platform.wiring';
import { DATABASE_MODULES } from '../../subgraphs/subgraph.registry';
import { prepareDatabase } from '../../bin/prepare-database.service';
import { parseFlags, parseSwitches, runCli, UsageError } from '../../bin/cli-support.kit';
import { readManifest, seedVolume } from './volume-seeder';

const USAGE = `usage: npm run seed:volume -- --bookings <n> [--database <mysql url>] [--fresh]
  Fills a database with a year of bookings cloned from real booking flows (issue 23's proportions: per n bookings,
  n flight and n train reservations with tickets, issuances, wallet entries and holds, n outbox rows and access
  tokens, n/10 notifications, n/100 agents; one agent owns 10% of the agents' bookings).
  --bookings n     bookings of each kind, 100 to 5000000
  --database url   the database to fill (default mysql://root@127.0.0.1:3306/safiri_volume; DATABASE_URL's server)
  --fresh          drop that database first (a database seeded before is refused without it)
  Every seeded account's password is in the answer and in the table volume_seed.
  --help, -h       this text`;

const args = process.argv.slice(2);
let flags: Record<string, string> = {};
let fresh = false;

void runCli(
  USAGE,
  { open: async () => undefined, close: async () => undefined },
  async () => {
    const bookings = Number(flags.bookings);
    const config = loadConfig();
    const databaseUrl = flags.database ?? new URL('/safiri_volume', config.databaseUrl).toString();
    if (fresh) await dropDatabase(databaseUrl);
    await ensureDatabase(databaseUrl);
    const platform = await createPlatform({ ...config, databaseUrl }, DATABASE_MODULES, { logger: createLogger('error') });
    try {
      await prepareDatabase(platform);
    } finally {
      await closePlatform(platform);
    }
    const before = await readManifest(databaseUrl);
    if (before) throw new UsageError(`the database already holds ${before.bookings} seeded bookings (${before.seededAt}): add --fresh to seed it again`);
    const manifest = await seedVolume({ bookings, databaseUrl, redisUrl: config.redisUrl, log: (line) => console.error(line) });
    const { samples, ...seeded } = manifest;
    return {
      action: 'seeded',
      database: databaseUrl.replace(/\/\/[^@]*@/, '//'),
      ...seeded,
      samples: { flight: samples.flight.length, train: samples.train.length },
    };
  },
  () => {
    flags = parseFlags(
      args.filter((a) => a !== '--fresh'),
      ['bookings', 'database'],
    );
    fresh =
      parseSwitches(
        args.filter((a) => a === '--fresh'),
        ['fresh'],
      ).fresh ?? false;
    if (!flags.bookings) throw new UsageError('--bookings is required');
    if (!/^\d+$/.test(flags.bookings) || Number(flags.bookings) < 100 || Number(flags.bookings) > 5_000_000) {
      throw new UsageError('--bookings must be a whole number from 100 to 5000000');
    }
  },
);
