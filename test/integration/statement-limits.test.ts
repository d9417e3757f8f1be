import mysql from 'mysql2/promise';
import type { DataSource } from 'typeorm';
import { createTestPlatform } from '../support/test-platform';
import { runInJobScope, runInRequestScope, runWithStatementTimeout } from '../../shared/context/request-scope.state';
import { databaseFailure } from '../../shared/database/database.exception';
import { waitFor } from '../support/wait';

const JOB = { queue: 'test', name: 'limits', id: 'job-1' };

/** shared/database/pool.guard.ts on the real server: per-work statement limits, and the broad-read pool's bounded wait. */
describe('database connections guarded by the work that takes them', () => {
  let env: Awaited<ReturnType<typeof createTestPlatform>>;
  let serverLimit: number;

  beforeAll(async () => {
    env = await createTestPlatform({
      DATABASE_STATEMENT_TIMEOUT_MS: '1500',
      DATABASE_JOB_STATEMENT_TIMEOUT_MS: '45000',
      DATABASE_BROAD_READ_POOL_SIZE: '1',
      DATABASE_BROAD_READ_QUEUE: '1',
    });
    const [row] = await env.platform.dataSource.query<Array<{ limit: string }>>('SELECT @@GLOBAL.max_statement_time AS `limit`');
    serverLimit = Number(row.limit);
  });
  afterAll(() => env.close());

  const limitOf = async (dataSource: DataSource) =>
    Number((await dataSource.query<Array<{ limit: string }>>('SELECT @@SESSION.max_statement_time AS `limit`'))[0].limit);

  it('gives each connection the limit of the work taking it, however the work alternates over the pool', async () => {
    const { dataSource, broadReads } = env.platform;
    for (let i = 0; i < 12; i++) {
      expect(await runInRequestScope(`req-limit-${i}-0000`, () => limitOf(dataSource))).toBe(1.5);
      expect(await runInJobScope(undefined, JOB, () => limitOf(dataSource))).toBe(45);
      // Start-up work (migrations, reference data) and the CLIs keep the server's own setting.
      expect(await limitOf(dataSource)).toBe(serverLimit);
      expect(await runInRequestScope(`req-wait-${i}-0000`, () => runWithStatementTimeout(20_000, () => limitOf(dataSource)))).toBe(20);
      expect(await runInRequestScope(`req-broad-${i}-0000`, () => limitOf(broadReads))).toBe(1.5);
    }
  });

  it('stops a request statement at the limit with the error a client reads as QUERY_TIMEOUT', async () => {
    const error = await runInRequestScope('req-sleep-0001', () => env.platform.dataSource.query('SELECT SLEEP(30) AS slept')).catch((e: unknown) => e);
    expect(databaseFailure(error)?.toBody()).toMatchObject({ errorCode: 'QUERY_TIMEOUT', status: 503, data: { retryAfterSeconds: 1 } });
  });

  it('refuses a broad read beyond the pool and its queue at once, and lets a waiter whose client left give up its place', async () => {
    const { broadReads } = env.platform;
    const lockName = `limits-${env.config.queuePrefix}`;
    const holder = await mysql.createConnection(env.config.databaseUrl);
    try {
      await holder.query('SELECT GET_LOCK(?, 5)', [lockName]);
      // The only broad-read connection waits on the named lock (a limit of its own, so only the lock ends it).
      const running = runInRequestScope('req-hold-0001', () =>
        runWithStatementTimeout(60_000, () => broadReads.query<Array<{ got: number }>>('SELECT GET_LOCK(?, 60) AS got', [lockName])),
      );
      await waitFor(
        () => holder.query<mysql.RowDataPacket[]>("SELECT ID FROM information_schema.PROCESSLIST WHERE INFO LIKE 'SELECT GET_LOCK(%, 60)%'"),
        ([rows]) => rows.length === 1,
      );
      const client = new AbortController();
      const queued = runInRequestScope('req-queued-0001', () => broadReads.query('SELECT 1 AS one'), client.signal).catch((e: unknown) => e);
      const refused = await runInRequestScope('req-refused-0001', () => broadReads.query('SELECT 1 AS one')).catch((e: unknown) => e);
      expect(refused).toMatchObject({ errorCode: 'SEARCH_BUSY', status: 503 });

      client.abort();
      expect(await queued).toMatchObject({ errorCode: 'QUERY_CANCELLED', status: 503 });
      await holder.query('SELECT RELEASE_LOCK(?)', [lockName]);
      expect((await running)[0].got).toBe(1);
      await runInRequestScope('req-hold-0002', () => broadReads.query('SELECT RELEASE_LOCK(?)', [lockName]));
      expect(await runInRequestScope('req-after-0001', () => broadReads.query('SELECT 1 AS one'))).toEqual([{ one: 1 }]);
    } finally {
      await holder.end();
    }
  });
});
