import type { Queryable } from './transactor.port';

/**
 * Row changes that happen only while a condition still holds, as the booking tables make them: the caller learns
 * whether it changed the row, so of two racing requests one wins and the other knows it lost.
 */

export interface StatusGuardedUpdate {
  table: string;
  /** The row's key column and value. */
  key: { column: string; value: string };
  /** `column = ?` assignments, with their values in `params` in the same order. */
  sets: string[];
  params: unknown[];
  /** When given (and not empty), only while the row's status is still one of these. */
  from?: readonly string[];
}

/**
 * The `column = ?` assignments of a partial change and their values, in the change's order, for StatusGuardedUpdate:
 * members left undefined are not assigned; `encode` turns a member's value into its column's (default: as it is).
 */
export function assignmentsOf<C extends object>(
  change: C,
  columns: Record<keyof C, string>,
  encode: (key: keyof C, value: unknown) => unknown = (_key, value) => value,
): { sets: string[]; params: unknown[] } {
  const sets: string[] = [];
  const params: unknown[] = [];
  for (const [key, value] of Object.entries(change) as Array<[keyof C, unknown]>) {
    if (value === undefined) continue;
    sets.push(`${columns[key]} = ?`);
    params.push(encode(key, value));
  }
  return { sets, params };
}

/** Applies the assignments to the one row; true when it changed (false: no such row, or its status moved on). */
export async function updateWhileStatus(m: Queryable, update: StatusGuardedUpdate): Promise<boolean> {
  const { table, key, sets, from } = update;
  let where = `${key.column} = ?`;
  const params = [...update.params, key.value];
  if (from?.length) {
    where += ` AND status IN (${from.map(() => '?').join(', ')})`;
    params.push(...from);
  }
  const result = await m.query(`UPDATE ${table} SET ${sets.join(', ')} WHERE ${where}`, params);
  return Number(result.affectedRows ?? 0) === 1;
}

/**
 * Takes the right to work on the row `id` for `ms` (its processing_until lease): false while another caller's lease
 * runs, so concurrent requests for one reservation do not race its supplier.
 */
export async function claimProcessingLease(q: Queryable, table: string, id: string, now: Date, ms: number): Promise<boolean> {
  const result = await q.query(`UPDATE ${table} SET processing_until = ? WHERE id = ? AND (processing_until IS NULL OR processing_until < ?)`, [
    new Date(now.getTime() + ms),
    id,
    now,
  ]);
  return Number(result.affectedRows ?? 0) === 1;
}

/** Gives the processing lease back before it runs out. */
export async function releaseProcessingLease(q: Queryable, table: string, id: string): Promise<void> {
  await q.query(`UPDATE ${table} SET processing_until = NULL WHERE id = ?`, [id]);
}
