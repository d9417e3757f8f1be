import { WebhookEndpointException } from '../api-contract/webhook-endpoint.exception';
import {
  checkNewWebhookEndpoint,
  checkWebhookEndpointChange,
  checkWebhookPage,
  type CheckedWebhookEndpoint,
  type WebhookEndpointValues,
} from '../api-contract/webhook-endpoint.validator';
import { isAdministrator, Role } from '../auth/roles.types';
import type { WebhookConfig } from '../config/webhook.config';
import type { Transactor } from '../database/transactor.port';
import type { Clock } from '../time/clock.port';
import type { DeliveryStatus, WebhookDeliveryRepository, WebhookDeliveryRow } from './webhook-delivery.repository';
import type { WebhookDeliveryService } from './webhook-delivery.service';
import { checkWebhookDestination } from './webhook-destination.check';
import type { WebhookEndpointChange, WebhookEndpointRepository, WebhookEndpointRow } from './webhook-endpoint.repository';
import type { WebhookEventRecorder } from './webhook-event.recorder';
import { newEndpointId, newSigningSecret } from './webhook-id.codec';

/** Who may manage webhook endpoints: any signed-in customer or agent its own, ADMIN and SUDO every account's. */
export const WEBHOOK_MANAGER_ROLES: readonly Role[] = [Role.CUSTOMER, Role.SERVICE_AGENT, Role.THIRD_PARTY_AGENT, Role.ADMIN, Role.SUDO];
/** How long a rotated-out secret keeps signing beside the new one. */
export const PREVIOUS_SECRET_OVERLAP_MS = 24 * 3_600_000;
/** The disabledReason of an endpoint its owner (or an administrator) disabled. */
export const DISABLED_BY_REQUEST = 'disabled through the API';

/** The caller as the service needs it: whose endpoints it manages, and whether it manages every account's. */
export interface WebhookCaller {
  accountId: string;
  role: Role;
}

/** An endpoint as it is answered: never its secrets. */
export interface WebhookEndpointView {
  id: string;
  accountId: string;
  url: string;
  description: string | null;
  events: string[];
  enabled: boolean;
  disabledReason: string | null;
  failingSince: Date | null;
  /** Until when the secret before the last rotation still signs beside the current one; null when none does. */
  previousSecretExpiresAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

/** The answer of a creation or a rotation: the only answers that show the signing secret. */
export interface WebhookEndpointWithSecret {
  endpoint: WebhookEndpointView;
  secret: string;
}

export interface WebhookDeliveryView {
  id: string;
  eventId: string;
  eventType: string;
  endpointId: string;
  status: DeliveryStatus;
  attemptCount: number;
  lastStatusCode: number | null;
  latencyMs: number | null;
  lastError: string | null;
  nextAttemptAt: Date | null;
  deliveredAt: Date | null;
  createdAt: Date;
}

export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

export interface WebhookEndpointPorts {
  transactor: Transactor;
  endpoints: Pick<WebhookEndpointRepository, 'insert' | 'byId' | 'lockById' | 'page' | 'countOfAccount' | 'update' | 'delete'>;
  deliveries: Pick<WebhookDeliveryRepository, 'byId' | 'pageOfEndpoint'>;
  /**
   * Where the two lists are read when not from `endpoints` and `deliveries`: the read replica (pure lists that may
   * lag a moment, docs/decisions.md "A read replica for the lag-tolerant reads"). Nothing else reads there.
   */
  lists?: { endpoints: Pick<WebhookEndpointRepository, 'page'>; deliveries: Pick<WebhookDeliveryRepository, 'pageOfEndpoint'> };
  /** The type of an event (the deliveries list shows it), or null when it is gone. */
  eventTypeOf(eventId: string): Promise<string | null>;
  recorder: Pick<WebhookEventRecorder, 'record'>;
  delivery: Pick<WebhookDeliveryService, 'redeliver'>;
  /** Runs `work` while no other process adds an endpoint to this account (the per-account bound holds under races). */
  underAccountLock<T>(accountId: string, work: () => Promise<T>): Promise<T>;
  clock: Clock;
  config: Pick<WebhookConfig, 'maxEndpointsPerAccount' | 'allowPrivate'>;
  /** Where a URL leads (checkWebhookDestination with the deployment's allowPrivate unless a test passes its own). */
  checkDestination?(url: string): Promise<void>;
}

const ENDPOINT_CURSOR = 'e';
const DELIVERY_CURSOR = 'd';

function encodeCursor(kind: string, seq: string): string {
  return Buffer.from(`${kind}:${seq}`).toString('base64url');
}

function decodeCursor(kind: string, cursor: string | null | undefined): string | null {
  if (cursor === null || cursor === undefined) return null;
  const match = new RegExp(`^${kind}:(\\d{1,19})$`).exec(Buffer.from(cursor, 'base64url').toString());
  if (!match) throw WebhookEndpointException.badCursor('after');
  return match[1];
}

function pageOf<Row extends { seq: string }, View>(kind: string, rows: Row[], first: number, view: (row: Row) => View | Promise<View>) {
  const shown = rows.slice(0, first);
  return Promise.all(shown.map(view)).then((items) => ({
    items,
    nextCursor: rows.length > first ? encodeCursor(kind, shown[shown.length - 1].seq) : null,
  }));
}

function valuesOf(checked: { values: CheckedWebhookEndpoint } | { problems: Array<{ field: string; message: string }> }): CheckedWebhookEndpoint {
  if ('problems' in checked) throw WebhookEndpointException.invalid(checked.problems);
  return checked.values;
}

function checkedFirst(first: number): number {
  const problems = checkWebhookPage(first);
  if (problems.length) throw WebhookEndpointException.invalid(problems);
  return first;
}

/**
 * The management of webhook endpoints (README "Webhooks" → "Managing endpoints"): an account's own, or every account's
 * for ADMIN and SUDO. An endpoint of another account answers 404 like one that does not exist, so ids cannot be
 * probed. Values are checked by the shared validator, the URL's destination by the outbound policy (with DNS, bounded).
 */
export class WebhookEndpointService {
  constructor(private readonly ports: WebhookEndpointPorts) {}

  async create(caller: WebhookCaller, input: WebhookEndpointValues): Promise<WebhookEndpointWithSecret> {
    const values = valuesOf(checkNewWebhookEndpoint(input));
    await this.checkDestination(values.url!);
    const limit = this.ports.config.maxEndpointsPerAccount;
    const id = newEndpointId();
    const secret = newSigningSecret();
    await this.ports.underAccountLock(caller.accountId, async () => {
      if ((await this.ports.endpoints.countOfAccount(caller.accountId)) >= limit) throw WebhookEndpointException.limitReached(limit);
      const now = this.ports.clock.now();
      await this.ports.endpoints.insert({
        id,
        accountId: caller.accountId,
        url: values.url!,
        description: values.description ?? null,
        events: values.events!,
        enabled: true,
        secret,
        createdAt: now,
        updatedAt: now,
      });
    });
    return { endpoint: this.view((await this.ports.endpoints.byId(id))!), secret };
  }

  /** Newest first: the caller's own, or for ADMIN and SUDO every account's (or `accountId`'s). */
  async page(caller: WebhookCaller, args: { first: number; after?: string | null; accountId?: string | null }): Promise<Page<WebhookEndpointView>> {
    const first = checkedFirst(args.first);
    const before = decodeCursor(ENDPOINT_CURSOR, args.after);
    const everyAccount = isAdministrator(caller.role);
    // A filter, not a permission: a non-administrator naming another account lists nothing.
    if (!everyAccount && args.accountId && args.accountId !== caller.accountId) return { items: [], nextCursor: null };
    const rows = await (this.ports.lists ?? this.ports).endpoints.page(everyAccount ? (args.accountId ?? null) : caller.accountId, before, first + 1);
    return pageOf(ENDPOINT_CURSOR, rows, first, (row) => this.view(row));
  }

  async get(caller: WebhookCaller, id: string): Promise<WebhookEndpointView> {
    return this.view(await this.visible(caller, id));
  }

  async update(caller: WebhookCaller, id: string, input: WebhookEndpointValues): Promise<WebhookEndpointView> {
    const values = valuesOf(checkWebhookEndpointChange(input));
    await this.visible(caller, id);
    if (values.url !== undefined) await this.checkDestination(values.url);
    await this.ports.transactor.transaction(async (tx) => {
      const current = this.mine(caller, await this.ports.endpoints.lockById(tx, id), id);
      const change: WebhookEndpointChange = { url: values.url, events: values.events, description: values.description, enabled: values.enabled };
      // Re-enabling starts afresh: the reason it was off and the failure clock that disabled it are forgotten.
      if (values.enabled === true && !current.enabled) Object.assign(change, { disabledReason: null, failingSince: null });
      if (values.enabled === false && current.enabled) change.disabledReason = DISABLED_BY_REQUEST;
      await this.ports.endpoints.update(id, change, this.ports.clock.now(), tx);
    });
    return this.get(caller, id);
  }

  async remove(caller: WebhookCaller, id: string): Promise<{ id: string }> {
    await this.visible(caller, id);
    if (!(await this.ports.endpoints.delete(id))) throw WebhookEndpointException.notFound(id);
    return { id };
  }

  /** Records a webhook.ping for this endpoint only (enabled or not): its delivery shows in the deliveries list. */
  async ping(caller: WebhookCaller, id: string): Promise<{ eventId: string; endpointId: string }> {
    const endpoint = await this.visible(caller, id);
    const eventId = await this.ports.transactor.transaction((tx) =>
      this.ports.recorder.record(tx, { type: 'webhook.ping', accountId: endpoint.accountId, endpointId: endpoint.id, data: { endpointId: endpoint.id } }),
    );
    return { eventId, endpointId: endpoint.id };
  }

  /** A new secret, shown once; the one it replaces keeps signing beside it for 24 hours (a rotation within them drops the older one). */
  async rotateSecret(caller: WebhookCaller, id: string): Promise<WebhookEndpointWithSecret> {
    await this.visible(caller, id);
    const secret = newSigningSecret();
    await this.ports.transactor.transaction(async (tx) => {
      const current = this.mine(caller, await this.ports.endpoints.lockById(tx, id), id);
      const now = this.ports.clock.now();
      const previousSecretUntil = new Date(now.getTime() + PREVIOUS_SECRET_OVERLAP_MS);
      await this.ports.endpoints.update(id, { secret, previousSecret: current.secret, previousSecretUntil }, now, tx);
    });
    return { endpoint: await this.get(caller, id), secret };
  }

  async deliveries(caller: WebhookCaller, endpointId: string, args: { first: number; after?: string | null }): Promise<Page<WebhookDeliveryView>> {
    const first = checkedFirst(args.first);
    const before = decodeCursor(DELIVERY_CURSOR, args.after);
    await this.visible(caller, endpointId);
    const rows = await (this.ports.lists ?? this.ports).deliveries.pageOfEndpoint(endpointId, before, first + 1);
    return pageOf(DELIVERY_CURSOR, rows, first, (row) => deliveryView(row, row.eventType));
  }

  /** A final delivery is sent again (a new round, a fresh retry window); one still under way is answered as it is. */
  async redeliver(caller: WebhookCaller, endpointId: string, deliveryId: string): Promise<WebhookDeliveryView> {
    await this.visible(caller, endpointId);
    const delivery = await this.ports.deliveries.byId(deliveryId);
    if (!delivery || delivery.endpointId !== endpointId) throw WebhookEndpointException.deliveryNotFound(deliveryId);
    const after = (await this.ports.delivery.redeliver(deliveryId)) ?? delivery;
    return deliveryView(after, (await this.ports.eventTypeOf(after.eventId)) ?? 'unknown');
  }

  private checkDestination(url: string): Promise<void> {
    return this.ports.checkDestination ? this.ports.checkDestination(url) : checkWebhookDestination(url, { allowPrivate: this.ports.config.allowPrivate });
  }

  private async visible(caller: WebhookCaller, id: string): Promise<WebhookEndpointRow> {
    return this.mine(caller, await this.ports.endpoints.byId(id), id);
  }

  private mine(caller: WebhookCaller, row: WebhookEndpointRow | null, id: string): WebhookEndpointRow {
    if (!row || (row.accountId !== caller.accountId && !isAdministrator(caller.role))) throw WebhookEndpointException.notFound(id);
    return row;
  }

  private view(row: WebhookEndpointRow): WebhookEndpointView {
    const now = this.ports.clock.now().getTime();
    const overlapping = row.previousSecret !== null && row.previousSecretUntil !== null && row.previousSecretUntil.getTime() > now;
    return {
      id: row.id,
      accountId: row.accountId,
      url: row.url,
      description: row.description,
      events: row.events,
      enabled: row.enabled,
      disabledReason: row.disabledReason,
      failingSince: row.failingSince,
      previousSecretExpiresAt: overlapping ? row.previousSecretUntil : null,
      createdAt: row.createdAt,
      updatedAt: row.updatedAt,
    };
  }
}

function deliveryView(row: WebhookDeliveryRow, eventType: string): WebhookDeliveryView {
  return {
    id: row.id,
    eventId: row.eventId,
    eventType,
    endpointId: row.endpointId ?? '',
    status: row.status,
    attemptCount: row.attempts,
    lastStatusCode: row.lastStatusCode,
    latencyMs: row.lastLatencyMs,
    lastError: row.lastError,
    nextAttemptAt: row.nextAttemptAt,
    deliveredAt: row.deliveredAt,
    createdAt: row.createdAt,
  };
}
