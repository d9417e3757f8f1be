import { addDays, compareDates, isCalendarDate } from '../../../shared/time/calendar-date';
import { isCurrencyCode } from '../../../shared/money/money';
import { FlightException } from '../errors/flight.exception';
import type { Cabin } from '../supplier/flight-supplier.port';

export const TRAVEL_CLASSES: readonly Cabin[] = ['ECONOMY', 'PREMIUM_ECONOMY', 'BUSINESS', 'FIRST'];
export const LAST_SEARCHABLE_DATE = '2099-12-31';
export const MAX_OFFERS = 200;

/** The search request as clients send it (REST body or GraphQL input): anything may be missing. */
export interface FlightSearchRequest {
  originLocationCode?: string | null;
  destinationLocationCode?: string | null;
  departureDate?: string | null;
  returnDate?: string | null;
  adults?: number | null;
  children?: number | null;
  infants?: number | null;
  travelClass?: string | null;
  includedAirlineCodes?: string[] | null;
  excludedAirlineCodes?: string[] | null;
  nonStop?: boolean | null;
  currencyCode?: string | null;
  maxPrice?: number | null;
  max?: number | null;
  lookAheadDays?: number | null;
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
  travelClass: Cabin | null;
  includedAirlineCodes: string[];
  excludedAirlineCodes: string[];
  nonStop: boolean;
  currency: string;
  maxPrice: string | null;
  max: number;
  lookAheadDays: number | null;
}

export interface SearchContext {
  /** Content-Currency header, already read; USD when absent. */
  headerCurrency: string | null;
  /** Today at the origin; a departure before it is refused. */
  today: string;
  knownAirport(code: string): boolean;
}

const IATA = /^[A-Za-z]{3}$/;
const AIRLINE = /^[A-Z0-9]{2}$/;

/** Validates every field at once: one 400 lists every problem, each with its field (in this order). */
export function validateSearchRequest(req: FlightSearchRequest, ctx: SearchContext): FlightSearch {
  const fields: Array<{ field: string; message: string }> = [];
  const problem: Problem = (field, message) => fields.push({ field, message });
  const { origin, destination } = searchAirports(req, ctx, problem);
  const { departureDate, returnDate } = searchDates(req, ctx, problem);
  const { adults, children, infants } = searchTravelers(req, problem);
  const { travelClass, includedAirlineCodes, excludedAirlineCodes } = searchFilters(req, problem);
  const currency = (req.currencyCode ?? ctx.headerCurrency ?? 'USD').toUpperCase();
  if (!isCurrencyCode(currency)) problem(req.currencyCode ? 'currencyCode' : 'Content-Currency', 'must be a three-letter ISO 4217 code');
  const { maxPrice, max } = searchLimits(req, problem);
  const lookAheadDays = searchLookAhead(req, departureDate, returnDate, problem);

  if (fields.length) throw FlightException.invalidRequest(`Invalid search: ${fields.map((f) => `${f.field} ${f.message}`).join('; ')}`, fields);
  return {
    origin,
    destination,
    dates: returnDate ? { departureDate: departureDate!, returnDate } : { departureDate: departureDate! },
    adults,
    children,
    infants,
    travelClass,
    includedAirlineCodes,
    excludedAirlineCodes,
    nonStop: req.nonStop === true,
    currency,
    maxPrice,
    max,
    lookAheadDays,
  };
}

type Problem = (field: string, message: string) => void;

function searchAirports(req: FlightSearchRequest, ctx: SearchContext, problem: Problem): { origin: string; destination: string } {
  const airport = (field: 'originLocationCode' | 'destinationLocationCode'): string => {
    const value = req[field];
    if (value === undefined || value === null || value === '') {
      problem(field, 'is required: the IATA code of an airport, e.g. DAR');
      return '';
    }
    if (typeof value !== 'string') return (problem(field, 'must be a string'), '');
    if (/^[A-Za-z]{3}:FLT:\d+$/.test(value)) {
      problem(field, `must be the IATA code (${value.slice(0, 3).toUpperCase()}), not the stop_id`);
      return '';
    }
    if (!IATA.test(value)) return (problem(field, 'must be a three-letter IATA code'), '');
    const code = value.toUpperCase();
    if (!ctx.knownAirport(code)) problem(field, `${code} is not an airport we know`);
    return code;
  };
  const origin = airport('originLocationCode');
  const destination = airport('destinationLocationCode');
  if (origin && origin === destination) problem('destinationLocationCode', 'must differ from the origin');
  return { origin, destination };
}

function searchDates(req: FlightSearchRequest, ctx: SearchContext, problem: Problem): { departureDate?: string | null; returnDate?: string } {
  const departureDate = req.departureDate;
  if (!departureDate) problem('departureDate', 'is required (YYYY-MM-DD)');
  else if (!isCalendarDate(departureDate)) problem('departureDate', 'must be a real date in YYYY-MM-DD form');
  else if (compareDates(departureDate, ctx.today) < 0) problem('departureDate', `must not be in the past (today is ${ctx.today} at the origin)`);
  else if (compareDates(departureDate, LAST_SEARCHABLE_DATE) > 0) problem('departureDate', `must not be after ${LAST_SEARCHABLE_DATE}`);
  const returnDate = req.returnDate ?? undefined;
  if (returnDate !== undefined) {
    if (!isCalendarDate(returnDate)) problem('returnDate', 'must be a real date in YYYY-MM-DD form');
    else if (departureDate && isCalendarDate(departureDate) && compareDates(returnDate, departureDate) < 0) {
      problem('returnDate', 'must not be before the departure date');
    } else if (compareDates(returnDate, LAST_SEARCHABLE_DATE) > 0) problem('returnDate', `must not be after ${LAST_SEARCHABLE_DATE}`);
  }
  return { departureDate, returnDate };
}

function searchTravelers(req: FlightSearchRequest, problem: Problem): { adults: number; children: number; infants: number } {
  const count = (field: 'adults' | 'children' | 'infants', fallback: number, min: number): number => {
    const value = req[field];
    if (value === undefined || value === null) return fallback;
    if (!Number.isInteger(value) || value < min || value > 9) return (problem(field, `must be a whole number from ${min} to 9`), fallback);
    return value;
  };
  const adults = count('adults', 1, 1);
  const children = count('children', 0, 0);
  const infants = count('infants', 0, 0);
  if (infants > adults) problem('infants', 'must not exceed adults: each infant travels on an adult lap');
  if (adults + children > 9) problem('children', 'adults and children together must not exceed 9 seats');
  return { adults, children, infants };
}

function searchFilters(
  req: FlightSearchRequest,
  problem: Problem,
): { travelClass: Cabin | null; includedAirlineCodes: string[]; excludedAirlineCodes: string[] } {
  let travelClass: Cabin | null = null;
  if (req.travelClass !== undefined && req.travelClass !== null) {
    if ((TRAVEL_CLASSES as readonly string[]).includes(req.travelClass)) travelClass = req.travelClass as Cabin;
    else problem('travelClass', `must be one of ${TRAVEL_CLASSES.join(', ')}`);
  }
  const airlines = (field: 'includedAirlineCodes' | 'excludedAirlineCodes'): string[] => {
    const value = req[field];
    if (value === undefined || value === null) return [];
    if (!Array.isArray(value) || value.some((c) => typeof c !== 'string' || !AIRLINE.test(c.toUpperCase()))) {
      return (problem(field, 'must be a list of two-character airline codes'), []);
    }
    return [...new Set(value.map((c) => c.toUpperCase()))];
  };
  const includedAirlineCodes = airlines('includedAirlineCodes');
  const excludedAirlineCodes = airlines('excludedAirlineCodes');
  const both = includedAirlineCodes.filter((c) => excludedAirlineCodes.includes(c));
  if (both.length) problem('excludedAirlineCodes', `${both.join(', ')} cannot be both included and excluded`);
  return { travelClass, includedAirlineCodes, excludedAirlineCodes };
}

function searchLimits(req: FlightSearchRequest, problem: Problem): { maxPrice: string | null; max: number } {
  let maxPrice: string | null = null;
  if (req.maxPrice !== undefined && req.maxPrice !== null) {
    if (typeof req.maxPrice !== 'number' || !Number.isFinite(req.maxPrice) || req.maxPrice <= 0) problem('maxPrice', 'must be a positive number');
    else maxPrice = String(req.maxPrice);
  }
  let max = MAX_OFFERS;
  if (req.max !== undefined && req.max !== null) {
    if (!Number.isInteger(req.max) || req.max < 1) problem('max', 'must be a whole number of at least 1');
    else max = Math.min(req.max, MAX_OFFERS);
  }
  return { maxPrice, max };
}

function searchLookAhead(req: FlightSearchRequest, departureDate: string | null | undefined, returnDate: string | undefined, problem: Problem): number | null {
  if (req.lookAheadDays === undefined || req.lookAheadDays === null) return null;
  if (!Number.isInteger(req.lookAheadDays) || req.lookAheadDays < 1 || req.lookAheadDays > 7) {
    problem('lookAheadDays', 'must be a whole number from 1 to 7');
    return null;
  }
  const lookAheadDays = req.lookAheadDays;
  const last = [departureDate, returnDate].filter((d): d is string => !!d && isCalendarDate(d));
  if (last.some((d) => compareDates(addDays(d, lookAheadDays), LAST_SEARCHABLE_DATE) > 0)) {
    problem('lookAheadDays', `would look beyond ${LAST_SEARCHABLE_DATE}`);
  }
  return lookAheadDays;
}
