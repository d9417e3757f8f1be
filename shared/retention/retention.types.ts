/** Where a purge's next batch continues in its own scan order; the job passes it back without reading it. */
export type PurgeCursor = string;

export interface PurgeBatch {
  /** Rows deleted by this batch, by table. */
  removed: Record<string, number>;
  /** Where the next batch continues; null when no candidate older than the cutoff is left after this batch. */
  next: PurgeCursor | null;
}

/**
 * The purge of one kind of row, supplied by the module that owns the table and run by the retention job. A batch
 * finds at most `limit` candidates through an index, deletes those still eligible (the condition is checked again
 * in the DELETE, so a row that changed meanwhile stays) and says where the next batch goes on. Two overlapping runs
 * may look at the same rows: the second deletes nothing the first already took.
 */
export interface RetentionPurge {
  /** A fixed name (the metric label and the key of the run's result), e.g. `outbox`. */
  kind: string;
  /** How long a row is kept once nothing can need it any more; null: this kind is never purged. */
  days: number | null;
  /** The instant before which this kind's rows may go: `days` before now unless the kind adds a horizon of its own. */
  cutoff?(now: Date, days: number): Date;
  purgeBatch(cutoff: Date, limit: number, after: PurgeCursor | null): Promise<PurgeBatch>;
}

const DAY_MS = 86_400_000;

/** The instant `days` days before `now`. */
export function daysBefore(now: Date, days: number): Date {
  return new Date(now.getTime() - days * DAY_MS);
}

/** A keyset position (a time column and the row's key): the cursor of purges that scan an index in that order. */
export interface TimeKeyPosition {
  at: Date;
  key: string;
}

export function timeKeyCursor(position: TimeKeyPosition): PurgeCursor {
  return `${position.at.toISOString()}|${position.key}`;
}

export function timeKeyPosition(cursor: PurgeCursor | null): TimeKeyPosition | null {
  if (cursor === null) return null;
  const split = cursor.indexOf('|');
  return { at: new Date(cursor.slice(0, split)), key: cursor.slice(split + 1) };
}
