import { randomUUID } from 'node:crypto';
import { waitFor } from '../support/wait';
import { startTestStack } from '../support/test-platform';
import { adult, daysAhead, FlightClient } from '../support/flight-client';
import type { ErrorAnswer, RestAgentReservationAnswer, RestCustomerReservationAnswer, RestFlightOffer, RestFlightTicket } from '../support/rest-bodies';
import { accountIdOf, eventsOf, expectRestAnswer } from '../support/webhook-events';

/** A flight payment request (FLIGHT_PAYMENT). */
interface PaymentBody {
  paymentRequestId: string;
  status: string;
  confirmedAt: string | null;
  [field: string]: unknown;
}

/** An issue signal answer: 202 signaled with the workflow, or 200 with the issuance. */
interface SignalBody {
  workflowId: string;
  ticketUuids: string[];
  [field: string]: unknown;
}

/** A direct issuance answer: 200 issued, or 202 with the issuance and paymentRecovery. */
interface DirectBody {
  issued: boolean;
  paymentRecovery: unknown;
  [field: string]: unknown;
}

/**
 * Customer payment and issuance over REST (OpenAPI `postFlightTicketIssueSignal`, `postFlightTicketIssueDirect`,
 * docs/payments.md): pay, confirm, signal (asynchronous issuance), direct issuance and
 * cancelled-payment recovery, against the GDS simulator and the sandbox payment provider.
 */
describe('flight customer payment and issuance (REST)', () => {
  let env: Awaited<ReturnType<typeof startTestStack>>;
  let customer: FlightClient;
  let other: FlightClient;
  let agent: FlightClient;
  let issuer: FlightClient;
  let admin: FlightClient;
  let sudo: FlightClient;
  // Each test flies on a day of its own: the simulator gives a flight as few as 4 economy seats on some dates, which
  // one day's worth of this file's reservations would sell out (then every later reserve is a 410, by design).
  let day = 30;
  beforeEach(() => {
    day += 1;
  });
  const domestic = (extra: Record<string, unknown> = {}) => ({
    originLocationCode: 'DAR',
    destinationLocationCode: 'ZNZ',
    departureDate: daysAhead(day),
    ...extra,
  });

  beforeAll(async () => {
    env = await startTestStack();
    const p = env.stack.platform;
    customer = await FlightClient.create(env.baseUrl, p, 'customer@issuance.test', 'CUSTOMER');
    other = await FlightClient.create(env.baseUrl, p, 'other@issuance.test', 'CUSTOMER');
    agent = await FlightClient.create(env.baseUrl, p, 'agent@issuance.test', 'SERVICE_AGENT', { currency: 'TZS', openingBalance: '20000000' });
    issuer = await FlightClient.create(env.baseUrl, p, 'payments@issuance.test', 'ISSUER');
    admin = await FlightClient.create(env.baseUrl, p, 'admin@issuance.test', 'ADMIN');
    sudo = await FlightClient.create(env.baseUrl, p, 'sudo@issuance.test', 'SUDO');
  });
  afterAll(() => env.close());

  const query = <Row = Record<string, unknown>>(sql: string, params: unknown[] = []) => env.stack.platform.dataSource.query<Row[]>(sql, params);

  /** A customer reservation of a fresh search; `pick` chooses the offer (default: the first). */
  async function reserve(passengers = [adult()], pick: (offers: RestFlightOffer[]) => RestFlightOffer | undefined = (o) => o[0], search = domestic()) {
    const found = await customer.call<{ data: RestFlightOffer[] }>('POST', '/api/flight/search', { ...search, adults: passengers.length });
    expect(found.status).toBe(200);
    const picked = pick(found.body.data);
    expect(picked).toBeDefined();
    const offer = picked!;
    const res = await customer.call<RestCustomerReservationAnswer>('POST', '/api/flight/reserve', { offerReference: offer.offerReference, passengers });
    expect(res.status).toBe(201);
    const price = res.body.flightReservation.flightOffers[0].price;
    return {
      offer,
      reservationId: res.body.flightReservation.reservationId as string,
      ticketId: res.body.tickets[0].ticketId as string,
      paymentReference: res.body.tickets[0].paymentReference as string,
      grandTotal: price.grandTotal as string,
      currency: price.currency as string,
    };
  }
  const signal = <T = SignalBody>(body: Record<string, unknown>, who = issuer) => who.call<T>('POST', '/api/flight/ticket/issue/signal', body);
  const direct = <T = DirectBody>(body: Record<string, unknown>, who = admin) => who.call<T>('POST', '/api/flight/ticket/issue/direct', body);
  const pay = <T = PaymentBody>(paymentReference: string, method = 'CARD', who = customer) =>
    who.call<T>('POST', '/api/flight/payments', { paymentReference, method });
  const confirm = (id: string, who = admin) => who.call<PaymentBody>('POST', `/api/flight/payments/${id}/confirm`);
  const tickets = (ticketId: string) => customer.call<RestFlightTicket[]>('GET', `/api/flight/tickets?ticketId=${encodeURIComponent(ticketId)}`);
  const issued = (ticketId: string) =>
    waitFor(
      () => tickets(ticketId),
      (res) => res.body?.[0]?.issuanceStatus === 'ISSUED',
    );

  describe('payment, signal and asynchronous issuance', () => {
    let r: Awaited<ReturnType<typeof reserve>>;
    let paymentRequestId: string;

    it('the signal is for the internal issuer only (403), needs a lookup (400), a known ticket (404) and a confirmed payment (409)', async () => {
      r = await reserve();
      for (const who of [customer, admin]) {
        const res = await signal({ ticketId: r.ticketId }, who);
        expect(res.status).toBe(403);
        expect(res.body).toMatchObject({ status: 403, errorMessage: 'internal flight-issuance authorization required' });
      }
      expect((await signal({})).status).toBe(400);
      expect((await signal({ ticketId: 'SFZZZZZZ-1' })).status).toBe(404);
      const unpaid = await signal({ ticketId: r.ticketId });
      expect(unpaid.status).toBe(409);
      expect(unpaid.body).toMatchObject({ errorCode: 'PAYMENT_NOT_CONFIRMED', status: 409 });
    });

    it('payments: only the owner pays (403), a declined charge is 402, mobile money waits for the sandbox confirmation', async () => {
      expect((await pay(r.paymentReference, 'CARD', other)).status).toBe(403);
      const badMethod = await pay<ErrorAnswer>(r.paymentReference, 'CHEQUE');
      expect(badMethod.status).toBe(400);
      expect(badMethod.body.data.fields.map((f) => f.field)).toEqual(['method']);
      const declined = await pay<ErrorAnswer>(r.paymentReference, 'CARD_DECLINED');
      expect(declined.status).toBe(402);
      expect(declined.body).toMatchObject({ errorCode: 'PAYMENT_DECLINED', data: { paymentRequestId: expect.any(String) } });
      expect((await query('SELECT status FROM flight_payment WHERE id = ?', [declined.body.data.paymentRequestId]))[0].status).toBe('CANCELLED');

      const badNumber = await customer.call<ErrorAnswer>('POST', '/api/flight/payments', {
        paymentReference: r.paymentReference,
        method: 'MOBILE_MONEY',
        phoneNumber: 'call me',
      });
      expect({ status: badNumber.status, fields: badNumber.body.data?.fields.map((f) => f.field) }).toEqual({ status: 400, fields: ['phoneNumber'] });

      // The sandbox needs no payer number and has no hosted checkout.
      const started = await pay(r.paymentReference, 'MOBILE_MONEY');
      expect(started.status).toBe(201);
      expect(started.body).toMatchObject({
        reservationId: r.reservationId,
        paymentReference: r.paymentReference,
        amount: r.grandTotal,
        currency: r.currency,
        method: 'MOBILE_MONEY',
        status: 'PENDING',
        provider: 'SANDBOX',
        checkoutUrl: null,
        confirmedAt: null,
      });
      paymentRequestId = started.body.paymentRequestId;
      const again = await pay(r.paymentReference, 'MOBILE_MONEY');
      expect(again.status).toBe(200);
      expect(again.body.paymentRequestId).toBe(paymentRequestId);
      expect((await signal({ paymentReference: r.paymentReference })).status).toBe(409);

      expect((await confirm(paymentRequestId, customer)).status).toBe(403);
      expect((await confirm('not-a-uuid')).status).toBe(400);
      expect((await confirm(randomUUID())).status).toBe(404);
      const confirmed = await confirm(paymentRequestId);
      expect(confirmed.status).toBe(200);
      expect(confirmed.body).toMatchObject({ paymentRequestId, status: 'CONFIRMED', confirmedAt: expect.any(String) });
      expect((await confirm(paymentRequestId, sudo)).body.confirmedAt).toBe(confirmed.body.confirmedAt);
      const paid = await pay(r.paymentReference, 'CARD');
      expect(paid.status).toBe(200);
      expect(paid.body).toMatchObject({ paymentRequestId, status: 'CONFIRMED' });
      // The confirmation is the payment's own record: the reservation has not moved.
      expect((await tickets(r.ticketId)).body[0].issuanceStatus).toBe('TST_CREATED');
    });

    it('signal → 202 with a workflowId; the job issues the tickets; a later signal answers 200 with the issuance', async () => {
      const accepted = await signal({ paymentReference: r.paymentReference });
      expect(accepted.status).toBe(202);
      expect(accepted.body).toEqual({
        signaled: true,
        workflowId: expect.stringMatching(/^outbox-\d+$/),
        ticketId: r.ticketId,
        paymentReference: r.paymentReference,
        ticketUuids: [expect.any(String)],
      });
      const repeat = await signal({ ticketId: r.ticketId });
      if (repeat.status === 202) expect(repeat.body.workflowId).toBe(accepted.body.workflowId);
      else expect(repeat.status).toBe(200);

      const done = await issued(r.ticketId);
      expect(done.body[0]).toMatchObject({ issuanceStatus: 'ISSUED', documentStatus: 'ISSUED', ticketNumber: expect.stringMatching(/^\d{13}$/) });
      const after = await signal({ ticketId: r.ticketId });
      expect(after.status).toBe(200);
      expect(after.body).toMatchObject({ reservationId: r.reservationId, status: 'ISSUED', documents: [expect.objectContaining({ status: 'ISSUED' })] });
    });

    it('repeating the signal while issuing answers the same workflowId and starts nothing new', async () => {
      // PARTIAL: the first issuance round tickets passenger 1 only; the job's retry finishes it.
      const two = await reserve([adult(), adult('Partial')]);
      expect((await pay(two.paymentReference, 'CARD')).body.status).toBe('CONFIRMED');
      const first = await signal({ ticketId: two.ticketId });
      expect(first.status).toBe(202);
      const second = await signal({ paymentReference: two.paymentReference });
      expect(second.status).toBe(202);
      expect(second.body).toMatchObject({ signaled: true, workflowId: first.body.workflowId, ticketUuids: first.body.ticketUuids });
      await issued(two.ticketId);
      const jobs = await query("SELECT COUNT(*) AS n FROM outbox_message WHERE job_name = 'customer-issuance' AND payload LIKE ?", [`%${two.reservationId}%`]);
      expect(Number(jobs[0].n)).toBe(1);
    });

    it('a payment that does not match exactly (amount) does not count', async () => {
      const r3 = await reserve();
      const paid = await pay(r3.paymentReference, 'CARD');
      expect(paid.status).toBe(201);
      await query('UPDATE flight_payment SET amount = amount + 1 WHERE id = ?', [paid.body.paymentRequestId]);
      expect((await signal<ErrorAnswer>({ ticketId: r3.ticketId })).body.errorCode).toBe('PAYMENT_NOT_CONFIRMED');
    });

    it('past the payment deadline: 410 FLIGHT_RESERVATION_EXPIRED for the signal, the payment and direct issuance', async () => {
      const late = await reserve();
      await query('UPDATE flight_reservation SET payment_deadline_at = ? WHERE id = ?', [new Date(Date.now() - 60_000), late.reservationId]);
      for (const res of [
        await signal<ErrorAnswer>({ ticketId: late.ticketId }),
        await pay<ErrorAnswer>(late.paymentReference),
        await direct<ErrorAnswer>({ ticketId: late.ticketId }),
      ]) {
        expect(res.status).toBe(410);
        expect(res.body.errorCode).toBe('FLIGHT_RESERVATION_EXPIRED');
      }
    });
  });

  describe('cancelling a paid reservation', () => {
    it('a card payment is refunded through the provider: 202 REFUND_PENDING', async () => {
      const r = await reserve();
      expect((await pay(r.paymentReference, 'CARD')).body.status).toBe('CONFIRMED');
      const cancel = await customer.call('POST', '/api/flight/cancel', { reservationId: r.reservationId });
      expect(cancel.status).toBe(202);
      expect(cancel.body).toMatchObject({ state: 'REFUND_PENDING', paymentState: 'REFUND_PENDING', refundState: 'REFUND_PENDING' });
    });

    it('mobile money has no automatic reversal: 202 REFUND_REQUIRED, and a repeat says alreadyCancelled', async () => {
      const r = await reserve();
      const started = await pay(r.paymentReference, 'MOBILE_MONEY');
      expect((await confirm(started.body.paymentRequestId)).body.status).toBe('CONFIRMED');
      const cancel = await customer.call('POST', '/api/flight/cancel', { reservationId: r.reservationId });
      expect(cancel.status).toBe(202);
      expect(cancel.body).toMatchObject({ state: 'REFUND_REQUIRED', paymentState: 'REFUND_REQUIRED', refundState: 'REFUND_REQUIRED', alreadyCancelled: false });
      const again = await customer.call('POST', '/api/flight/cancel', { ticketId: r.ticketId });
      expect(again.status).toBe(202);
      expect(again.body).toMatchObject({ state: 'REFUND_REQUIRED', alreadyCancelled: true });
    });

    it('a declined charge took no money: the cancellation says NOT_REQUIRED, one of the documented payment states', async () => {
      const r = await reserve();
      expect((await pay(r.paymentReference, 'CARD_DECLINED')).status).toBe(402);
      const cancel = await customer.call('POST', '/api/flight/cancel', { reservationId: r.reservationId });
      expect(cancel.status).toBe(200);
      expect(cancel.body).toMatchObject({ state: 'CANCELLED', paymentState: 'NOT_REQUIRED', refundState: null });
    });
  });

  describe('direct issuance', () => {
    it('is for admin or sudo, and issues an unpaid agent reservation synchronously (200)', async () => {
      const offer = await agent.firstOffer(domestic());
      const reserved = await agent.call<RestAgentReservationAnswer>('POST', '/api/flight/reserve/agent', {
        offerReference: offer.offerReference,
        passengers: [adult()],
      });
      expect(reserved.status).toBe(201);
      const ticketId = reserved.body.reservation.ticketIds[0];
      expect((await direct({ ticketId }, customer)).status).toBe(403);
      expect((await direct({ ticketId }, issuer)).status).toBe(403);
      expect((await direct({})).status).toBe(400);
      const res = await direct({ ticketId });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        issued: true,
        ticketId,
        paymentReference: reserved.body.reservation.paymentReference,
        ticketUuids: [expect.any(String)],
        issuance: expect.objectContaining({
          reservationId: reserved.body.reservation.id,
          status: 'ISSUED',
          documents: [expect.objectContaining({ status: 'ISSUED' })],
        }),
      });
      expect((await direct({ ticketId }, sudo)).body.issued).toBe(true);
    });

    it('bypasses the payment gate for an unpaid customer reservation (ordinary use), 409 for a cancelled one', async () => {
      const unpaid = await reserve();
      const res = await direct({ paymentReference: unpaid.paymentReference }, sudo);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ issued: true, ticketId: unpaid.ticketId, issuance: { status: 'ISSUED' } });
      const cancelled = await reserve();
      expect((await customer.call('POST', '/api/flight/cancel', { ticketId: cancelled.ticketId })).status).toBe(200);
      const refused = await direct<ErrorAnswer>({ ticketId: cancelled.ticketId });
      expect(refused.status).toBe(409);
      expect(refused.body.errorCode).toBe('FLIGHT_RESERVATION_NOT_ISSUABLE');
    });
  });

  describe('cancelled-payment recovery', () => {
    it('needs exact sudo (403 for admin) and every identifier (400 naming the missing ones)', async () => {
      const forbidden = await direct({ ticketId: 'SFAAAAAA-1', sourceTicketId: 'SFBBBBBB-1' }, admin);
      expect(forbidden.status).toBe(403);
      const missing = await direct<ErrorAnswer>({ sourceTicketId: 'SFBBBBBB-1' }, sudo);
      expect(missing.status).toBe(400);
      expect(missing.body.data.fields.map((f) => f.field).sort()).toEqual(['paymentRequestId', 'reconciliationOperationId', 'ticketId']);
      const invalid = await direct<ErrorAnswer>(
        { ticketId: 'SFAAAAAA-1', sourceTicketId: 'SFBBBBBB-1', paymentRequestId: randomUUID(), reconciliationOperationId: 'op-1' },
        sudo,
      );
      expect(invalid.status).toBe(400);
      expect(invalid.body.data.fields).toEqual([expect.objectContaining({ field: 'reconciliationOperationId' })]);
    });

    it('moves the payment of a cancelled reservation to a replacement of the same price and issues it; a repeat is idempotent', async () => {
      const source = await reserve();
      const paid = await pay(source.paymentReference, 'CARD');
      expect(paid.body.status).toBe('CONFIRMED');
      const cancel = await customer.call('POST', '/api/flight/cancel', { ticketId: source.ticketId });
      expect(cancel.status).toBe(202);
      expect(cancel.body).toMatchObject({ state: 'REFUND_PENDING', paymentState: 'REFUND_PENDING' });

      // The same flight again (its seat is back), so the same grand total.
      const replacement = await reserve(
        [adult()],
        (offers) => offers.find((o) => o.id === source.offer.id) ?? offers.find((o) => o.price.grandTotal === source.grandTotal),
      );
      expect(replacement.grandTotal).toBe(source.grandTotal);
      const operation = randomUUID();
      const body = {
        ticketId: replacement.ticketId,
        sourceTicketId: source.ticketId,
        paymentRequestId: paid.body.paymentRequestId,
        reconciliationOperationId: operation,
      };
      const res = await direct(body, sudo);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        issued: true,
        ticketId: replacement.ticketId,
        paymentReference: replacement.paymentReference,
        issuance: { reservationId: replacement.reservationId, status: 'ISSUED' },
        paymentRecovery: {
          reconciliationOperationId: operation,
          sourceTicketId: source.ticketId,
          replacementTicketId: replacement.ticketId,
          state: 'ISSUED',
          recoveryIdempotent: false,
          finalizationIdempotent: false,
        },
      });
      const [payment] = await query('SELECT reservation_id, payment_reference, status FROM flight_payment WHERE id = ?', [paid.body.paymentRequestId]);
      expect(payment).toEqual({ reservation_id: replacement.reservationId, payment_reference: replacement.paymentReference, status: 'CONFIRMED' });
      const [audit] = await query('SELECT * FROM flight_payment_recovery WHERE reconciliation_operation_id = ?', [operation]);
      expect(audit).toMatchObject({
        state: 'ISSUED',
        previous_payment_status: 'REFUND_PENDING',
        previous_payment_reference: source.paymentReference,
        source_reservation_id: source.reservationId,
      });

      const repeat = await direct(body, sudo);
      expect(repeat.status).toBe(200);
      expect(repeat.body.paymentRecovery).toMatchObject({ state: 'ISSUED', recoveryIdempotent: true, finalizationIdempotent: true });
      // The source's refund changed twice, once each: started by the cancellation, then its money moved by the recovery.
      const customerId = await accountIdOf(env.stack.platform.dataSource, 'customer@issuance.test');
      const refunds = (await eventsOf(env.stack.platform.dataSource, customerId, 'flight.refund.updated')).filter(
        (e) => e.data.reservationId === source.reservationId,
      );
      expect(refunds.map((e) => e.data.paymentState)).toEqual(['REFUND_PENDING', 'NOT_REQUIRED']);
      for (const e of refunds) expectRestAnswer('POST', '/api/flight/cancel', 202, e.data);
      const otherOperation = await direct({ ...body, reconciliationOperationId: randomUUID() }, sudo);
      expect(otherOperation.status).toBe(409);
      const otherReplacement = await direct({ ...body, ticketId: source.ticketId }, sudo);
      expect(otherReplacement.status).toBe(409);
    });

    it('a replacement of another price is REFUND_REQUIRED (202) and the payment is not moved', async () => {
      const source = await reserve();
      const paid = await pay(source.paymentReference, 'CARD');
      expect((await customer.call('POST', '/api/flight/cancel', { ticketId: source.ticketId })).status).toBe(202);
      const replacement = await reserve(
        [adult()],
        (offers) => offers.find((o) => o.price.grandTotal !== source.grandTotal),
        domestic({ destinationLocationCode: 'JRO' }),
      );
      const body = {
        ticketId: replacement.ticketId,
        sourceTicketId: source.ticketId,
        paymentRequestId: paid.body.paymentRequestId,
        reconciliationOperationId: randomUUID(),
      };
      const res = await direct(body, sudo);
      expect(res.status).toBe(202);
      expect(res.body).toMatchObject({
        reservationId: replacement.reservationId,
        status: 'TST_CREATED',
        paymentRecovery: { state: 'REFUND_REQUIRED', recoveryIdempotent: false },
      });
      const [payment] = await query('SELECT reservation_id, status FROM flight_payment WHERE id = ?', [paid.body.paymentRequestId]);
      expect(payment).toEqual({ reservation_id: source.reservationId, status: 'REFUND_PENDING' });
      expect((await direct(body, sudo)).body.paymentRecovery).toMatchObject({ state: 'REFUND_REQUIRED', recoveryIdempotent: true });
    });
  });
});
