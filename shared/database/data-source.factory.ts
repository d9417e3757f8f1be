import { DataSource, EntityManager, Logger as QueryLogger } from 'typeorm';
import mysql from 'mysql2/promise';

/** An entity or migration class, as TypeORM is given it. */
export type PersistenceClass = new (...args: never[]) => object;

export interface DatabaseModule {
  entities: PersistenceClass[];
  migrations: PersistenceClass[];
}

/** Splits a mysql:// URL into the server part and the database name. */
export function parseDatabaseUrl(url: string): { serverUrl: string; database: string } {
  const parsed = new URL(url);
  const database = decodeURIComponent(parsed.pathname.replace(/^\//, ''));
  if (!/^[A-Za-z0-9_]{1,64}$/.test(database)) {
    throw new Error(`database name "${database}" must be letters, digits or "_"`);
  }
  parsed.pathname = '/';
  return { serverUrl: parsed.toString(), database };
}

/** CREATE DATABASE IF NOT EXISTS, so `npm start` works on an empty server. */
export async function ensureDatabase(url: string): Promise<void> {
  const { serverUrl, database } = parseDatabaseUrl(url);
  const connection = await mysql.createConnection(serverUrl.replace(/^mariadb:/, 'mysql:'));
  try {
    await connection.query(`CREATE DATABASE IF NOT EXISTS \`${database}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  } finally {
    await connection.end();
  }
}

export async function dropDatabase(url: string): Promise<void> {
  const { serverUrl, database } = parseDatabaseUrl(url);
  const connection = await mysql.createConnection(serverUrl.replace(/^mariadb:/, 'mysql:'));
  try {
    await connection.query(`DROP DATABASE IF EXISTS \`${database}\``);
  } finally {
    await connection.end();
  }
}

/**
 * `logger`: another data source's query logger, so that one hook on it sees the statements of both (the
 * broad-read pool shares the main one's).
 */
export function createDataSource(url: string, modules: DatabaseModule[], poolSize = 10, logger?: QueryLogger): DataSource {
  return new DataSource({
    type: 'mysql',
    url: url.replace(/^mariadb:/, 'mysql:'),
    entities: modules.flatMap((m) => m.entities),
    migrations: modules.flatMap((m) => m.migrations),
    migrationsTableName: 'schema_migration',
    synchronize: false,
    migrationsRun: false,
    // Instants are stored in UTC; DATE columns come back as the strings they are, never shifted.
    timezone: 'Z',
    dateStrings: ['DATE'],
    // DECIMAL columns come back as strings: money never passes through a float.
    supportBigNumbers: true,
    bigNumberStrings: true,
    charset: 'utf8mb4_unicode_ci',
    poolSize,
    logging: false,
    ...(logger && { logger }),
  });
}

/** One round trip to the server (SELECT 1): the readiness check's proof that the pool can serve. */
export async function pingDatabase(dataSource: DataSource): Promise<void> {
  await dataSource.query('SELECT 1');
}

/** Runs fn in a transaction, or inside the caller's when a manager is given. */
export async function inTransaction<T>(dataSource: DataSource, manager: EntityManager | undefined, fn: (manager: EntityManager) => Promise<T>): Promise<T> {
  if (manager?.queryRunner?.isTransactionActive) return fn(manager);
  return dataSource.transaction(fn);
}

export function isDuplicateKeyError(error: unknown): boolean {
  const e = error as { code?: string; driverError?: { code?: string } };
  return e?.code === 'ER_DUP_ENTRY' || e?.driverError?.code === 'ER_DUP_ENTRY';
}

/** Runs one INSERT: true when the row went in, false when its unique key was already there. */
export async function insertUnlessDuplicate(q: { query(sql: string, params?: unknown[]): Promise<unknown> }, sql: string, params: unknown[]): Promise<boolean> {
  try {
    await q.query(sql, params);
    return true;
  } catch (error) {
    if (isDuplicateKeyError(error)) return false;
    throw error;
  }
}
