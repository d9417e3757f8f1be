import { startTestStack } from '../support/test-platform';
import { FlightClient } from '../support/flight-client';
import type { ErrorAnswer, RestTrainCar, RestTrainDetails, RestTrainTrip } from '../support/rest-bodies';
import { encodeTrainSetId } from '../../subgraphs/train/search/dated-trainset.codec';
import { todayIn } from '../../shared/time/calendar-date.calculator';

/** A date `n` months ahead on a given day of the month (no maintenance day: not the 11th or 12th). */
function onDay(day: number, monthsAhead = 1): string {
  const today = todayIn('Africa/Dar_es_Salaam', new Date());
  const [y, m] = today.split('-').map(Number);
  const month = m - 1 + monthsAhead;
  return `${y + Math.floor(month / 12)}-${String((month % 12) + 1).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

const DAR = 'DAR:SGR:0';
const DOD = 'DOD:SGR:0';
const DATE = onDay(6);

/** The id a search item carries names the train of its day; older items carried the provider's bare id. */
const datedId = (id: number) => (id < 10_000 ? encodeTrainSetId(id, DATE) : id);

/** The details answer. */
interface DetailsAnswer {
  meta: { provider: string; links: { self: string }; createdAt: string };
  data: RestTrainDetails;
}

/** A search item copied for a test to change before sending it back: any of it may be missing. */
interface EditableItem {
  trip: { timeTableTrainSetId?: unknown; name?: string };
  departure: { date?: string; stop?: { stop_id?: string; partners?: unknown[] } };
  arrival: { date?: string; stop: { stop_id?: string } };
  price: Record<string, unknown>;
  cars: Array<Record<string, unknown>>;
}

/** POST /api/trip/train/details (OpenAPI `postTripTrainDetails`) over REST, against the SGR simulator. */
describe('train details (REST)', () => {
  let env: Awaited<ReturnType<typeof startTestStack>>;
  let customer: FlightClient;
  let agent: FlightClient;
  let item: RestTrainTrip;
  let details: { status: number; body: DetailsAnswer };

  const post = <T = DetailsAnswer>(body: unknown, who = customer) => who.call<T>('POST', '/api/trip/train/details', body);
  /** A deep copy of the search item to change. */
  const copyOfItem = (): EditableItem => JSON.parse(JSON.stringify(item));

  beforeAll(async () => {
    env = await startTestStack();
    customer = await FlightClient.create(env.baseUrl, env.stack.platform, 'rider@details.test', 'CUSTOMER');
    agent = await FlightClient.create(env.baseUrl, env.stack.platform, 'desk@details.test', 'SERVICE_AGENT', { currency: 'TZS', openingBalance: '1000000' });
    const search = await customer.call<{ data: RestTrainTrip[] }>('GET', `/api/trip/train/search?${new URLSearchParams({ from: DAR, to: DOD, date: DATE })}`);
    expect(search.status).toBe(200);
    item = search.body.data.find((t) => t.trip.number.startsWith('ETR')) ?? search.body.data[0];
    details = await post({ trip: item });
  });
  afterAll(() => env.close());

  it('401 without a token', async () => {
    const res = await fetch(`${env.baseUrl}/api/trip/train/details`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ trip: item }),
    });
    expect(res.status).toBe(401);
  });

  it('search then details: meta, the selected trip reloaded, the train', () => {
    expect(details.status).toBe(200);
    const { meta, data } = details.body;
    expect(meta).toEqual({ provider: 'RAIL_SGR', links: { self: expect.stringMatching(/\/api\/trip\/train\/details$/) }, createdAt: expect.any(String) });
    expect(Number.isNaN(Date.parse(meta.createdAt))).toBe(false);
    expect(data.trip).toEqual({ ...item.trip, timeTableTrainSetId: datedId(item.trip.timeTableTrainSetId) });
    for (const field of ['provider', 'route', 'departure', 'arrival', 'price', 'stopTimes', 'cars', 'carTypes', 'transitAgency'])
      expect(data[field]).toEqual(item[field]);
    expect(data.departure).toMatchObject({ date: DATE, stop: { stop_id: DAR, stop_timezone: 'Africa/Dar_es_Salaam' } });
    expect(data.arrival.stop.stop_id).toBe(DOD);
    expect(data.price.otherCurrencies.USD).toMatchObject({ amount: expect.any(Number), formatted: expect.stringMatching(/^USD /) });
    const { train } = data;
    expect(train).toMatchObject({
      id: expect.any(Number),
      typeId: expect.any(Number),
      type: expect.any(String),
      name: item.trip.number,
      number: expect.any(Number),
    });
    expect(train.carTypes).toEqual(item.carTypes);
    expect(train.cars).toHaveLength(item.cars.length);
    for (const [i, car] of train.cars.entries()) {
      expect(Object.keys(car).sort()).toEqual(
        [
          'id',
          'name',
          'orderNo',
          'carId',
          'carTypeId',
          'carType',
          'capacity',
          'standardCapacity',
          'disabledCapacity',
          'emptySeats',
          'rowCount',
          'columnCount',
          'hasSeat',
          'isActive',
          'isDisabled',
          'prices',
          'seats',
        ].sort(),
      );
      expect(car).toMatchObject({
        carId: item.cars[i].carId,
        orderNo: item.cars[i].orderNo,
        carType: item.cars[i].typeName,
        capacity: item.cars[i].capacity,
        isActive: true,
        isDisabled: false,
      });
      expect(car.standardCapacity + car.disabledCapacity).toBe(car.capacity);
      expect(car.seats).toHaveLength(car.rowCount * car.columnCount);
      expect(car.seats.filter((s) => s.available)).toHaveLength(car.emptySeats);
    }
  });

  it('every seat cell type appears across the cars, with classes, orientation and grid positions', () => {
    const seats = details.body.data.train.cars.flatMap((c) => c.seats);
    expect(new Set(seats.map((s) => s.type))).toEqual(new Set(['SEAT', 'DISABLED_SEAT', 'AISLE', 'WC', 'LUGGAGE', 'BED']));
    expect(new Set(seats.map((s) => s.class))).toEqual(new Set(['ECONOMY', 'BUSINESS', 'ROYAL_CLASS']));
    expect(new Set(seats.map((s) => s.orientation))).toEqual(new Set(['UP', 'DOWN', 'LEFT', 'RIGHT']));
    for (const s of seats) {
      expect(Object.keys(s).sort()).toEqual(['id', 'label', 'positionY', 'positionX', 'key', 'type', 'class', 'orientation', 'available'].sort());
      expect(typeof s.id).toBe('string');
      const place = ['SEAT', 'DISABLED_SEAT', 'BED'].includes(s.type);
      if (place) expect(s.label).not.toBe('');
      else expect(s).toMatchObject({ label: '', available: false });
    }
    for (const car of details.body.data.train.cars) {
      const cells = new Set(car.seats.map((s) => `${s.positionY},${s.positionX}`));
      expect(cells.size).toBe(car.rowCount * car.columnCount);
      expect(Math.max(...car.seats.map((s) => s.positionY))).toBe(car.rowCount - 1);
    }
  });

  it('prices per ticket type (4 adult, 3 child) and luggage option, at the operator fares of each class', () => {
    const cars = details.body.data.train.cars;
    const economy = cars.find((c) => c.seats.some((s) => s.class === 'ECONOMY'))!;
    const royal = cars.find((c) => c.seats.some((s) => s.class === 'ROYAL_CLASS'))!;
    const price = (car: RestTrainCar, ticketTypeId: number, luggageTypeId: number) =>
      car.prices.find((p) => p.ticketTypeId === ticketTypeId && p.luggageTypeId === luggageTypeId);
    expect(new Set(economy.prices.map((p) => p.ticketTypeId))).toEqual(new Set([4, 3]));
    expect(new Set(economy.prices.map((p) => p.luggageTypeId))).toEqual(new Set([5, 6, 7, 8]));
    expect(economy.prices).toHaveLength(8);
    expect(price(economy, 4, 5)).toMatchObject({
      ticketTypeCode: 'ADULT',
      total: '40000',
      luggagePrice: 0,
      luggageTypeName: 'No luggage',
      currency: 'TZS',
      formattedPrice: 'TZS 40,000',
      pricingContext: 'ONLINE',
    });
    expect(price(economy, 3, 5)).toMatchObject({ ticketTypeCode: 'CHILD', total: '20000' });
    expect(price(economy, 4, 6)).toMatchObject({ total: '43000', luggagePrice: 3000, formattedPrice: 'TZS 43,000' });
    expect(price(royal, 4, 5)!.total).toBe('120000');
    for (const p of economy.prices) {
      expect(Object.keys(p).sort()).toEqual(
        [
          'ticketTypeId',
          'ticketTypeCode',
          'ticketTypeName',
          'pricingContext',
          'total',
          'bookingFeeTotal',
          'grandTotal',
          'fees',
          'formattedPrice',
          'currency',
          'otherCurrencies',
          'luggageTypeId',
          'luggageTypeName',
          'luggagePrice',
        ].sort(),
      );
      expect(p.fees.reduce((s, f) => s + Number(f.amount), 0)).toBe(Number(p.grandTotal));
      expect(Number(p.total) + Number(p.bookingFeeTotal)).toBe(Number(p.grandTotal));
      expect(p.otherCurrencies.USD).toMatchObject({ amount: expect.any(Number), formatted: expect.stringMatching(/^USD /), currency: 'USD' });
    }
  });

  it('an agent gets car prices in its pricing context', async () => {
    const res = await post({ trip: item }, agent);
    expect(res.status).toBe(200);
    const p = res.body.data.train.cars[0].prices[0];
    expect(p.pricingContext).toBe('SERVICE_AGENT');
    expect(p.fees[1]).toEqual({ type: 'FACILITATION', amount: '1000', recipient: 'SERVICE_AGENT' });
  });

  it('bookingRequirements: traveler requirements, nationality, luggage (5 = none) and ticket type options', () => {
    const req = details.body.data.bookingRequirements;
    expect(req.travelerRequirements).toEqual({
      travelerId: true,
      genderRequired: true,
      ageCategory: true,
      seatRequired: true,
      nationality: true,
      luggageRequired: false,
      emailAddressRequired: false,
      mobilePhoneNumberRequired: true,
    });
    expect(req.nationalityOptions.map((o) => o.id)).toEqual([1, 2, 3, 4]);
    for (const o of req.nationalityOptions) expect(o).toEqual({ code: expect.any(String), id: expect.any(Number), title: expect.any(String), price: 0 });
    expect(req.luggageOptions.find((o) => o.id === 5)).toEqual({
      id: 5,
      name: 'No luggage',
      description: expect.any(String),
      weight: 0,
      price: 0,
      isActive: true,
      configurationItemId: expect.any(Number),
    });
    expect(req.luggageOptions.map((o) => [o.id, o.price])).toEqual([
      [5, 0],
      [6, 3000],
      [7, 6000],
      [8, 10000],
    ]);
    expect(req.ticketTypeOptions).toEqual([
      { id: 4, code: 'ADULT', title: 'Adult', price: 40000 },
      { id: 3, code: 'CHILD', title: expect.stringMatching(/^Child/), price: 20000 },
    ]);
  });

  it('a tampered search item does not change the answer: only its identifiers are read', async () => {
    const tampered = copyOfItem();
    tampered.price = { ...tampered.price, total: '1', grandTotal: '1', basePrice: '1', fees: [] };
    tampered.trip.name = 'Free ride';
    tampered.cars = tampered.cars.map((c) => ({ ...c, emptySeats: 999, typeName: 'Royal Class' }));
    tampered.arrival.date = '1999-01-01';
    tampered.departure.stop!.partners = [];
    const res = await post({ trip: tampered });
    expect(res.status).toBe(200);
    const strip = (d: RestTrainDetails) => ({ ...d, train: { ...d.train, cars: d.train.cars.map((c) => ({ ...c, seats: c.seats.length })) } });
    expect(strip(res.body.data)).toEqual(strip(details.body.data));
    expect(res.body.data.price.total).toBe(item.price.total);
    expect(res.body.data.trip.name).toBe(item.trip.name);
  });

  it('the dated id the details answer is accepted back', async () => {
    const again = await post({ trip: details.body.data });
    expect(again.status).toBe(200);
    expect(again.body.data.trip).toEqual(details.body.data.trip);
  });

  it.each([
    ['no trip', {}, 'trip'],
    ['trip not an object', { trip: 'ETR-101' }, 'trip'],
  ])('400 for %s', async (_name, body, field) => {
    const res = await post<ErrorAnswer>(body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ errorCode: 'BAD_REQUEST', data: { fields: [{ field }] } });
  });

  it.each([
    ['timeTableTrainSetId missing', (t: EditableItem) => delete t.trip.timeTableTrainSetId, 'trip.trip.timeTableTrainSetId'],
    ['timeTableTrainSetId a string', (t: EditableItem) => (t.trip.timeTableTrainSetId = 'x'), 'trip.trip.timeTableTrainSetId'],
    ['departure stop missing', (t: EditableItem) => delete t.departure.stop, 'trip.departure.stop.stop_id'],
    ['arrival stop not an SGR stop id', (t: EditableItem) => (t.arrival.stop.stop_id = 'DOD'), 'trip.arrival.stop.stop_id'],
    ['departure date not a date', (t: EditableItem) => (t.departure.date = '2026-02-30'), 'trip.departure.date'],
  ])('400 naming the field for %s', async (_name, change, field) => {
    const trip = copyOfItem();
    change(trip);
    const res = await post<ErrorAnswer>({ trip });
    expect(res.status).toBe(400);
    expect(res.body.errorCode).toBe('BAD_REQUEST');
    expect(res.body.data.fields.map((f) => f.field)).toContain(field);
  });

  it.each([
    ['an unknown timeTableTrainSetId', (t: EditableItem) => (t.trip.timeTableTrainSetId = 9999)],
    [
      'a dated id of another day',
      (t: EditableItem) => (t.trip.timeTableTrainSetId = encodeTrainSetId(datedId(item.trip.timeTableTrainSetId) % 10_000, onDay(7))),
    ],
    ['a train that does not call there', (t: EditableItem) => (t.arrival.stop.stop_id = 'PUG:SGR:0')],
    ['a maintenance day', (t: EditableItem) => (t.departure.date = onDay(11))],
  ])('404 SGR_TRIP_NOT_FOUND for %s', async (_name, change) => {
    const trip = copyOfItem();
    change(trip);
    const res = await post<ErrorAnswer>({ trip });
    expect(res.status).toBe(404);
    expect(res.body.errorCode).toBe('SGR_TRIP_NOT_FOUND');
  });

  it('over GraphQL the trip is a typed input of identifiers', async () => {
    const res = await customer.call<{
      errors?: unknown;
      data: { trainDetails: { data: { trip: { number: string }; train: { cars: Array<{ prices: Array<{ otherCurrencies: Array<{ code: string }> }> }> } } } };
    }>('POST', '/graphql', {
      query: `query($trip: TrainTripRefInput!) { trainDetails(trip: $trip) { meta { provider } data { trip { number } train { cars { carId prices { ticketTypeId luggageTypeId otherCurrencies { code } } } } } } }`,
      variables: { trip: { timeTableTrainSetId: item.trip.timeTableTrainSetId, departureStopId: DAR, arrivalStopId: DOD, departureDate: DATE } },
    });
    expect(res.status).toBe(200);
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.trainDetails.data.trip.number).toBe(item.trip.number);
    expect(res.body.data.trainDetails.data.train.cars[0].prices[0].otherCurrencies.map((c) => c.code)).toContain('USD');
  });
});
