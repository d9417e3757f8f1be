import type { DataSource, EntityManager } from 'typeorm';
import type { TimeKeyPosition } from '../../../shared/retention/retention.types';

/** The seat a hold is for: the train set on its date, the car and seat, the stretch between two stations, the luggage option. */
export interface HeldSeat {
  timeTableTrainSetId: number;
  travelDate: string;
  carId: number;
  seatId: number;
  fromPartnerId: number;
  toPartnerId: number;
  luggageId: number;
}

/** What a hold slot records: the seat asked for and who asked. */
export interface SeatHoldSlot extends HeldSeat {
  key: string;
  accountId: string;
}

/** A train_seat_hold row as stored. */
export interface SeatHoldRow {
  hold_key: string;
  account_id: string;
  time_table_train_set_id: number;
  travel_date: string;
  car_id: number;
  seat_id: number;
  from_partner_id: number;
  to_partner_id: number;
  luggage_id: number;
  status: string;
  expires_at: Date;
  created_at: Date;
  released_at: Date | null;
}

/** SQL for train_seat_hold; the seat-hold service decides, this only reads and writes rows. */
export class SeatHoldRepository {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * Takes one of the account's hold slots (a PENDING row until `pendingUntil`), in `m`'s transaction, which the caller
   * has serialised on the account so parallel holds cannot slip past the cap. False, and nothing written, when the
   * account already has `max` active.
   */
  async takeSlot(m: EntityManager, slot: SeatHoldSlot, now: Date, pendingUntil: Date, max: number): Promise<boolean> {
    const [{ active }] = await m.query<Array<{ active: number | string }>>(
      "SELECT COUNT(*) AS active FROM train_seat_hold WHERE account_id = ? AND status IN ('PENDING', 'HELD') AND expires_at > ?",
      [slot.accountId, now],
    );
    if (Number(active) >= max) return false;
    await m.query(
      `INSERT INTO train_seat_hold (hold_key, account_id, time_table_train_set_id, travel_date, car_id, seat_id, from_partner_id, to_partner_id,
           luggage_id, status, expires_at, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 'PENDING', ?, ?)`,
      [
        slot.key,
        slot.accountId,
        slot.timeTableTrainSetId,
        slot.travelDate,
        slot.carId,
        slot.seatId,
        slot.fromPartnerId,
        slot.toPartnerId,
        slot.luggageId,
        pendingUntil,
        now,
      ],
    );
    return true;
  }

  /** The account's own holds among these keys (a key of another account is not found). */
  ownHolds(accountId: string, keys: string[]): Promise<SeatHoldRow[]> {
    return this.dataSource.query<SeatHoldRow[]>(`SELECT * FROM train_seat_hold WHERE account_id = ? AND hold_key IN (${keys.map(() => '?').join(', ')})`, [
      accountId,
      ...keys,
    ]);
  }

  /** The account's holds that became seats of a reservation (in the transaction that stores it). */
  async markReserved(m: EntityManager, accountId: string, keys: string[]): Promise<void> {
    await m.query(`UPDATE train_seat_hold SET status = 'RESERVED' WHERE account_id = ? AND hold_key IN (${keys.map(() => '?').join(', ')})`, [
      accountId,
      ...keys,
    ]);
  }

  /** The provider refused the hold: its slot is given back. */
  async dropPendingSlot(key: string): Promise<void> {
    await this.dataSource.query("DELETE FROM train_seat_hold WHERE hold_key = ? AND status = 'PENDING'", [key]);
  }

  async markHeld(key: string, expiresAt: Date): Promise<void> {
    await this.dataSource.query("UPDATE train_seat_hold SET status = 'HELD', expires_at = ? WHERE hold_key = ?", [expiresAt, key]);
  }

  /** The account's own hold under this key, if any. */
  async ownedBy(key: string, accountId: string): Promise<{ hold_key: string; status: string } | undefined> {
    const [row] = await this.dataSource.query<Array<{ hold_key: string; status: string }>>(
      'SELECT hold_key, status FROM train_seat_hold WHERE hold_key = ? AND account_id = ?',
      [key, accountId],
    );
    return row;
  }

  async markReleased(key: string, now: Date): Promise<void> {
    await this.dataSource.query("UPDATE train_seat_hold SET status = 'RELEASED', released_at = ? WHERE hold_key = ?", [now, key]);
  }

  /**
   * Retention: deletes, of up to `limit` holds that lapsed before `cutoff` (after `after` in (expires_at, hold_key)
   * order on ix_train_seat_hold_expires), those not released since `cutoff` either. Every hold lapses at expires_at,
   * whatever its status (a reserved one lives on in its tickets, which copy the seat), so nothing can use it after.
   * `scanned` is how many were read: the keyset moves past them all.
   */
  async purgeLapsed(cutoff: Date, limit: number, after: TimeKeyPosition | null): Promise<{ removed: number; scanned: number; last: TimeKeyPosition | null }> {
    const keyset = after ? 'AND (expires_at > ? OR (expires_at = ? AND hold_key > ?))' : '';
    const rows: Array<{ hold_key: string; expires_at: Date }> = await this.dataSource.query(
      `SELECT hold_key, expires_at FROM train_seat_hold WHERE expires_at < ? ${keyset} ORDER BY expires_at, hold_key LIMIT ?`,
      [cutoff, ...(after ? [after.at, after.at, after.key] : []), limit],
    );
    if (rows.length === 0) return { removed: 0, scanned: 0, last: null };
    const lastRow = rows[rows.length - 1];
    // READ COMMITTED, by primary key: no gap locks, so new holds never wait on the purge.
    const removed = await this.dataSource.transaction('READ COMMITTED', async (m) => {
      const result: { affectedRows: number } = await m.query(
        `DELETE FROM train_seat_hold WHERE hold_key IN (${rows.map(() => '?').join(', ')}) AND expires_at < ? AND (released_at IS NULL OR released_at < ?)`,
        [...rows.map((r) => r.hold_key), cutoff, cutoff],
      );
      return result.affectedRows;
    });
    return { removed, scanned: rows.length, last: { at: new Date(lastRow.expires_at), key: lastRow.hold_key } };
  }
}
