import { startTestStack } from '../support/test-platform';
import { startGatewayProcess, subgraphUrlsOf, type GatewayProcess } from '../support/gateway.process';
import { adult, daysAhead, FlightClient } from '../support/flight-client';
import type { ErrorAnswer, RestAgentReservationAnswer, RestFlightIssuance } from '../support/rest-bodies';
import { nextMonthDay, reserveSeat, selectExpressTrain } from '../support/train-trip';

/**
 * Idempotency-Key on REST changes, through two gateway processes sharing the database and Redis as replicas do: a
 * retry sent to the other gateway gets the first answer (`Idempotent-Replayed: true`), never a second booking or debit.
 */
describe('Idempotency-Key across two gateways (REST)', () => {
  let env: Awaited<ReturnType<typeof startTestStack>>;
  let side: GatewayProcess;
  let viaA: FlightClient;
  let viaB: FlightClient;

  beforeAll(async () => {
    env = await startTestStack();
    side = await startGatewayProcess(env.config, subgraphUrlsOf(env.stack.subgraphs));
    viaA = await FlightClient.create(env.baseUrl, env.stack.platform, 'idem-agent@booking.test', 'SERVICE_AGENT', {
      currency: 'TZS',
      openingBalance: '20000000',
    });
    viaB = new FlightClient(side.url, viaA.token);
  });
  afterAll(async () => {
    await side.stop();
    await env.close();
  });

  const query = <Row = Record<string, unknown>>(sql: string, params: unknown[] = []) => env.stack.platform.dataSource.query<Row[]>(sql, params);
  const keyed = (key: string) => ({ 'idempotency-key': key });
  const debits = () =>
    query(
      "SELECT e.id FROM wallet_entry e JOIN wallet w ON w.id = e.wallet_id JOIN account a ON a.id = w.account_id WHERE a.email = 'idem-agent@booking.test' AND e.kind = 'DEBIT'",
    );

  it('reserve, purchase and cancel retried on the other gateway replay the first answer: one booking, one debit', async () => {
    const offer = await viaA.firstOffer({ originLocationCode: 'DAR', destinationLocationCode: 'ZNZ', departureDate: daysAhead(41) });
    const body = { offerReference: offer.offerReference, passengers: [adult()] };
    const first = await viaA.call<RestAgentReservationAnswer>('POST', '/api/flight/reserve/agent', body, keyed('reserve-1'));
    expect(first.status).toBe(201);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    const retry = await viaB.call<RestAgentReservationAnswer>('POST', '/api/flight/reserve/agent', body, keyed('reserve-1'));
    expect({ status: retry.status, replayed: retry.headers.get('idempotent-replayed'), body: retry.body }).toEqual({
      status: 201,
      replayed: 'true',
      body: first.body,
    });
    expect(await query('SELECT id FROM flight_reservation WHERE offer_reference = ?', [offer.offerReference])).toHaveLength(1);

    const ticketId = first.body.reservation.ticketIds[0];
    const bought = await viaB.call<RestFlightIssuance>('POST', '/api/flight/purchase/agent', { ticketId }, keyed('purchase-1'));
    expect(bought.status).toBe(200);
    const again = await viaA.call<RestFlightIssuance>('POST', '/api/flight/purchase/agent', { ticketId }, keyed('purchase-1'));
    expect({ status: again.status, replayed: again.headers.get('idempotent-replayed'), body: again.body }).toEqual({
      status: 200,
      replayed: 'true',
      body: bought.body,
    });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await debits()).toHaveLength(1);

    const cancelled = await viaA.call('POST', '/api/flight/cancel', { reservationId: first.body.reservation.id }, keyed('cancel-1'));
    const replayed = await viaB.call('POST', '/api/flight/cancel', { reservationId: first.body.reservation.id }, keyed('cancel-1'));
    expect({ status: replayed.status, body: replayed.body, replayed: replayed.headers.get('idempotent-replayed') }).toEqual({
      status: cancelled.status,
      body: cancelled.body,
      replayed: 'true',
    });
  });

  it('the same key for a different request is 422 IDEMPOTENCY_KEY_REUSED, on either gateway', async () => {
    const offer = await viaA.firstOffer({ originLocationCode: 'DAR', destinationLocationCode: 'ZNZ', departureDate: daysAhead(42) });
    const first = await viaA.call('POST', '/api/flight/reserve/agent', { offerReference: offer.offerReference, passengers: [adult()] }, keyed('reserve-2'));
    expect(first.status).toBe(201);
    const other = await viaB.call<ErrorAnswer>(
      'POST',
      '/api/flight/reserve/agent',
      { offerReference: offer.offerReference, passengers: [adult('Juma')] },
      keyed('reserve-2'),
    );
    expect({ status: other.status, errorCode: other.body.errorCode }).toEqual({ status: 422, errorCode: 'IDEMPOTENCY_KEY_REUSED' });
  });

  it('twins sent at once to both gateways: one runs, the other is 409 IDEMPOTENCY_KEY_IN_USE with Retry-After or the replay', async () => {
    const offer = await viaA.firstOffer({ originLocationCode: 'DAR', destinationLocationCode: 'ZNZ', departureDate: daysAhead(43) });
    const body = { offerReference: offer.offerReference, passengers: [adult()] };
    const answers = await Promise.all([viaA, viaB, viaA, viaB].map((c) => c.call<ErrorAnswer>('POST', '/api/flight/reserve/agent', body, keyed('reserve-3'))));
    const fresh = answers.filter((a) => a.status === 201 && a.headers.get('idempotent-replayed') === null);
    expect(fresh).toHaveLength(1);
    for (const a of answers.filter((x) => x !== fresh[0])) {
      if (a.status === 409) {
        expect(a.body.errorCode).toBe('IDEMPOTENCY_KEY_IN_USE');
        expect(a.headers.get('retry-after')).toBe('1');
      } else expect({ status: a.status, replayed: a.headers.get('idempotent-replayed') }).toEqual({ status: 201, replayed: 'true' });
    }
    expect(await query('SELECT id FROM flight_reservation WHERE offer_reference = ?', [offer.offerReference])).toHaveLength(1);
  });

  it('a key that is not 1 to 255 visible characters is a 400 naming Idempotency-Key; a refusal is kept and replayed too', async () => {
    const bad = await viaA.call<ErrorAnswer>('POST', '/api/flight/cancel', { reservationId: '00000000-0000-4000-8000-000000000000' }, keyed('x'.repeat(256)));
    expect(bad.status).toBe(400);
    expect(bad.body.data.fields).toEqual([{ field: 'Idempotency-Key', message: 'must be 1 to 255 visible ASCII characters' }]);
    const missing = await viaA.call('POST', '/api/flight/cancel', { reservationId: '00000000-0000-4000-8000-000000000000' }, keyed('cancel-unknown'));
    expect(missing.status).toBe(404);
    const replay = await viaB.call('POST', '/api/flight/cancel', { reservationId: '00000000-0000-4000-8000-000000000000' }, keyed('cancel-unknown'));
    expect({ status: replay.status, replayed: replay.headers.get('idempotent-replayed'), body: replay.body }).toEqual({
      status: 404,
      replayed: 'true',
      body: missing.body,
    });
  });

  it('a train card deposit and an agent issue retried on the other gateway replay the first answer: one payment, one admission', async () => {
    const rider = await FlightClient.create(env.baseUrl, env.stack.platform, 'idem-rider@booking.test', 'CUSTOMER');
    const riderB = new FlightClient(side.url, rider.token);
    const trip = await selectExpressTrain(rider, nextMonthDay(8));
    const paid = await reserveSeat(rider, trip, trip.seats[0]);
    const deposit = { paymentReference: paid.paymentReference, cardToken: 'tok_visa' };
    const first = await rider.call('POST', '/api/trip/train/payments/card', deposit, keyed('deposit-1'));
    expect(first.status).toBeLessThan(300);
    const retry = await riderB.call('POST', '/api/trip/train/payments/card', deposit, keyed('deposit-1'));
    expect({ status: retry.status, replayed: retry.headers.get('idempotent-replayed'), body: retry.body }).toEqual({
      status: first.status,
      replayed: 'true',
      body: first.body,
    });
    expect(
      await query('SELECT p.id FROM train_payment p JOIN train_reservation r ON r.id = p.reservation_id WHERE r.payment_reference = ?', [
        paid.paymentReference,
      ]),
    ).toHaveLength(1);

    const issued = await reserveSeat(viaA, trip, trip.seats[1]);
    const path = `/api/trip/train/ticket/${issued.paymentReference}/issue`;
    const accepted = await viaA.call('POST', path, {}, keyed('issue-1'));
    expect(accepted.status).toBe(202);
    const again = await viaB.call('POST', path, {}, keyed('issue-1'));
    expect({ status: again.status, replayed: again.headers.get('idempotent-replayed'), body: again.body }).toEqual({
      status: 202,
      replayed: 'true',
      body: accepted.body,
    });
    expect(
      await query('SELECT i.reservation_id FROM train_issuance i JOIN train_reservation r ON r.id = i.reservation_id WHERE r.payment_reference = ?', [
        issued.paymentReference,
      ]),
    ).toHaveLength(1);
  });

  describe('GraphQL mutations take the same key through the header', () => {
    const RESERVE = 'mutation Reserve($i: FlightReservationInput!) { reserveFlightAsAgent(input: $i) { reservation { id status ticketIds } } }';
    const gql = async (baseUrl: string, query: string, variables: Record<string, unknown>, key: string) => {
      const res = await fetch(`${baseUrl}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${viaA.token}`, 'idempotency-key': key },
        body: JSON.stringify({ query, variables }),
      });
      return {
        status: res.status,
        replayed: res.headers.get('idempotent-replayed'),
        body: (await res.json()) as { data?: unknown; errors?: Array<{ extensions: { code: string } }> },
      };
    };

    it('a retry on the other gateway replays the first answer; one booking', async () => {
      const offer = await viaA.firstOffer({ originLocationCode: 'DAR', destinationLocationCode: 'ZNZ', departureDate: daysAhead(44) });
      const variables = { i: { offerReference: offer.offerReference, passengers: [adult('Graph')] } };
      const first = await gql(env.baseUrl, RESERVE, variables, 'graphql-reserve-1');
      expect(first.body.errors).toBeUndefined();
      expect(first.replayed).toBeNull();
      const retry = await gql(side.url, RESERVE, variables, 'graphql-reserve-1');
      expect(retry).toEqual({ status: 200, replayed: 'true', body: first.body });
      expect(await query('SELECT id FROM flight_reservation WHERE offer_reference = ?', [offer.offerReference])).toHaveLength(1);
    });

    it('other variables with the key are 422 IDEMPOTENCY_KEY_REUSED; a query ignores the header', async () => {
      const offer = await viaA.firstOffer({ originLocationCode: 'DAR', destinationLocationCode: 'ZNZ', departureDate: daysAhead(45) });
      const first = await gql(env.baseUrl, RESERVE, { i: { offerReference: offer.offerReference, passengers: [adult('Graph')] } }, 'graphql-reserve-2');
      expect(first.body.errors).toBeUndefined();
      const other = await gql(side.url, RESERVE, { i: { offerReference: offer.offerReference, passengers: [adult('Other')] } }, 'graphql-reserve-2');
      expect({ status: other.status, code: other.body.errors?.[0].extensions.code }).toEqual({ status: 422, code: 'IDEMPOTENCY_KEY_REUSED' });
      const read = await gql(env.baseUrl, 'query { me { id } }', {}, 'graphql-reserve-2');
      expect(read.replayed).toBeNull();
    });
  });

  it('a mutation refused for its cost claims no key (the claim waits until every other check has passed)', async () => {
    const subgraphUrls = subgraphUrlsOf(env.stack.subgraphs);
    const strict = await startGatewayProcess(env.config, subgraphUrls, { GRAPHQL_MAX_COST: '10' });
    const costly = await FlightClient.create(env.baseUrl, env.stack.platform, 'idem-cost@booking.test', 'SERVICE_AGENT');
    const [{ id }] = await query<{ id: string }>("SELECT id FROM account WHERE email = 'idem-cost@booking.test'");
    try {
      const SEARCH = 'mutation Search($i: FlightSearchInput!) { searchFlights(input: $i) { data { offerReference price { grandTotal currency } } } }';
      const variables = { i: { originLocationCode: 'DAR', destinationLocationCode: 'ZNZ', departureDate: daysAhead(46) } };
      for (let i = 0; i < 2; i++) {
        const res = await fetch(`${strict.url}/graphql`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${costly.token}`, 'idempotency-key': 'over-cost-1' },
          body: JSON.stringify({ query: SEARCH, variables }),
        });
        const body = (await res.json()) as { errors: Array<{ extensions: { code: string } }> };
        expect({ status: res.status, code: body.errors[0].extensions.code }).toEqual({ status: 400, code: 'QUERY_TOO_COMPLEX' });
      }
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(await env.stack.platform.redis.keys(`${env.config.queuePrefix}:idempotency*${id}*`)).toEqual([]);
    } finally {
      await strict.stop();
    }
  });
});
