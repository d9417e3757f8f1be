import type { DataSource } from 'typeorm';

/** What a hold slot records: the seat asked for and who asked. */
export interface SeatHoldSlot {
  key: string;
  accountId: string;
  timeTableTrainSetId: number;
  travelDate: string;
  carId: number;
  seatId: number;
  fromPartnerId: number;
  toPartnerId: number;
  luggageId: number;
}

/** SQL for train_seat_hold; the seat-hold service decides, this only reads and writes rows. */
export class SeatHoldRepository {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * Takes one of the account's hold slots (a PENDING row until `pendingUntil`) under a lock on the account row, so
   * parallel holds cannot slip past the cap. False, and nothing written, when the account already has `max` active.
   */
  async takeSlot(slot: SeatHoldSlot, now: Date, pendingUntil: Date, max: number): Promise<boolean> {
    return this.dataSource.transaction(async (m) => {
      await m.query('SELECT id FROM account WHERE id = ? FOR UPDATE', [slot.accountId]);
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
    });
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
}
