import type { DataSource } from 'typeorm';

/**
 * Retention deletes of rows that only age out (docs/decisions.md "Retention"), the same for every module's tables
 * (the GDS and rail simulators'): a batch is found through the age index, and each DELETE checks the age again, so a
 * row changed meanwhile stays. Deletes run in READ COMMITTED: no gap locks on the live rows beside them.
 */

const placeholders = (n: number): string => Array<string>(n).fill('?').join(', ');

/** A table whose rows go once older than the cutoff. */
export interface AgedTable {
  table: string;
  /** The columns that name a row: one, or those of a composite key. */
  key: string[];
  /** The time or date column compared with the cutoff. */
  age: string;
  /** The scan's ORDER BY: the age index's order. */
  order: string;
}

/** Up to `limit` rows of the table older than `cutoff`, oldest first; `more` when a full batch was found. */
export async function purgeAgedRows(
  dataSource: DataSource,
  aged: AgedTable,
  cutoff: Date | string,
  limit: number,
): Promise<{ removed: number; more: boolean }> {
  const { table, key, age, order } = aged;
  const rows: Array<Record<string, unknown>> = await dataSource.query(`SELECT ${key.join(', ')} FROM ${table} WHERE ${age} < ? ORDER BY ${order} LIMIT ?`, [
    cutoff,
    limit,
  ]);
  if (rows.length === 0) return { removed: 0, more: false };
  const named =
    key.length === 1 ? `${key[0]} IN (${placeholders(rows.length)})` : `(${key.join(', ')}) IN (${rows.map(() => `(${placeholders(key.length)})`).join(', ')})`;
  const removed = await dataSource.transaction('READ COMMITTED', async (m) => {
    const deleted: { affectedRows: number } = await m.query(`DELETE FROM ${table} WHERE ${named} AND ${age} < ?`, [
      ...rows.flatMap((r) => key.map((k) => r[k])),
      cutoff,
    ]);
    return deleted.affectedRows;
  });
  return { removed, more: rows.length === limit };
}

/** A simulator's bookings (by `pnr`, aging by `updated_at`) and the idempotency keys that name them. */
export interface BookingTables {
  bookings: string;
  keys: string;
}

/**
 * Up to `limit` bookings unchanged since `cutoff`, with their idempotency keys (a key without its booking would answer a
 * repeat with nothing).
 */
export async function purgeAgedBookings(
  dataSource: DataSource,
  tables: BookingTables,
  cutoff: Date,
  limit: number,
): Promise<{ bookings: number; keys: number; more: boolean }> {
  const rows: Array<{ pnr: string }> = await dataSource.query(`SELECT pnr FROM ${tables.bookings} WHERE updated_at < ? ORDER BY updated_at, pnr LIMIT ?`, [
    cutoff,
    limit,
  ]);
  if (rows.length === 0) return { bookings: 0, keys: 0, more: false };
  return dataSource.transaction('READ COMMITTED', async (m) => {
    // Locked and checked again: one changed meanwhile stays, and so do its keys.
    const still: Array<{ pnr: string }> = await m.query(
      `SELECT pnr FROM ${tables.bookings} WHERE pnr IN (${placeholders(rows.length)}) AND updated_at < ? FOR UPDATE`,
      [...rows.map((r) => r.pnr), cutoff],
    );
    if (still.length === 0) return { bookings: 0, keys: 0, more: rows.length === limit };
    const pnrs = still.map((r) => r.pnr);
    const keys: { affectedRows: number } = await m.query(`DELETE FROM ${tables.keys} WHERE pnr IN (${placeholders(pnrs.length)})`, pnrs);
    const bookings: { affectedRows: number } = await m.query(`DELETE FROM ${tables.bookings} WHERE pnr IN (${placeholders(pnrs.length)})`, pnrs);
    return { bookings: bookings.affectedRows, keys: keys.affectedRows, more: rows.length === limit };
  });
}
