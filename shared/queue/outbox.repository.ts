import type { DataSource, EntityManager } from 'typeorm';
import { OutboxMessageEntity } from './entities/outbox-message.entity';

/** An outbox row as Outbox writes it. */
export interface OutboxRowValues {
  queue: string;
  jobName: string;
  payload: string;
  availableAt: Date;
  createdAt: Date;
  jobId: string | null;
  jobRetry: string | null;
  requestId: string | null;
  traceParent: string | null;
}

/** An outbox row as the relay reads it. */
export interface OutboxRow {
  id: string;
  queue: string;
  job_name: string;
  payload: string;
  available_at: Date;
  job_id: string | null;
  job_retry: string | null;
  request_id: string | null;
  trace_parent: string | null;
}

/** Writes a row without a job id of its own; answers its id. */
export async function insertOutboxRow(m: EntityManager, row: OutboxRowValues): Promise<string> {
  const result = await m.insert(OutboxMessageEntity, { ...row, relayedAt: null });
  return String(result.identifiers[0].id);
}

/** Claims up to `limit` rows not yet relayed, oldest first, skipping rows another relay holds (FOR UPDATE SKIP LOCKED). */
export function claimUnrelayedOutboxRows(m: EntityManager, limit: number): Promise<OutboxRow[]> {
  return m.query(
    `SELECT id, queue, job_name, payload, available_at, job_id, job_retry, request_id, trace_parent FROM outbox_message
          WHERE relayed_at IS NULL ORDER BY id LIMIT ? FOR UPDATE SKIP LOCKED`,
    [limit],
  );
}

export async function markOutboxRowsRelayed(m: EntityManager, ids: string[], now: Date): Promise<void> {
  await m.createQueryBuilder().update(OutboxMessageEntity).set({ relayedAt: now }).whereInIds(ids).execute();
}

/**
 * Writes the row of a job id, or brings the existing one forward; answers its id. One row per job id: the earliest
 * time asked for wins, and only a row moved earlier is published again (relayed_at is reset before available_at
 * changes: MySQL assigns left to right). The first write's payload, retry policy, request id and trace stand.
 */
export async function upsertKeyedOutboxRow(m: EntityManager, row: OutboxRowValues & { jobId: string }): Promise<string> {
  const result = await m.query(
    `INSERT INTO outbox_message (queue, job_name, payload, available_at, created_at, relayed_at, job_id, job_retry, request_id, trace_parent)
     VALUES (?, ?, ?, ?, ?, NULL, ?, ?, ?, ?)
     ON DUPLICATE KEY UPDATE
       id = LAST_INSERT_ID(id),
       relayed_at = IF(VALUES(available_at) < available_at, NULL, relayed_at),
       available_at = LEAST(available_at, VALUES(available_at))`,
    [row.queue, row.jobName, row.payload, row.availableAt, row.createdAt, row.jobId, row.jobRetry, row.requestId, row.traceParent],
  );
  return String(result.insertId);
}

/** Rows not yet handed to BullMQ, and the creation time of the oldest (by id, on the ix_outbox_pending index). */
export async function outboxBacklog(q: {
  query(sql: string, params?: unknown[]): Promise<unknown>;
}): Promise<{ backlog: number; oldestCreatedAt: Date | null }> {
  const [count] = (await q.query('SELECT COUNT(*) AS backlog FROM outbox_message WHERE relayed_at IS NULL')) as Array<{ backlog: string | number }>;
  const [oldest] = (await q.query('SELECT created_at FROM outbox_message WHERE relayed_at IS NULL ORDER BY id LIMIT 1')) as Array<{ created_at: Date }>;
  return { backlog: Number(count.backlog), oldestCreatedAt: oldest ? new Date(oldest.created_at) : null };
}

/**
 * Deletes up to `limit` rows relayed before `cutoff`, oldest first on ix_outbox_pending (relayed_at, id); answers
 * how many went and whether more may be left. A row not yet relayed is never touched, and the relay time is checked
 * again in the DELETE: a keyed row brought forward meanwhile (relayed_at back to NULL) stays.
 */
export async function purgeRelayedOutboxRows(dataSource: DataSource, cutoff: Date, limit: number): Promise<{ removed: number; more: boolean }> {
  const rows: Array<{ id: string }> = await dataSource.query('SELECT id FROM outbox_message WHERE relayed_at < ? ORDER BY relayed_at, id LIMIT ?', [
    cutoff,
    limit,
  ]);
  if (rows.length === 0) return { removed: 0, more: false };
  // READ COMMITTED: deleting by primary key takes no gap locks, so writers of new rows never wait on the purge.
  const removed = await dataSource.transaction('READ COMMITTED', async (m) => {
    const result: { affectedRows: number } = await m.query(`DELETE FROM outbox_message WHERE id IN (${rows.map(() => '?').join(', ')}) AND relayed_at < ?`, [
      ...rows.map((r) => r.id),
      cutoff,
    ]);
    return result.affectedRows;
  });
  return { removed, more: rows.length === limit };
}
