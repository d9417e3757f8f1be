import type { DataSource } from 'typeorm';
import type { MessageType, NotificationChannel } from './notification.types';
import { DELIVERY_STATUSES, DeliveryStatus } from './entities/notification-delivery.entity';
import type { NotificationStatus } from './entities/notification.entity';
import { DeliveryRow, LogPosition, NotificationLogRepository, NotificationRow } from './notification-log.repository';

export type { LogPosition };

/** A delivery's status, or the request's own when it produced no deliveries. */
export const NOTIFICATION_LOG_STATUSES = ['PENDING', 'SENDING', 'RETRYING', 'SENT', 'FAILED', 'SUPPRESSED', 'UNCERTAIN', 'NO_RECIPIENT'] as const;
export type NotificationLogStatus = (typeof NOTIFICATION_LOG_STATUSES)[number];

export interface NotificationLogFilter {
  bookingReference?: string | null;
  messageType?: MessageType | null;
  status?: NotificationLogStatus | null;
  channel?: NotificationChannel | null;
  limit: number;
  /** Entries to skip before the page (at most MAX_LOG_OFFSET): the way before cursors, kept for old clients. */
  offset: number;
  /** The page starts after this entry (a previous page's `next`). */
  after?: LogPosition | null;
}

/** Entries counted at most: `total` is exact below it and a lower bound at it (`totalIsExact` false). Counting reads the same index as the page, so a count costs at most this many index entries, however long the log. */
export const LOG_TOTAL_CAP = 1000;
/** The most entries an offset may skip: deeper pages follow cursors, which cost the same at any depth. */
export const MAX_LOG_OFFSET = 10_000;

export interface NotificationLogPageResult {
  records: NotificationLogRecord[];
  /** Where the next page starts; null on the last page. */
  next: LogPosition | null;
}

export interface NotificationAttemptRecord {
  attempt: number;
  status: string;
  provider: string;
  providerMessageId: string | null;
  error: string | null;
  startedAt: Date;
  finishedAt: Date | null;
}

export interface NotificationLogRecord {
  notificationId: string;
  deliveryId: string | null;
  bookingKind: string;
  bookingReference: string | null;
  messageType: MessageType;
  trigger: string;
  channel: NotificationChannel | null;
  recipient: string | null;
  status: NotificationLogStatus;
  /** The suppression reason or the last error. */
  detail: string | null;
  provider: string | null;
  providerMessageId: string | null;
  attemptCount: number;
  requestedAt: Date;
  sendAfter: Date;
  updatedAt: Date | null;
  sentAt: Date | null;
  attempts: NotificationAttemptRecord[];
}

export interface NotificationProgressRow {
  id: string;
  status: NotificationStatus;
  reason: string | null;
}

export interface DeliveryProgressRow {
  notification_id: string;
  recipient_key: string;
  recipient_masked: string;
  status: DeliveryStatus;
  error: string | null;
}

/** How a request without deliveries shows in the log: its own status, a planned one as PENDING. */
const OWN_STATUSES: Partial<Record<NotificationLogStatus, NotificationStatus[]>> = {
  PENDING: ['PENDING', 'PLANNED'],
  SUPPRESSED: ['SUPPRESSED'],
  NO_RECIPIENT: ['NO_RECIPIENT'],
  FAILED: ['FAILED'],
};
const DELIVERY_LOG_STATUSES = new Set<string>(DELIVERY_STATUSES);
/** The most rows one statement of the log asks for: a page (200) and one more. */
const READ_STEP = 201;

interface Entry {
  request: NotificationRow;
  delivery: DeliveryRow | null;
}

const positionOf = (e: Entry): LogPosition => ({ at: new Date(e.request.created_at), notificationId: e.request.id, deliveryId: e.delivery?.id ?? '' });
const byDeliveryIdDesc = (a: DeliveryRow, b: DeliveryRow) => (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);

/** Newest first: request time, then request id, then delivery id, all descending (a request's own entry has delivery id ''). */
function newestFirst(a: Entry, b: Entry): number {
  const pa = positionOf(a);
  const pb = positionOf(b);
  if (pa.at.getTime() !== pb.at.getTime()) return pb.at.getTime() - pa.at.getTime();
  if (pa.notificationId !== pb.notificationId) return pa.notificationId < pb.notificationId ? 1 : -1;
  return pa.deliveryId < pb.deliveryId ? 1 : pa.deliveryId > pb.deliveryId ? -1 : 0;
}

/**
 * Reads the notification log for operators: newest first, one entry per delivery (or per request without one), in
 * keyset pages. With a status or channel filter (and no booking reference) the page is read from the deliveries'
 * status or channel index, merged with the requests that are entries of their own; otherwise from the requests'
 * time, message-type or booking-reference index, each request expanded into its deliveries.
 */
export class NotificationLogService {
  private readonly repository: NotificationLogRepository;

  constructor(dataSource: DataSource) {
    this.repository = new NotificationLogRepository(dataSource);
  }

  /** Where these requests stand: each request's own status and each of its deliveries (for callers that wait on them). */
  async progress(notificationIds: string[]): Promise<{ notifications: NotificationProgressRow[]; deliveries: DeliveryProgressRow[] }> {
    return this.repository.progress(notificationIds);
  }

  /** A page: its entries and where the next starts. Counting is separate (count()), so a page costs no count. */
  async find(filter: NotificationLogFilter): Promise<NotificationLogPageResult> {
    const entries = await this.skipThenRead(filter, byDeliveries(filter));
    const page = entries.slice(0, filter.limit);
    const more = entries.length > filter.limit;
    const attempts = await this.attemptsOf(page.flatMap((e) => (e.delivery ? [e.delivery.id] : [])));
    return {
      records: page.map((e) => toRecord(e, attempts.get(e.delivery?.id ?? '') ?? [])),
      next: more && page.length ? positionOf(page[page.length - 1]) : null,
    };
  }

  /** How many entries match the filter, up to LOG_TOTAL_CAP, through the index its pages read. */
  async count(filter: Omit<NotificationLogFilter, 'limit' | 'offset' | 'after'>): Promise<{ total: number; totalIsExact: boolean }> {
    const counted = await this.countUpTo({ ...filter, limit: 0, offset: 0, after: null }, byDeliveries(filter));
    return { total: Math.min(counted, LOG_TOTAL_CAP), totalIsExact: counted < LOG_TOTAL_CAP };
  }

  /**
   * The page's entries (one more than the limit, to know whether more follow), after skipping `offset` entries in
   * steps of at most READ_STEP: every statement reads a short stretch of an index, however deep the page.
   */
  private async skipThenRead(filter: NotificationLogFilter, walkDeliveries: boolean): Promise<Entry[]> {
    const read = (after: LogPosition | null, wanted: number) =>
      walkDeliveries ? this.fromDeliveries({ ...filter, after }, wanted) : this.fromRequests({ ...filter, after }, wanted);
    let after = filter.after ?? null;
    let skip = Math.min(Math.max(0, filter.offset), MAX_LOG_OFFSET);
    while (skip > 0) {
      const step = await read(after, Math.min(skip, READ_STEP));
      if (step.length === 0) return [];
      skip -= step.length;
      after = positionOf(step[step.length - 1]);
    }
    return read(after, filter.limit + 1);
  }

  /** Up to `wanted` entries walking the requests newest first, each expanded into its (matching) deliveries. */
  private async fromRequests(filter: NotificationLogFilter, wanted: number): Promise<Entry[]> {
    const entries: Entry[] = [];
    const after = filter.after ?? null;
    // The rest of the request the previous page stopped in, after its last delivery shown.
    if (after?.deliveryId) {
      const [request] = await this.repository.requestsById([after.notificationId]);
      if (request && mayHaveDeliveries(filter)) {
        const rest = await this.repository.deliveriesOf([request.id], deliveryFilter(filter), { notificationId: request.id, deliveryId: after.deliveryId });
        entries.push(...rest.sort(byDeliveryIdDesc).map((delivery) => ({ request, delivery })));
      }
    }
    let from: Pick<LogPosition, 'at' | 'notificationId'> | null = after;
    // Each request gives at least one entry unless a status or channel filter leaves it out (then the booking
    // reference keeps the walk short) or its deliveries were purged: a few rounds fill any page.
    for (let round = 0; entries.length < wanted && round < Math.ceil(wanted / READ_STEP) + 4; round++) {
      const chunk = Math.min(Math.max(wanted - entries.length, 10), READ_STEP);
      const requests = await this.repository.requests(filter, from, chunk);
      entries.push(...(await this.expand(requests, filter)));
      if (requests.length < chunk) break;
      const last = requests[requests.length - 1];
      from = { at: new Date(last.created_at), notificationId: last.id };
    }
    return entries.slice(0, wanted);
  }

  /** The entries of these requests (newest first): their matching deliveries, or the request itself when it has none. */
  private async expand(requests: NotificationRow[], filter: NotificationLogFilter): Promise<Entry[]> {
    const planned = requests.filter((r) => Number(r.has_deliveries) === 1).map((r) => r.id);
    const deliveries = mayHaveDeliveries(filter) ? await this.repository.deliveriesOf(planned, deliveryFilter(filter)) : [];
    const byRequest = new Map<string, DeliveryRow[]>();
    for (const d of deliveries) byRequest.set(d.notification_id, [...(byRequest.get(d.notification_id) ?? []), d]);
    const own = ownStatuses(filter);
    return requests.flatMap((request): Entry[] => {
      if (Number(request.has_deliveries) === 1) return (byRequest.get(request.id) ?? []).sort(byDeliveryIdDesc).map((delivery) => ({ request, delivery }));
      return own === null || own.includes(request.status) ? [{ request, delivery: null }] : [];
    });
  }

  /** Up to `wanted` entries from the deliveries' status or channel index, merged with the requests that are entries themselves. */
  private async fromDeliveries(filter: NotificationLogFilter, wanted: number): Promise<Entry[]> {
    const after = filter.after ?? null;
    const [deliveries, requests] = await Promise.all([
      mayHaveDeliveries(filter) ? this.repository.deliveries({ ...deliveryFilter(filter), messageType: filter.messageType }, after, wanted) : [],
      this.repository.ownEntries(ownStatuses(filter) ?? [], { messageType: filter.messageType }, after, wanted),
    ]);
    const entries: Entry[] = [
      ...deliveries.map(({ request, ...delivery }) => ({ request, delivery })),
      ...requests.map((request) => ({ request, delivery: null })),
    ];
    return entries.sort(newestFirst).slice(0, wanted);
  }

  private async countUpTo(filter: NotificationLogFilter, walkDeliveries: boolean): Promise<number> {
    if (walkDeliveries) {
      const [deliveries, own] = await Promise.all([
        mayHaveDeliveries(filter) ? this.repository.countDeliveries({ ...deliveryFilter(filter), messageType: filter.messageType }, LOG_TOTAL_CAP) : 0,
        this.repository.countOwnEntries(ownStatuses(filter) ?? [], { messageType: filter.messageType }, LOG_TOTAL_CAP),
      ]);
      return deliveries + own;
    }
    // A booking's entries are few: counted as read.
    if (filter.bookingReference) return (await this.fromRequests({ ...filter, after: null }, LOG_TOTAL_CAP)).length;
    return this.repository.countRequestEntries(filter, LOG_TOTAL_CAP);
  }

  private async attemptsOf(deliveryIds: string[]): Promise<Map<string, NotificationAttemptRecord[]>> {
    const byDelivery = new Map<string, NotificationAttemptRecord[]>();
    for (const row of await this.repository.attemptsOf(deliveryIds)) {
      const list = byDelivery.get(row.delivery_id) ?? [];
      list.push({
        attempt: Number(row.attempt),
        status: row.status,
        provider: row.provider,
        providerMessageId: row.provider_message_id,
        error: row.error,
        startedAt: new Date(row.started_at),
        finishedAt: row.finished_at ? new Date(row.finished_at) : null,
      });
      byDelivery.set(row.delivery_id, list);
    }
    return byDelivery;
  }
}

/** A status or channel filter without a booking reference walks the deliveries' index; the rest walk the requests. */
function byDeliveries(filter: Pick<NotificationLogFilter, 'bookingReference' | 'status' | 'channel'>): boolean {
  return !filter.bookingReference && (!!filter.status || !!filter.channel);
}

/** A status filter that is a delivery status (NO_RECIPIENT never is), or none. */
function mayHaveDeliveries(filter: NotificationLogFilter): boolean {
  return !filter.status || DELIVERY_LOG_STATUSES.has(filter.status);
}

function deliveryFilter(filter: NotificationLogFilter): { status: DeliveryStatus | null; channel: NotificationChannel | null } {
  return { status: (filter.status as DeliveryStatus | null | undefined) ?? null, channel: filter.channel ?? null };
}

/** The request statuses whose requests without deliveries match the filter; null: any; [] none (a channel filter). */
function ownStatuses(filter: NotificationLogFilter): NotificationStatus[] | null {
  if (filter.channel) return [];
  if (!filter.status) return null;
  return OWN_STATUSES[filter.status] ?? [];
}

function toRecord({ request, delivery }: Entry, attempts: NotificationAttemptRecord[]): NotificationLogRecord {
  const requestStatus = request.status === 'PLANNED' ? 'PENDING' : request.status;
  return {
    notificationId: request.id,
    deliveryId: delivery?.id ?? null,
    bookingKind: request.booking_kind,
    bookingReference: request.booking_reference,
    messageType: request.message_type,
    trigger: request.trigger_kind,
    channel: delivery?.channel ?? null,
    recipient: delivery?.recipient_masked ?? null,
    status: delivery?.status ?? (requestStatus as NotificationLogStatus),
    detail: delivery ? delivery.error : request.reason,
    provider: delivery?.provider ?? null,
    providerMessageId: delivery?.provider_message_id ?? null,
    attemptCount: Number(delivery?.attempts ?? 0),
    requestedAt: new Date(request.created_at),
    sendAfter: new Date(request.not_before),
    updatedAt: delivery?.updated_at ? new Date(delivery.updated_at) : null,
    sentAt: delivery?.sent_at ? new Date(delivery.sent_at) : null,
    attempts,
  };
}
