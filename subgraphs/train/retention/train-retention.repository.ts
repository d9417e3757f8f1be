import type { DataSource } from 'typeorm';

/** The train module's reads for the retention purge of other modules' rows about its bookings. */
export class TrainRetentionRepository {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * The reservations among these that are over (see NotificationBookingSource.finishedBookings): refused (FAILED) or
   * cancelled, or issued with every ticket travelling before `before`'s date, and unchanged since `before`. By primary
   * key, and the tickets by ix_train_ticket_reservation. A reservation not found counts as over.
   */
  async finishedBookings(ids: string[], before: Date): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const rows: Array<{ id: string; finished: number | string }> = await this.dataSource.query(
      `SELECT r.id, (r.updated_at < ? AND (r.status IN ('FAILED', 'CANCELLED')
          OR (r.status = 'ISSUED' AND NOT EXISTS (SELECT 1 FROM train_ticket t WHERE t.reservation_id = r.id AND t.travel_date >= ?)))) AS finished
         FROM train_reservation r WHERE r.id IN (${ids.map(() => '?').join(', ')})`,
      [before, before.toISOString().slice(0, 10), ...ids],
    );
    const found = new Map(rows.map((r) => [r.id, Number(r.finished) === 1]));
    return new Set(ids.filter((id) => found.get(id) ?? true));
  }
}
