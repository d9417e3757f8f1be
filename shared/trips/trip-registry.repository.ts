import type { DataSource, EntityManager } from 'typeorm';
import type { Queryable } from '../database/transactor.port';
import type { TripKind } from './trip-id.codec';

/** What a booking module tells the registry when it creates a booking. */
export interface NewTrip {
  kind: TripKind;
  bookingId: string;
  accountId: string;
  status: string;
  /** The first departure's local calendar date (YYYY-MM-DD), as the booking shows it; never shifted through UTC. */
  departureDate: string | null;
  createdAt: Date;
}

/** One registry row as a trips page reads it. */
export interface TripRow {
  seq: string;
  kind: TripKind;
  bookingId: string;
  accountId: string;
}

/** What a page may be narrowed to; every part is optional. */
export interface TripRowFilter {
  kinds?: TripKind[];
  statuses?: string[];
  /** Inclusive local calendar dates. */
  departureFrom?: string;
  departureTo?: string;
}

/**
 * SQL for the `trip` table, the registry of every booking by account (shared/database/migrations/1764800000200-trips.ts).
 * The booking modules write it inside their own transactions; the admin subgraph reads it for `trips` and `node`.
 */
export class TripRegistryRepository {
  /** Registers a new booking; a retried insert of the same booking changes nothing. */
  async record(m: Queryable, trip: NewTrip): Promise<void> {
    await m.query(`INSERT IGNORE INTO trip (kind, booking_id, account_id, status, departure_date, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)`, [
      trip.kind,
      trip.bookingId,
      trip.accountId,
      trip.status,
      trip.departureDate,
      trip.createdAt,
      trip.createdAt,
    ]);
  }

  /**
   * Runs a booking's guarded update (`write`, true when it changed the row) and, when it sets a status, moves the
   * registry's copy in the same transaction: `m` when it is one, otherwise one opened on `dataSource`. So the status and
   * its copy change together or not at all.
   */
  async followStatus(
    dataSource: DataSource,
    m: EntityManager,
    change: { kind: TripKind; bookingId: string; status: string | undefined; now: Date },
    write: (m: EntityManager) => Promise<boolean>,
  ): Promise<boolean> {
    if (change.status === undefined) return write(m);
    if (!m.queryRunner?.isTransactionActive) return dataSource.transaction((tx) => this.followStatus(dataSource, tx, change, write));
    const updated = await write(m);
    if (updated) await this.setStatus(m, change.kind, change.bookingId, change.status, change.now);
    return updated;
  }

  /** Follows a status change the owning module just wrote, in the same transaction. */
  private async setStatus(m: Queryable, kind: TripKind, bookingId: string, status: string, now: Date): Promise<void> {
    await m.query('UPDATE trip SET status = ?, updated_at = ? WHERE booking_id = ? AND kind = ?', [status, now, bookingId, kind]);
  }

  /**
   * Newest first, after the keyset cursor `beforeSeq`; `limit` rows at most. Each statement reads one index that starts
   * with the account in `seq` order and stops after `limit` rows: MariaDB, left to itself, intersects the account and
   * status indexes and sorts every match (2.6× slower at 20× the rows in bench:scale), so the index is named, and a
   * list of statuses is one such read per status, merged.
   */
  async page(m: Queryable, accountId: string, filter: TripRowFilter, beforeSeq: string | null, limit: number): Promise<TripRow[]> {
    const kinds = filter.kinds?.length ? [...new Set(filter.kinds)] : [];
    const statuses = filter.statuses?.length ? [...new Set(filter.statuses)] : [];
    const branch = (status: string | null): { sql: string; params: unknown[] } => {
      const where = ['account_id = ?'];
      const params: unknown[] = [accountId];
      if (status !== null) {
        where.push('status = ?');
        params.push(status);
      }
      if (kinds.length) {
        where.push('kind IN (?)');
        params.push(kinds);
      }
      if (filter.departureFrom) {
        where.push('departure_date >= ?');
        params.push(filter.departureFrom);
      }
      if (filter.departureTo) {
        where.push('departure_date <= ?');
        params.push(filter.departureTo);
      }
      if (beforeSeq !== null) {
        where.push('seq < ?');
        params.push(beforeSeq);
      }
      params.push(limit);
      const index =
        status !== null
          ? 'ix_trip_account_status'
          : kinds.length === 1
            ? 'ix_trip_account_kind'
            : filter.departureFrom || filter.departureTo
              ? null
              : 'ix_trip_account';
      const hint = index ? ` FORCE INDEX (${index})` : '';
      return { sql: `SELECT seq, kind, booking_id, account_id FROM trip${hint} WHERE ${where.join(' AND ')} ORDER BY seq DESC LIMIT ?`, params };
    };
    const branches = statuses.length ? statuses.map(branch) : [branch(null)];
    const statement =
      branches.length === 1
        ? branches[0]
        : {
            sql: `${branches.map((b) => `(${b.sql})`).join(' UNION ALL ')} ORDER BY seq DESC LIMIT ?`,
            params: [...branches.flatMap((b) => b.params), limit],
          };
    const rows = (await m.query(statement.sql, statement.params)) as Array<{ seq: string | number; kind: TripKind; booking_id: string; account_id: string }>;
    return rows.map((r) => ({ seq: String(r.seq), kind: r.kind, bookingId: r.booking_id, accountId: r.account_id }));
  }

  /** The account a booking belongs to, or null when no such booking is registered. */
  async ownerOf(m: Queryable, kind: TripKind, bookingId: string): Promise<string | null> {
    const [row] = (await m.query('SELECT account_id FROM trip WHERE booking_id = ? AND kind = ?', [bookingId, kind])) as Array<{ account_id: string }>;
    return row?.account_id ?? null;
  }
}
