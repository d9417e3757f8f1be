import { startTestStack } from '../support/test-platform';
import { daysAhead, FlightClient } from '../support/flight-client';
import type { ErrorAnswer } from '../support/rest-bodies';
import { addDays, todayIn } from '../../shared/time/calendar-date.calculator';
import { CompanyService } from '../../shared/companies/company.service';

const DAR = 'DAR_ES_SALAAM:RGN:0';
const ARUSHA = 'ARUSHA:RGN:0';
const MWANZA = 'MWANZA:RGN:0';
const NAIROBI = 'NAIROBI:RGN:0';
const KIGALI = 'KIGALI:RGN:0';
const MERU = { uuid: '67ee4a5d-fa6f-497d-8523-44456e6b45ba', name: 'Mlima Meru Coachlines Limited', tradingName: 'Meru Coachlines', tinNumber: '112-408-736' };

/** The 13th of next month: every route's first departure of the day is cancelled then (docs/sandbox.md). */
function cancellationDay(): string {
  const [y, m] = todayIn('Africa/Dar_es_Salaam', new Date()).split('-').map(Number);
  return `${m === 12 ? y + 1 : y}-${String((m % 12) + 1).padStart(2, '0')}-13`;
}

const TRIP_FIELDS = [
  'id',
  'companyId',
  'companyName',
  'companyTradingName',
  'tinNumber',
  'companyLogo',
  'frequencyId',
  'tripsId',
  'routeId',
  'routeName',
  'routeShortName',
  'routeColor',
  'routeTextColor',
  'origin',
  'destination',
  'headsign',
  'price',
  'priceCurrency',
  'departureDate',
  'departureTime',
  'reportingTime',
  'estimatedArrivalTime',
  'travelTime',
  'estimatedTravel',
  'estimatedArrivalDate',
  'estimatedArrivalDays',
  'timezone',
  'direction',
  'hasLeftOrigin',
  'canceled',
  'availableSeats',
  'agentCommission',
  'importantInformation',
  'stopTimes',
  'fromStop',
  'toStop',
  'firstStop',
  'lastStop',
  'vehicle',
  'fareRules',
  'routeStations',
  'settings',
];
const STOP_TIME_FIELDS = [
  'stopId',
  'stopName',
  'stopDescription',
  'stopSequence',
  'arrivalTime',
  'departingTime',
  'latitude',
  'longitude',
  'estimatedArrivalDate',
  'estimatedDepartureDate',
  'estimatedArrivalDays',
  'estimatedDepartureDays',
  'stop_timezone',
  'city_geohash',
  'popularity',
];
const SETTINGS = [
  'seatReservation',
  'bulkTicketing',
  'sendTextMessage',
  'flexibleTicketPrice',
  'flexibleOrigin',
  'flexibleDestination',
  'allowOnlineSales',
  'enterCustomerName',
  'enterCustomerPhoneNumber',
  'enterCustomerEmail',
  'enterCustomerNationality',
  'enterCustomerPassportNumber',
  'noBetweenBookings',
];
const ISO_WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:00[+-]\d{2}:\d{2}$/;

/** A stop of a REST bus trip (stopTimes items and the picked stops). */
interface RestBusStop {
  stopSequence: number;
  stop_timezone: string;
  estimatedDepartureDays: number;
  [field: string]: unknown;
}

/** A seating-grid section of a REST bus trip's vehicle. */
interface RestSeatSection {
  seats: string[];
  seatsAvailable: number;
  seatingGrid: Array<{ id: string; type: string; available: boolean; [field: string]: unknown }>;
  [field: string]: unknown;
}

/** A bus trip as GET /api/trip/search answers it: what the assertions compute with is typed, the rest is compared as it comes. */
interface RestBusTrip {
  departureDate: string;
  departureTime: string;
  reportingTime: string;
  estimatedArrivalDate: string;
  canceled: boolean;
  availableSeats: number;
  stopTimes: RestBusStop[];
  fromStop: RestBusStop;
  toStop: RestBusStop;
  firstStop: RestBusStop;
  lastStop: RestBusStop;
  importantInformation: Array<{ code: string; [field: string]: unknown }>;
  settings: Record<string, unknown>;
  routeStations: Record<string, unknown>;
  fareRules: Array<{ prices: Record<string, number>; otherCurrencies: Record<string, { prices: Record<string, number> }>; [field: string]: unknown }>;
  vehicle: { vehicleClass: string; seats: number; seatingGrid: Record<string, RestSeatSection>; [field: string]: unknown };
  [field: string]: unknown;
}

/** GET /api/trip/search (bus). */
interface BusSearchBody {
  exactRoute: Record<string, RestBusTrip[]>;
  alternatives: Record<string, Array<{ legs: RestBusTrip[]; transferMinutes: number; [field: string]: unknown }>>;
}

/** GET /api/trip/search (bus, OpenAPI `getTripSearch`) over REST, against the reference bus network. */
describe('bus search (REST)', () => {
  let env: Awaited<ReturnType<typeof startTestStack>>;
  let customer: FlightClient;

  beforeAll(async () => {
    env = await startTestStack();
    customer = await FlightClient.create(env.baseUrl, env.stack.platform, 'rider@bus.test', 'CUSTOMER');
  });
  afterAll(() => env.close());

  const search = <T = BusSearchBody>(q: Record<string, string>) => customer.call<T>('GET', `/api/trip/search?${new URLSearchParams(q)}`);
  const allTrips = (body: BusSearchBody): RestBusTrip[] => Object.values(body.exactRoute).flat();

  it('401 without a token', async () => {
    const res = await fetch(`${env.baseUrl}/api/trip/search?from=${DAR}&to=${ARUSHA}&date=${daysAhead(10)}`);
    expect(res.status).toBe(401);
  });

  it.each([
    ['every parameter missing', {}, 'FROM_STOP_ID_REQUIRED', ['from', 'to', 'date']],
    ['date missing', { from: DAR, to: ARUSHA }, 'FROM_STOP_ID_REQUIRED', ['date']],
    ['a date that is not YYYY-MM-DD', { from: DAR, to: ARUSHA, date: '01-12-2026' }, 'BAD_REQUEST', ['date']],
    ['a date that does not exist', { from: DAR, to: ARUSHA, date: '2026-02-30' }, 'BAD_REQUEST', ['date']],
    ['a stop id of another form', { from: 'DAR:SGR:0', to: ARUSHA, date: daysAhead(3) }, 'BAD_REQUEST', ['from']],
    ['an unknown stop', { from: DAR, to: 'ATLANTIS:RGN:0', date: daysAhead(3) }, 'UNKNOWN_STOP_ID', ['to']],
    ['the same stop twice', { from: DAR, to: DAR, date: daysAhead(3) }, 'BAD_REQUEST', ['to']],
    ['a date years ahead', { from: DAR, to: ARUSHA, date: addDays(daysAhead(0), 800) }, 'BAD_REQUEST', ['date']],
  ])('400 for %s, naming the fields', async (_name, q, errorCode, fields) => {
    const res = await search<ErrorAnswer>(q as Record<string, string>);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ errorCode, status: 400, errorMessage: expect.any(String) });
    expect(res.body.data.fields.map((f) => f.field)).toEqual(fields);
  });

  it('a direct search answers every field of the bus trip, with the operator from the admin Company and no alternatives', async () => {
    const date = daysAhead(10);
    const res = await search({ from: DAR, to: ARUSHA, date });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(['exactRoute']);
    const trips = res.body.exactRoute['Dar es Salaam - Arusha'];
    expect(trips.length).toBeGreaterThan(0);
    const trip = trips[0];
    for (const field of TRIP_FIELDS) expect(trip).toHaveProperty(field);
    expect(trip).toMatchObject({
      companyId: MERU.uuid,
      companyName: MERU.name,
      companyTradingName: MERU.tradingName,
      tinNumber: MERU.tinNumber,
      routeId: 'MERU-DAR-ARK',
      tripsId: 'MERU-DAR-ARK:OUTBOUND',
      direction: 'OUTBOUND',
      origin: 'Dar es Salaam',
      destination: 'Arusha',
      priceCurrency: 'TZS',
      timezone: 'Africa/Dar_es_Salaam',
      estimatedArrivalDays: 0,
      hasLeftOrigin: false,
      routeColor: expect.stringMatching(/^#[0-9A-F]{6}$/),
    });
    expect(trip.departureDate).toMatch(ISO_WITH_OFFSET);
    expect(trip.departureDate.startsWith(`${date}T${trip.departureTime}`)).toBe(true);
    expect(trip.reportingTime < trip.departureTime).toBe(true);
    expect(trip.estimatedTravel).toEqual({ hours: 9, minutes: 50, formatted: '9h 50m', formattedLong: '9 hours 50 minutes' });
    for (const stop of [...trip.stopTimes, trip.fromStop, trip.toStop, trip.firstStop, trip.lastStop]) {
      expect(Object.keys(stop).sort()).toEqual([...STOP_TIME_FIELDS].sort());
    }
    expect(trip.stopTimes.map((s) => s.stopSequence)).toEqual(trip.stopTimes.map((_: unknown, i: number) => i));
    expect(trip.fromStop).toEqual(trip.stopTimes[0]);
    expect(trip.toStop).toEqual(trip.stopTimes[trip.stopTimes.length - 1]);
    expect(trip.fromStop.stop_timezone).toBe('Africa/Dar_es_Salaam');
    expect(trip.importantInformation.map((i) => i.code)).toContain('ID_REQUIRED');
    expect(Object.keys(trip.settings).sort()).toEqual([...SETTINGS].sort());
    expect(trip.routeStations['Dar es Salaam']).toEqual({ pickUpStations: [DAR], dropOffStations: [] });
    expect(trip.routeStations.Arusha).toEqual({ pickUpStations: [], dropOffStations: [ARUSHA] });

    const rule = trip.fareRules[0];
    expect(rule).toMatchObject({ originId: DAR, destinationId: ARUSHA, originCity: 'Dar es Salaam', destinationCity: 'Arusha', baseCurrency: 'TZS' });
    expect(Object.keys(rule.prices).sort()).toEqual(['LUXURY', 'ORDINARY', 'SEMI_LUXURY', 'VIP', 'VVIP', 'agentCommission'].sort());
    expect(trip.price).toBe(rule.prices[trip.vehicle.vehicleClass]);
    expect(trip.agentCommission).toBe(rule.prices.agentCommission);
    expect(Number.isInteger(rule.otherCurrencies.KES.prices.LUXURY)).toBe(true);
    expect(rule.otherCurrencies.USD.prices.LUXURY).toBe(Math.round(rule.otherCurrencies.USD.prices.LUXURY * 100) / 100);

    const { vehicle } = trip;
    expect(vehicle).toMatchObject({ plateNumber: expect.stringMatching(/^T \d{3} [A-Z]{3}$/), steeringWheelPosition: 'RIGHT', seats: expect.any(Number) });
    const sections = Object.values(vehicle.seatingGrid);
    const cells = sections.flatMap((s) => s.seatingGrid);
    expect(cells.filter((c) => c.type === 'SEAT')).toHaveLength(vehicle.seats);
    expect(new Set(cells.map((c) => c.type))).toEqual(new Set(['SEAT', 'AISLE', 'DOOR', 'DRIVER']));
    expect(cells.filter((c) => c.available)).toHaveLength(trip.canceled ? 0 : trip.availableSeats);
    for (const s of sections) {
      expect(s.seatingGrid.filter((c) => c.available)).toHaveLength(s.seatsAvailable);
      expect(s.seats).toEqual(s.seatingGrid.filter((c) => c.type === 'SEAT').map((c) => c.id));
    }
  });

  it('an overnight trip crosses midnight: arrival the next day, in every zone it crosses', async () => {
    const date = daysAhead(12);
    const res = await search({ from: DAR, to: MWANZA, date });
    const night = allTrips(res.body).find((t) => t.departureTime === '16:00')!;
    expect(night).toMatchObject({ estimatedArrivalDays: 1, estimatedArrivalTime: '10:30', travelTime: '18:30' });
    expect(night.estimatedArrivalDate).toBe(`${addDays(date, 1)}T10:30:00+03:00`);
    expect(night.lastStop).toMatchObject({ stopId: MWANZA, estimatedArrivalDays: 1 });
    expect(night.stopTimes[0].estimatedDepartureDays).toBe(0);

    const kigali = allTrips((await search({ from: DAR, to: KIGALI, date })).body)[0];
    expect(kigali).toMatchObject({ estimatedArrivalDays: 1, timezone: 'Africa/Dar_es_Salaam' });
    expect(kigali.estimatedArrivalDate).toBe(`${addDays(date, 1)}T06:00:00+02:00`);
    expect(kigali.toStop.stop_timezone).toBe('Africa/Kigali');
  });

  it('a pair no route sells gets connections through a hub, each leg a full bus trip', async () => {
    const date = daysAhead(14);
    const res = await search({ from: DAR, to: NAIROBI, date });
    expect(res.status).toBe(200);
    expect(res.body.exactRoute).toEqual({});
    const connections = res.body.alternatives['Dar es Salaam → Arusha → Nairobi'];
    expect(connections.length).toBeGreaterThan(0);
    for (const c of connections) {
      expect(c.via).toMatchObject({ stopId: ARUSHA, stop_timezone: 'Africa/Dar_es_Salaam' });
      expect(c.legs).toHaveLength(2);
      const [first, second] = c.legs;
      for (const field of TRIP_FIELDS) {
        expect(first).toHaveProperty(field);
        expect(second).toHaveProperty(field);
      }
      expect(first).toMatchObject({ fromStop: { stopId: DAR }, toStop: { stopId: ARUSHA } });
      expect(second).toMatchObject({ fromStop: { stopId: ARUSHA }, toStop: { stopId: NAIROBI }, priceCurrency: 'USD' });
      expect(c.transferMinutes).toBe((Date.parse(second.departureDate) - Date.parse(first.estimatedArrivalDate)) / 60_000);
      expect(c.transferMinutes).toBeGreaterThanOrEqual(45);
      expect(c.transferMinutes).toBeLessThanOrEqual(360);
      expect(c).toMatchObject({ departureDate: first.departureDate, estimatedArrivalDate: second.estimatedArrivalDate, bookable: expect.any(Boolean) });
      expect(first.departureDate.startsWith(date)).toBe(true);
    }
  });

  it('cancelled trips are listed and flagged, with nothing to sell', async () => {
    const trips = allTrips((await search({ from: DAR, to: ARUSHA, date: cancellationDay() })).body);
    const first = trips.find((t) => t.departureTime === '06:00')!;
    expect(first).toMatchObject({ canceled: true, availableSeats: 0 });
    expect(Object.values(first.vehicle.seatingGrid).every((s) => s.seatsAvailable === 0 && s.seatingGrid.every((c) => !c.available))).toBe(true);
  });

  it('trips that have left are listed and flagged', async () => {
    const yesterday = addDays(todayIn('Africa/Dar_es_Salaam', new Date()), -1);
    const trips = allTrips((await search({ from: DAR, to: ARUSHA, date: yesterday })).body);
    expect(trips.length).toBeGreaterThan(0);
    for (const t of trips) expect(t).toMatchObject({ hasLeftOrigin: true, availableSeats: 0 });
  });

  // Companies change through the admin's CompanyService, which invalidates every process's cached directory.
  const companies = () => new CompanyService(env.stack.platform.dataSource, env.stack.platform.invalidations);

  it('the company comes from the admin subgraph, not a copy: a change there shows in the next search', async () => {
    await companies().update(MERU.uuid, { tradingName: 'Meru Express' });
    try {
      const trip = allTrips((await search({ from: DAR, to: ARUSHA, date: daysAhead(10) })).body)[0];
      expect(trip).toMatchObject({ companyId: MERU.uuid, companyTradingName: 'Meru Express', companyName: MERU.name });
    } finally {
      await companies().update(MERU.uuid, { tradingName: MERU.tradingName });
    }
  });

  it('companyTradingName is a string as the spec types it: an operator without a trading name trades under its registered name', async () => {
    await companies().update(MERU.uuid, { tradingName: null });
    try {
      const trip = allTrips((await search({ from: DAR, to: ARUSHA, date: daysAhead(10) })).body)[0];
      expect(trip.companyTradingName).toBe(MERU.name);
    } finally {
      await companies().update(MERU.uuid, { tradingName: MERU.tradingName });
    }
  });
});
