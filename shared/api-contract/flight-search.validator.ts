import { addDays, compareDates, isCalendarDate } from '../time/calendar-date.calculator';
import { isCurrencyCode, isIso4217Currency } from '../money/money.calculator';

/*
 * The one validator of a flight search (OpenAPI `searchFlightOffers` and `searchFlightOffersAlias`, GraphQL
 * `searchFlights`). The flight subgraph runs it on the mutation's input with what only it knows (the airports, today
 * at the origin), after the caller's token and search budget; the REST layer runs it, without those, on a body
 * GraphQL could not carry (a member missing or of the wrong JSON type). Either way one 400 lists every problem, in
 * this order, in these words.
 */

export const TRAVEL_CLASSES = ['ECONOMY', 'PREMIUM_ECONOMY', 'BUSINESS', 'FIRST'] as const;
export type TravelClass = (typeof TRAVEL_CLASSES)[number];
/** No date after it is searched, nor looked ahead to. */
export const LAST_SEARCHABLE_DATE = '2099-12-31';
/** The most offers one search answers; a larger `max` counts as this. */
export const MAX_OFFERS = 200;
/** The most codes one airline filter may list. */
export const MAX_AIRLINE_CODES = 50;
/**
 * Seats of one search: adults and children together, and at most this many of each kind. The spec bounds each kind
 * alone (1–9, 0–9); the sum is our limit, the seats one GDS booking holds (documented on `children` and in the README).
 */
export const MAX_SEATS = 9;
export const MAX_LOOK_AHEAD_DAYS = 7;

/** The search request as a client sends it (REST body or GraphQL input): anything may be missing or of any JSON type. */
export interface FlightSearchRequest {
  originLocationCode?: unknown;
  destinationLocationCode?: unknown;
  departureDate?: unknown;
  returnDate?: unknown;
  adults?: unknown;
  children?: unknown;
  infants?: unknown;
  childAges?: unknown;
  infantAges?: unknown;
  travelClass?: unknown;
  includedAirlineCodes?: unknown;
  excludedAirlineCodes?: unknown;
  nonStop?: unknown;
  currencyCode?: unknown;
  maxPrice?: unknown;
  max?: unknown;
  lookAheadDays?: unknown;
}

export interface DatePair {
  departureDate: string;
  returnDate?: string;
}

/** A valid search with every default applied. */
export interface FlightSearch {
  origin: string;
  destination: string;
  dates: DatePair;
  adults: number;
  children: number;
  infants: number;
  /** Each child's age (2–11), one per child, when the client gave them; null: not given (a supplier assumes its band). */
  childAges: number[] | null;
  /** Each infant's age (0–1), one per infant, when given. */
  infantAges: number[] | null;
  travelClass: TravelClass | null;
  includedAirlineCodes: string[];
  excludedAirlineCodes: string[];
  nonStop: boolean;
  currency: string;
  maxPrice: string | null;
  max: number;
  lookAheadDays: number | null;
}

/** What the check reads besides the request. The rules needing `today` or `knownAirport` are skipped without them. */
export interface SearchData {
  /** A valid Content-Currency (the request context drops any other): the display currency when the body names none. */
  headerCurrency?: string | null;
  /** Today at the origin: an earlier departure is refused. */
  today?: string;
  knownAirport?(code: string): boolean;
}

export interface SearchProblem {
  field: string;
  message: string;
}

type Problem = (field: string, message: string) => void;

const IATA = /^[A-Za-z]{3}$/;
const AIRLINE = /^[A-Z0-9]{2}$/;

/** Every problem of a search at once, in this order; or the search with its defaults. */
export function checkFlightSearch(req: FlightSearchRequest, data: SearchData = {}): { search: FlightSearch } | { problems: SearchProblem[] } {
  const problems: SearchProblem[] = [];
  const problem: Problem = (field, message) => problems.push({ field, message });
  const { origin, destination } = searchAirports(req, data, problem);
  const { departureDate, returnDate } = searchDates(req, data, problem);
  const { adults, children, infants } = searchTravelers(req, problem);
  const childAges = searchAges(req, 'childAges', children, 'children', CHILD_AGES, problem);
  const infantAges = searchAges(req, 'infantAges', infants, 'infants', INFANT_AGES, problem);
  const { travelClass, includedAirlineCodes, excludedAirlineCodes } = searchFilters(req, problem);
  const currency = searchCurrency(req, data, problem);
  const { maxPrice, max } = searchLimits(req, problem);
  const lookAheadDays = searchLookAhead(req, departureDate, returnDate, problem);
  if (problems.length) return { problems };
  return {
    search: {
      origin,
      destination,
      dates: returnDate ? { departureDate: departureDate!, returnDate } : { departureDate: departureDate! },
      adults,
      children,
      infants,
      childAges,
      infantAges,
      travelClass,
      includedAirlineCodes,
      excludedAirlineCodes,
      nonStop: req.nonStop === true,
      currency,
      maxPrice,
      max,
      lookAheadDays,
    },
  };
}

/** The message of the 400 that lists the problems. */
export const searchProblemsMessage = (problems: SearchProblem[]) => `Invalid search: ${problems.map((p) => `${p.field} ${p.message}`).join('; ')}`;

function searchAirports(req: FlightSearchRequest, data: SearchData, problem: Problem): { origin: string; destination: string } {
  const airport = (field: 'originLocationCode' | 'destinationLocationCode'): string => {
    const value = req[field];
    if (value === undefined || value === null || value === '') return (problem(field, 'is required: the IATA code of an airport, e.g. DAR'), '');
    if (typeof value !== 'string') return (problem(field, 'must be a string'), '');
    if (/^[A-Za-z]{3}:FLT:\d+$/.test(value)) return (problem(field, `must be the IATA code (${value.slice(0, 3).toUpperCase()}), not the stop_id`), '');
    if (!IATA.test(value)) return (problem(field, 'must be a three-letter IATA code'), '');
    const code = value.toUpperCase();
    if (data.knownAirport && !data.knownAirport(code)) problem(field, `${code} is not an airport we know`);
    return code;
  };
  const origin = airport('originLocationCode');
  const destination = airport('destinationLocationCode');
  if (origin && origin === destination) problem('destinationLocationCode', 'must differ from the origin');
  return { origin, destination };
}

function searchDates(req: FlightSearchRequest, data: SearchData, problem: Problem): { departureDate: string | null; returnDate?: string } {
  const given = req.departureDate;
  let departureDate: string | null = null;
  if (given === undefined || given === null || given === '') problem('departureDate', 'is required (YYYY-MM-DD)');
  else if (!isCalendarDate(given)) problem('departureDate', 'must be a real date in YYYY-MM-DD form');
  else {
    departureDate = given;
    if (data.today && compareDates(given, data.today) < 0) problem('departureDate', `must not be in the past (today is ${data.today} at the origin)`);
    else if (compareDates(given, LAST_SEARCHABLE_DATE) > 0) problem('departureDate', `must not be after ${LAST_SEARCHABLE_DATE}`);
  }
  if (req.returnDate === undefined || req.returnDate === null) return { departureDate };
  const returnDate = req.returnDate;
  if (!isCalendarDate(returnDate)) problem('returnDate', 'must be a real date in YYYY-MM-DD form');
  else if (departureDate && compareDates(returnDate, departureDate) < 0) problem('returnDate', 'must not be before the departure date');
  else if (compareDates(returnDate, LAST_SEARCHABLE_DATE) > 0) problem('returnDate', `must not be after ${LAST_SEARCHABLE_DATE}`);
  return { departureDate, returnDate: isCalendarDate(returnDate) ? returnDate : undefined };
}

const isWhole = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value);

function searchTravelers(req: FlightSearchRequest, problem: Problem): { adults: number; children: number; infants: number } {
  const count = (field: 'adults' | 'children' | 'infants', fallback: number, min: number): number => {
    const value = req[field];
    if (value === undefined || value === null) return fallback;
    if (!isWhole(value) || value < min || value > MAX_SEATS) return (problem(field, `must be a whole number from ${min} to ${MAX_SEATS}`), fallback);
    return value;
  };
  const adults = count('adults', 1, 1);
  const children = count('children', 0, 0);
  const infants = count('infants', 0, 0);
  if (infants > adults) problem('infants', 'must not exceed adults: each infant travels on an adult lap');
  if (adults + children > MAX_SEATS)
    problem(
      'children',
      `plus adults must not exceed ${MAX_SEATS} seated travelers per search (our limit, as a GDS booking seats ${MAX_SEATS}; book a larger group as several reservations)`,
    );
  return { adults, children, infants };
}

/** The spec's bands: children are 2 to 11, infants under 2. */
const CHILD_AGES = { min: 2, max: 11 };
const INFANT_AGES = { min: 0, max: 1 };

/**
 * Optional ages of the children or infants, one per traveler of that kind (a supplier that prices by age, such as
 * Duffel, is asked with them; the simulator prices by band). Absent or null: not given.
 */
function searchAges(
  req: FlightSearchRequest,
  field: 'childAges' | 'infantAges',
  count: number,
  countField: 'children' | 'infants',
  band: { min: number; max: number },
  problem: Problem,
): number[] | null {
  const value = req[field];
  if (value === undefined || value === null) return null;
  const rule = `must list one age per traveler of ${countField} (${count}), each a whole number from ${band.min} to ${band.max}`;
  if (!Array.isArray(value) || value.length !== count || value.some((age) => !isWhole(age) || age < band.min || age > band.max)) {
    return (problem(field, rule), null);
  }
  return [...(value as number[])];
}

function searchFilters(
  req: FlightSearchRequest,
  problem: Problem,
): { travelClass: TravelClass | null; includedAirlineCodes: string[]; excludedAirlineCodes: string[] } {
  let travelClass: TravelClass | null = null;
  if (req.travelClass !== undefined && req.travelClass !== null) {
    if ((TRAVEL_CLASSES as readonly unknown[]).includes(req.travelClass)) travelClass = req.travelClass as TravelClass;
    else problem('travelClass', `must be one of ${TRAVEL_CLASSES.join(', ')}`);
  }
  const airlines = (field: 'includedAirlineCodes' | 'excludedAirlineCodes'): string[] => {
    const value = req[field];
    if (value === undefined || value === null) return [];
    if (!Array.isArray(value) || value.some((c) => typeof c !== 'string' || !AIRLINE.test(c.toUpperCase()))) {
      return (problem(field, 'must be a list of two-character airline codes'), []);
    }
    if (value.length > MAX_AIRLINE_CODES) return (problem(field, `must list at most ${MAX_AIRLINE_CODES} airline codes`), []);
    return [...new Set(value.map((c: string) => c.toUpperCase()))];
  };
  const includedAirlineCodes = airlines('includedAirlineCodes');
  const excludedAirlineCodes = airlines('excludedAirlineCodes');
  const both = includedAirlineCodes.filter((c) => excludedAirlineCodes.includes(c));
  if (both.length) problem('excludedAirlineCodes', `${both.join(', ')} cannot be both included and excluded`);
  return { travelClass, includedAirlineCodes, excludedAirlineCodes };
}

/** currencyCode, else Content-Currency (read as valid or not at all), else USD. */
function searchCurrency(req: FlightSearchRequest, data: SearchData, problem: Problem): string {
  if (req.currencyCode === undefined || req.currencyCode === null) return data.headerCurrency ?? 'USD';
  const currency = typeof req.currencyCode === 'string' ? req.currencyCode.toUpperCase() : '';
  if (!isCurrencyCode(currency)) problem('currencyCode', 'must be a three-letter ISO 4217 code');
  else if (!isIso4217Currency(currency)) problem('currencyCode', 'must be a current ISO 4217 currency code');
  return currency;
}

function searchLimits(req: FlightSearchRequest, problem: Problem): { maxPrice: string | null; max: number } {
  let maxPrice: string | null = null;
  if (req.maxPrice !== undefined && req.maxPrice !== null) {
    if (typeof req.maxPrice !== 'number' || !Number.isFinite(req.maxPrice) || req.maxPrice <= 0) problem('maxPrice', 'must be a positive number');
    else maxPrice = String(req.maxPrice);
  }
  let max = MAX_OFFERS;
  if (req.max !== undefined && req.max !== null) {
    if (!isWhole(req.max) || req.max < 1) problem('max', 'must be a whole number of at least 1');
    else max = Math.min(req.max, MAX_OFFERS);
  }
  return { maxPrice, max };
}

function searchLookAhead(req: FlightSearchRequest, departureDate: string | null, returnDate: string | undefined, problem: Problem): number | null {
  const days = req.lookAheadDays;
  if (days === undefined || days === null) return null;
  if (!isWhole(days) || days < 1 || days > MAX_LOOK_AHEAD_DAYS)
    return (problem('lookAheadDays', `must be a whole number from 1 to ${MAX_LOOK_AHEAD_DAYS}`), null);
  const dates = [departureDate, returnDate].filter((d): d is string => !!d);
  if (dates.some((d) => compareDates(addDays(d, days), LAST_SEARCHABLE_DATE) > 0)) problem('lookAheadDays', `would look beyond ${LAST_SEARCHABLE_DATE}`);
  return days;
}
