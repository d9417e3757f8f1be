import 'reflect-metadata';
import { DataSource, MigrationExecutor } from 'typeorm';
import { ConfigError, loadConfig } from '../shared/config/platform.config';
import { createDataSource } from '../shared/database/data-source.factory';
import { exitOnHelp, parseSwitches, UsageError } from './cli-support.kit';

const USAGE = `usage: npm run migrate [-- <command>]
  (no command) | up   create the database if missing, run pending migrations, load reference data, ensure a signing key
  status              the applied and the pending migrations (changes no data)
  revert --yes        undo the last applied migration, one step; refused without --yes
  --help, -h          this text`;

const [command = 'up', ...args] = process.argv.slice(2);

/** The migrations' data source, its modules loaded only when a command needs them (--help needs none). */
async function migrationDataSource(): Promise<DataSource> {
  const [{ SHARED_DATABASE_MODULE }, { DATABASE_MODULES }] = await Promise.all([
    import('../shared/platform/platform.wiring'),
    import('../subgraphs/subgraph.registry'),
  ]);
  const dataSource = createDataSource(loadConfig().databaseUrl, [SHARED_DATABASE_MODULE, ...DATABASE_MODULES], 1);
  await dataSource.initialize();
  return dataSource;
}

/** Applied migrations in the order they ran, then the pending ones, by name. */
async function status(): Promise<object> {
  const dataSource = await migrationDataSource();
  try {
    const executor = new MigrationExecutor(dataSource);
    const [applied, pending] = await Promise.all([executor.getExecutedMigrations(), executor.getPendingMigrations()]);
    // In the order they were applied: revert undoes the last of these.
    const inOrder = [...applied].sort((a, b) => (a.id ?? 0) - (b.id ?? 0));
    return { action: 'migrate-status', applied: inOrder.map((m) => m.name), pending: pending.map((m) => m.name) };
  } finally {
    await dataSource.destroy();
  }
}

/** Runs the newest applied migration's down step, in a transaction. */
async function revert(): Promise<object> {
  const dataSource = await migrationDataSource();
  try {
    const executor = new MigrationExecutor(dataSource);
    const before = await executor.getExecutedMigrations();
    if (!before.length) throw new Error('no migration is applied: nothing to revert');
    await dataSource.undoLastMigration({ transaction: 'each' });
    const after = new Set((await executor.getExecutedMigrations()).map((m) => m.name));
    return { action: 'migration-reverted', reverted: before.map((m) => m.name).filter((name) => !after.has(name)) };
  } finally {
    await dataSource.destroy();
  }
}

async function main(): Promise<object> {
  if (command === 'up') {
    parseSwitches(args, []);
    const { prepareFromConfig } = await import('./prepare-database.service');
    return { action: 'migrate', ...(await prepareFromConfig(loadConfig())) };
  }
  if (command === 'status') {
    parseSwitches(args, []);
    return status();
  }
  if (command === 'revert') {
    if (!parseSwitches(args, ['yes']).yes) throw new UsageError('revert undoes a migration and may drop data: add --yes to confirm');
    return revert();
  }
  throw new UsageError(`unknown command "${command}"`);
}

exitOnHelp(USAGE);
main().then(
  (result) => {
    console.log(JSON.stringify(result));
    process.exit(0);
  },
  (error) => {
    if (error instanceof UsageError) {
      console.error(`error: ${error.message}\n\n${USAGE}`);
      process.exit(2);
    }
    console.error(error instanceof ConfigError ? error.message : `migrate failed: ${(error as Error).message}`);
    process.exit(1);
  },
);
