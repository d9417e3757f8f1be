import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { spawn } from 'node:child_process';
import path from 'node:path';
import type { Platform } from '../../shared/platform/platform.wiring';
import type { PlatformConfig } from '../../shared/config/platform.config';
import { OutboxRelay } from '../../shared/queue/outbox-relay.service';
import { WorkerHost } from '../../shared/queue/worker-host.service';
import { createChannelAdapters } from '../../shared/notifications/channels/channel.factory';
import { HttpMessageChannel } from '../../shared/notifications/channels/http-message.channel';
import { readSink } from '../../shared/notifications/channels/sink.channel';
import type { ChannelAdapter } from '../../shared/notifications/channels/channel.port';
import { notificationJobs } from '../../shared/notifications/notification.jobs';
import { NotificationLogService, NotificationLogRecord } from '../../shared/notifications/notification-log.service';
import { NOTIFICATIONS_QUEUE, NotificationRequester, NotifyRequest } from '../../shared/notifications/notification-request.service';
import { createNotificationRequester } from '../../shared/notifications/notifications.module';
import type { NotificationChannel, NotificationRecipient } from '../../shared/notifications/notification.types';
import { createTestPlatform, childEnv } from '../support/test-platform';
import { waitFor } from '../support/wait';
import {
  createSampleBookingTable,
  insertSampleBooking,
  sampleBookingSource,
  SAMPLE_KIND,
  SampleBooking,
  setSampleState,
} from '../support/sample-booking.source';

/**
 * The notification flow against real MariaDB and Redis: outbox → BullMQ → worker → channel,
 * with the local sinks as email/push providers and a real HTTP server as the SMS and WhatsApp
 * provider, so a provider can be made to fail on demand.
 */
describe('customer notifications (real MariaDB and Redis)', () => {
  let env: Awaited<ReturnType<typeof createTestPlatform>>;
  let platform: Platform;
  let notifications: NotificationRequester;
  let config: PlatformConfig;
  let log: NotificationLogService;
  let provider: FakeProvider;
  let worker: RunningWorker | undefined;

  beforeAll(async () => {
    env = await createTestPlatform({
      NOTIFICATION_MAX_ATTEMPTS: '3',
      NOTIFICATION_BACKOFF_MS: '20',
      JOB_LOCK_MS: '1000',
      UNPAID_REMINDER_LEAD_SECONDS: '118',
    });
    platform = env.platform;
    notifications = createNotificationRequester(platform);
    config = env.config;
    log = new NotificationLogService(platform.dataSource);
    await createSampleBookingTable(platform.dataSource);
    provider = await startFakeProvider();
  });
  afterAll(async () => {
    await worker?.stop();
    await provider.close();
    await env.close();
  });
  afterEach(async () => {
    await worker?.stop();
    worker = undefined;
  });

  /** Email and push through the local sinks, SMS and WhatsApp through the fake HTTP provider. */
  function channels(): Record<NotificationChannel, ChannelAdapter> {
    const adapters = createChannelAdapters(config.notifications, platform.logger);
    adapters.SMS = new HttpMessageChannel('SMS', { url: `${provider.url}/sms`, token: 'sms-token' }, 2000);
    adapters.WHATSAPP = new HttpMessageChannel('WHATSAPP', { url: `${provider.url}/whatsapp`, token: null }, 2000);
    return adapters;
  }

  function startWorker(adapters = channels()): RunningWorker {
    const relay = new OutboxRelay(platform.dataSource, platform.queues, platform.clock, platform.logger);
    relay.start(config.outboxPollMs);
    const host = new WorkerHost(platform.queueRedis, config.queuePrefix, platform.logger, config.jobLockMs);
    host.start(notificationJobs(platform, [sampleBookingSource(platform.dataSource)], adapters));
    return { stop: async () => (await relay.stop(), await host.close()) };
  }

  async function book(overrides: Partial<SampleBooking> = {}): Promise<SampleBooking> {
    const reference = `SF${randomUUID().slice(0, 6).toUpperCase()}`;
    const booking: SampleBooking = {
      id: randomUUID(),
      reference,
      recipients: [
        {
          key: 'buyer',
          role: 'BUYER',
          name: 'Asha Mwinyi',
          email: `asha.${reference.toLowerCase()}@example.com`,
          phone: '+255712345678',
          pushToken: `device-${reference}`,
        },
      ],
      ...overrides,
    };
    await insertSampleBooking(platform.dataSource, booking);
    return booking;
  }

  const notify = (booking: SampleBooking, request: Partial<NotifyRequest> = {}) =>
    platform.dataSource.transaction((m) => notifications.request(m, { bookingKind: SAMPLE_KIND, bookingId: booking.id, messageType: 'TICKET', ...request }));

  const entries = async (bookingReference: string) => (await log.find({ bookingReference, limit: 200, offset: 0 })).records;
  const byChannel = (records: NotificationLogRecord[]) => Object.fromEntries(records.map((r) => [r.channel, r]));
  const settled = (records: NotificationLogRecord[]) =>
    records.length > 0 && records.every((r) => ['SENT', 'FAILED', 'SUPPRESSED', 'UNCERTAIN', 'NO_RECIPIENT'].includes(r.status));
  const sinkFor = async (channel: NotificationChannel, reference: string) =>
    (await readSink(config.notifications.sinkDir, channel)).filter((m) => m.content.includes(reference) || m.content.includes(reference.toLowerCase()));

  it('sends the final ticket on email and WhatsApp with the PDF, and on push; logs each with a masked recipient', async () => {
    const booking = await book();
    worker = startWorker();
    await notify(booking);
    const records = await waitFor(() => entries(booking.reference), settled);

    const channelsUsed = byChannel(records);
    expect(Object.keys(channelsUsed).sort()).toEqual(['EMAIL', 'PUSH', 'WHATSAPP']);
    for (const record of records) {
      expect(record).toMatchObject({ status: 'SENT', messageType: 'TICKET', bookingKind: SAMPLE_KIND, attemptCount: 1, detail: null });
      expect(record.providerMessageId).toBeTruthy();
      expect(record.attempts).toEqual([expect.objectContaining({ attempt: 1, status: 'SENT', providerMessageId: record.providerMessageId })]);
    }
    expect(channelsUsed.EMAIL.recipient).toBe(`a***@example.com`);
    expect(channelsUsed.WHATSAPP.recipient).toBe('***678');
    expect(JSON.stringify(records)).not.toContain('asha.');

    const [email] = await sinkFor('EMAIL', booking.reference);
    expect(email.content).toMatch(/Content-Type: application\/pdf/);
    expect(email.content).toContain(`ticket-${booking.reference}.pdf`);
    const whatsapp = provider.received.filter((r) => r.path === '/whatsapp' && r.body.text.includes(booking.reference));
    expect(whatsapp).toHaveLength(1);
    expect(whatsapp[0].body.attachments[0]).toMatchObject({ filename: `ticket-${booking.reference}.pdf`, contentType: 'application/pdf' });
    expect(Buffer.from(whatsapp[0].body.attachments[0].contentBase64, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
    expect(whatsapp[0].idempotencyKey).toBe(channelsUsed.WHATSAPP.deliveryId);
    expect(await sinkFor('PUSH', booking.reference)).toHaveLength(1);
  });

  it('writes in the booking language: Swahili for a booking made with Content-Language sw', async () => {
    const booking = await book({ language: 'sw' });
    worker = startWorker();
    await notify(booking, { channels: ['EMAIL'] });
    await waitFor(() => entries(booking.reference), settled);
    const [email] = await sinkFor('EMAIL', booking.reference);
    expect(email.content).toMatch(/Subject: =\?UTF-8\?[QB]\?|Subject: Tiketi yako ya Safiri/);
    expect(email.content).toContain('Tiketi yako');
  });

  it('keeps passenger data out of the job payloads: ids and names of things only', async () => {
    const booking = await book();
    worker = startWorker();
    await notify(booking);
    await waitFor(() => entries(booking.reference), settled);
    const jobs = await platform.queues.get(NOTIFICATIONS_QUEUE).getJobs(['completed']);
    expect(jobs.filter((j) => j.data.bookingId === booking.id)).toHaveLength(1);
    expect(jobs.filter((j) => j.name === 'deliver').length).toBeGreaterThanOrEqual(3);
    for (const job of jobs) {
      const keys = Object.keys(job.data).sort();
      expect([
        ['bookingId', 'bookingKind', 'messageType', 'notificationId'],
        ['channel', 'deliveryId', 'notificationId'],
      ]).toContainEqual(keys);
      expect(JSON.stringify(job.data)).not.toMatch(/@|\+255|Asha|device-/);
    }
  });

  it('writes nothing when the booking transaction rolls back', async () => {
    const booking = await book();
    await expect(
      platform.dataSource.transaction(async (m) => {
        await notifications.request(m, { bookingKind: SAMPLE_KIND, bookingId: booking.id, messageType: 'TICKET' });
        throw new Error('issuance step failed');
      }),
    ).rejects.toThrow('issuance step failed');
    const [{ n }] = await platform.dataSource.query('SELECT COUNT(*) AS n FROM notification WHERE booking_id = ?', [booking.id]);
    expect(Number(n)).toBe(0);
  });

  it('a replayed booking step asks again and is told it already asked: one message per channel', async () => {
    const booking = await book();
    const first = await notify(booking);
    const again = await notify(booking);
    expect(first.created).toBe(true);
    expect(again).toEqual({ notificationId: first.notificationId, created: false });
    worker = startWorker();
    const records = await waitFor(() => entries(booking.reference), settled);
    expect(records).toHaveLength(3);
    expect(await sinkFor('EMAIL', booking.reference)).toHaveLength(1);
  });

  it('one failing channel leaves the others delivered and logged; transient failures back off and retry', async () => {
    const booking = await book({
      recipients: [
        // The fake SMS provider rejects 0911 numbers with 400; its WhatsApp side answers 503 to them.
        { key: 'buyer', role: 'BUYER', name: 'Juma Hassan', email: 'juma@example.com', phone: '+255700000911', pushToken: 'device-juma' },
        { key: 'passenger:2', role: 'PASSENGER', name: 'Neema Hassan', phone: '+255700000503' },
      ],
    });
    worker = startWorker();
    await notify(booking, { channels: ['EMAIL', 'SMS', 'WHATSAPP', 'PUSH'] });
    const records = await waitFor(() => entries(booking.reference), settled);
    const get = (channel: string, masked: string) => records.find((r) => r.channel === channel && r.recipient === masked)!;

    expect(get('EMAIL', 'j***@example.com')).toMatchObject({ status: 'SENT', attemptCount: 1 });
    expect(get('PUSH', '***uma')).toMatchObject({ status: 'SENT', attemptCount: 1 });
    // Permanent: one attempt, the provider's status in the log, never retried.
    const smsRejected = get('SMS', '***911');
    expect(smsRejected).toMatchObject({ status: 'FAILED', attemptCount: 1, provider: 'http' });
    expect(smsRejected.detail).toMatch(/400/);
    expect(smsRejected.detail).not.toContain('sms-token');
    // The provider echoed the number; the log keeps it masked.
    expect(smsRejected.detail).toContain('***911');
    expect(smsRejected.detail).not.toContain('+255700000911');
    // Transient every time: all three attempts, then FAILED.
    const whatsappDown = get('WHATSAPP', '***911');
    expect(whatsappDown).toMatchObject({ status: 'FAILED', attemptCount: 3 });
    expect(whatsappDown.attempts.map((a) => a.status)).toEqual(['FAILED', 'FAILED', 'FAILED']);
    // Transient once (the 0503 trigger of the fake provider): delivered on the second attempt.
    const smsFlaky = get('SMS', '***503');
    expect(smsFlaky).toMatchObject({ status: 'SENT', attemptCount: 2 });
    expect(smsFlaky.attempts.map((a) => a.status)).toEqual(['FAILED', 'SENT']);
    expect(get('WHATSAPP', '***503')).toMatchObject({ status: 'SENT' });
    expect(provider.received.filter((r) => r.path === '/sms' && r.body.to === '+255700000911')).toHaveLength(1);
  });

  it('third-party agent bookings: no reservation message on any channel; the ticket goes to passengers only', async () => {
    const passenger: NotificationRecipient = { key: 'passenger:1', role: 'PASSENGER', name: 'Baraka', email: 'baraka@example.com', phone: '+255713000001' };
    const booking = await book({
      bookingUserType: 'THIRD_PARTY_AGENT',
      state: 'RESERVED',
      paymentDeadline: new Date(Date.now() + 3600_000),
      recipients: [{ key: 'buyer', role: 'BUYER', name: 'Agency Ltd', email: 'ops@agency.example', phone: '+255713999999' }, passenger],
    });
    worker = startWorker();
    await notify(booking, { messageType: 'RESERVATION', channels: ['EMAIL', 'SMS', 'WHATSAPP', 'PUSH'] });
    const reservation = await waitFor(() => entries(booking.reference), settled);
    expect(reservation.length).toBeGreaterThan(0);
    expect(reservation.every((r) => r.status === 'SUPPRESSED' && r.detail === 'THIRD_PARTY_AGENT_BOOKING')).toBe(true);
    expect(await sinkFor('EMAIL', booking.reference)).toHaveLength(0);

    await setSampleState(platform.dataSource, booking.id, 'ISSUED');
    await notify(booking, { messageType: 'TICKET' });
    const all = await waitFor(
      () => entries(booking.reference),
      (rs) => settled(rs) && rs.some((r) => r.messageType === 'TICKET'),
    );
    const ticket = all.filter((r) => r.messageType === 'TICKET');
    expect(ticket.map((r) => `${r.channel} ${r.recipient} ${r.status}`).sort()).toEqual(['EMAIL b***@example.com SENT', 'WHATSAPP ***001 SENT']);
  });

  it('sends one unpaid-reservation reminder before the deadline, none once paid, none for third-party agents', async () => {
    const deadline = () => new Date(Date.now() + 120_000);
    const unpaid = await book({ state: 'RESERVED', paymentDeadline: deadline() });
    const paid = await book({ state: 'RESERVED', paymentDeadline: deadline() });
    const agent = await book({ state: 'RESERVED', paymentDeadline: deadline(), bookingUserType: 'THIRD_PARTY_AGENT' });
    const schedule = (b: SampleBooking) =>
      platform.dataSource.transaction((m) =>
        notifications.scheduleUnpaidReminder(m, {
          bookingKind: SAMPLE_KIND,
          bookingId: b.id,
          bookingUserType: b.bookingUserType ?? 'CUSTOMER',
          paymentDeadline: b.paymentDeadline!,
        }),
      );
    const before = Date.now();
    expect(await schedule(unpaid)).toMatchObject({ created: true });
    expect(await schedule(unpaid)).toMatchObject({ created: false });
    expect(await schedule(paid)).toMatchObject({ created: true });
    expect(await schedule(agent)).toBeNull();
    await setSampleState(platform.dataSource, paid.id, 'PAID');
    worker = startWorker();

    const reminded = await waitFor(() => entries(unpaid.reference), settled);
    expect(reminded.map((r) => `${r.messageType} ${r.channel} ${r.status}`).sort()).toEqual([
      'RESERVATION_REMINDER EMAIL SENT',
      'RESERVATION_REMINDER PUSH SENT',
      'RESERVATION_REMINDER SMS SENT',
    ]);
    // Lead 118 s before a deadline 120 s away: not before about 2 s from scheduling.
    expect(reminded[0].sendAfter.getTime()).toBeGreaterThanOrEqual(before + 1000);
    expect(reminded[0].sentAt!.getTime()).toBeGreaterThanOrEqual(reminded[0].sendAfter.getTime());

    const suppressed = await waitFor(() => entries(paid.reference), settled);
    expect(suppressed.every((r) => r.status === 'SUPPRESSED' && r.detail === 'BOOKING_PAID')).toBe(true);
    expect(await sinkFor('EMAIL', paid.reference)).toHaveLength(0);
    const [{ n }] = await platform.dataSource.query('SELECT COUNT(*) AS n FROM notification WHERE booking_id = ?', [agent.id]);
    expect(Number(n)).toBe(0);
  });

  it('a notification that fails on every channel never undoes the funding it followed', async () => {
    const booking = await book({
      recipients: [{ key: 'buyer', role: 'BUYER', name: 'Rehema', email: 'rehema@reject.sandbox', phone: '+255700000400', pushToken: 'reject-device' }],
    });
    const { walletId } = await platform.dataSource.transaction(async (m) => {
      const accountId = randomUUID();
      await m.query("INSERT INTO account (id, email, password_hash, role, full_name) VALUES (?, ?, 'x', 'SERVICE_AGENT', 'Agent')", [
        accountId,
        `${accountId}@agents.example`,
      ]);
      const wallet = await platform.ledger.openWallet(m, accountId, 'TZS');
      await platform.ledger.credit(wallet.id, { businessKey: `open:${accountId}`, amount: '100000' }, m);
      return { walletId: wallet.id };
    });
    await platform.dataSource.transaction(async (m) => {
      await platform.ledger.debit(walletId, { businessKey: `ticket:${booking.id}`, amount: '26000' }, m);
      await notifications.request(m, { bookingKind: SAMPLE_KIND, bookingId: booking.id, messageType: 'TICKET', channels: ['EMAIL', 'PUSH'] });
    });
    worker = startWorker();
    const records = await waitFor(() => entries(booking.reference), settled);
    expect(records.map((r) => `${r.channel} ${r.status}`).sort()).toEqual(['EMAIL FAILED', 'PUSH FAILED']);
    const [wallet] = await platform.dataSource.query('SELECT balance FROM wallet WHERE id = ?', [walletId]);
    expect(Number(wallet.balance)).toBe(74000);
    const [row] = await platform.dataSource.query('SELECT state FROM sample_booking WHERE id = ?', [booking.id]);
    expect(row.state).toBe('ISSUED');
  });

  describe('a worker killed mid-send', () => {
    it('does not send twice: the retry repeats the send under the same key and the channel collapses it', async () => {
      const booking = await book();
      await notify(booking, { channels: ['EMAIL'] });
      await runWorkerUntilKilled(config, { KILL_AFTER_SEND_CHANNEL: 'EMAIL' });
      expect(await sinkFor('EMAIL', booking.reference)).toHaveLength(1);
      const [interrupted] = await entries(booking.reference);
      expect(interrupted.status).toBe('SENDING');

      worker = startWorker();
      const [record] = await waitFor(() => entries(booking.reference), settled);
      expect(record).toMatchObject({ status: 'SENT', attemptCount: 2 });
      expect(record.attempts.map((a) => a.status)).toEqual(['INTERRUPTED', 'SENT']);
      expect(await sinkFor('EMAIL', booking.reference)).toHaveLength(1);
    });

    it('over a channel that cannot deduplicate (SMTP), records UNCERTAIN instead of risking a second message', async () => {
      const booking = await book();
      await notify(booking, { channels: ['PUSH'] });
      await runWorkerUntilKilled(config, { KILL_AFTER_SEND_CHANNEL: 'PUSH', NON_DEDUPE_CHANNEL: 'PUSH' });
      expect(await sinkFor('PUSH', booking.reference)).toHaveLength(1);

      const adapters = channels();
      adapters.PUSH = { ...adapters.PUSH, channel: 'PUSH', provider: 'sink', dedupesByKey: false, send: adapters.PUSH.send.bind(adapters.PUSH) };
      worker = startWorker(adapters);
      const [record] = await waitFor(() => entries(booking.reference), settled);
      expect(record.status).toBe('UNCERTAIN');
      expect(record.detail).toMatch(/interrupted/);
      expect(record.attempts.map((a) => a.status)).toEqual(['INTERRUPTED']);
      expect(await sinkFor('PUSH', booking.reference)).toHaveLength(1);
    });
  });
});

interface RunningWorker {
  stop(): Promise<void>;
}

/** Runs the notification worker in a child process that SIGKILLs itself right after a send. */
function runWorkerUntilKilled(config: PlatformConfig, extra: Record<string, string>): Promise<void> {
  const script = path.join(__dirname, '..', 'support', 'notification-worker.process.js');
  const child = spawn(process.execPath, [script], { env: childEnv(config, { ...extra, OUTBOX_POLL_MS: '50' }), stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (d) => (stderr += d));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`worker was not killed by its failpoint within 30 s\n${stderr}`));
    }, 30_000);
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      if (signal === 'SIGKILL') resolve();
      else reject(new Error(`worker exited with ${code ?? signal} instead of being killed mid-send\n${stderr}`));
    });
  });
}

/** A message as the HTTP message channels (SMS, WhatsApp) send it. */
interface ProviderMessage {
  channel: string;
  to: string;
  text: string;
  attachments: Array<{ filename: string; contentType: string; contentBase64: string }>;
}

interface FakeProvider {
  url: string;
  received: Array<{ path: string; idempotencyKey: string; body: ProviderMessage }>;
  close(): Promise<void>;
}

/**
 * An SMS/WhatsApp provider on a real socket. Numbers ending 0911 are rejected with 400 on /sms
 * and get 503 on /whatsapp every time; numbers ending 0503 get one 503 per idempotency key first.
 */
async function startFakeProvider(): Promise<FakeProvider> {
  const received: FakeProvider['received'] = [];
  const seen = new Set<string>();
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      const body = JSON.parse(raw) as ProviderMessage;
      const idempotencyKey = String(req.headers['idempotency-key']);
      received.push({ path: req.url ?? '', idempotencyKey, body });
      const reply = (status: number, payload: object) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(payload));
      if (String(body.to).endsWith('0911')) {
        return req.url === '/sms' ? reply(400, { error: `invalid destination number ${body.to}` }) : reply(503, { error: 'upstream unavailable' });
      }
      if (String(body.to).endsWith('0503') && !seen.has(idempotencyKey)) {
        seen.add(idempotencyKey);
        return reply(503, { error: 'try again' });
      }
      reply(201, { id: `prov-${idempotencyKey}` });
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    close: () => new Promise((r) => server.close(() => r())),
  };
}
