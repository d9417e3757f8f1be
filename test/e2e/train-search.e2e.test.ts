import { startTestStack } from '../support/test-platform';
import { daysAhead, FlightClient } from '../support/flight-client';
import type { ErrorAnswer, RestTrainTrip } from '../support/rest-bodies';
import { addDays, todayIn } from '../../shared/time/calendar-date.calculator';

/** A date `n` months ahead on a given day of the month (the simulator's triggers are by day). */
function onDay(day: number, monthsAhead = 1): string {
  const today = todayIn('Africa/Dar_es_Salaam', new Date());
  const [y, m] = today.split('-').map(Number);
  const month = m - 1 + monthsAhead;
  return `${y + Math.floor(month / 12)}-${String((month % 12) + 1).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** The search answer. */
interface SearchAnswer {
  meta: {
    count: number;
    links: { self: string; nextAvailable?: string };
    availability: {
      serviceDate: string;
      next: { date: string } | null;
      lookAhead: { firstDate: string | null; [field: string]: unknown };
      [field: string]: unknown;
    };
    [field: string]: unknown;
  };
  data: RestTrainTrip[];
}

/** GET /api/trip/train/search (OpenAPI `getTripTrainSearch`) over REST, against the SGR simulator. */
describe('train search (REST)', () => {
  let env: Awaited<ReturnType<typeof startTestStack>>;
  let customer: FlightClient;
  let agent: FlightClient;

  beforeAll(async () => {
    env = await startTestStack();
    customer = await FlightClient.create(env.baseUrl, env.stack.platform, 'rider@train.test', 'CUSTOMER');
    agent = await FlightClient.create(env.baseUrl, env.stack.platform, 'desk@train.test', 'SERVICE_AGENT', { currency: 'TZS', openingBalance: '1000000' });
  });
  afterAll(() => env.close());

  const search = <T = SearchAnswer>(q: Record<string, string>, who = customer) => who.call<T>('GET', `/api/trip/train/search?${new URLSearchParams(q)}`);
  const DAR = 'DAR:SGR:0';
  const DOD = 'DOD:SGR:0';
  const MOR = 'MOR:SGR:0';

  it('401 without a token', async () => {
    const res = await fetch(`${env.baseUrl}/api/trip/train/search?from=${DAR}&to=${DOD}&date=${daysAhead(10)}`);
    expect(res.status).toBe(401);
  });

  it('trains for the date, with meta (count, provider, links.self, createdAt) and no availability without lookAheadDays', async () => {
    const date = daysAhead(10).endsWith('-11') || daysAhead(10).endsWith('-12') ? daysAhead(13) : daysAhead(10);
    const res = await search({ from: DAR, to: DOD, date });
    expect(res.status).toBe(200);
    const { meta, data } = res.body;
    expect(meta).toMatchObject({ count: data.length, provider: 'RAIL_SGR', links: { self: expect.stringContaining(`date=${date}`) } });
    expect(Object.keys(meta)).not.toContain('availability');
    expect(Object.keys(meta.links)).toEqual(['self']);
    expect(data.length).toBeGreaterThan(0);
    const train = data[0];
    expect(train).toMatchObject({
      provider: 'RAIL_SGR',
      departure: { date, stop: { stop_id: DAR, stop_timezone: 'Africa/Dar_es_Salaam' } },
      arrival: { stop: { stop_id: DOD } },
    });
    expect(train.departure.dateTime).toMatch(/\+03:00$/);
    expect(train.transitAgency).toMatchObject({ name: expect.any(String), tinNumber: expect.any(String), type: 'RAIL' });
    expect(train.carTypes.length).toBeGreaterThan(0);
    const p = train.price;
    expect(p.fees.map((f) => `${f.type}/${f.recipient}`)).toEqual(['TRANSPORTER/RAIL', 'FACILITATION/SERVICE_AGENT', 'SERVICE_COMMISSION/SERVICE']);
    expect(p.fees.reduce((s, f) => s + Number(f.amount), 0)).toBe(Number(p.grandTotal));
    expect(Number(p.total) + Number(p.bookingFeeTotal)).toBe(Number(p.grandTotal));
    expect(p.otherCurrencies.USD).toMatchObject({ amount: expect.any(Number), formatted: expect.stringMatching(/^USD /), currency: 'USD' });
  });

  it('an agent sees the facilitation fee in its price context', async () => {
    const res = await search({ from: DAR, to: MOR, date: onDay(5) }, agent);
    expect(res.body.data[0].price).toMatchObject({ pricingContext: 'SERVICE_AGENT' });
    expect(res.body.data[0].price.fees[1]).toEqual({ type: 'FACILITATION', amount: '1000', recipient: 'SERVICE_AGENT' });
  });

  it.each([
    ['from missing', { to: DOD, date: '2026-12-01' }, 'FROM_STOP_ID_REQUIRED'],
    ['date missing', { from: DAR, to: DOD }, 'FROM_STOP_ID_REQUIRED'],
    ['an unknown SGR station', { from: 'XXX:SGR:0', to: DOD, date: '2026-12-01' }, 'UNKNOWN_STOP_ID'],
    ['an airport stop id', { from: 'DAR:FLT:0', to: DOD, date: '2026-12-01' }, 'STOP_NOT_SGR'],
    ['lookAheadDays 4', { from: DAR, to: DOD, date: '2026-12-01', lookAheadDays: '4' }, 'BAD_REQUEST'],
    ['lookAheadDays 0', { from: DAR, to: DOD, date: '2026-12-01', lookAheadDays: '0' }, 'BAD_REQUEST'],
  ])('400 for %s', async (_name, q, errorCode) => {
    const res = await search<ErrorAnswer>(q as Record<string, string>);
    expect(res.status).toBe(400);
    expect(res.body.errorCode).toBe(errorCode);
  });

  it('look-ahead: the requested date has trains → RESULTS_FOUND, NOT_NEEDED, with serviceDate and zone', async () => {
    const res = await search({ from: DAR, to: DOD, date: onDay(5), lookAheadDays: '2' });
    expect(res.body.meta.availability).toEqual({
      status: 'RESULTS_FOUND',
      requestedDate: onDay(5),
      serviceDate: todayIn('Africa/Dar_es_Salaam', new Date()),
      serviceTimeZone: 'Africa/Dar_es_Salaam',
      next: null,
      lookAhead: { requestedDays: 2, status: 'NOT_NEEDED', firstDate: null, confirmedThroughDate: null },
    });
  });

  it('look-ahead FOUND: count stays 0 for the requested date; next and links.nextAvailable keep the canonical parameters', async () => {
    const res = await search({ from: DAR, to: DOD, date: onDay(11), lookAheadDays: '2' });
    const { meta, data } = res.body;
    expect(data).toEqual([]);
    expect(meta.count).toBe(0);
    expect(meta.availability).toMatchObject({
      status: 'NO_RESULTS',
      lookAhead: { status: 'FOUND', firstDate: onDay(12), confirmedThroughDate: onDay(13) },
      next: { date: onDay(13) },
    });
    const next = new URL(meta.links.nextAvailable!);
    expect(Object.fromEntries(next.searchParams)).toEqual({ from: DAR, to: DOD, date: onDay(13), lookAheadDays: '2' });
  });

  it('look-ahead NO_RESULTS: every candidate empty, next null, no nextAvailable', async () => {
    const res = await search({ from: DAR, to: DOD, date: onDay(10), lookAheadDays: '2' });
    expect(res.body.meta.count).toBeGreaterThan(0);
    const empty = await search({ from: DAR, to: DOD, date: onDay(11), lookAheadDays: '1' });
    expect(empty.body.meta.availability.lookAhead).toEqual({ requestedDays: 1, status: 'NO_RESULTS', firstDate: onDay(12), confirmedThroughDate: onDay(12) });
    expect(empty.body.meta.availability.next).toBeNull();
    expect(empty.body.meta.links.nextAvailable).toBeUndefined();
  });

  it('look-ahead INCOMPLETE: a candidate that cannot be checked stops the search for a later date', async () => {
    const res = await search({ from: DAR, to: 'MKP:SGR:0', date: onDay(11), lookAheadDays: '3' });
    expect(res.status).toBe(200);
    expect(res.body.meta.availability.lookAhead).toMatchObject({ status: 'INCOMPLETE', firstDate: onDay(12), confirmedThroughDate: onDay(12) });
    expect(res.body.meta.availability.next).toBeNull();
  });

  it('a requested date in the past looks ahead from the service date', async () => {
    const yesterday = addDays(todayIn('Africa/Dar_es_Salaam', new Date()), -1);
    const res = await search({ from: DAR, to: DOD, date: yesterday, lookAheadDays: '1' });
    expect(res.status).toBe(200);
    expect(res.body.meta.availability.lookAhead.firstDate).toBe(res.body.meta.availability.serviceDate);
  });

  it('stopTimes are null when the provider cannot enrich them (ORD-203), an array otherwise', async () => {
    const res = await search({ from: DAR, to: MOR, date: onDay(5) });
    const byNumber = Object.fromEntries(res.body.data.map((t) => [t.trip.number, t]));
    expect(byNumber['ORD-203'].stopTimes).toBeNull();
    expect(byNumber['ORD-201'].stopTimes![0]).toMatchObject({ stopId: DAR, stopSequence: expect.any(Number), stopName: expect.any(String) });
  });
});
