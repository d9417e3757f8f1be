import type { DataSource, EntityManager } from 'typeorm';
import { NotificationEntity } from './entities/notification.entity';
import { NotificationDeliveryEntity } from './entities/notification-delivery.entity';
import { NotificationAttemptEntity } from './entities/notification-attempt.entity';

/** A request's row as NotificationRequester writes it. */
export type NewNotification = Omit<NotificationEntity, 'hasDeliveries'>;
/** What planning writes on a request it closes or claims. */
type PlanFields = Partial<Pick<NotificationEntity, 'status' | 'reason' | 'bookingReference' | 'plannedAt' | 'hasDeliveries'>>;
/** What a finished or claimed send writes on its delivery. */
type DeliveryFields = Partial<Omit<NotificationDeliveryEntity, 'id' | 'notificationId'>>;
/** What a finished send writes on its attempt. */
type AttemptFields = Partial<Pick<NotificationAttemptEntity, 'status' | 'providerMessageId' | 'error' | 'finishedAt'>>;

/**
 * SQL for notification, notification_delivery and notification_attempt as a message moves through them: asked for
 * (NotificationRequester), planned (the dispatch job), sent (the delivery job). Reads and writes by key only.
 */
export class NotificationDeliveryRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Writes a request unless its dedupe key is taken; true when written. */
  async insertRequest(m: EntityManager, row: NewNotification): Promise<boolean> {
    const result = await m.createQueryBuilder().insert().into(NotificationEntity).orIgnore().values(row).execute();
    return !!(result.raw as { affectedRows?: number }).affectedRows;
  }

  requestByDedupeKey(m: EntityManager, dedupeKey: string): Promise<NotificationEntity> {
    return m.findOneByOrFail(NotificationEntity, { dedupeKey });
  }

  requestById(id: string): Promise<NotificationEntity | null> {
    return this.dataSource.getRepository(NotificationEntity).findOneBy({ id });
  }

  /**
   * Moves a PENDING request on (closes or claims it for planning), on `m` or on its own; true when it was still
   * PENDING, so only the first planner of a request writes its deliveries.
   */
  async updatePending(id: string, fields: PlanFields, m?: EntityManager): Promise<boolean> {
    const result = await (m ?? this.dataSource.manager).getRepository(NotificationEntity).update({ id, status: 'PENDING' }, fields);
    return !!result.affected;
  }

  async insertDeliveries(m: EntityManager, rows: NotificationDeliveryEntity[]): Promise<void> {
    await m.getRepository(NotificationDeliveryEntity).insert(rows);
  }

  /** Every delivery of a request: id, channel and status. */
  deliveriesOf(notificationId: string): Promise<Array<Pick<NotificationDeliveryEntity, 'id' | 'channel' | 'status'>>> {
    return this.dataSource.getRepository(NotificationDeliveryEntity).find({ where: { notificationId }, select: { id: true, channel: true, status: true } });
  }

  /** The delivery, its row locked until `m`'s transaction ends. */
  lockDelivery(m: EntityManager, id: string): Promise<NotificationDeliveryEntity | null> {
    return m.getRepository(NotificationDeliveryEntity).findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
  }

  requestOf(m: EntityManager, delivery: NotificationDeliveryEntity): Promise<NotificationEntity> {
    return m.getRepository(NotificationEntity).findOneByOrFail({ id: delivery.notificationId });
  }

  /** Writes a delivery's fields; with `attempt`, only while that attempt is still the delivery's latest. */
  async updateDelivery(m: EntityManager, id: string, fields: DeliveryFields, attempt?: number): Promise<void> {
    await m.getRepository(NotificationDeliveryEntity).update(attempt === undefined ? { id } : { id, attempts: attempt }, fields);
  }

  /** Marks a delivery's STARTED attempts INTERRUPTED (their worker died mid-send). */
  async interruptStartedAttempts(m: EntityManager, deliveryId: string, now: Date): Promise<void> {
    await m.getRepository(NotificationAttemptEntity).update({ deliveryId, status: 'STARTED' }, { status: 'INTERRUPTED', finishedAt: now });
  }

  async insertAttempt(m: EntityManager, row: Omit<NotificationAttemptEntity, 'id'>): Promise<void> {
    await m.getRepository(NotificationAttemptEntity).insert(row);
  }

  async finishAttempt(m: EntityManager, deliveryId: string, attempt: number, fields: AttemptFields): Promise<void> {
    await m.getRepository(NotificationAttemptEntity).update({ deliveryId, attempt }, fields);
  }
}
