import type { DataSource } from 'typeorm';
import type { Queue } from 'bullmq';
import type { RunningStack } from '../../bin/stack.wiring';
import type { Clock } from '../../shared/time/clock.port';
import { waitFor } from '../../test/support/wait';
import { FlowContext, FlowSpec } from './booking-flows';

/** One table row as mysql2 reads it with every value as text (or null): what the seeder clones. */
export type RawRow = Record<string, string | null>;

/** What one run of a flow left in each table: its rows, by table. */
export interface Bundle {
  flow: FlowSpec;
  /** The flow's number: its passengers' template contacts carry it. */
  n: number;
  rows: Map<string, RawRow[]>;
}

/** Tables whose rows are the same for every booking (reference data, bookkeeping): never captured or cloned. */
export const REFERENCE_TABLES = new Set([
  'schema_migration',
  'company',
  'signing_key',
  'account',
  'wallet',
  'gds_sim_seat',
  'gds_sim_trigger',
  'rail_sim_trigger',
]);

/** The system clock moved forward by however much time the flows let pass: it keeps ticking, so rows keep their order. */
export class PassingClock implements Clock {
  private offsetMs = 0;
  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }
  advance(ms: number): void {
    this.offsetMs += ms;
  }
  reset(): void {
    this.offsetMs = 0;
  }
}

/** How long the flows let pass after their requests, so every deadline (payment windows, reminders, expiries) falls due. */
const TIME_PASSED_MS = 2 * 3600_000;

interface TableKey {
  table: string;
  key: string[];
}

async function tableKeys(dataSource: DataSource): Promise<TableKey[]> {
  const rows = await dataSource.query<Array<{ table_name: string; column_name: string }>>(
    `SELECT TABLE_NAME AS table_name, COLUMN_NAME AS column_name FROM information_schema.KEY_COLUMN_USAGE
      WHERE TABLE_SCHEMA = DATABASE() AND CONSTRAINT_NAME = 'PRIMARY' ORDER BY TABLE_NAME, ORDINAL_POSITION`,
  );
  const byTable = new Map<string, string[]>();
  for (const r of rows) byTable.set(r.table_name, [...(byTable.get(r.table_name) ?? []), r.column_name]);
  return [...byTable].filter(([table]) => !REFERENCE_TABLES.has(table)).map(([table, key]) => ({ table, key }));
}

/** Every row of a table with its values as text, as the seeder writes them back (DATETIME as 'YYYY-MM-DD hh:mm:ss.fff'), without generated columns. */
export async function textRows(dataSource: DataSource, table: string): Promise<RawRow[]> {
  // Generated columns are the server's to fill: a copy leaves them out.
  const columns = await dataSource.query<Array<{ name: string; type: string }>>(
    `SELECT COLUMN_NAME AS name, DATA_TYPE AS type FROM information_schema.COLUMNS
      WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = ? AND EXTRA NOT LIKE '%GENERATED%' ORDER BY ORDINAL_POSITION`,
    [table],
  );
  const select = columns.map(({ name, type }) =>
    type === 'datetime' ? `DATE_FORMAT(\`${name}\`, '%Y-%m-%d %H:%i:%s.%f') AS \`${name}\`` : `CAST(\`${name}\` AS CHAR) AS \`${name}\``,
  );
  const rows = await dataSource.query<RawRow[]>(`SELECT ${select.join(', ')} FROM \`${table}\``);
  // %f gives microseconds; the columns keep milliseconds.
  for (const row of rows) for (const { name, type } of columns) if (type === 'datetime' && row[name]) row[name] = row[name]!.slice(0, 23);
  return rows;
}

async function queuesAreIdle(queues: Queue[]): Promise<boolean> {
  for (const queue of queues) {
    if (await queue.isPaused()) continue;
    const counts = await queue.getJobCounts('waiting', 'active', 'prioritized', 'waiting-children');
    if (Object.values(counts).some((n) => n > 0)) return false;
  }
  return true;
}

/** Waits until every outbox row is relayed and no job waits or runs (recurring jobs aside, which are delayed). */
async function settle(stack: RunningStack): Promise<void> {
  const { dataSource, queues } = stack.platform;
  await waitFor(
    async () => {
      const [{ n }] = await dataSource.query<Array<{ n: string }>>('SELECT COUNT(*) AS n FROM outbox_message WHERE relayed_at IS NULL');
      if (Number(n) > 0) return false;
      const names = await queues.existingNames();
      return queuesAreIdle(names.map((name) => queues.get(name)));
    },
    (idle) => idle,
    60_000,
  );
}

/** Runs now every delayed job that is not a recurring one (a deadline that has come, with the clock moved past it). */
async function promoteDelayed(stack: RunningStack): Promise<number> {
  let promoted = 0;
  for (const name of await stack.platform.queues.existingNames()) {
    const queue = stack.platform.queues.get(name);
    for (const job of await queue.getJobs(['delayed'], 0, 999)) {
      if (job.repeatJobKey || job.id?.startsWith('repeat:')) continue;
      await job.promote().catch(() => undefined);
      promoted++;
    }
  }
  return promoted;
}

async function snapshot(dataSource: DataSource, tables: TableKey[]): Promise<Map<string, Set<string>>> {
  const keys = new Map<string, Set<string>>();
  for (const { table, key } of tables) {
    const rows = await dataSource.query<RawRow[]>(`SELECT ${key.map((k) => `CAST(\`${k}\` AS CHAR) AS \`${k}\``).join(', ')} FROM \`${table}\``);
    keys.set(table, new Set(rows.map((r) => key.map((k) => r[k]).join('\u0000'))));
  }
  return keys;
}

/**
 * Runs each flow once on a stack whose clock the caller controls, lets two hours pass for flows that are not live
 * (delayed jobs promoted and run with the moved clock: expiries, reminders), and answers the rows each run added.
 */
export async function captureBundles(stack: RunningStack, clock: PassingClock, ctx: FlowContext, flows: FlowSpec[]): Promise<Bundle[]> {
  const { dataSource } = stack.platform;
  const tables = await tableKeys(dataSource);
  const bundles: Bundle[] = [];
  for (const [n, flow] of flows.entries()) {
    clock.reset();
    const before = await snapshot(dataSource, tables);
    const paused = (flow.pausedQueues ?? []).map((name) => stack.platform.queues.get(name));
    for (const queue of paused) await queue.pause();
    await flow.run(ctx, n);
    await settle(stack);
    if (!flow.live) {
      clock.advance(TIME_PASSED_MS);
      // Bounded: a job that keeps failing would be promoted for ever.
      for (let round = 0; round < 20 && (await promoteDelayed(stack)) > 0; round++) await settle(stack);
    }
    const rows = new Map<string, RawRow[]>();
    for (const { table, key } of tables) {
      const seen = before.get(table)!;
      const added = (await textRows(dataSource, table)).filter((r) => !seen.has(key.map((k) => r[k]).join('\u0000')));
      if (added.length) rows.set(table, added);
    }
    bundles.push({ flow, n, rows });
    for (const queue of paused) await queue.resume();
    await settle(stack);
  }
  clock.reset();
  const roots = new Set<string>();
  for (const [table, column] of Object.entries(ROOTS)) {
    for (const row of await dataSource.query<RawRow[]>(`SELECT \`${column}\` AS id FROM \`${table}\``)) roots.add(row.id!);
  }
  return withoutOthersRows(bundles, roots);
}

/** The rows that start a booking's story: whatever else names one of these belongs to that booking. */
const ROOTS: Record<string, string> = { flight_reservation: 'id', train_reservation: 'id', notification: 'id', notification_delivery: 'id' };
/** The column naming each child's parent row. */
const PARENTS: Record<string, string> = { notification_delivery: 'notification_id', notification_attempt: 'delivery_id' };

/**
 * Drops from each bundle the rows about a booking or message it did not make: work a live flow left waiting (its
 * reminder) runs when the next flow lets time pass, and the welcome messages of the flows' accounts are sent during
 * the first flow, so their deliveries land in those captures. A copy must not carry them: it would name a
 * notification or reservation that no copy of its own writes. `roots` are every such id in the scratch database.
 */
function withoutOthersRows(bundles: Bundle[], roots: Set<string>): Bundle[] {
  const uuid = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;
  for (const bundle of bundles) {
    const own = new Set<string>();
    for (const [table, column] of Object.entries(ROOTS)) for (const row of bundle.rows.get(table) ?? []) own.add(row[column]!);
    // Children name their parent in a column: the parent must be this bundle's (it may be gone from the scratch
    // database by then, so `roots` alone would not tell).
    const ownParent = (row: RawRow, table: string) => {
      const parent = PARENTS[table];
      return !parent || own.has(row[parent]!);
    };
    // Parents before children, so a child follows its parent out.
    for (const table of [...Object.keys(ROOTS), ...[...bundle.rows.keys()].filter((t) => !(t in ROOTS))]) {
      const rows = bundle.rows.get(table);
      if (!rows) continue;
      const kept = rows.filter(
        (row) => ownParent(row, table) && Object.values(row).every((value) => !value || (value.match(uuid) ?? []).every((id) => !roots.has(id) || own.has(id))),
      );
      if (table in ROOTS) {
        for (const row of rows) if (!kept.includes(row)) own.delete(row[ROOTS[table]]!);
      }
      if (kept.length) bundle.rows.set(table, kept);
      else bundle.rows.delete(table);
    }
  }
  return bundles;
}
