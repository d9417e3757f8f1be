import { EnvReader } from './env.reader';

/**
 * The recurring purge of rows that only grow (docs/operating.md "Retention", docs/decisions.md "Retention"). A kind's days are
 * how long a row is kept once nothing can need it any more; null: that kind is never purged.
 */
export interface RetentionConfig {
  /** RETENTION_ENABLED: false keeps every row (the job still runs and says so). */
  enabled: boolean;
  intervalSeconds: number;
  /** Rows one statement deletes at most, so no statement holds locks for long. */
  batchSize: number;
  /** Batches per kind and run; the next run continues where this one stopped. */
  maxBatchesPerRun: number;
  /** Pause between two batches, so the purge leaves room to the requests and jobs that write the same tables. */
  batchPauseMs: number;
  /** Relayed outbox rows, after their relay. */
  outboxDays: number | null;
  /** Access tokens, after they stopped working (revoked, key retired, or idle past ACCESS_TOKEN_IDLE_DAYS). */
  accessTokenDays: number | null;
  /** Released and captured wallet holds, after they were settled. */
  walletHoldDays: number | null;
  /** Notifications with their deliveries and attempts, once settled and the booking can cause no more messages. */
  notificationDays: number | null;
  /** Webhook events and their deliveries, after they were written (a delivery is retried for 72 h at most). */
  webhookDays: number | null;
  /** SGR seat holds of ours, after they lapsed or were released. */
  trainSeatHoldDays: number | null;
  /** The sandbox supplier simulators' own tables, after what they hold can no longer be travelled or asked about. */
  sandboxDays: number | null;
}

/** Days 0 turn a kind's purge off; otherwise at least a day, at most ten years. */
export function readRetentionConfig(read: EnvReader): RetentionConfig {
  const days = (name: string, fallback: number) => read.integer(name, fallback, 0, 3650) || null;
  return {
    enabled: read.oneOf('RETENTION_ENABLED', ['true', 'false'] as const, 'true') === 'true',
    intervalSeconds: read.integer('RETENTION_INTERVAL_SECONDS', 600, 10, 86_400),
    batchSize: read.integer('RETENTION_BATCH_SIZE', 1000, 1, 10_000),
    maxBatchesPerRun: read.integer('RETENTION_MAX_BATCHES', 10, 1, 1000),
    batchPauseMs: read.integer('RETENTION_BATCH_PAUSE_MS', 50, 0, 10_000),
    outboxDays: days('RETENTION_OUTBOX_DAYS', 30),
    accessTokenDays: days('RETENTION_ACCESS_TOKEN_DAYS', 30),
    walletHoldDays: days('RETENTION_WALLET_HOLD_DAYS', 90),
    notificationDays: days('RETENTION_NOTIFICATION_DAYS', 90),
    webhookDays: days('RETENTION_WEBHOOK_DAYS', 30),
    trainSeatHoldDays: days('RETENTION_TRAIN_SEAT_HOLD_DAYS', 30),
    sandboxDays: days('RETENTION_SANDBOX_DAYS', 30),
  };
}
