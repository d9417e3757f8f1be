import type { Cabin, TravelerType } from '../flight-supplier.port';
import { airport } from './airports.calculator';
import { pick } from './hash.calculator';
import { flightKey, type ScheduledFlight } from './schedule.calculator';

/** Booking classes per cabin with their multiplier of the route's typical economy fare. */
const BUCKETS: Record<Cabin, Array<[string, number]>> = {
  ECONOMY: [
    ['V', 0.8],
    ['L', 0.9],
    ['Q', 1],
    ['M', 1.15],
    ['B', 1.3],
    ['Y', 1.6],
  ],
  PREMIUM_ECONOMY: [
    ['E', 1.7],
    ['W', 1.9],
  ],
  BUSINESS: [
    ['D', 2.6],
    ['C', 3],
    ['J', 3.4],
  ],
  FIRST: [
    ['A', 5],
    ['F', 6],
  ],
};

const CHILD_SHARE = 0.75;
const INFANT_SHARE = 0.1;
/** Through fares via a hub are cheaper than the two local fares; round trips a little cheaper than two one-ways. */
const CONNECTION_SHARE = 0.85;
const ROUND_TRIP_SHARE = 0.95;

/** Passenger service charge per departing passenger in USD: [domestic, international]. */
const DEPARTURE_CHARGE: Record<string, [number, number]> = {
  TZ: [10, 40],
  KE: [5, 50],
  UG: [5, 40],
  RW: [5, 42],
  BI: [5, 40],
  ET: [5, 20],
  ZA: [10, 30],
  AE: [20, 35],
  QA: [20, 32],
  TR: [10, 25],
  NL: [15, 45],
  GB: [15, 110],
  EG: [10, 30],
};

export interface Tax {
  code: string;
  countryCode: string;
  cents: number;
}

export interface TravelerFare {
  baseCents: number;
  taxes: Tax[];
  /** Per segment, in offer order. */
  fareBasis: string[];
}

export interface SegmentFare {
  bookingClass: string;
  checkedBags: number;
}

export interface FareQuote {
  /** Per segment, itineraries flattened in order. */
  segments: SegmentFare[];
  byType: Record<TravelerType, TravelerFare>;
}

function bucket(flight: ScheduledFlight, cabin: Cabin): [string, number] {
  const buckets = BUCKETS[cabin];
  return buckets[pick(buckets.length, 'fare', flight.service.from, flight.service.to, flightKey(flight), cabin)];
}

function checkedBags(flight: ScheduledFlight, cabin: Cabin): number {
  if (cabin !== 'ECONOMY') return 2;
  return flight.service.minutes > 180 ? 2 : 1;
}

function segmentTaxes(flight: ScheduledFlight): Tax[] {
  const from = airport(flight.service.from).countryCode;
  const domestic = from === airport(flight.service.to).countryCode;
  const [domesticCharge, internationalCharge] = DEPARTURE_CHARGE[from] ?? [10, 30];
  return [
    { code: 'AP', countryCode: from, cents: (domestic ? domesticCharge : internationalCharge) * 100 },
    { code: 'YQ', countryCode: from, cents: (flight.service.minutes > 180 ? 60 : 15) * 100 },
  ];
}

/**
 * Prices the itineraries in one cabin. `uplift` counts reprice price rises of 7% each on the base fares
 * (sandbox trigger); 0 is the search price. Fares are whole dollars before any uplift.
 */
export function quote(itineraries: ScheduledFlight[][], cabin: Cabin, uplift = 0): FareQuote {
  const oneWay = itineraries.length === 1;
  const origin = airport(itineraries[0][0].service.from).countryCode;
  const segments: SegmentFare[] = [];
  const basis: string[] = [];
  let adultDollars = 0;
  for (const flights of itineraries) {
    let itineraryDollars = 0;
    for (const f of flights) {
      const [bookingClass, multiplier] = bucket(f, cabin);
      itineraryDollars += f.service.fare * multiplier;
      segments.push({ bookingClass, checkedBags: checkedBags(f, cabin) });
      basis.push(`${bookingClass}${oneWay ? 'OW' : 'RT'}${origin}`);
    }
    adultDollars += itineraryDollars * (flights.length > 1 ? CONNECTION_SHARE : 1);
  }
  const adultBase = Math.round(adultDollars * (oneWay ? 1 : ROUND_TRIP_SHARE));
  const raise = (dollars: number): number => {
    let cents = dollars * 100;
    for (let i = 0; i < uplift; i += 1) cents = Math.round((cents * 107) / 100);
    return cents;
  };
  const taxes = mergeTaxes(itineraries.flat().flatMap(segmentTaxes));
  return {
    segments,
    byType: {
      ADULT: { baseCents: raise(adultBase), taxes, fareBasis: basis },
      CHILD: { baseCents: raise(Math.round(adultBase * CHILD_SHARE)), taxes, fareBasis: basis.map((b) => `${b}CH`) },
      HELD_INFANT: { baseCents: raise(Math.round(adultBase * INFANT_SHARE)), taxes: [], fareBasis: basis.map((b) => `${b}IN`) },
    },
  };
}

/** Sums taxes with the same code and country, keeping first-seen order. */
export function mergeTaxes(taxes: Tax[], times = 1): Tax[] {
  const merged = new Map<string, Tax>();
  for (const t of taxes) {
    const key = `${t.code}/${t.countryCode}`;
    const seen = merged.get(key);
    merged.set(key, { ...t, cents: (seen?.cents ?? 0) + t.cents * times });
  }
  return [...merged.values()];
}

export function taxCents(fare: TravelerFare): number {
  return fare.taxes.reduce((sum, t) => sum + t.cents, 0);
}

/** USD amount string with 2 decimals from integer cents. */
export function usd(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

export function cents(amount: string): number {
  return Math.round(Number(amount) * 100);
}
