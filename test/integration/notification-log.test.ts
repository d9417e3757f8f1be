import { randomUUID } from 'node:crypto';
import { createTestPlatform } from '../support/test-platform';
import { LOG_TOTAL_CAP, NotificationLogFilter, NotificationLogRecord, NotificationLogService } from '../../shared/notifications/notification-log.service';

/**
 * The notification log's keyset pages (issue 23): newest first by request time, each entry once however the log
 * grows between pages, the status and channel filters reading deliveries and requests without deliveries together,
 * and a total that counts up to LOG_TOTAL_CAP and says when it stopped.
 */
describe('notification log pages (real MariaDB)', () => {
  let env: Awaited<ReturnType<typeof createTestPlatform>>;
  let log: NotificationLogService;
  let clock = Date.parse('2026-01-01T00:00:00Z');

  beforeAll(async () => {
    env = await createTestPlatform();
    log = new NotificationLogService(env.platform.dataSource);
  });
  afterAll(() => env.close());

  /** A request as the dispatch job leaves it: with deliveries (channel → status), or on its own in `status`. */
  async function request(reference: string, deliveries: Array<[string, string]>, status = deliveries.length ? 'PLANNED' : 'NO_RECIPIENT'): Promise<string> {
    const id = randomUUID();
    const at = new Date((clock += 1000));
    await env.platform.dataSource.query(
      `INSERT INTO notification (id, dedupe_key, booking_kind, booking_id, booking_reference, message_type, trigger_kind, status, has_deliveries, reason, not_before, created_at, planned_at)
       VALUES (?, ?, 'flight', ?, ?, 'TICKET', 'AUTOMATIC', ?, ?, ?, ?, ?, ?)`,
      [id, `test:${id}`, randomUUID(), reference, status, deliveries.length ? 1 : 0, deliveries.length ? null : 'NO_ADDRESS_FOR_CHANNELS', at, at, at],
    );
    for (const [channel, deliveryStatus] of deliveries) {
      await env.platform.dataSource.query(
        `INSERT INTO notification_delivery (id, notification_id, requested_at, channel, recipient_key, recipient_masked, status, attempts, created_at, updated_at)
         VALUES (?, ?, ?, ?, 'passenger:1', '***123', ?, 0, ?, ?)`,
        [randomUUID(), id, at, channel, deliveryStatus, at, at],
      );
    }
    return id;
  }

  /** Every entry, following `next` page by page; `between` runs after the first page. */
  async function readAll(filter: Partial<NotificationLogFilter>, limit: number, between?: () => Promise<unknown>): Promise<NotificationLogRecord[]> {
    const seen: NotificationLogRecord[] = [];
    let after: NotificationLogFilter['after'] = null;
    for (let page = 0; page < 100; page++) {
      const result = await log.find({ ...filter, limit, offset: 0, after });
      seen.push(...result.records);
      if (page === 0) await between?.();
      if (!result.next) return seen;
      after = result.next;
    }
    throw new Error('the log did not end');
  }

  const key = (r: NotificationLogRecord) => `${r.notificationId}/${r.deliveryId ?? '-'}`;

  it('pages newest first, each entry once, while new entries are logged between pages', async () => {
    const reference = 'SFPAGES1';
    for (let i = 0; i < 12; i++) {
      await request(
        reference,
        i % 3 === 0
          ? []
          : [
              ['EMAIL', 'SENT'],
              ['SMS', 'SENT'],
              ['PUSH', 'FAILED'],
            ],
      );
    }
    const before = await readAll({ bookingReference: reference }, 1000);
    expect(before).toHaveLength(4 + 8 * 3);
    const times = before.map((r) => r.requestedAt.getTime());
    expect(times).toEqual([...times].sort((a, b) => b - a));

    // Pages of 5 cut through requests with three deliveries; the newer entries logged meanwhile are not read again.
    const paged = await readAll({ bookingReference: reference }, 5, () => request(reference, [['EMAIL', 'SENT']]));
    expect(paged.map(key)).toEqual(before.map(key));
  });

  it('reads the whole log in pages, as a deep page would, with a cursor', async () => {
    const all = await readAll({}, 1000);
    const paged = await readAll({}, 7);
    expect(paged.map(key)).toEqual(all.map(key));
    expect(new Set(paged.map(key)).size).toBe(paged.length);
  });

  it('filters by status across deliveries and requests without deliveries, and by channel across deliveries only', async () => {
    const reference = 'SFSTATUS';
    const failedDelivery = await request(reference, [
      ['EMAIL', 'FAILED'],
      ['SMS', 'SENT'],
    ]);
    const failedRequest = await request(reference, [], 'FAILED');
    const noRecipient = await request(reference, []);
    const failed = await readAll({ status: 'FAILED' }, 2);
    const mine = failed.filter((r) => r.bookingReference === reference);
    expect(mine.map((r) => [r.notificationId, r.channel, r.status])).toEqual([
      [failedRequest, null, 'FAILED'],
      [failedDelivery, 'EMAIL', 'FAILED'],
    ]);
    expect((await log.find({ status: 'NO_RECIPIENT', limit: 200, offset: 0 })).records.map((r) => r.notificationId)).toContain(noRecipient);
    const sms = await readAll({ channel: 'SMS', bookingReference: reference }, 10);
    expect(sms.map((r) => [r.notificationId, r.channel])).toEqual([[failedDelivery, 'SMS']]);
    const smsEverywhere = await readAll({ channel: 'SMS' }, 3);
    expect(smsEverywhere.every((r) => r.channel === 'SMS')).toBe(true);
    expect(smsEverywhere.map(key)).toContain(key(sms[0]));
  });

  it(`counts up to ${LOG_TOTAL_CAP} and says when it stopped`, async () => {
    expect(await log.count({ bookingReference: 'SFSTATUS' })).toEqual({ total: 4, totalIsExact: true });
    const reference = 'SFMANY01';
    const at = new Date((clock += 1000));
    const rows = Array.from({ length: LOG_TOTAL_CAP + 5 }, () => [randomUUID(), reference, at]);
    await env.platform.dataSource.query(
      `INSERT INTO notification (id, dedupe_key, booking_kind, booking_id, booking_reference, message_type, trigger_kind, status, has_deliveries, not_before, created_at)
       VALUES ${rows.map(() => "(?, UUID(), 'flight', 'b', ?, 'TRIP_DELAY', 'AUTOMATIC', 'NO_RECIPIENT', 0, ?, ?)").join(', ')}`,
      rows.flatMap(([id, ref, time]) => [id, ref, time, time]),
    );
    expect(await log.count({})).toEqual({ total: LOG_TOTAL_CAP, totalIsExact: false });
    expect(await log.count({ messageType: 'TRIP_DELAY' })).toEqual({ total: LOG_TOTAL_CAP, totalIsExact: false });
    expect((await log.find({ messageType: 'TRIP_DELAY', limit: 10, offset: 0 })).records).toHaveLength(10);
    expect(await log.count({ status: 'NO_RECIPIENT' })).toEqual({ total: LOG_TOTAL_CAP, totalIsExact: false });
  });
});
