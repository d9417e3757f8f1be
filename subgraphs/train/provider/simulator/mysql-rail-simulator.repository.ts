import { createHash } from 'node:crypto';
import type { DataSource, QueryRunner } from 'typeorm';
import { insertUnlessDuplicate } from '../../../../shared/database/data-source.factory';
import { purgeAgedBookings, purgeAgedRows } from '../../../../shared/retention/aged-rows.repository';
import type {
  ClaimOutcome,
  InsertReservationOutcome,
  LegWindow,
  RailSimulatorStore,
  SimReservation,
  StoredHold,
  VersionedReservation,
} from './rail-simulator.store';

/** InnoDB may still pick a victim among concurrent inserts of one unique key; the loser simply runs again. */
const DEADLOCK_ATTEMPTS = 5;

/** Fixed-length keys for caller-chosen strings (hold and idempotency keys), which may exceed an index. */
const sha256 = (value: string): string => createHash('sha256').update(value).digest('hex');

function isDeadlock(error: unknown): boolean {
  const e = error as { code?: string; driverError?: { code?: string } };
  return e?.code === 'ER_LOCK_DEADLOCK' || e?.driverError?.code === 'ER_LOCK_DEADLOCK';
}

const placeholders = (n: number): string => Array<string>(n).fill('?').join(', ');

/** Thrown inside a transaction to roll it back with an answer. */
class Abort<T> {
  constructor(readonly value: T) {}
}

/**
 * The rail simulator's state in the platform database (tables rail_sim_*, migrations RailSimulator1763800000400 and
 * RailSimulatorTicketNumbers1764000000520).
 * A seat segment is a row whose primary key is (train and date, seat, segment): a hold inserts its segments in one
 * transaction, so of two processes holding the same segment exactly one succeeds and the other gets the duplicate.
 * Expired holds' rows are deleted by the next claim of those segments; reservations change by compare-and-set.
 */
export class MysqlRailSimulatorStore implements RailSimulatorStore {
  constructor(private readonly dataSource: DataSource) {}

  async takenSeats(legs: readonly LegWindow[], now: number): Promise<Map<string, Set<number>>> {
    const out = new Map(legs.map((l) => [l.tripKey, new Set<number>()]));
    if (legs.length === 0) return out;
    // One statement for every train of a search, each a range of the primary key (trip_key, seat_id,
    // segment_no); DISTINCT folds a seat's segments into one row, so only taken seats come back.
    const rows: Array<{ trip_key: string; seat_id: number }> = await this.dataSource.query(
      `SELECT DISTINCT trip_key, seat_id FROM rail_sim_seat_segment
        WHERE (${legs.map(() => '(trip_key = ? AND segment_no >= ? AND segment_no < ?)').join(' OR ')}) AND (sold = 1 OR expires_at > ?)`,
      [...legs.flatMap((l) => [l.tripKey, l.firstSegment, l.endSegment]), now],
    );
    for (const r of rows) out.get(r.trip_key)?.add(Number(r.seat_id));
    return out;
  }

  async claimSeat(hold: StoredHold, now: number): Promise<ClaimOutcome> {
    const owner = sha256(hold.key);
    const segments = [...hold.segments].sort((x, y) => x - y);
    return this.transaction<ClaimOutcome>(async (q) => {
      if (
        !(await insertUnlessDuplicate(q, 'INSERT INTO rail_sim_hold (key_hash, payload, status) VALUES (?, ?, ?)', [owner, JSON.stringify(hold), hold.status]))
      ) {
        throw new Abort<ClaimOutcome>('KEY_TAKEN');
      }
      await q.query(
        `DELETE FROM rail_sim_seat_segment WHERE trip_key = ? AND seat_id = ? AND segment_no IN (${placeholders(segments.length)}) AND sold = 0 AND expires_at <= ?`,
        [hold.tripKey, hold.seatId, ...segments, now],
      );
      // One multi-row insert in segment order: a concurrent claim of any of these segments waits, then collides.
      const inserted = await insertUnlessDuplicate(
        q,
        `INSERT INTO rail_sim_seat_segment (trip_key, seat_id, segment_no, owner_hash, sold, expires_at) VALUES ${segments.map(() => '(?, ?, ?, ?, 0, ?)').join(', ')}`,
        segments.flatMap((s) => [hold.tripKey, hold.seatId, s, owner, hold.expiresAt]),
      );
      if (!inserted) throw new Abort<ClaimOutcome>('TAKEN');
      return 'CLAIMED';
    });
  }

  async getHold(key: string): Promise<StoredHold | null> {
    const [row]: Array<{ payload: string; status: StoredHold['status'] }> = await this.dataSource.query(
      'SELECT payload, status FROM rail_sim_hold WHERE key_hash = ?',
      [sha256(key)],
    );
    return row ? { ...(JSON.parse(row.payload) as StoredHold), status: row.status } : null;
  }

  async releaseHold(key: string): Promise<boolean> {
    const owner = sha256(key);
    return this.transaction(async (q) => {
      const updated = await q.query("UPDATE rail_sim_hold SET status = 'RELEASED' WHERE key_hash = ? AND status = 'HELD'", [owner], true);
      if (updated.affected !== 1) return false;
      await q.query('DELETE FROM rail_sim_seat_segment WHERE owner_hash = ? AND sold = 0', [owner]);
      return true;
    });
  }

  async insertReservation(input: { idempotencyKey: string; state: SimReservation; now: number }): Promise<InsertReservationOutcome> {
    const { idempotencyKey, state, now } = input;
    const pnr = state.reservation.pnr;
    // Holds are locked in hash order, so two reservations sharing holds queue instead of deadlocking.
    const holds = state.holdKeys.map((key) => ({ key, owner: sha256(key) })).sort((x, y) => (x.owner < y.owner ? -1 : 1));
    const outcome = await this.transaction<InsertReservationOutcome>(async (q) => {
      // First, so a concurrent call with the same key waits here until this one commits, then sees the duplicate.
      if (!(await insertUnlessDuplicate(q, 'INSERT INTO rail_sim_reservation_key (key_hash, pnr) VALUES (?, ?)', [sha256(idempotencyKey), pnr]))) {
        throw new Abort<InsertReservationOutcome>({ kind: 'KEY_TAKEN', pnr: '' });
      }
      for (const { key, owner } of holds) {
        const [row]: Array<{ payload: string; status: string }> = await q.query('SELECT payload, status FROM rail_sim_hold WHERE key_hash = ? FOR UPDATE', [
          owner,
        ]);
        if (!row || row.status !== 'HELD') throw new Abort<InsertReservationOutcome>({ kind: 'HOLD_GONE', key });
        const hold = JSON.parse(row.payload) as StoredHold;
        const sold = await q.query(
          'UPDATE rail_sim_seat_segment SET sold = 1, expires_at = NULL, pnr = ? WHERE owner_hash = ? AND sold = 0 AND expires_at > ?',
          [pnr, owner, now],
          true,
        );
        if (sold.affected !== hold.segments.length) throw new Abort<InsertReservationOutcome>({ kind: 'HOLD_GONE', key });
        await q.query("UPDATE rail_sim_hold SET status = 'RESERVED' WHERE key_hash = ?", [owner]);
      }
      if (!(await insertUnlessDuplicate(q, 'INSERT INTO rail_sim_reservation (pnr, payload, version) VALUES (?, ?, 1)', [pnr, JSON.stringify(state)]))) {
        throw new Abort<InsertReservationOutcome>({ kind: 'PNR_TAKEN' });
      }
      const numbers = state.reservation.ticketNumbers;
      const inserted = await insertUnlessDuplicate(
        q,
        `INSERT INTO rail_sim_ticket_number (ticket_number, pnr) VALUES ${numbers.map(() => '(?, ?)').join(', ')}`,
        numbers.flatMap((n) => [n, pnr]),
      );
      if (!inserted) throw new Abort<InsertReservationOutcome>({ kind: 'PNR_TAKEN' });
      return { kind: 'INSERTED' };
    });
    if (outcome.kind !== 'KEY_TAKEN') return outcome;
    // The other call has committed (the duplicate is only reported then), so its PNR can be read now.
    const winner = await this.pnrForKey(idempotencyKey);
    if (!winner) throw new Error('idempotency key reported taken but not found');
    return { kind: 'KEY_TAKEN', pnr: winner };
  }

  async pnrForKey(idempotencyKey: string): Promise<string | null> {
    const [row]: Array<{ pnr: string }> = await this.dataSource.query('SELECT pnr FROM rail_sim_reservation_key WHERE key_hash = ?', [sha256(idempotencyKey)]);
    return row?.pnr ?? null;
  }

  async getReservation(pnr: string): Promise<VersionedReservation | null> {
    const [row]: Array<{ payload: string; version: number }> = await this.dataSource.query('SELECT payload, version FROM rail_sim_reservation WHERE pnr = ?', [
      pnr,
    ]);
    return row ? { state: JSON.parse(row.payload) as SimReservation, version: Number(row.version) } : null;
  }

  async updateReservation(pnr: string, version: number, state: SimReservation, releaseSeats = false): Promise<boolean> {
    return this.transaction(async (q) => {
      const updated = await q.query(
        'UPDATE rail_sim_reservation SET payload = ?, version = version + 1, updated_at = CURRENT_TIMESTAMP(3) WHERE pnr = ? AND version = ?',
        [JSON.stringify(state), pnr, version],
        true,
      );
      if (updated.affected !== 1) return false;
      if (releaseSeats) await q.query('DELETE FROM rail_sim_seat_segment WHERE pnr = ?', [pnr]);
      return true;
    });
  }

  async hit(trigger: string): Promise<number> {
    const hash = sha256(trigger);
    return this.transaction(async (q) => {
      await q.query('INSERT INTO rail_sim_trigger (trigger_hash, trigger_name, hits) VALUES (?, ?, 1) ON DUPLICATE KEY UPDATE hits = hits + 1', [
        hash,
        trigger.slice(0, 255),
      ]);
      // The row is locked by this transaction until commit, so the count read is this call's own.
      const [row]: Array<{ hits: number }> = await q.query('SELECT hits FROM rail_sim_trigger WHERE trigger_hash = ?', [hash]);
      return Number(row.hits);
    });
  }

  /**
   * Retention (docs/decisions.md "Retention"): up to `limit` holds made before `cutoff`. A hold lasts at most an hour
   * (SGR_HOLD_LIFETIME_SECONDS), then it is reserved, released or lapsed, and nothing reads it again.
   */
  async purgeHolds(cutoff: Date, limit: number): Promise<{ removed: number; more: boolean }> {
    return purgeAgedRows(this.dataSource, { table: 'rail_sim_hold', key: ['key_hash'], age: 'created_at', order: 'created_at, key_hash' }, cutoff, limit);
  }

  /** Retention: up to `limit` seat segments of trains whose service date is before `beforeDate` (YYYY-MM-DD): gone, no longer sold. */
  async purgeSeatSegments(beforeDate: string, limit: number): Promise<{ removed: number; more: boolean }> {
    const key = ['trip_key', 'seat_id', 'segment_no'];
    return purgeAgedRows(this.dataSource, { table: 'rail_sim_seat_segment', key, age: 'service_date', order: 'service_date' }, beforeDate, limit);
  }

  /**
   * Retention: up to `limit` reservations unchanged since `cutoff`, with their idempotency keys (a key without its
   * reservation would answer a repeat with nothing). The caller's cutoff lies past the sales horizon: every train of
   * such a reservation has gone.
   */
  async purgeReservations(cutoff: Date, limit: number): Promise<{ reservations: number; keys: number; more: boolean }> {
    const { bookings, keys, more } = await purgeAgedBookings(
      this.dataSource,
      { bookings: 'rail_sim_reservation', keys: 'rail_sim_reservation_key' },
      cutoff,
      limit,
    );
    return { reservations: bookings, keys, more };
  }

  /** Retention: up to `limit` trigger counters first hit before `cutoff` (past the sales horizon: their bookings are gone). */
  async purgeTriggers(cutoff: Date, limit: number): Promise<{ removed: number; more: boolean }> {
    return purgeAgedRows(
      this.dataSource,
      { table: 'rail_sim_trigger', key: ['trigger_hash'], age: 'created_at', order: 'created_at, trigger_hash' },
      cutoff,
      limit,
    );
  }

  /** Runs fn in a READ COMMITTED transaction (no gap locks); an Abort rolls back with its value; deadlock victims run again. */
  private async transaction<T>(fn: (q: QueryRunner) => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt += 1) {
      const q = this.dataSource.createQueryRunner();
      await q.connect();
      try {
        await q.startTransaction('READ COMMITTED');
        const value = await fn(q);
        await q.commitTransaction();
        return value;
      } catch (error) {
        if (q.isTransactionActive) await q.rollbackTransaction().catch(() => undefined);
        if (error instanceof Abort) return error.value as T;
        if (!isDeadlock(error) || attempt >= DEADLOCK_ATTEMPTS) throw error;
      } finally {
        await q.release();
      }
    }
  }
}
