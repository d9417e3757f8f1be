import type { Cabin, SupplierOffer, SupplierSearchCriteria, SupplierSegment, TravelerType } from '../flight-supplier.port';
import { addDays, daysBetween, isIsoDate, isKnownAirport, isoDuration, terminal } from './airports.calculator';
import { cents, mergeTaxes, quote, taxCents, usd } from './fares.calculator';
import { hex } from './hash.calculator';
import { MIN_CONNECTION_MINUTES } from './routes.data';
import { commonCabins, findFlight, flightKey, itinerariesOn, type ScheduledFlight } from './schedule.calculator';

/** Days ahead the airlines' schedules are loaded, as in a real GDS; later dates have no flights. */
export const SCHEDULE_HORIZON_DAYS = 361;
/** Days after the search an unticketed offer may still be ticketed (capped at departure). */
const TICKETING_DAYS = 3;
const CABINS: Cabin[] = ['ECONOMY', 'PREMIUM_ECONOMY', 'BUSINESS', 'FIRST'];

export interface Passengers {
  adults: number;
  children: number;
  infants: number;
}

export interface OfferContext {
  now: Date;
  /** Seats still for sale in the cabin of that flight. */
  seatsLeft(flight: ScheduledFlight, cabin: Cabin): number;
}

function travelerTypes(p: Passengers): TravelerType[] {
  return [
    ...Array<TravelerType>(p.adults).fill('ADULT'),
    ...Array<TravelerType>(p.children).fill('CHILD'),
    ...Array<TravelerType>(p.infants).fill('HELD_INFANT'),
  ];
}

export function passengersOf(offer: SupplierOffer): Passengers {
  const count = (t: TravelerType): number => offer.travelerPricings.filter((p) => p.travelerType === t).length;
  return { adults: count('ADULT'), children: count('CHILD'), infants: count('HELD_INFANT') };
}

/** Infants sit on laps. */
export function seated(p: Passengers): number {
  return p.adults + p.children;
}

export function bookableSeats(itineraries: ScheduledFlight[][], cabin: Cabin, ctx: OfferContext): number {
  return Math.min(...itineraries.flat().map((f) => ctx.seatsLeft(f, cabin)));
}

/** The offer for these flights in one cabin; `uplift` is the number of 7% reprice rises (sandbox trigger). */
export function buildOffer(itineraries: ScheduledFlight[][], cabin: Cabin, pax: Passengers, ctx: OfferContext, uplift = 0): SupplierOffer {
  const fares = quote(itineraries, cabin, uplift);
  const keys = itineraries.map((flights) => flights.map((f) => `${f.service.carrier}${f.service.number}@${f.date}`).join('+'));
  const id = `SIM${hex(`${keys.join('/')}|${cabin}|${pax.adults}.${pax.children}.${pax.infants}`).toUpperCase()}`;
  let segmentNo = 0;
  const segmentIds: string[] = [];
  const shaped = itineraries.map((flights) => {
    const segments: SupplierSegment[] = flights.map((f) => {
      segmentNo += 1;
      segmentIds.push(String(segmentNo));
      return {
        id: String(segmentNo),
        departure: { iataCode: f.service.from, terminal: terminal(f.service.from), at: f.departureAt },
        arrival: { iataCode: f.service.to, terminal: terminal(f.service.to), at: f.arrivalAt },
        carrierCode: f.service.carrier,
        number: f.service.number,
        aircraftCode: f.service.aircraft,
        operatingCarrierCode: f.service.carrier,
        duration: isoDuration(f.service.minutes),
        numberOfStops: 0,
        cabin,
      };
    });
    const minutes = (flights[flights.length - 1].arrivalUtc - flights[0].departureUtc) / 60_000;
    return { duration: isoDuration(minutes), segments };
  });
  const travelerPricings = travelerTypes(pax).map((type, i) => {
    const fare = fares.byType[type];
    return {
      travelerId: String(i + 1),
      travelerType: type,
      fareOption: 'STANDARD',
      price: { currency: 'USD', total: usd(fare.baseCents + taxCents(fare)), base: usd(fare.baseCents) },
      fareDetailsBySegment: segmentIds.map((segmentId, s) => ({
        segmentId,
        cabin,
        fareBasis: fare.fareBasis[s],
        class: fares.segments[s].bookingClass,
        includedCheckedBags: { quantity: type === 'HELD_INFANT' ? 1 : fares.segments[s].checkedBags },
      })),
    };
  });
  const base = travelerTypes(pax).reduce((sum, t) => sum + fares.byType[t].baseCents, 0);
  const taxes = mergeTaxes(travelerTypes(pax).flatMap((t) => fares.byType[t].taxes));
  const taxTotal = taxes.reduce((sum, t) => sum + t.cents, 0);
  const today = ctx.now.toISOString().slice(0, 10);
  const ticketBy = addDays(today, TICKETING_DAYS);
  const firstClass = fares.segments[0].bookingClass;
  return {
    id,
    source: 'GDS',
    oneWay: itineraries.length === 1,
    instantTicketingRequired: false,
    nonHomogeneous: false,
    lastTicketingDate: ticketBy < itineraries[0][0].date ? ticketBy : itineraries[0][0].date,
    numberOfBookableSeats: bookableSeats(itineraries, cabin, ctx),
    validatingAirlineCodes: [itineraries[0][0].service.carrier],
    itineraries: shaped,
    price: {
      currency: 'USD',
      total: usd(base + taxTotal),
      base: usd(base),
      taxes: taxes.map((t) => ({ amount: usd(t.cents), code: t.code, countryCode: t.countryCode })),
    },
    travelerPricings,
    fareRules: { refundable: cabin !== 'ECONOMY' || firstClass === 'Y', changeable: firstClass !== 'V' },
  };
}

/** The scheduled flights an offer was built from, or null when they are not (or no longer) in the timetable. */
export function offerItineraries(offer: SupplierOffer): ScheduledFlight[][] | null {
  const out: ScheduledFlight[][] = [];
  for (const itinerary of offer.itineraries) {
    const flights: ScheduledFlight[] = [];
    for (const s of itinerary.segments) {
      const f = findFlight(s.carrierCode, s.number, s.departure.at.slice(0, 10));
      if (!f || f.service.from !== s.departure.iataCode || f.service.to !== s.arrival.iataCode) return null;
      flights.push(f);
    }
    if (flights.length === 0) return null;
    out.push(flights);
  }
  return out.length > 0 ? out : null;
}

export function offerCabin(offer: SupplierOffer): Cabin {
  return offer.itineraries[0].segments[0].cabin;
}

function withinSchedule(date: string, today: string): boolean {
  if (!isIsoDate(date)) return false;
  const ahead = daysBetween(today, date);
  return ahead >= 0 && ahead <= SCHEDULE_HORIZON_DAYS;
}

function carriersAllowed(flights: ScheduledFlight[], c: SupplierSearchCriteria): boolean {
  const included = c.includedAirlineCodes ?? [];
  const excluded = c.excludedAirlineCodes ?? [];
  return flights.every((f) => (included.length === 0 || included.includes(f.service.carrier)) && !excluded.includes(f.service.carrier));
}

/** The itineraries a search looks at before seats are counted; null when the criteria are outside the schedule. */
export interface SearchPlan {
  pax: Passengers;
  cabins: Cabin[];
  outbound: ScheduledFlight[][];
  /** null for a one-way search. */
  inbound: ScheduledFlight[][] | null;
}

export function planSearch(c: SupplierSearchCriteria, now: Date): SearchPlan | null {
  const pax: Passengers = { adults: c.adults, children: c.children, infants: c.infants };
  const today = now.toISOString().slice(0, 10);
  const roundTrip = c.returnDate != null;
  if (pax.adults < 1 || pax.infants > pax.adults || c.origin === c.destination) return null;
  if (!isKnownAirport(c.origin) || !isKnownAirport(c.destination)) return null;
  if (!withinSchedule(c.departureDate, today)) return null;
  if (roundTrip && (!withinSchedule(c.returnDate!, today) || c.returnDate! < c.departureDate)) return null;

  const usable = (flights: ScheduledFlight[]): boolean => flights[0].departureUtc > now.getTime() && carriersAllowed(flights, c);
  return {
    pax,
    cabins: c.travelClass ? [c.travelClass] : CABINS,
    outbound: itinerariesOn(c.origin, c.destination, c.departureDate, c.nonStop).filter(usable),
    inbound: roundTrip ? itinerariesOn(c.destination, c.origin, c.returnDate!, c.nonStop).filter(usable) : null,
  };
}

/** Every flight of the plan once: the seat counts a search needs. */
export function plannedFlights(plan: SearchPlan): ScheduledFlight[] {
  const flights = new Map<string, ScheduledFlight>();
  for (const f of [...plan.outbound, ...(plan.inbound ?? [])].flat()) flights.set(flightKey(f), f);
  return [...flights.values()];
}

/** The offers for the criteria, cheapest first; [] for dates or airports outside the schedule. */
export function searchOffers(c: SupplierSearchCriteria, ctx: OfferContext, plan = planSearch(c, ctx.now)): SupplierOffer[] {
  if (!plan) return [];
  const { pax, outbound, inbound } = plan;
  const hasSeats = (flights: ScheduledFlight[], cabin: Cabin): boolean =>
    commonCabins(flights).includes(cabin) && bookableSeats([flights], cabin, ctx) >= seated(pax);

  const offers: SupplierOffer[] = [];
  for (const cabin of plan.cabins) {
    const outs = outbound.filter((f) => hasSeats(f, cabin));
    if (!inbound) {
      for (const out of outs) offers.push(buildOffer([out], cabin, pax, ctx));
      continue;
    }
    const backs = inbound.filter((f) => hasSeats(f, cabin));
    for (const out of outs) {
      const arrived = out[out.length - 1].arrivalUtc;
      for (const back of backs) {
        if (back[0].departureUtc - arrived >= MIN_CONNECTION_MINUTES * 60_000) offers.push(buildOffer([out, back], cabin, pax, ctx));
      }
    }
  }
  const departure = (o: SupplierOffer): string => o.itineraries[0].segments[0].departure.at;
  offers.sort((x, y) => cents(x.price.total) - cents(y.price.total) || departure(x).localeCompare(departure(y)) || x.id.localeCompare(y.id));
  return offers.slice(0, Math.min(Math.max(Math.trunc(c.max) || 200, 1), 200));
}
