import type { EntityManager } from 'typeorm';

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
}

/**
 * Writes the row of a job id, or brings the existing one forward; answers its id. One row per job id: the earliest
 * time asked for wins, and only a row moved earlier is published again (relayed_at is reset before available_at
 * changes: MySQL assigns left to right). The first write's payload, retry policy and request id stand.
 */
export async function upsertKeyedOutboxRow(m: EntityManager, row: OutboxRowValues & { jobId: string }): Promise<string> {
  const result = await m.query(
    `INSERT INTO outbox_message (queue, job_name, payload, available_at, created_at, relayed_at, job_id, job_retry, request_id)
     VALUES (?, ?, ?, ?, ?, NULL, ?, ?, ?)
     ON DUPLICATE KEY UPDATE
       id = LAST_INSERT_ID(id),
       relayed_at = IF(VALUES(available_at) < available_at, NULL, relayed_at),
       available_at = LEAST(available_at, VALUES(available_at))`,
    [row.queue, row.jobName, row.payload, row.availableAt, row.createdAt, row.jobId, row.jobRetry, row.requestId],
  );
  return String(result.insertId);
}
