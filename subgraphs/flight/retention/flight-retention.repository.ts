import type { DataSource } from 'typeorm';

/** Statuses after which a flight reservation causes no automatic message: issued, or cancelled in any of its ways. */
const OVER = "'ISSUED', 'CANCELLED', 'REFUND_PENDING', 'REFUND_REQUIRED'";

/** The flight module's reads for the retention purge of other modules' rows about its bookings. */
export class FlightRetentionRepository {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * The reservations among these that are over (see NotificationBookingSource.finishedBookings): in a final status
   * and unchanged since `before`; an issued one also with every flight departing before `before`'s date. By primary
   * key, and the tickets by their (reservation_id, ...) unique key. A reservation not found counts as over.
   */
  async finishedBookings(ids: string[], before: Date): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const rows: Array<{ id: string; finished: number | string }> = await this.dataSource.query(
      `SELECT r.id, (r.status IN (${OVER}) AND r.updated_at < ?
          AND (r.status <> 'ISSUED' OR NOT EXISTS (SELECT 1 FROM flight_ticket t WHERE t.reservation_id = r.id AND t.departure_date >= ?))) AS finished
         FROM flight_reservation r WHERE r.id IN (${ids.map(() => '?').join(', ')})`,
      [before, before.toISOString().slice(0, 10), ...ids],
    );
    const found = new Map(rows.map((r) => [r.id, Number(r.finished) === 1]));
    return new Set(ids.filter((id) => found.get(id) ?? true));
  }
}
