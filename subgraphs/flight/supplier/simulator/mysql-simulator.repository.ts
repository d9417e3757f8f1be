import { createHash } from 'node:crypto';
import type { DataSource, QueryRunner } from 'typeorm';
import { insertUnlessDuplicate } from '../../../../shared/database/data-source.factory';
import { purgeAgedBookings, purgeAgedRows } from '../../../../shared/retention/aged-rows.repository';
import type { InsertBookingOutcome, SeatClaim, SimulatorBooking, SimulatorStore, VersionedBooking } from './simulator.store';

/** InnoDB may still pick a victim among concurrent inserts of one unique key; the loser simply runs again. */
const DEADLOCK_ATTEMPTS = 5;

/** Fixed-length keys for free-form strings (idempotency keys, search criteria), which may exceed an index. */
function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

function isDeadlock(error: unknown): boolean {
  const e = error as { code?: string; driverError?: { code?: string } };
  return e?.code === 'ER_LOCK_DEADLOCK' || e?.driverError?.code === 'ER_LOCK_DEADLOCK';
}

const placeholders = (n: number): string => Array<string>(n).fill('?').join(', ');

/**
 * The simulator's state in the platform database (tables gds_sim_*, migration GdsSimulator1763800000310), so the
 * API replicas and the worker see the same PNRs and seats, and a restart forgets nothing. Seats are taken by a
 * conditional UPDATE on the flight's counter row, idempotency keys are a primary key, and bookings change by
 * compare-and-set on a version: concurrent processes never oversell, double-book or lose an update.
 */
export class MysqlSimulatorStore implements SimulatorStore {
  constructor(private readonly dataSource: DataSource) {}

  async soldSeats(keys: readonly string[]): Promise<Map<string, number>> {
    if (keys.length === 0) return new Map();
    const rows: Array<{ inventory_key: string; sold: number }> = await this.dataSource.query(
      `SELECT inventory_key, sold FROM gds_sim_seat WHERE inventory_key IN (${placeholders(keys.length)})`,
      [...keys],
    );
    return new Map(rows.map((r) => [r.inventory_key, Number(r.sold)]));
  }

  async insertBooking(input: { idempotencyKey: string; state: SimulatorBooking; claims: SeatClaim[]; seatCount: number }): Promise<InsertBookingOutcome> {
    const { idempotencyKey, state, seatCount } = input;
    const pnr = state.booking.pnr;
    const claims = [...input.claims].sort((x, y) => (x.key < y.key ? -1 : x.key > y.key ? 1 : 0));
    // Counter rows are created beforehand, outside the transaction: inside it, bookings then lock seats only by
    // UPDATE and in key order, so two bookings of the same flights queue instead of deadlocking.
    if (claims.length > 0) {
      await this.dataSource.query(
        `INSERT IGNORE INTO gds_sim_seat (inventory_key, capacity, sold) VALUES ${claims.map(() => '(?, ?, 0)').join(', ')}`,
        claims.flatMap((c) => [c.key, c.capacity]),
      );
    }
    const outcome = await this.transaction<InsertBookingOutcome['kind']>(async (q) => {
      // First, so a concurrent call with the same key waits here, holding nothing, until this one commits.
      if (!(await insertUnlessDuplicate(q, 'INSERT INTO gds_sim_booking_key (key_hash, pnr) VALUES (?, ?)', [sha256(idempotencyKey), pnr]))) {
        return { commit: false, value: 'KEY_TAKEN' };
      }
      for (const c of claims) {
        const taken = await q.query(
          'UPDATE gds_sim_seat SET sold = sold + ? WHERE inventory_key = ? AND sold + ? <= capacity',
          [seatCount, c.key, seatCount],
          true,
        );
        if (taken.affected !== 1) return { commit: false, value: 'NO_SEATS' };
      }
      if (!(await insertUnlessDuplicate(q, 'INSERT INTO gds_sim_booking (pnr, payload, version) VALUES (?, ?, 1)', [pnr, JSON.stringify(state)]))) {
        return { commit: false, value: 'PNR_TAKEN' };
      }
      return { commit: true, value: 'INSERTED' };
    });
    if (outcome !== 'KEY_TAKEN') return { kind: outcome };
    // The other call has committed (the duplicate is only reported then), so its PNR can be read now.
    const winner = await this.pnrForKey(idempotencyKey);
    if (!winner) throw new Error('idempotency key reported taken but not found');
    return { kind: 'KEY_TAKEN', pnr: winner };
  }

  async pnrForKey(idempotencyKey: string): Promise<string | null> {
    const [row]: Array<{ pnr: string }> = await this.dataSource.query('SELECT pnr FROM gds_sim_booking_key WHERE key_hash = ?', [sha256(idempotencyKey)]);
    return row?.pnr ?? null;
  }

  async getBooking(pnr: string): Promise<VersionedBooking | null> {
    const [row]: Array<{ payload: string; version: number }> = await this.dataSource.query('SELECT payload, version FROM gds_sim_booking WHERE pnr = ?', [pnr]);
    return row ? { state: JSON.parse(row.payload) as SimulatorBooking, version: Number(row.version) } : null;
  }

  async updateBooking(pnr: string, version: number, state: SimulatorBooking, releaseSeats = 0): Promise<boolean> {
    const compareAndSet = async (q: QueryRunner): Promise<boolean> => {
      const updated = await q.query(
        'UPDATE gds_sim_booking SET payload = ?, version = version + 1, updated_at = CURRENT_TIMESTAMP(3) WHERE pnr = ? AND version = ?',
        [JSON.stringify(state), pnr, version],
        true,
      );
      return updated.affected === 1;
    };
    if (releaseSeats <= 0 || state.seats.length === 0) return this.withRunner(compareAndSet);
    return this.transaction(async (q) => {
      if (!(await compareAndSet(q))) return { commit: false, value: false };
      await q.query(`UPDATE gds_sim_seat SET sold = GREATEST(sold - ?, 0) WHERE inventory_key IN (${placeholders(state.seats.length)})`, [
        releaseSeats,
        ...state.seats,
      ]);
      return { commit: true, value: true };
    });
  }

  async hit(trigger: string): Promise<number> {
    const hash = sha256(trigger);
    return this.transaction(async (q) => {
      await q.query('INSERT INTO gds_sim_trigger (trigger_hash, trigger_name, hits) VALUES (?, ?, 1) ON DUPLICATE KEY UPDATE hits = hits + 1', [
        hash,
        trigger.slice(0, 255),
      ]);
      // The row is locked by this transaction until commit, so the count read is this call's own.
      const [row]: Array<{ hits: number }> = await q.query('SELECT hits FROM gds_sim_trigger WHERE trigger_hash = ?', [hash]);
      return { commit: true, value: Number(row.hits) };
    });
  }

  async claimTicketNumber(ticketNumber: string, owner: string): Promise<boolean> {
    const inserted: { affectedRows: number } = await this.dataSource.query('INSERT IGNORE INTO gds_sim_ticket (ticket_number, owner) VALUES (?, ?)', [
      ticketNumber,
      owner,
    ]);
    if (inserted.affectedRows === 1) return true;
    const [row]: Array<{ owner: string }> = await this.dataSource.query('SELECT owner FROM gds_sim_ticket WHERE ticket_number = ?', [ticketNumber]);
    return row?.owner === owner;
  }

  /**
   * Retention (docs/decisions.md "Retention"): up to `limit` bookings unchanged since `cutoff`, with their
   * idempotency keys (a key without its booking would answer a repeat with nothing). The caller's cutoff lies past the
   * schedule horizon: every flight of such a booking has flown.
   */
  async purgeBookings(cutoff: Date, limit: number): Promise<{ bookings: number; keys: number; more: boolean }> {
    return purgeAgedBookings(this.dataSource, { bookings: 'gds_sim_booking', keys: 'gds_sim_booking_key' }, cutoff, limit);
  }

  /** Retention: up to `limit` seat counters of flights dated before `beforeDate` (YYYY-MM-DD): flown, no longer sold. */
  async purgeSeats(beforeDate: string, limit: number): Promise<{ removed: number; more: boolean }> {
    return purgeAgedRows(this.dataSource, { table: 'gds_sim_seat', key: ['inventory_key'], age: 'flight_date', order: 'flight_date' }, beforeDate, limit);
  }

  /** Retention: up to `limit` trigger counters first hit before `cutoff` (past the schedule horizon: their bookings are gone). */
  async purgeTriggers(cutoff: Date, limit: number): Promise<{ removed: number; more: boolean }> {
    return purgeAgedRows(
      this.dataSource,
      { table: 'gds_sim_trigger', key: ['trigger_hash'], age: 'created_at', order: 'created_at, trigger_hash' },
      cutoff,
      limit,
    );
  }

  private async withRunner<T>(fn: (q: QueryRunner) => Promise<T>): Promise<T> {
    const q = this.dataSource.createQueryRunner();
    try {
      return await fn(q);
    } finally {
      await q.release();
    }
  }

  /** Runs fn in a READ COMMITTED transaction (no gap locks), committing or rolling back as it says; retries deadlock victims. */
  private async transaction<T>(fn: (q: QueryRunner) => Promise<{ commit: boolean; value: T }>): Promise<T> {
    for (let attempt = 1; ; attempt += 1) {
      const q = this.dataSource.createQueryRunner();
      await q.connect();
      try {
        await q.startTransaction('READ COMMITTED');
        const { commit, value } = await fn(q);
        await (commit ? q.commitTransaction() : q.rollbackTransaction());
        return value;
      } catch (error) {
        if (q.isTransactionActive) await q.rollbackTransaction().catch(() => undefined);
        if (!isDeadlock(error) || attempt >= DEADLOCK_ATTEMPTS) throw error;
      } finally {
        await q.release();
      }
    }
  }
}
