import type { DataSource } from 'typeorm';
import { createLogger } from '../logging/logger';
import { LAG_CHECK_MS, ReplicaReadRouter } from './replica-read.router';

/**
 * The lag reading against what servers other than the test's MariaDB answer (test/integration/read-replica.test.ts
 * runs a real one): MySQL's Seconds_Behind_Source, servers that know only SHOW SLAVE STATUS, an empty status, a user
 * who may not read it. Reads answer where they went: 'replica' or 'primary'.
 */

type Status = Array<Record<string, unknown>>;

function fakeReplica(status: (sql: string) => Status) {
  const statements: string[] = [];
  const replica = {
    isInitialized: true,
    initialize: async () => replica,
    destroy: async () => undefined,
    query: async (sql: string) => {
      statements.push(sql);
      return /^SHOW /.test(sql) ? status(sql) : 'replica';
    },
  };
  return { replica: replica as unknown as DataSource, statements };
}

const primary = { query: async () => 'primary' } as unknown as DataSource;
const logger = createLogger('error');

function routerOver(status: (sql: string) => Status, maxLagSeconds = 10) {
  let now = 1_000_000;
  const { replica, statements } = fakeReplica(status);
  const router = new ReplicaReadRouter(primary, replica, logger, { maxLagSeconds, now: () => now });
  return { router, statements, later: () => (now += LAG_CHECK_MS) };
}

const parseError = () => Object.assign(new Error('You have an error in your SQL syntax'), { code: 'ER_PARSE_ERROR' });

describe('ReplicaReadRouter lag limit', () => {
  it("reads MySQL's Seconds_Behind_Source: within the limit the replica serves, beyond it the primary and readiness names the lag", async () => {
    let seconds = 3;
    const { router, later } = routerOver(() => [{ Seconds_Behind_Source: seconds }]);
    expect(await router.query('SELECT 1')).toBe('replica');
    seconds = 30;
    later();
    expect(await router.query('SELECT 1')).toBe('primary');
    await expect(router.ping()).rejects.toThrow('the read replica is 30 s behind the primary (limit 10 s); lag-tolerant reads use the primary');
  });

  it('reads the status at most once per LAG_CHECK_MS however many reads, and never with the limit at 0', async () => {
    const { router, statements, later } = routerOver(() => [{ Seconds_Behind_Master: '0' }]);
    await Promise.all([router.query('SELECT 1'), router.query('SELECT 2'), router.query('SELECT 3')]);
    expect(statements.filter((sql) => sql.startsWith('SHOW'))).toHaveLength(1);
    later();
    await router.query('SELECT 4');
    expect(statements.filter((sql) => sql.startsWith('SHOW'))).toHaveLength(2);
    const unchecked = routerOver(() => [{ Seconds_Behind_Master: null }], 0);
    expect(await unchecked.router.query('SELECT 1')).toBe('replica');
    await unchecked.router.ping();
    expect(unchecked.statements.some((sql) => sql.startsWith('SHOW'))).toBe(false);
  });

  it('falls back to SHOW SLAVE STATUS on a server that does not know SHOW REPLICA STATUS, and keeps to it', async () => {
    const { router, statements, later } = routerOver((sql) => {
      if (sql === 'SHOW REPLICA STATUS') throw parseError();
      return [{ Seconds_Behind_Master: 1 }];
    });
    expect(await router.query('SELECT 1')).toBe('replica');
    later();
    expect(await router.query('SELECT 1')).toBe('replica');
    expect(statements.filter((sql) => sql.startsWith('SHOW'))).toEqual(['SHOW REPLICA STATUS', 'SHOW SLAVE STATUS', 'SHOW SLAVE STATUS']);
  });

  it('sends reads to the primary when the replica replicates from nothing or its user may not read the status', async () => {
    const empty = routerOver(() => []);
    expect(await empty.router.query('SELECT 1')).toBe('primary');
    await expect(empty.router.ping()).rejects.toThrow(/replicates from no primary/);
    const denied = routerOver(() => {
      throw Object.assign(new Error('Access denied; you need the REPLICA MONITOR privilege'), { code: 'ER_SPECIFIC_ACCESS_DENIED_ERROR' });
    });
    expect(await denied.router.query('SELECT 1')).toBe('primary');
    await expect(denied.router.ping()).rejects.toThrow(/status cannot be read .*grant its user REPLICA MONITOR/);
  });
});
