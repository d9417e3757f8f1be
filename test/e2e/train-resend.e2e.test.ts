import { startTestStack } from '../support/test-platform';
import { nextMonthDay, reserveSeats, SelectedTrain, selectExpressTrain } from '../support/train-trip';
import { FlightClient } from '../support/flight-client';
import type { ErrorAnswer, RestTrainIssuance } from '../support/rest-bodies';
import { waitFor } from '../support/wait';
import { readSink } from '../../shared/notifications/channels/sink.channel';
import { pageCount } from '../../shared/documents/pdf-inspection.reader';

const travelDate = () => nextMonthDay(6);

const DATE = travelDate();
const PATH = '/api/trip/train/send-notification';
const FINAL = ['SENT', 'FAILED', 'SUPPRESSED', 'UNCERTAIN'];
/** For tests that make several resends, each of which may wait for its deliveries. */
const SLOW = 180_000;

interface Passenger {
  name: string;
  email: string | null;
  /** A number ending in 0400 is refused by the WhatsApp sandbox (a permanent failure). */
  phone: string;
}

interface Booking {
  paymentReference: string;
  id: string;
  pnr: string;
  tickets: Array<{ train_ticket_uuid: string; ticket_number: string; passenger_index: number }>;
}

/** One channel's result of a resend, shaped like Promise.allSettled output. */
interface Settled {
  status: 'fulfilled' | 'rejected';
  /** On fulfilled. */
  value: { channel: string; notificationId: string; [report: string]: unknown };
  /** On rejected. */
  reason?: { channel: string; errorCode: string; errorMessage: string; notificationId: string | null };
}

/** A WhatsApp message as the sink keeps it. */
interface SinkWhatsApp {
  attachments: Array<{ filename: string; contentType: string; bytes: number }>;
  [field: string]: unknown;
}

/** The PDF attachments of an .eml written by the email sink (nodemailer: base64 parts). */
function pdfAttachments(eml: string): Array<{ filename: string; pdf: Buffer }> {
  return eml
    .split(/\r?\n--[^\r\n]+/)
    .filter((part) => /content-type:\s*application\/pdf/i.test(part))
    .map((part) => {
      const split = part.search(/\r?\n\r?\n/);
      const head = part.slice(0, split);
      const filename = /filename="?([^";\r\n]+)"?/i.exec(head)?.[1] ?? '';
      return { filename, pdf: Buffer.from(part.slice(split).replace(/\s+/g, ''), 'base64') };
    });
}

/** POST /api/trip/train/send-notification end to end: staff resends over the ordinary notification pipeline. */
describe('train staff resends (REST send-notification)', () => {
  let env: Awaited<ReturnType<typeof startTestStack>>;
  let admin: FlightClient;
  let sudo: FlightClient;
  let customer: FlightClient;
  let thirdParty: FlightClient;
  let counter: FlightClient;
  let trip: SelectedTrain;
  let cursor = 0;
  /** A service-agent booking of two passengers, issued: the buyer (the counter account) gets email too. */
  let group: Booking;
  /** A third-party agent booking, issued; its passenger has no email. */
  let agentBooking: Booking;
  /** A third-party agent booking, reserved only. */
  let pending: Booking;
  /** A service-agent booking issued with notifications.ticketPurchase false. */
  let silent: Booking;
  /** A service-agent booking, reserved only. */
  let live: Booking;
  const sql = <Row = Record<string, unknown>>(q: string, params: unknown[] = []) => env.stack.platform.dataSource.query<Row[]>(q, params);
  const send = <T = Settled[]>(client: FlightClient, body: unknown) => client.call<T>('POST', PATH, body);

  /** search → details → hold → reserve, one seat per passenger. */
  async function reserve(client: FlightClient, passengers: Passenger[], notifications?: { ticketPurchase: boolean }): Promise<Booking> {
    const seats = passengers.map(() => trip.seats[cursor++]);
    const details = passengers.map((p) => ({ passengerName: p.name, phone: p.phone, email: p.email || undefined }));
    const { paymentReference } = await reserveSeats(client, trip, seats, details, notifications ? { notifications } : {});
    const [row] = await sql<{ id: string; pnr: string }>('SELECT id, pnr FROM train_reservation WHERE payment_reference = ?', [paymentReference]);
    const tickets = await sql<Booking['tickets'][number]>(
      'SELECT train_ticket_uuid, ticket_number, passenger_index FROM train_ticket WHERE reservation_id = ? ORDER BY passenger_index',
      [row.id],
    );
    return { paymentReference, id: row.id, pnr: row.pnr, tickets };
  }

  async function issue(client: FlightClient, booking: Booking): Promise<void> {
    expect((await client.call('POST', `/api/trip/train/ticket/${booking.paymentReference}/issue`, {})).status).toBe(202);
  }

  async function untilIssued(client: FlightClient, booking: Booking): Promise<void> {
    const done = await waitFor(
      () => client.call<RestTrainIssuance>('GET', `/api/trip/train/ticket/${booking.paymentReference}/issuance`),
      (r) => r.status === 200 && r.body.issuance.status !== 'ISSUING',
      30_000,
    );
    expect(done.body.issuance.status).toBe('ISSUED');
  }

  /** The deliveries of a booking's notifications, once every one of them is final. */
  async function finalDeliveries(bookingId: string, where = '1 = 1', params: unknown[] = []) {
    return waitFor(
      () =>
        sql<{ id: string; channel: string; recipient_key: string; status: string; trigger_kind: string }>(
          `SELECT d.id, d.channel, d.recipient_key, d.status, n.trigger_kind FROM notification_delivery d JOIN notification n ON n.id = d.notification_id
            WHERE n.booking_id = ? AND ${where} ORDER BY d.channel, d.recipient_key`,
          [bookingId, ...params],
        ),
      (rows) => rows.length > 0 && rows.every((d) => FINAL.includes(d.status)),
      30_000,
    );
  }

  /** The email the sink wrote for one delivery (its id is the idempotency key). */
  async function email(deliveryId: string): Promise<string> {
    const entry = (await readSink(env.config.notifications.sinkDir, 'EMAIL')).find((m) => m.key === deliveryId);
    if (!entry) throw new Error(`no email for delivery ${deliveryId}`);
    return entry.content;
  }

  async function whatsapp(deliveryId: string): Promise<SinkWhatsApp> {
    const entry = (await readSink(env.config.notifications.sinkDir, 'WHATSAPP')).find((m) => m.key === deliveryId);
    if (!entry) throw new Error(`no WhatsApp message for delivery ${deliveryId}`);
    return JSON.parse(entry.content);
  }

  const deliveryOf = async (notificationId: string, recipientKey: string): Promise<string> =>
    (await sql<{ id: string }>('SELECT id FROM notification_delivery WHERE notification_id = ? AND recipient_key = ?', [notificationId, recipientKey]))[0].id;

  const manualCount = async (bookingId: string): Promise<number> =>
    Number((await sql("SELECT COUNT(*) AS n FROM notification WHERE booking_id = ? AND trigger_kind = 'MANUAL'", [bookingId]))[0].n);

  beforeAll(async () => {
    // The answer waits for the deliveries up to SGR_RESEND_WAIT_MS; a generous bound keeps results final (and the test
    // deterministic) on a loaded machine. It is a bound, not a timing assertion: a settled answer returns at once.
    env = await startTestStack({ SGR_MAX_ACTIVE_HOLDS: '60', SGR_RESEND_WAIT_MS: '45000' });
    admin = await FlightClient.create(env.baseUrl, env.stack.platform, 'ops@resend.test', 'ADMIN');
    sudo = await FlightClient.create(env.baseUrl, env.stack.platform, 'root@resend.test', 'SUDO');
    customer = await FlightClient.create(env.baseUrl, env.stack.platform, 'customer@resend.test', 'CUSTOMER');
    thirdParty = await FlightClient.create(env.baseUrl, env.stack.platform, 'partner@resend.test', 'THIRD_PARTY_AGENT', {
      currency: 'TZS',
      openingBalance: '1000000',
    });
    counter = await FlightClient.create(env.baseUrl, env.stack.platform, 'counter@resend.test', 'SERVICE_AGENT', {
      currency: 'TZS',
      openingBalance: '1000000',
    });
    trip = await selectExpressTrain(counter, DATE);

    group = await reserve(counter, [
      { name: 'Amina Said', email: 'amina@resend.test', phone: '+255712345601' },
      { name: 'Baraka Juma', email: 'baraka@resend.test', phone: '+255712340400' },
    ]);
    agentBooking = await reserve(thirdParty, [{ name: 'Chausiku Ali', email: null, phone: '+255712345603' }]);
    pending = await reserve(thirdParty, [{ name: 'Daudi Mosha', email: 'daudi@resend.test', phone: '+255712345604' }]);
    silent = await reserve(counter, [{ name: 'Eliya Kweka', email: 'eliya@resend.test', phone: '+255712345605' }], { ticketPurchase: false });
    live = await reserve(counter, [{ name: 'Fatma Hassan', email: 'fatma@resend.test', phone: '+255712345606' }]);
    await issue(counter, group);
    await issue(thirdParty, agentBooking);
    await issue(counter, silent);
    await untilIssued(counter, group);
    await untilIssued(thirdParty, agentBooking);
    await untilIssued(counter, silent);
  }, SLOW);
  afterAll(async () => {
    await env.close();
  });

  it('401 without a token; 403 for customers and agents, even for their own booking', async () => {
    expect(
      (await fetch(`${env.baseUrl}${PATH}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ pnr: group.pnr }) }))
        .status,
    ).toBe(401);
    for (const client of [customer, thirdParty, counter]) {
      const res = await send<ErrorAnswer>(client, { paymentReference: group.paymentReference });
      expect(res.status).toBe(403);
      expect(res.body.errorCode).toBe('FORBIDDEN');
    }
    expect(await manualCount(group.id)).toBe(0);
  });

  it('400 with data.fields[] for no or several selectors, wrong types and unknown values', async () => {
    const cases: Array<[unknown, string[]]> = [
      [{}, ['selector']],
      [{ paymentReference: group.paymentReference, pnr: group.pnr }, ['paymentReference', 'pnr']],
      [{ pnr: 42 }, ['pnr']],
      [{ trainTicketUuids: group.tickets[0].train_ticket_uuid }, ['trainTicketUuids']],
      [{ trainTicketUuids: [] }, ['trainTicketUuids']],
      [{ trainTicketUuids: ['not-a-uuid'] }, ['trainTicketUuids[0]']],
      [{ paymentReference: group.paymentReference, notificationChannels: 'EMAIL' }, ['notificationChannels']],
      [{ paymentReference: group.paymentReference, notificationChannels: ['EMAIL', 'SMS'] }, ['notificationChannels[1]']],
      [{ paymentReference: group.paymentReference, messageType: 'TICKET' }, ['messageType']],
      [{ paymentReference: group.paymentReference, emailType: 'INVOICE' }, ['emailType']],
      [{ ticketNumber: '', messageType: 'BOGUS' }, ['ticketNumber', 'messageType']],
      [{ trainTicketUuids: [group.tickets[0].train_ticket_uuid, agentBooking.tickets[0].train_ticket_uuid] }, ['trainTicketUuids']],
    ];
    for (const [body, fields] of cases) {
      const res = await send<ErrorAnswer>(admin, body);
      expect({ body, status: res.status, errorCode: res.body.errorCode }).toEqual({ body, status: 400, errorCode: 'BAD_REQUEST' });
      expect(res.body.data.fields.map((f: { field: string }) => f.field)).toEqual(fields);
      for (const f of res.body.data.fields) expect(typeof f.message).toBe('string');
    }
    expect(await manualCount(group.id)).toBe(0);
  });

  it('404 for an unknown booking by every selector', async () => {
    for (const body of [
      { paymentReference: 'SGRPNOSUCHREF22' },
      { pnr: 'NOPNR1' },
      { ticketNumber: 'NO-SUCH-TICKET' },
      { trainTicketUuids: ['00000000-0000-4000-8000-000000000000'] },
    ]) {
      const res = await send<ErrorAnswer>(admin, body);
      expect({ body, status: res.status }).toEqual({ body, status: 404 });
      expect(['SGR_RESERVATION_NOT_FOUND', 'SGR_TICKET_NOT_FOUND']).toContain(res.body.errorCode);
    }
  });

  it('409 SGR_NOTIFICATION_PRECONDITION_FAILED: not issued, ticketPurchase false, reservation messages of a third-party agent booking, wrong state', async () => {
    const cases: Array<[unknown, string]> = [
      [{ paymentReference: pending.paymentReference }, 'RESERVATION_NOT_ISSUED'],
      [{ paymentReference: live.paymentReference, messageType: 'TRAIN_TICKET' }, 'RESERVATION_NOT_ISSUED'],
      [{ pnr: silent.pnr, notificationChannels: ['EMAIL', 'WHATSAPP'] }, 'TICKET_PURCHASE_DISABLED'],
      [{ paymentReference: pending.paymentReference, messageType: 'TRAIN_TICKET_RESERVATION' }, 'THIRD_PARTY_AGENT_BOOKING'],
      [{ paymentReference: agentBooking.paymentReference, messageType: 'TRAIN_TICKET_RESERVATION_CANCELLATION' }, 'THIRD_PARTY_AGENT_BOOKING'],
      [{ paymentReference: live.paymentReference, messageType: 'TRAIN_TICKET_RESERVATION_CANCELLATION' }, 'RESERVATION_NOT_CANCELLED'],
    ];
    for (const [body, reason] of cases) {
      const res = await send<ErrorAnswer>(admin, body);
      expect({ body, status: res.status, errorCode: res.body.errorCode, reason: res.body.data?.reason }).toEqual({
        body,
        status: 409,
        errorCode: 'SGR_NOTIFICATION_PRECONDITION_FAILED',
        reason,
      });
    }
    for (const booking of [pending, silent, agentBooking, live]) expect(await manualCount(booking.id)).toBe(0);
  });

  it('the automatic ticket email carries the PDFs: the group to the buyer, each passenger their own', async () => {
    const deliveries = await finalDeliveries(group.id, "n.trigger_kind = 'AUTOMATIC' AND n.message_type = 'TICKET'");
    const by = (channel: string, key: string) => deliveries.find((d) => d.channel === channel && d.recipient_key === key)!;
    expect(deliveries.map((d) => `${d.channel} ${d.recipient_key} ${d.status}`)).toEqual([
      'EMAIL buyer SENT',
      'EMAIL passenger:0 SENT',
      'EMAIL passenger:1 SENT',
      'WHATSAPP passenger:0 SENT',
      'WHATSAPP passenger:1 FAILED',
    ]);
    const buyer = pdfAttachments(await email(by('EMAIL', 'buyer').id));
    expect(buyer.map((a) => a.filename)).toEqual([`sgr-ticket-${group.paymentReference}.pdf`]);
    expect(buyer[0].pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pageCount(buyer[0].pdf)).toBe(2);
    const passenger = pdfAttachments(await email(by('EMAIL', 'passenger:1').id));
    expect(passenger.map((a) => a.filename)).toEqual([`sgr-ticket-${group.tickets[1].ticket_number}.pdf`]);
    expect(pageCount(passenger[0].pdf)).toBe(1);
    const message = await whatsapp(by('WHATSAPP', 'passenger:0').id);
    expect(message.attachments).toEqual([
      { filename: `sgr-ticket-${group.tickets[0].ticket_number}.pdf`, contentType: 'application/pdf', bytes: expect.any(Number) },
    ]);
    expect(message.attachments[0].bytes).toBeGreaterThan(1000);
  });

  it(
    'resends the ticket on WhatsApp then email, in request order, with per-recipient results and the PDFs again',
    async () => {
      const res = await send(admin, { paymentReference: group.paymentReference, notificationChannels: ['WHATSAPP', 'EMAIL', 'WHATSAPP'] });
      expect(res.status).toBe(200);
      expect(res.body).toHaveLength(2);
      const [wa, mail] = res.body;
      expect(wa).toEqual({
        status: 'fulfilled',
        value: {
          channel: 'WHATSAPP',
          notificationId: expect.any(String),
          whatsapp: {
            success: false,
            results: [
              { recipientKey: 'passenger:0', role: 'PASSENGER', to: '***601', status: 'SENT', error: null },
              { recipientKey: 'passenger:1', role: 'PASSENGER', to: '***400', status: 'FAILED', error: expect.stringMatching(/rejected/) },
            ],
          },
        },
      });
      expect(mail).toEqual({
        status: 'fulfilled',
        value: {
          channel: 'EMAIL',
          notificationId: expect.any(String),
          email: {
            success: true,
            results: [
              { recipientKey: 'buyer', role: 'BUYER', to: 'c***@resend.test', status: 'SENT', error: null },
              { recipientKey: 'passenger:0', role: 'PASSENGER', to: 'a***@resend.test', status: 'SENT', error: null },
              { recipientKey: 'passenger:1', role: 'PASSENGER', to: 'b***@resend.test', status: 'SENT', error: null },
            ],
          },
        },
      });
      // Each channel is its own logged MANUAL request.
      const rows = await sql('SELECT id, message_type, trigger_kind, channels FROM notification WHERE id IN (?) ORDER BY channels DESC', [
        [wa.value.notificationId, mail.value.notificationId],
      ]);
      expect(rows.map((r) => [r.id, r.message_type, r.trigger_kind, r.channels])).toEqual([
        [wa.value.notificationId, 'TICKET', 'MANUAL', 'WHATSAPP'],
        [mail.value.notificationId, 'TICKET', 'MANUAL', 'EMAIL'],
      ]);

      const buyer = pdfAttachments(await email(await deliveryOf(mail.value.notificationId, 'buyer')));
      expect(buyer.map((a) => a.filename)).toEqual([`sgr-ticket-${group.paymentReference}.pdf`]);
      expect(pageCount(buyer[0].pdf)).toBe(2);
      const own = pdfAttachments(await email(await deliveryOf(mail.value.notificationId, 'passenger:0')));
      expect(own.map((a) => a.filename)).toEqual([`sgr-ticket-${group.tickets[0].ticket_number}.pdf`]);
      expect(pageCount(own[0].pdf)).toBe(1);
      const message = await whatsapp(await deliveryOf(wa.value.notificationId, 'passenger:0'));
      expect(message.attachments.map((a) => a.filename)).toEqual([`sgr-ticket-${group.tickets[0].ticket_number}.pdf`]);
    },
    SLOW,
  );

  it(
    'selects by pnr and by ticketNumber (the whole booking; email by default) and resends already-sent tickets again',
    async () => {
      const before = await manualCount(group.id);
      for (const body of [{ pnr: group.pnr }, { ticketNumber: group.tickets[1].ticket_number }]) {
        const res = await send(sudo, body);
        expect(res.status).toBe(200);
        expect(res.body).toEqual([
          {
            status: 'fulfilled',
            value: {
              channel: 'EMAIL',
              notificationId: expect.any(String),
              email: {
                success: true,
                results: ['buyer', 'passenger:0', 'passenger:1'].map((recipientKey) => expect.objectContaining({ recipientKey, status: 'SENT' })),
              },
            },
          },
        ]);
      }
      expect(await manualCount(group.id)).toBe(before + 2);
    },
    SLOW,
  );

  it(
    'trainTicketUuids address only the passengers owning them, each with their own ticket PDF',
    async () => {
      const res = await send(admin, { trainTicketUuids: [group.tickets[1].train_ticket_uuid.toUpperCase()], notificationChannels: ['EMAIL'] });
      expect(res.status).toBe(200);
      expect(res.body).toEqual([
        {
          status: 'fulfilled',
          value: {
            channel: 'EMAIL',
            notificationId: expect.any(String),
            email: { success: true, results: [{ recipientKey: 'passenger:1', role: 'PASSENGER', to: 'b***@resend.test', status: 'SENT', error: null }] },
          },
        },
      ]);
      const { notificationId } = res.body[0].value;
      expect((await sql('SELECT recipient_keys FROM notification WHERE id = ?', [notificationId]))[0].recipient_keys).toBe('passenger:1');
      const pdfs = pdfAttachments(await email(await deliveryOf(notificationId, 'passenger:1')));
      expect(pdfs.map((a) => a.filename)).toEqual([`sgr-ticket-${group.tickets[1].ticket_number}.pdf`]);
      expect(pageCount(pdfs[0].pdf)).toBe(1);
    },
    SLOW,
  );

  it(
    'a third-party agent booking: passengers only; a channel nobody can be reached on is a rejected result',
    async () => {
      const res = await send(admin, { paymentReference: agentBooking.paymentReference, notificationChannels: ['EMAIL', 'WHATSAPP'] });
      expect(res.status).toBe(200);
      expect(res.body).toEqual([
        {
          status: 'rejected',
          reason: { channel: 'EMAIL', errorCode: 'SGR_NOTIFICATION_NO_RECIPIENT', errorMessage: expect.any(String), notificationId: expect.any(String) },
        },
        {
          status: 'fulfilled',
          value: {
            channel: 'WHATSAPP',
            notificationId: expect.any(String),
            whatsapp: { success: true, results: [{ recipientKey: 'passenger:0', role: 'PASSENGER', to: '***603', status: 'SENT', error: null }] },
          },
        },
      ]);
      const message = await whatsapp(await deliveryOf(res.body[1].value.notificationId, 'passenger:0'));
      expect(message.attachments.map((a) => a.filename)).toEqual([`sgr-ticket-${agentBooking.tickets[0].ticket_number}.pdf`]);
    },
    SLOW,
  );

  it(
    'reservation and cancellation messages, also chosen by the legacy emailType when messageType is omitted',
    async () => {
      const reservation = await send(admin, { paymentReference: live.paymentReference, emailType: 'reservation' });
      expect(reservation.status).toBe(200);
      expect(reservation.body[0]).toMatchObject({ status: 'fulfilled', value: { channel: 'EMAIL', email: { success: true } } });
      const [row] = await sql('SELECT message_type, trigger_kind FROM notification WHERE id = ?', [reservation.body[0].value.notificationId]);
      expect(row).toEqual({ message_type: 'RESERVATION', trigger_kind: 'MANUAL' });

      // messageType wins; emailType is then not even read.
      const explicit = await send(admin, { paymentReference: live.paymentReference, messageType: 'TRAIN_TICKET_RESERVATION', emailType: 'whatever' });
      expect(explicit.status).toBe(200);
      const legacyCancellation = await send<ErrorAnswer>(admin, {
        paymentReference: live.paymentReference,
        emailType: 'TRAIN_TICKET_RESERVATION_CANCELLATION',
      });
      expect(legacyCancellation.status).toBe(409);
      expect(legacyCancellation.body.data.reason).toBe('RESERVATION_NOT_CANCELLED');

      // Once cancelled (as the end of a payment window leaves it), the cancellation message goes and the reservation one is refused.
      await sql("UPDATE train_reservation SET status = 'CANCELLED', cancelled_at = NOW(3) WHERE id = ?", [live.id]);
      const cancelled = await send(admin, { pnr: live.pnr, emailType: 'RESERVATION_CANCELLATION' });
      expect(cancelled.status).toBe(200);
      expect(cancelled.body[0]).toMatchObject({
        status: 'fulfilled',
        value: {
          channel: 'EMAIL',
          email: { success: true, results: [expect.objectContaining({ recipientKey: 'buyer' }), expect.objectContaining({ recipientKey: 'passenger:0' })] },
        },
      });
      const [cancellationRow] = await sql('SELECT message_type FROM notification WHERE id = ?', [cancelled.body[0].value.notificationId]);
      expect(cancellationRow.message_type).toBe('RESERVATION_CANCELLATION');
      const notLive = await send<ErrorAnswer>(admin, { pnr: live.pnr, messageType: 'TRAIN_TICKET_RESERVATION' });
      expect(notLive.status).toBe(409);
      expect(notLive.body.data).toMatchObject({ reason: 'RESERVATION_NOT_LIVE', status: 'CANCELLED' });
    },
    SLOW,
  );
});
