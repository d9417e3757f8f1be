import type { DataSource, EntityManager } from 'typeorm';
import type { WebhookConfig } from '../config/webhook.config';
import type { Logger } from '../logging/logger';
import type { Metrics } from '../metrics/metrics.registry';
import type { Outbox } from '../queue/outbox.service';
import type { Clock } from '../time/clock.port';
import { EVENT_ID_HEADER, EVENT_TYPE_HEADER, SIGNATURE_HEADER, signatureHeader } from './webhook-signature.codec';
import { FINAL_DELIVERY_STATUSES, WebhookDeliveryRepository, type WebhookDeliveryRow } from './webhook-delivery.repository';
import { WebhookEndpointRepository, type WebhookEndpointRow } from './webhook-endpoint.repository';
import { WebhookEventRepository, type WebhookEventRow } from './webhook-event.repository';
import { retryDelayMs, retryWindowOver } from './webhook-retry.policy';
import { sendWebhook, type SendOutcome } from './webhook-sender.client';
import { deliveryJobId, WEBHOOK_JOBS, type WebhookDeliveryPayload } from './webhook.jobs';
import type { WebhookEnvelope } from './webhook-event.catalogue';

/** Tells an endpoint's owner that it was disabled (in the transaction that disables it). */
export interface WebhookOwnerNotifier {
  endpointDisabled(tx: EntityManager, endpoint: WebhookEndpointRow): Promise<void>;
}

export interface WebhookDeliveryPorts {
  dataSource: DataSource;
  outbox: Outbox;
  clock: Clock;
  logger: Logger;
  metrics: Pick<Metrics, 'webhookDeliveries' | 'webhookDeliveryDuration'>;
  config: WebhookConfig;
  owners: WebhookOwnerNotifier;
}

/** The attempt a job may make, or why it makes none. */
type Claim = { kind: 'skip'; reason: string } | { kind: 'busy' } | { kind: 'claimed'; delivery: WebhookDeliveryRow; startedAt: Date };

/**
 * Sends deliveries at least once: the row is claimed under a lease before the receiver is called and the outcome
 * written after, with the next attempt's job in the same transaction. A worker killed mid-send leaves the claim to
 * lapse; BullMQ hands the stalled job to another worker, which sends again (the receiver dedups on the event id).
 */
export class WebhookDeliveryService {
  private readonly deliveries: WebhookDeliveryRepository;
  private readonly endpoints: WebhookEndpointRepository;
  private readonly events = new WebhookEventRepository();

  constructor(private readonly ports: WebhookDeliveryPorts) {
    this.deliveries = new WebhookDeliveryRepository(ports.dataSource);
    this.endpoints = new WebhookEndpointRepository(ports.dataSource);
  }

  /** Schedules `attempt` of a delivery in `tx` (the outbox publishes it when tx commits). */
  scheduleAttempt(tx: EntityManager, delivery: Pick<WebhookDeliveryRow, 'id' | 'round'>, attempt: number, notBefore?: Date): Promise<string> {
    const payload: WebhookDeliveryPayload = { deliveryId: delivery.id, round: delivery.round, attempt };
    return this.ports.outbox.enqueue(tx, WEBHOOK_JOBS.delivery.of(payload, { jobId: deliveryJobId(delivery.id, delivery.round, attempt), notBefore }));
  }

  /** A final delivery is sent again in a new round (a fresh retry window); one still under way is answered unchanged. */
  async redeliver(deliveryId: string): Promise<WebhookDeliveryRow | null> {
    const now = this.ports.clock.now();
    await this.ports.dataSource.transaction(async (tx) => {
      const delivery = await this.deliveries.lockById(tx, deliveryId);
      if (!delivery || !FINAL_DELIVERY_STATUSES.includes(delivery.status)) return;
      const round = delivery.round + 1;
      await this.deliveries.update(
        deliveryId,
        { status: 'PENDING', round, firstAttemptAt: null, nextAttemptAt: now, leaseUntil: null, deliveredAt: null, lastError: null },
        now,
        tx,
      );
      await this.scheduleAttempt(tx, { id: deliveryId, round }, delivery.attempts + 1);
    });
    return this.deliveries.byId(deliveryId);
  }

  /** One attempt of a delivery (the webhook-delivery job). */
  async attempt(payload: WebhookDeliveryPayload): Promise<{ status: string; reason?: string }> {
    const claim = await this.claim(payload);
    if (claim.kind === 'skip') return { status: 'skipped', reason: claim.reason };
    // Another worker holds this delivery's lease: BullMQ retries the job after it.
    if (claim.kind === 'busy') throw new Error('delivery is being sent by another worker; will look again');
    const event = await this.events.byId(this.ports.dataSource, claim.delivery.eventId);
    if (!event)
      return this.finish(claim.delivery, { delivered: false, status: null, latencyMs: null, error: 'the event is gone', final: true }, claim.startedAt);
    const target = await this.targetOf(claim.delivery, event);
    if (!target)
      return this.finish(claim.delivery, { delivered: false, status: null, latencyMs: null, error: 'the endpoint was deleted', final: true }, claim.startedAt);
    const body = JSON.stringify(envelopeOf(event));
    const timestamp = Math.floor(this.ports.clock.now().getTime() / 1000);
    const headers: Record<string, string> = { [EVENT_ID_HEADER]: event.id, [EVENT_TYPE_HEADER]: event.type };
    if (target.secrets.length > 0) headers[SIGNATURE_HEADER] = signatureHeader(target.secrets, timestamp, body);
    const outcome = await sendWebhook(
      { url: target.url, body, headers, timeoutMs: this.ports.config.timeoutMs },
      { allowPrivate: this.ports.config.allowPrivate },
    );
    return this.finish(claim.delivery, outcome, claim.startedAt);
  }

  private claim(payload: WebhookDeliveryPayload): Promise<Claim> {
    const now = this.ports.clock.now();
    return this.ports.dataSource.transaction(async (tx): Promise<Claim> => {
      const delivery = await this.deliveries.lockById(tx, payload.deliveryId);
      if (!delivery) return { kind: 'skip', reason: 'no such delivery' };
      if (delivery.round !== payload.round) return { kind: 'skip', reason: 'superseded by a redelivery' };
      if (FINAL_DELIVERY_STATUSES.includes(delivery.status)) return { kind: 'skip', reason: `already ${delivery.status}` };
      if (delivery.status === 'SENDING') {
        if (delivery.leaseUntil && delivery.leaseUntil.getTime() > now.getTime()) return { kind: 'busy' };
        // The worker of this attempt died mid-send: the attempt is made again (at least once).
        if (payload.attempt !== delivery.attempts) return { kind: 'skip', reason: 'another attempt was interrupted' };
        await this.deliveries.noteInterruptedSend(tx, delivery.id);
        this.ports.logger.warn('webhook attempt interrupted mid-send: sending it again (the receiver may get this event twice)', {
          deliveryId: delivery.id,
          eventId: delivery.eventId,
          attempt: payload.attempt,
        });
      } else if (payload.attempt <= delivery.attempts) {
        return { kind: 'skip', reason: 'attempt already made' };
      }
      const claimed = {
        status: 'SENDING' as const,
        attempts: payload.attempt,
        firstAttemptAt: delivery.firstAttemptAt ?? now,
        // The attempt's deadline, and as long again for writing its outcome: past it the sender is taken for dead.
        leaseUntil: new Date(now.getTime() + 2 * this.ports.config.timeoutMs),
        nextAttemptAt: null,
      };
      await this.deliveries.update(delivery.id, claimed, now, tx);
      return { kind: 'claimed', delivery: { ...delivery, ...claimed }, startedAt: now };
    });
  }

  /** Where the delivery goes and the secrets it is signed with (an endpoint's, or for a callback every enabled endpoint's of the account). */
  private async targetOf(delivery: WebhookDeliveryRow, event: WebhookEventRow): Promise<{ url: string; secrets: string[] } | null> {
    const now = this.ports.clock.now();
    if (delivery.endpointId) {
      const endpoint = await this.endpoints.byId(delivery.endpointId);
      return endpoint ? { url: endpoint.url, secrets: signingSecrets(endpoint, now) } : null;
    }
    if (!event.callbackUrl) return null;
    const endpoints = await this.endpoints.enabledOfAccount(event.accountId);
    return { url: event.callbackUrl, secrets: endpoints.flatMap((endpoint) => signingSecrets(endpoint, now)) };
  }

  private async finish(delivery: WebhookDeliveryRow, outcome: SendOutcome, startedAt: Date): Promise<{ status: string; reason?: string }> {
    const now = this.ports.clock.now();
    const recorded = { lastStatusCode: outcome.status, lastLatencyMs: outcome.latencyMs, leaseUntil: null };
    const status = outcome.delivered
      ? 'DELIVERED'
      : outcome.final
        ? 'REFUSED'
        : retryWindowOver(delivery.firstAttemptAt ?? now, now, this.ports.config)
          ? 'FAILED'
          : 'RETRYING';
    await this.ports.dataSource.transaction(async (tx) => {
      const current = await this.deliveries.lockById(tx, delivery.id);
      // A redelivery started meanwhile owns the row now; this attempt's outcome is only logged.
      if (!current || current.round !== delivery.round) return;
      if (status === 'RETRYING') {
        const nextAttemptAt = new Date(now.getTime() + retryDelayMs(delivery.attempts, this.ports.config));
        await this.deliveries.update(delivery.id, { ...recorded, status, lastError: errorOf(outcome), nextAttemptAt }, now, tx);
        await this.scheduleAttempt(tx, delivery, delivery.attempts + 1, nextAttemptAt);
      } else {
        const deliveredAt = outcome.delivered ? now : null;
        await this.deliveries.update(delivery.id, { ...recorded, status, lastError: errorOf(outcome), deliveredAt, nextAttemptAt: null }, now, tx);
      }
      // The endpoint has been failing since this attempt started (not since it ended): a delivery whose whole window
      // failed then finds its endpoint failing for at least as long, however slow the attempts were.
      if (delivery.endpointId) await this.endpointHealth(tx, delivery.endpointId, outcome.delivered, status === 'FAILED', startedAt, now);
    });
    this.ports.metrics.webhookDeliveries.inc({ outcome: status.toLowerCase() });
    if (outcome.latencyMs !== null)
      this.ports.metrics.webhookDeliveryDuration.observe({ outcome: outcome.delivered ? 'delivered' : 'failed' }, outcome.latencyMs / 1000);
    const log = { deliveryId: delivery.id, eventId: delivery.eventId, target: delivery.target, attempt: delivery.attempts, httpStatus: outcome.status };
    if (outcome.delivered) this.ports.logger.info('webhook delivered', { ...log, latencyMs: outcome.latencyMs });
    else this.ports.logger.warn(`webhook delivery ${status.toLowerCase()}`, { ...log, reason: errorOf(outcome) });
    return outcome.delivered ? { status } : { status, reason: errorOf(outcome) ?? undefined };
  }

  /** Keeps when an endpoint started failing; one failing for the whole retry window is disabled and its owner told. */
  private async endpointHealth(tx: EntityManager, endpointId: string, delivered: boolean, windowOver: boolean, failedFrom: Date, now: Date): Promise<void> {
    const endpoint = await this.endpoints.lockById(tx, endpointId);
    if (!endpoint) return;
    if (delivered) {
      if (endpoint.failingSince) await this.endpoints.update(endpointId, { failingSince: null }, now, tx);
      return;
    }
    const failingSince = endpoint.failingSince ?? failedFrom;
    if (!endpoint.failingSince) await this.endpoints.update(endpointId, { failingSince }, now, tx);
    if (!windowOver || !endpoint.enabled || !retryWindowOver(failingSince, now, this.ports.config)) return;
    const reason = `every delivery failed from ${failingSince.toISOString()} to ${now.toISOString()}`;
    await this.endpoints.update(endpointId, { enabled: false, disabledReason: reason }, now, tx);
    await this.ports.owners.endpointDisabled(tx, { ...endpoint, enabled: false, disabledReason: reason });
    this.ports.logger.warn('webhook endpoint disabled', { endpointId, accountId: endpoint.accountId, failingSince: failingSince.toISOString() });
  }
}

/** The current secret, then the rotated-out one while its overlap lasts. */
export function signingSecrets(endpoint: Pick<WebhookEndpointRow, 'secret' | 'previousSecret' | 'previousSecretUntil'>, now: Date): string[] {
  const overlap = endpoint.previousSecret && endpoint.previousSecretUntil && endpoint.previousSecretUntil.getTime() > now.getTime();
  return overlap ? [endpoint.secret, endpoint.previousSecret!] : [endpoint.secret];
}

export function envelopeOf(event: WebhookEventRow): WebhookEnvelope {
  return { id: event.id, type: event.type, createdAt: event.createdAt.toISOString(), apiVersion: event.apiVersion, data: JSON.parse(event.data) as unknown };
}

const errorOf = (outcome: SendOutcome): string | null => (outcome.delivered ? null : outcome.error.slice(0, 500));
