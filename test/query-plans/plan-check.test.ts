import type { Connection } from 'mysql2/promise';
import { createTestPlatform } from '../support/test-platform';
import { seedVolume } from '../../bench/volume/volume-seeder';
import { checkPlans, connectTo, judgePlan, PlanLine, tableAliases } from './plan-check';
import type { RecordedStatement } from './sql-recorder';

const line = (table: string, type: string, rows: number, extra = '', id = 1, key: string | null = 'ix'): PlanLine => ({
  id,
  select_type: 'SIMPLE',
  table,
  type,
  possible_keys: key,
  key,
  rows,
  Extra: extra,
});
const sizes = new Map([
  ['flight_reservation', 100_000],
  ['wallet_hold', 100_000],
  ['company', 14],
  ['gds_sim_seat', 3],
]);

describe('query-plan judgement', () => {
  it('fails a full scan, a full index scan and a large read of a growing table', () => {
    expect(judgePlan('SELECT * FROM flight_reservation WHERE passengers LIKE ?', [line('flight_reservation', 'ALL', 100_000)], sizes)).toEqual([
      { table: 'flight_reservation', problem: 'full scan of flight_reservation (100000 rows)' },
    ]);
    expect(judgePlan('SELECT COUNT(*) FROM flight_reservation', [line('flight_reservation', 'index', 100_000)], sizes)[0].problem).toMatch(/full index scan/);
    expect(judgePlan("SELECT * FROM flight_reservation WHERE status = 'ISSUED'", [line('flight_reservation', 'ref', 80_000)], sizes)[0].problem).toBe(
      'reads 80000 of 100000 rows of flight_reservation (ix)',
    );
  });

  it('fails a sort over many rows, and passes one over the few rows an index found', () => {
    const sorted = judgePlan(
      'SELECT * FROM flight_reservation r WHERE account_id = ? ORDER BY created_at DESC LIMIT 10',
      [line('r', 'ref', 10_000, 'Using filesort')],
      sizes,
    );
    expect(sorted.map((p) => p.problem)).toContain('sorts 10000 rows of flight_reservation (Using filesort)');
    expect(
      judgePlan('SELECT * FROM flight_reservation WHERE pnr = ? ORDER BY created_at', [line('flight_reservation', 'ref', 2, 'Using filesort')], sizes),
    ).toEqual([]);
  });

  it('lets a LIMIT stop a read in index order, unless a later table can reject rows (the old recovery scan)', () => {
    const limited = 'SELECT * FROM flight_reservation WHERE status = ? ORDER BY updated_at LIMIT 50';
    expect(judgePlan(limited, [line('flight_reservation', 'ref', 80_000)], sizes)).toEqual([]);
    const joined =
      "SELECT r.* FROM flight_reservation r JOIN wallet_hold h ON h.business_key = CONCAT('f:', r.id) AND h.status = 'HELD' WHERE r.status = 'ISSUED' ORDER BY r.updated_at LIMIT 50";
    expect(judgePlan(joined, [line('r', 'ref', 80_000), line('h', 'eq_ref', 1, 'Using where')], sizes)[0].problem).toBe(
      'reads 80000 of 100000 rows of flight_reservation (ix)',
    );
  });

  it('names tables by their aliases, and leaves fixed and barely seeded tables alone', () => {
    expect(tableAliases('SELECT t.* FROM flight_ticket t JOIN flight_reservation AS r ON r.id = t.reservation_id WHERE 1')).toEqual(
      new Map([
        ['flight_ticket', 'flight_ticket'],
        ['t', 'flight_ticket'],
        ['flight_reservation', 'flight_reservation'],
        ['r', 'flight_reservation'],
      ]),
    );
    expect(judgePlan('SELECT * FROM company', [line('company', 'ALL', 14)], sizes)).toEqual([]);
    expect(judgePlan('SELECT * FROM gds_sim_seat', [line('gds_sim_seat', 'ALL', 3)], sizes)).toEqual([
      { table: 'gds_sim_seat', problem: 'not judged: gds_sim_seat holds 3 seeded rows (fewer than 1000)', notJudged: true },
    ]);
  });
});

/** The check itself on a seeded database: the statement a careless change would add fails, the indexed ones pass. */
describe('query-plan check against a seeded database', () => {
  let env: Awaited<ReturnType<typeof createTestPlatform>>;
  let connection: Connection;
  const statement = (sql: string, params: unknown[] = []): RecordedStatement => ({ sql, params, caller: 'test' });

  beforeAll(async () => {
    env = await createTestPlatform();
    await seedVolume({ bookings: 1500, databaseUrl: env.config.databaseUrl, redisUrl: env.config.redisUrl, log: () => undefined });
    connection = await connectTo(env.config.databaseUrl);
  }, 120_000);
  afterAll(async () => {
    await connection?.end();
    await env?.close();
  });

  it('fails a lookup by a passenger contact in the JSON (the old ticket lookup) and passes the indexed columns', async () => {
    const { problems } = await checkPlans(connection, [
      statement(
        'SELECT t.* FROM flight_ticket t JOIN flight_reservation r ON r.id = t.reservation_id WHERE LOWER(r.passengers) LIKE ? ORDER BY r.created_at DESC LIMIT ?',
        ['%traveller1@example.com%', 201],
      ),
      statement(
        'SELECT t.* FROM flight_ticket t JOIN flight_reservation r ON r.id = t.reservation_id WHERE t.passenger_email = ? ORDER BY t.booked_at DESC LIMIT ?',
        ['traveller1@example.com', 101],
      ),
      statement('SELECT * FROM flight_reservation WHERE payment_reference = ?', ['SFP0000000001']),
    ]);
    expect([...new Set(problems.map((p) => p.statement.sql.slice(0, 60)))]).toEqual(['SELECT t.* FROM flight_ticket t JOIN flight_reservation r ON']);
    expect(problems[0].problem).toMatch(/^full scan of flight_(ticket|reservation)/);
  });

  it("passes a trip list's pages (issue 26): every filter reads an index that starts with the account", async () => {
    const [{ account_id: accountId }] = (await connection.query('SELECT account_id FROM trip GROUP BY account_id ORDER BY COUNT(*) DESC LIMIT 1'))[0] as Array<{
      account_id: string;
    }>;
    const page = 'SELECT seq, kind, booking_id, account_id FROM trip WHERE account_id = ?';
    const { problems } = await checkPlans(connection, [
      statement(`${page} ORDER BY seq DESC LIMIT ?`, [accountId, 21]),
      statement(`${page} AND kind IN (?) AND seq < ? ORDER BY seq DESC LIMIT ?`, [accountId, ['TRAIN'], '999999999', 21]),
      statement(`${page} AND status IN (?) ORDER BY seq DESC LIMIT ?`, [accountId, ['ISSUED'], 21]),
      statement(`${page} AND departure_date >= ? AND departure_date <= ? ORDER BY seq DESC LIMIT ?`, [accountId, '2026-01-01', '2026-02-01', 21]),
      statement('SELECT seq, kind, booking_id FROM trip WHERE status = ? ORDER BY created_at DESC LIMIT ?', ['ISSUED', 21]),
    ]);
    // Only the careless one (no account, sorted by an unindexed column) is refused: a full scan and a sort of the table.
    expect(new Set(problems.map((p) => p.statement.sql))).toEqual(
      new Set(['SELECT seq, kind, booking_id FROM trip WHERE status = ? ORDER BY created_at DESC LIMIT ?']),
    );
    expect(problems.map((p) => p.problem)).toContainEqual(expect.stringMatching(/^full scan of trip/));
  });

  it('reports a statement it cannot explain', async () => {
    const { problems } = await checkPlans(connection, [statement('SELECT nope FROM flight_ticket')]);
    expect(problems[0].problem).toMatch(/^EXPLAIN failed: Unknown column/);
  });
});
