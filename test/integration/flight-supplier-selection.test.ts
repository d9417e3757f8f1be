import { addDays, todayIn } from '../../shared/time/calendar-date.calculator';
import { DuffelReplayServer } from '../support/duffel-replay.server';
import { FlightClient, traveller } from '../support/flight-client';
import type { RestFlightOffer } from '../support/rest-bodies';
import { startTestStack } from '../support/test-platform';

const TOKEN = 'duffel_test_selectionSelection';

/**
 * FLIGHT_SUPPLIER=duffel: the flight role the stack starts searches through the Duffel adapter (here at the replay
 * server), not the simulator. The booking suites against both suppliers are the e2e matrix; this checks the wiring.
 */
describe('flight supplier selection', () => {
  const replay = new DuffelReplayServer(TOKEN);
  let env: Awaited<ReturnType<typeof startTestStack>>;

  beforeAll(async () => {
    const url = await replay.start();
    // Our own offer lifetime longer than Duffel's: Duffel's expires_at must win.
    env = await startTestStack({ FLIGHT_SUPPLIER: 'duffel', DUFFEL_ACCESS_TOKEN: TOKEN, DUFFEL_API_URL: url, OFFER_TTL_SECONDS: '7200' });
  });
  afterAll(async () => {
    await env?.close();
    await replay.stop();
  });

  it('answers a search with Duffel offers when FLIGHT_SUPPLIER=duffel', async () => {
    const client = await FlightClient.create(env.baseUrl, env.stack.platform, 'selection@flight.test', 'CUSTOMER');
    const departureDate = addDays(todayIn('Africa/Dar_es_Salaam', new Date()), 30);
    const res = await client.call<{ data: RestFlightOffer[] }>('POST', '/api/flight/search', {
      originLocationCode: 'DAR',
      destinationLocationCode: 'NBO',
      departureDate,
    });
    expect(res.status).toBe(200);
    expect(replay.requestsTo('POST', '/air/offer_requests')).toHaveLength(1);
    expect(res.body.data.length).toBeGreaterThan(0);
    expect(res.body.data.every((o) => replay.offers.has(o.id))).toBe(true);
    // Kept no longer than Duffel keeps the offer (its expires_at is authoritative), not our 2 h.
    const duffelExpiry = Math.min(...res.body.data.map((o) => Date.parse(String(replay.offers.get(o.id)!.offer.expires_at))));
    for (const offer of res.body.data) expect(Date.parse(offer.expiresAt)).toBeLessThanOrEqual(duffelExpiry);
  });

  it("asks Duffel with each child's and infant's age when the search gives them, and refuses ages that do not fit", async () => {
    const client = await FlightClient.create(env.baseUrl, env.stack.platform, 'ages@flight.test', 'CUSTOMER');
    const departureDate = addDays(todayIn('Africa/Dar_es_Salaam', new Date()), 31);
    const search = (extra: Record<string, unknown>) =>
      client.call<{ data: RestFlightOffer[] }>('POST', '/api/flight/search', {
        originLocationCode: 'DAR',
        destinationLocationCode: 'NBO',
        departureDate,
        adults: 2,
        children: 2,
        infants: 1,
        ...extra,
      });
    const before = replay.requestsTo('POST', '/air/offer_requests').length;
    expect((await search({ childAges: [4, 9], infantAges: [0] })).status).toBe(200);
    const asked = replay.requestsTo('POST', '/air/offer_requests').slice(before);
    expect(asked).toHaveLength(1);
    expect((asked[0].body as { data: { passengers: unknown[] } }).data.passengers).toEqual([
      { type: 'adult' },
      { type: 'adult' },
      { age: 4 },
      { age: 9 },
      { age: 0 },
    ]);

    const refused = await client.call<{ errorCode: string; data: { fields: Array<{ field: string }> } }>('POST', '/api/flight/search', {
      originLocationCode: 'DAR',
      destinationLocationCode: 'NBO',
      departureDate,
      children: 1,
      childAges: [1, 12],
    });
    expect({ status: refused.status, fields: refused.body.data.fields.map((f) => f.field) }).toEqual({ status: 400, fields: ['childAges'] });
  });

  it('reserves as a Duffel hold order and issues by paying it from the balance (agent flow)', async () => {
    const agent = await FlightClient.create(env.baseUrl, env.stack.platform, 'selection-agent@flight.test', 'SERVICE_AGENT', {
      currency: 'USD',
      openingBalance: '100000',
    });
    const departureDate = addDays(todayIn('Africa/Dar_es_Salaam', new Date()), 31);
    const offers = await agent.call<{ data: RestFlightOffer[] }>('POST', '/api/flight/search', {
      originLocationCode: 'DAR',
      destinationLocationCode: 'NBO',
      departureDate,
    });
    const held = offers.body.data.find((o) => !o.instantTicketingRequired)!;
    const reserved = await agent.call<{
      reservation: { status: string; ticketIds: string[]; pricingRecords: unknown[]; recordLocators: Array<{ controlNumber: string }> };
    }>('POST', '/api/flight/reserve/agent', { offerReference: held.offerReference, passengers: [traveller()] });
    expect(reserved.status).toBe(201);
    expect(reserved.body.reservation).toMatchObject({ status: 'TST_CREATED', pricingRecords: [] });
    const order = [...replay.orders.values()].at(-1)!;
    expect(reserved.body.reservation.recordLocators[0].controlNumber).toBe(order.booking_reference);
    const issued = await agent.call<{ status: string; documents: Array<{ status: string; ticketNumber: string }> }>('POST', '/api/flight/purchase/agent', {
      ticketId: reserved.body.reservation.ticketIds[0],
    });
    expect(issued.status).toBe(200);
    expect(issued.body.status).toBe('ISSUED');
    expect(issued.body.documents[0].ticketNumber).toBe((order.documents as Array<{ unique_identifier: string }>)[0].unique_identifier);
    expect(replay.requestsTo('POST', '/air/payments')).toHaveLength(1);
  });
});
