import type { DataSource } from 'typeorm';
import type { RetentionConfig } from '../config/retention.config';
import type { NotificationBookingSource } from '../notifications/notification.types';
import { purgeRelayedOutboxRows } from '../queue/outbox.repository';
import { AccessTokenRepository } from '../auth/access-token.repository';
import { WalletHoldRepository } from '../wallet/wallet-hold.repository';
import { NotificationPurgeRepository, PurgeCandidate } from '../notifications/notification-purge.repository';
import { purgeAgedRows } from './aged-rows.repository';
import { daysBefore, RetentionPurge, timeKeyCursor, timeKeyPosition } from './retention.types';

/** What the shared purges are built from (a Platform has each under these names): they build their repositories from the data source. */
export interface PlatformPurgePorts {
  dataSource: DataSource;
  config: { retention: RetentionConfig; accessTokenIdleDays: number | null };
}

/**
 * The purges of the platform's own tables (shared/): relayed outbox rows, access tokens that stopped working,
 * settled wallet holds, settled notifications of finished bookings, and aged webhook events and deliveries. Each runs its module's repository; the
 * subgraphs add the purges of their tables (SubgraphModule.retentionPurges).
 */
export function platformPurges(ports: PlatformPurgePorts, notificationSources: NotificationBookingSource[]): RetentionPurge[] {
  const settings = ports.config.retention;
  const tokens = new AccessTokenRepository(ports.dataSource);
  const walletHolds = new WalletHoldRepository(ports.dataSource);
  const notifications = new NotificationPurgeRepository(ports.dataSource);
  const sources = new Map(notificationSources.map((s) => [s.kind, s]));
  const idleDays = ports.config.accessTokenIdleDays;
  return [
    {
      kind: 'outbox',
      days: settings.outboxDays,
      async purgeBatch(cutoff, limit) {
        const { removed, more } = await purgeRelayedOutboxRows(ports.dataSource, cutoff, limit);
        return { removed: { outbox_message: removed }, next: more ? 'more' : null };
      },
    },
    {
      kind: 'access-tokens',
      days: settings.accessTokenDays,
      async purgeBatch(cutoff, limit, after) {
        // A token idle past ACCESS_TOKEN_IDLE_DAYS stopped working then: it goes the retention's days after that.
        const idleCutoff = idleDays === null ? null : daysBefore(cutoff, idleDays);
        const { removed, nextStep } = await tokens.purgeBatch(after === null ? 0 : Number(after), cutoff, idleCutoff, limit);
        return { removed: { access_token: removed }, next: nextStep === null ? null : String(nextStep) };
      },
    },
    {
      kind: 'wallet-holds',
      days: settings.walletHoldDays,
      async purgeBatch(cutoff, limit) {
        const { removed, more } = await walletHolds.purgeSettled(cutoff, limit);
        return { removed: { wallet_hold: removed }, next: more ? 'more' : null };
      },
    },
    {
      kind: 'notifications',
      days: settings.notificationDays,
      async purgeBatch(cutoff, limit, after) {
        const { settled, scanned, last } = await notifications.candidates(cutoff, limit, timeKeyPosition(after));
        const finished = await finishedOnly(sources, settled, cutoff);
        const removed = await notifications.deleteSettled(
          finished.map((c) => c.id),
          cutoff,
        );
        return {
          removed: { notification: removed.notifications, notification_delivery: removed.deliveries, notification_attempt: removed.attempts },
          next: scanned === limit && last ? timeKeyCursor(last) : null,
        };
      },
    },
    {
      kind: 'webhooks',
      days: settings.webhookDays,
      async purgeBatch(cutoff, limit) {
        // Deliveries first: an event goes with (or after) the deliveries written when it fanned out.
        const deliveries = await purgeAgedRows(ports.dataSource, WEBHOOK_DELIVERY_AGE, cutoff, limit);
        const events = deliveries.more ? { removed: 0, more: true } : await purgeAgedRows(ports.dataSource, WEBHOOK_EVENT_AGE, cutoff, limit);
        return { removed: { webhook_delivery: deliveries.removed, webhook_event: events.removed }, next: deliveries.more || events.more ? 'more' : null };
      },
    },
  ];
}

const WEBHOOK_DELIVERY_AGE = { table: 'webhook_delivery', key: ['seq'], age: 'created_at', order: 'created_at' };
const WEBHOOK_EVENT_AGE = { table: 'webhook_event', key: ['id'], age: 'created_at', order: 'created_at' };

/** The candidates whose booking its own module says is over; a kind without a source (or without the check) keeps them. */
async function finishedOnly(sources: Map<string, NotificationBookingSource>, candidates: PurgeCandidate[], before: Date): Promise<PurgeCandidate[]> {
  const byKind = new Map<string, PurgeCandidate[]>();
  for (const c of candidates) byKind.set(c.bookingKind, [...(byKind.get(c.bookingKind) ?? []), c]);
  const out: PurgeCandidate[] = [];
  for (const [kind, ofKind] of byKind) {
    const source = sources.get(kind);
    if (!source?.finishedBookings) continue;
    const finished = await source.finishedBookings([...new Set(ofKind.map((c) => c.bookingId))], before);
    out.push(...ofKind.filter((c) => finished.has(c.bookingId)));
  }
  return out;
}
