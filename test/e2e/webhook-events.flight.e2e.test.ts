import { startTestStack } from '../support/test-platform';
import { adult, daysAhead, FlightClient } from '../support/flight-client';
import type { ErrorAnswer, RestAgentReservationAnswer, RestCustomerReservationAnswer, RestFlightIssuance } from '../support/rest-bodies';
import { accountIdOf, eventsOf, expectDeliveredSigned, expectRestAnswer, registerEndpoint } from '../support/webhook-events';
import { type HttpsReceiver, startHttpsReceiver } from '../support/https-receiver';
import { reservationExpiryJob } from '../../subgraphs/flight/jobs/reservation-expiry.job';
import { ReservationRepository } from '../../subgraphs/flight/reservations/reservation.repository';
import { createGdsSimulator } from '../../subgraphs/flight/supplier/gds-simulator.adapter';
import { MysqlSimulatorStore } from '../../subgraphs/flight/supplier/simulator/mysql-simulator.repository';

type Cancellation = { reservationId: string; state: string; [member: string]: unknown };

/**
 * The flight booking changes each record their webhook event (docs/decisions.md "Webhook events"): driven through the
 * sandbox over REST, then read from webhook_event: its type, its account, and its data as the REST answer of that
 * resource (checked against openapi.json with the contract hook's validator, and against the answer the client got).
 * A change whose transaction fails after the event was written leaves neither the change nor the event.
 */
describe('flight webhook events', () => {
  let env: Awaited<ReturnType<typeof startTestStack>>;
  let agent: FlightClient;
  let customer: FlightClient;
  let agentId: string;
  let customerId: string;
  let receiver: HttpsReceiver;
  const secrets = new Map<string, string>();
  let day = 40;
  const sql = <Row = Record<string, unknown>>(q: string, params: unknown[] = []) => env.stack.platform.dataSource.query<Row[]>(q, params);
  const events = (accountId: string, type: Parameters<typeof eventsOf>[2]) => eventsOf(env.stack.platform.dataSource, accountId, type);
  const about = (reservationId: string) => (e: { data: Record<string, unknown> }) =>
    e.data.reservationId === reservationId || (e.data.reservation as { id?: string } | undefined)?.id === reservationId;
  const offerFor = (client: FlightClient) =>
    client.firstOffer({ originLocationCode: 'DAR', destinationLocationCode: 'ZNZ', departureDate: daysAhead(day++) }).then((o) => o.offerReference);
  const reserveAgent = async (lastName = 'Mwinyi') =>
    agent.call<RestAgentReservationAnswer>('POST', '/api/flight/reserve/agent', { offerReference: await offerFor(agent), passengers: [adult(lastName)] });
  const cancel = (reservationId: string) => agent.call<Cancellation>('POST', '/api/flight/cancel', { reservationId });

  beforeAll(async () => {
    // Private receivers: the HTTPS receiver below is on loopback (its certificate is the one the test run trusts).
    env = await startTestStack({ WEBHOOK_ALLOW_PRIVATE: 'true' });
    const { platform } = env.stack;
    agent = await FlightClient.create(env.baseUrl, platform, 'agent@flight-events.test', 'SERVICE_AGENT', { currency: 'TZS', openingBalance: '20000000' });
    customer = await FlightClient.create(env.baseUrl, platform, 'customer@flight-events.test', 'CUSTOMER');
    agentId = await accountIdOf(platform.dataSource, 'agent@flight-events.test');
    customerId = await accountIdOf(platform.dataSource, 'customer@flight-events.test');
    receiver = await startHttpsReceiver(undefined, { trusted: true });
    secrets.set(agentId, await registerEndpoint(agent, `${receiver.url}/agent`));
    secrets.set(customerId, await registerEndpoint(customer, `${receiver.url}/customer`));
  });
  afterAll(async () => {
    await env?.close();
    await receiver?.close();
  });

  it('flight.reservation.created (agent) and flight.order.issued: the reserve and purchase answers of the agent account', async () => {
    const reserved = await reserveAgent();
    expect(reserved.status).toBe(201);
    const id = reserved.body.reservation.id;
    const created = (await events(agentId, 'flight.reservation.created')).filter(about(id));
    expect(created).toHaveLength(1);
    expect(created[0].accountId).toBe(agentId);
    expectRestAnswer('POST', '/api/flight/reserve/agent', 201, created[0].data);
    const { paymentTimeLimitInSeconds, ...answered } = reserved.body.reservation;
    expect(created[0].data).toMatchObject({ reservation: { ...answered, paymentTimeLimitInSeconds: expect.any(Number) }, tickets: reserved.body.tickets });
    expect(paymentTimeLimitInSeconds).toBeGreaterThan(0);

    const bought = await agent.call<RestFlightIssuance>('POST', '/api/flight/purchase/agent', { ticketId: reserved.body.reservation.ticketIds[0] });
    expect(bought.status).toBe(200);
    const issued = (await events(agentId, 'flight.order.issued')).filter(about(id));
    expect(issued).toHaveLength(1);
    expectRestAnswer('POST', '/api/flight/purchase/agent', 200, issued[0].data);
    expect(issued[0].data).toMatchObject({ reservationId: id, status: 'ISSUED', documents: bought.body.documents });
    // A repeated purchase answers the issued reservation and records nothing again.
    expect((await agent.call('POST', '/api/flight/purchase/agent', { ticketId: reserved.body.reservation.ticketIds[0] })).status).toBe(200);
    expect((await events(agentId, 'flight.order.issued')).filter(about(id))).toHaveLength(1);
  });

  it("flight.reservation.created (customer): the customer reserve answer, offer prices keyed by currency, to the customer's account", async () => {
    const offerReference = await offerFor(customer);
    const reserved = await customer.call<RestCustomerReservationAnswer>('POST', '/api/flight/reserve', { offerReference, passengers: [adult()] });
    expect(reserved.status).toBe(201);
    const id = reserved.body.flightReservation.id;
    const created = (await events(customerId, 'flight.reservation.created')).filter((e) => (e.data.flightReservation as { id: string } | undefined)?.id === id);
    expect(created).toHaveLength(1);
    expectRestAnswer('POST', '/api/flight/reserve', 201, created[0].data);
    const data = created[0].data as unknown as RestCustomerReservationAnswer;
    expect(data.flightReservation.flightOffers).toEqual(reserved.body.flightReservation.flightOffers);
    expect(data.tickets.map((t) => t.ticketId)).toEqual(reserved.body.tickets.map((t) => t.ticketId));
  });

  it('flight.reservation.price_changed: the 409 FLIGHT_PRICE_CHANGED data, once per change; the refused retry records nothing', async () => {
    const offerReference = await offerFor(agent);
    const body = { offerReference, passengers: [adult('PRICECHANGE')] };
    const changed = await agent.call<ErrorAnswer & { data: { reservationId: string } }>('POST', '/api/flight/reserve/agent', body);
    expect(changed.status).toBe(409);
    expect(changed.body.errorCode).toBe('FLIGHT_PRICE_CHANGED');
    const id = changed.body.data.reservationId;
    // The same request again, without accepting: the same 409, nothing changed, nothing recorded.
    expect((await agent.call('POST', '/api/flight/reserve/agent', body)).status).toBe(409);
    const recorded = (await events(agentId, 'flight.reservation.price_changed')).filter(about(id));
    expect(recorded).toHaveLength(1);
    expect(recorded[0].data).toEqual(changed.body.data);
    expectRestAnswer('POST', '/api/flight/reserve/agent', 409, { ...changed.body, data: recorded[0].data });
  });

  it('flight.reservation.cancelled: the cancellation answer; a repeat (alreadyCancelled) records nothing', async () => {
    const id = (await reserveAgent()).body.reservation.id;
    const res = await cancel(id);
    expect(res.status).toBe(200);
    expect((await cancel(id)).body).toMatchObject({ alreadyCancelled: true });
    const cancelled = (await events(agentId, 'flight.reservation.cancelled')).filter(about(id));
    expect(cancelled).toHaveLength(1);
    expectRestAnswer('POST', '/api/flight/cancel', 200, cancelled[0].data);
    expect(cancelled[0].data).toEqual(res.body);
    expect((await events(agentId, 'flight.refund.updated')).filter(about(id))).toHaveLength(0);
  });

  it('flight.refund.updated: a cancellation that starts a refund records it beside the cancellation, with the same answer', async () => {
    const id = (await reserveAgent('REFUNDPENDING')).body.reservation.id;
    const res = await cancel(id);
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({ state: 'REFUND_PENDING', refundState: 'REFUND_PENDING' });
    const [cancelled] = (await events(agentId, 'flight.reservation.cancelled')).filter(about(id));
    const refunds = (await events(agentId, 'flight.refund.updated')).filter(about(id));
    expect(refunds).toHaveLength(1);
    expectRestAnswer('POST', '/api/flight/cancel', 202, refunds[0].data);
    expect(refunds[0].data).toEqual(res.body);
    expect(cancelled.data).toEqual(res.body);
  });

  it('flight.reservation.cancelled at the payment deadline: the expiry job run twice records it once', async () => {
    const id = (await reserveAgent()).body.reservation.id;
    await sql('UPDATE flight_reservation SET payment_deadline_at = ? WHERE id = ?', [new Date(Date.now() - 1000), id]);
    const { platform } = env.stack;
    const job = reservationExpiryJob(
      platform,
      createGdsSimulator({ store: new MysqlSimulatorStore(platform.dataSource) }),
      new ReservationRepository(platform.dataSource),
    );
    expect(await job.process({ reservationId: id }, undefined as never)).toEqual({ released: true });
    expect(await job.process({ reservationId: id }, undefined as never)).toMatchObject({ released: false });
    const cancelled = (await events(agentId, 'flight.reservation.cancelled')).filter(about(id));
    expect(cancelled).toHaveLength(1);
    expectRestAnswer('POST', '/api/flight/cancel', 200, cancelled[0].data);
    expect(cancelled[0].data).toMatchObject({ reservationId: id, state: 'CANCELLED', alreadyCancelled: false, refundState: null });
  });

  it('a cancellation whose transaction fails after its event was written leaves neither; the retry records exactly one', async () => {
    const id = (await reserveAgent()).body.reservation.id;
    // The recorder writes the event row, then its fan-out job: refusing that job's row fails the transaction after the event.
    await sql(
      `CREATE TRIGGER refuse_webhook_fan_out BEFORE INSERT ON outbox_message FOR EACH ROW
         BEGIN IF NEW.job_name = 'webhook-fan-out' THEN SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'fan-out refused by the test'; END IF; END`,
    );
    try {
      expect((await cancel(id)).status).toBe(500);
    } finally {
      await sql('DROP TRIGGER refuse_webhook_fan_out');
    }
    expect((await sql<{ status: string }>('SELECT status FROM flight_reservation WHERE id = ?', [id]))[0].status).toBe('CANCELLING');
    expect((await events(agentId, 'flight.reservation.cancelled')).filter(about(id))).toHaveLength(0);

    const retried = await cancel(id);
    expect(retried.status).toBe(200);
    expect(retried.body).toMatchObject({ state: 'CANCELLED', alreadyCancelled: false });
    expect((await events(agentId, 'flight.reservation.cancelled')).filter(about(id))).toHaveLength(1);
  });

  it("every event recorded above reached its account's HTTPS endpoint, signed with its secret, as the recorded envelope", async () => {
    const types = new Set<string>();
    for (const accountId of [agentId, customerId]) {
      for (const type of await expectDeliveredSigned(receiver, await events(accountId, undefined), secrets.get(accountId)!)) types.add(type);
    }
    expect([...types].sort()).toEqual(
      ['flight.order.issued', 'flight.refund.updated', 'flight.reservation.cancelled', 'flight.reservation.created', 'flight.reservation.price_changed'].sort(),
    );
  });
});
