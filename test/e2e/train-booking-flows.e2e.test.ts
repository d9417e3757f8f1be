import Decimal from 'decimal.js';
import { nextMonthDay, reserveSeats, selectExpressTrain, SelectedTrain } from '../support/train-trip';
import { CallbackReceiver, startCallbackReceiver } from '../support/callback-receiver';
import { startTestStack } from '../support/test-platform';
import { FlightClient } from '../support/flight-client';
import type { RestTrainIssuance, RestTrainPayment } from '../support/rest-bodies';
import { waitFor } from '../support/wait';
import { readSink } from '../../shared/notifications/channels/sink.channel';
import { openedText, pageCount } from '../../shared/documents/pdf-inspection.reader';

/**
 * The two whole SGR journeys the spec describes, on return trips (DAR→DOD, then DOD→DAR two days later):
 * a customer who pays online, and a third-party agent who pays from the wallet and is called back.
 */
describe('SGR return journeys end to end (REST)', () => {
  let env: Awaited<ReturnType<typeof startTestStack>>;
  let customer: FlightClient;
  let agent: FlightClient;
  let issuer: FlightClient;
  let out: SelectedTrain;
  let back: SelectedTrain;
  let hook: CallbackReceiver;
  let cursor = 0;
  const sql = <Row = Record<string, unknown>>(q: string, params: unknown[] = []) => env.stack.platform.dataSource.query<Row[]>(q, params);
  const issuance = (client: FlightClient, ref: string, query = '') => client.call<RestTrainIssuance>('GET', `/api/trip/train/ticket/${ref}/issuance${query}`);
  const untilFinal = (client: FlightClient, ref: string) =>
    waitFor(
      () => issuance(client, ref),
      (r) => r.status === 200 && !['ISSUING', 'NOT_STARTED'].includes(r.body.issuance.status),
      30_000,
    );
  /** Two passengers, each with an outbound and a return seat. */
  const reserveReturn = (client: FlightClient, extra: Record<string, unknown> = {}) => {
    const seats = [out.seats[cursor], out.seats[cursor + 1]];
    const returnSeats = [back.seats[cursor], back.seats[cursor + 1]];
    cursor += 2;
    const passengers = [{ passengerName: 'Asha Mwinyi' }, { passengerName: 'Baraka Ali', email: 'baraka@example.com', phone: '+255754000111' }];
    return reserveSeats(client, out, seats, passengers, extra, { trip: back, seats: returnSeats });
  };
  const sentTicketDeliveries = (reservationId: string) =>
    sql<{ channel: string; recipient_key: string; status: string }>(
      `SELECT d.channel, d.recipient_key, d.status FROM notification_delivery d JOIN notification n ON n.id = d.notification_id
       WHERE n.booking_id = ? AND n.message_type = 'TICKET' ORDER BY d.channel, d.recipient_key`,
      [reservationId],
    );

  beforeAll(async () => {
    env = await startTestStack({ SGR_MAX_ACTIVE_HOLDS: '60', SGR_CALLBACK_ALLOW_PRIVATE: 'true' });
    const { platform } = env.stack;
    customer = await FlightClient.create(env.baseUrl, platform, 'rider@flows.test', 'CUSTOMER');
    agent = await FlightClient.create(env.baseUrl, platform, 'partner@flows.test', 'THIRD_PARTY_AGENT', { currency: 'TZS', openingBalance: '1000000' });
    issuer = await FlightClient.create(env.baseUrl, platform, 'payments@flows.test', 'ISSUER');
    out = await selectExpressTrain(customer, nextMonthDay(9));
    back = await selectExpressTrain(customer, nextMonthDay(10), 'DOD:SGR:0', 'DAR:SGR:0');
    hook = await startCallbackReceiver();
  });
  afterAll(async () => {
    await hook.close();
    await env.close();
  });

  it('customer: reserve a return trip, quote in KES, pay by M-Pesa Kenya with a fee, confirmation → PAID → ISSUED, the group PDF and ticket emails with PDFs', async () => {
    const booking = await reserveReturn(customer);
    expect(booking.data).toMatchObject({ journeyType: 'ROUND_TRIP', reservation: { passengerCount: 2, segmentCount: 2 } });
    expect(booking.data.reservation.ticketNumbers).toHaveLength(4);
    const ref = booking.paymentReference;
    const [r] = await sql<{ id: string }>('SELECT id FROM train_reservation WHERE payment_reference = ?', [ref]);

    const quoted = await issuance(customer, ref, '?currency=KES');
    expect(quoted.body.funding).toMatchObject({ source: 'ONLINE_PAYMENT', status: 'AWAITING_FUNDS' });
    const kes = quoted.body.payable!.quotes.find((q) => q.currency === 'KES')!;
    expect(quoted.body.payable!.baseAmount).toBe(booking.amount);
    const charge = new Decimal(kes.amount).times('1.02').toDecimalPlaces(0, Decimal.ROUND_DOWN).toFixed(0);

    const started = await customer.call<{ data: RestTrainPayment }>('POST', '/api/trip/train/payments/mobile-money', {
      paymentReference: ref,
      currency: 'KES',
      amount: charge,
      rail: 'MPESA_KE',
      phoneNumber: '+254712345678',
    });
    expect(started.status).toBe(202);
    expect(started.body.data).toMatchObject({ status: 'PENDING', amount: charge, quoteAmount: kes.amount, currency: 'KES' });
    expect(started.body.data.processingFee).toBe(new Decimal(charge).minus(kes.amount).toFixed(0));
    // Until the provider confirms, nothing is paid and the tickets stay RESERVED.
    expect((await sql('SELECT DISTINCT status FROM train_ticket WHERE reservation_id = ?', [r.id])).map((t) => t.status)).toEqual(['RESERVED']);

    expect(
      (await issuer.call<{ data: RestTrainPayment }>('POST', `/api/trip/train/payments/${started.body.data.paymentId}/confirm`)).body.data.paysReservation,
    ).toBe(true);
    const done = await untilFinal(customer, ref);
    expect(done.body).toMatchObject({
      funding: { status: 'ONLINE_PAYMENT_CONFIRMED', walletDebited: false },
      payout: { status: 'PAID' },
      issuance: { status: 'ISSUED' },
    });
    expect(
      (await sql('SELECT journey, status FROM train_ticket WHERE reservation_id = ? ORDER BY passenger_index, journey', [r.id])).map(
        (t) => `${t.journey}:${t.status}`,
      ),
    ).toEqual(['OUTBOUND:ISSUED', 'RETURN:ISSUED', 'OUTBOUND:ISSUED', 'RETURN:ISSUED']);

    const pdf = await fetch(`${env.baseUrl}/api/trip/train/ticket/document/generate?paymentReference=${ref}`, {
      headers: { authorization: `Bearer ${customer.token}` },
    });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const bytes = Buffer.from(await pdf.arrayBuffer());
    // One page per ticket: two passengers, outbound and return; opened without a password, as a reader would.
    expect(pageCount(bytes)).toBe(4);
    const text = openedText(bytes);
    for (const shown of ['Asha Mwinyi', 'Baraka Ali', out.details.trip.number, back.details.trip.number, booking.data.reservation.pnr])
      expect(text).toContain(shown);

    // The final ticket message: the buyer and both passengers by email with their PDFs, passengers by WhatsApp.
    const deliveries = await waitFor(
      () => sentTicketDeliveries(r.id),
      (rows) => rows.length > 0 && rows.every((d) => ['SENT', 'FAILED'].includes(d.status)),
      30_000,
    );
    expect(deliveries.filter((d) => d.channel === 'EMAIL').map((d) => `${d.recipient_key}:${d.status}`)).toEqual([
      'buyer:SENT',
      'passenger:0:SENT',
      'passenger:1:SENT',
    ]);
    const emails = (await readSink(env.config.notifications.sinkDir, 'EMAIL')).filter(
      (m) => m.content.includes(ref) || m.content.includes(done.body.paymentReference),
    );
    const toBuyer = emails.find((m) => /^To: rider@flows\.test/m.test(m.content) && /application\/pdf/.test(m.content));
    expect(toBuyer).toBeDefined();
  });

  it('third-party agent: reserve a return trip, no reservation message, issue with a callback, one wallet debit, tickets only to passengers', async () => {
    const wallet = async () =>
      Number((await sql("SELECT w.balance FROM wallet w JOIN account a ON a.id = w.account_id WHERE a.email = 'partner@flows.test'"))[0].balance);
    const before = await wallet();
    const booking = await reserveReturn(agent);
    const ref = booking.paymentReference;
    const [r] = await sql<{ id: string }>('SELECT id FROM train_reservation WHERE payment_reference = ?', [ref]);
    const reservationNote = await waitFor(
      () => sql("SELECT status, reason FROM notification WHERE booking_id = ? AND message_type = 'RESERVATION'", [r.id]),
      (rows) => rows.length === 1 && rows[0].status !== 'PENDING',
      20_000,
    );
    expect(reservationNote).toEqual([{ status: 'SUPPRESSED', reason: 'THIRD_PARTY_AGENT_BOOKING' }]);

    const issued = await agent.call<RestTrainIssuance>('POST', `/api/trip/train/ticket/${ref}/issue`, { callbackUrl: `${hook.url}/sgr/${ref}` });
    expect(issued.status).toBe(202);
    expect(issued.body.funding).toMatchObject({ source: 'AGENT_WALLET', status: 'AGENT_WALLET_ADMITTED', walletDebited: false });
    const done = await untilFinal(agent, ref);
    expect(done.body).toMatchObject({ funding: { status: 'AGENT_WALLET_DEBITED', walletDebited: true }, issuance: { status: 'ISSUED' } });
    expect(before - (await wallet())).toBe(Number(booking.amount));
    expect(await sql("SELECT amount FROM wallet_entry WHERE business_key = ? AND kind = 'DEBIT'", [`train-reservation:${r.id}`])).toHaveLength(1);

    const call = await waitFor(
      async () => hook.received.filter((c) => c.path === `/sgr/${ref}`),
      (calls) => calls.length > 0,
      20_000,
    );
    // The callback is the train.issuance.issued event (an envelope); its data the issuance status without payable.
    const callback = call[0].body as { type: string; data: RestTrainIssuance };
    expect(callback).toMatchObject({
      type: 'train.issuance.issued',
      data: { paymentReference: ref, issuance: { status: 'ISSUED' }, funding: { walletDebited: true } },
    });
    expect(callback.data.payable).toBeUndefined();

    const deliveries = await waitFor(
      () => sentTicketDeliveries(r.id),
      (rows) => rows.length > 0 && rows.every((d) => ['SENT', 'FAILED'].includes(d.status)),
      30_000,
    );
    expect(deliveries.map((d) => d.recipient_key).every((k: string) => k.startsWith('passenger:'))).toBe(true);
    expect(deliveries.filter((d) => d.channel === 'WHATSAPP').map((d) => d.recipient_key)).toEqual(['passenger:0', 'passenger:1']);
  });
});
