import { addDays } from '../shared/time/calendar-date.calculator';

/**
 * Searches as a fleet of clients sends them: different routes, dates, parties and display currencies, so
 * that the bench measures what a varied load costs rather than one request repeated (issue 23, item 8).
 */

/**
 * Pairs the sandbox GDS serves nonstop every day (docs/sandbox.md), in both directions: each answers a few to
 * a dozen offers. Left out: DAR–TKQ (its dates are search triggers), DAR–DOD (weekdays only) and the MBA–ZNZ
 * load route (50 offers, measured on its own).
 */
const DAILY_PAIRS: ReadonlyArray<readonly [string, string]> = [
  ['DAR', 'ZNZ'],
  ['DAR', 'JRO'],
  ['DAR', 'MWZ'],
  ['DAR', 'ARK'],
  ['ZNZ', 'ARK'],
  ['ZNZ', 'JRO'],
  ['DAR', 'NBO'],
  ['JRO', 'NBO'],
  ['ZNZ', 'NBO'],
  ['DAR', 'EBB'],
  ['DAR', 'KGL'],
  ['NBO', 'EBB'],
  ['NBO', 'KGL'],
  ['NBO', 'MBA'],
  ['NBO', 'KIS'],
  ['NBO', 'BJM'],
  ['KGL', 'BJM'],
  ['KGL', 'EBB'],
  ['ADD', 'DAR'],
  ['ADD', 'JRO'],
  ['ADD', 'ZNZ'],
  ['ADD', 'EBB'],
  ['ADD', 'KGL'],
  ['ADD', 'NBO'],
  ['NBO', 'JNB'],
  ['NBO', 'DXB'],
  ['DXB', 'DAR'],
  ['DOH', 'DAR'],
  ['DOH', 'NBO'],
  ['IST', 'DAR'],
  ['AMS', 'NBO'],
  ['AMS', 'JRO'],
];
const ROUTES = DAILY_PAIRS.flatMap(([a, b]) => [
  [a, b],
  [b, a],
]);

/** Parties of at most four seats: every flight sells at least four economy seats, so each search finds offers. */
const PARTIES: ReadonlyArray<{ adults: number; children?: number; infants?: number }> = [
  { adults: 1 },
  { adults: 2 },
  { adults: 1, children: 1 },
  { adults: 2, children: 1 },
  { adults: 2, children: 2 },
  { adults: 1, infants: 1 },
  { adults: 2, infants: 1 },
  { adults: 3 },
  { adults: 4 },
  { adults: 2, children: 1, infants: 1 },
  { adults: 3, children: 1 },
  { adults: 2, infants: 2 },
];

/** Display currencies real clients ask for: the supplier's own, the region's, and a few more. */
const CURRENCIES = ['USD', 'TZS', 'KES', 'UGX', 'RWF', 'EUR', 'GBP'];

/** Cache-hit searches depart within HIT_DAYS from FIRST_DAY on; new searches on the DAYS after those, so the two never meet. */
const FIRST_DAY = 2;
const HIT_DAYS = 30;
const DAYS = 300;

/** The `index`-th of a sequence in which no two searches send the supplier the same criteria (NEW_FLIGHT_SEARCHES of them). */
export function newFlightSearch(index: number, today: string): Record<string, unknown> {
  const route = ROUTES[index % ROUTES.length];
  const day = Math.floor(index / ROUTES.length) % DAYS;
  const party = PARTIES[Math.floor(index / (ROUTES.length * DAYS)) % PARTIES.length];
  return {
    originLocationCode: route[0],
    destinationLocationCode: route[1],
    departureDate: addDays(today, FIRST_DAY + HIT_DAYS + day),
    ...party,
    currencyCode: CURRENCIES[index % CURRENCIES.length],
  };
}

/** How many different criteria newFlightSearch gives before it repeats itself. */
export const NEW_FLIGHT_SEARCHES = ROUTES.length * DAYS * PARTIES.length;

/**
 * `count` (at most ROUTES.length) different searches for the cache-hit load, the rotating set of a busy hour:
 * each its own route, and dates, parties and currencies mixed.
 */
export function repeatedFlightSearches(count: number, today: string): Array<Record<string, unknown>> {
  if (count > ROUTES.length) throw new RangeError(`at most ${ROUTES.length} repeated searches`);
  return Array.from({ length: count }, (_, i) => {
    // 7 is prime to the number of routes (64): i·7 visits each route once.
    const route = ROUTES[(i * 7) % ROUTES.length];
    return {
      originLocationCode: route[0],
      destinationLocationCode: route[1],
      departureDate: addDays(today, FIRST_DAY + ((i * 13) % HIT_DAYS)),
      ...PARTIES[i % PARTIES.length],
      currencyCode: CURRENCIES[i % CURRENCIES.length],
    };
  });
}

/**
 * Train search dates: every day from `first` on for `days` days, except the simulator's maintenance days
 * (11th and 12th: no trains) and its fault days (13th and 15th, which only touch Makutupora).
 */
export function trainSearchDates(first: string, days: number): string[] {
  const dates: string[] = [];
  for (let i = 0; i < days; i++) {
    const date = addDays(first, i);
    if (!['11', '12', '13', '15'].includes(date.slice(8))) dates.push(date);
  }
  return dates;
}

/** Pairs a train serves every day, both directions, without Makutupora (its search triggers). */
export const TRAIN_PAIRS: ReadonlyArray<readonly [string, string]> = [
  ['DAR:SGR:0', 'DOD:SGR:0'],
  ['DOD:SGR:0', 'DAR:SGR:0'],
  ['DAR:SGR:0', 'MOR:SGR:0'],
  ['MOR:SGR:0', 'DAR:SGR:0'],
  ['MOR:SGR:0', 'DOD:SGR:0'],
  ['DOD:SGR:0', 'MOR:SGR:0'],
];
