import Decimal from 'decimal.js';
import { currencyPrecision, formatAmount, parseAmount } from '../../../../shared/money/money.calculator';
import type {
  Cabin,
  SupplierItinerary,
  SupplierOffer,
  SupplierSearchCriteria,
  SupplierSegment,
  SupplierTravelerPricing,
  TravelerType,
} from '../flight-supplier.port';
import type { DuffelCabinClass, DuffelConditions, DuffelOffer, DuffelPassenger, DuffelSlice } from './duffel.types';

/**
 * Ages sent for children and infants: the search carries counts, Duffel prices by age. The oldest age of each
 * band (child 2–11, infant under 2) is sent until the search input carries real ages; the order is made with the
 * real dates of birth and Duffel refuses one that falls outside the band the offer was priced for.
 */
export const CHILD_AGE = 11;
export const INFANT_AGE = 1;

const CABIN_TO_DUFFEL: Record<Cabin, DuffelCabinClass> = {
  ECONOMY: 'economy',
  PREMIUM_ECONOMY: 'premium_economy',
  BUSINESS: 'business',
  FIRST: 'first',
};
const CABIN_FROM_DUFFEL: Record<DuffelCabinClass, Cabin> = {
  economy: 'ECONOMY',
  premium_economy: 'PREMIUM_ECONOMY',
  business: 'BUSINESS',
  first: 'FIRST',
};
const TYPE_RANK: Record<TravelerType, number> = { ADULT: 0, CHILD: 1, HELD_INFANT: 2 };

/** The body of POST /air/offer_requests for a search. */
export function offerRequestBody(criteria: SupplierSearchCriteria): Record<string, unknown> {
  const slices = [{ origin: criteria.origin, destination: criteria.destination, departure_date: criteria.departureDate }];
  if (criteria.returnDate) slices.push({ origin: criteria.destination, destination: criteria.origin, departure_date: criteria.returnDate });
  const passengers: Array<Record<string, unknown>> = [
    ...Array.from({ length: criteria.adults }, () => ({ type: 'adult' })),
    ...Array.from({ length: criteria.children }, (_, i) => ({ age: criteria.childAges?.[i] ?? CHILD_AGE })),
    ...Array.from({ length: criteria.infants }, (_, i) => ({ age: criteria.infantAges?.[i] ?? INFANT_AGE })),
  ];
  return {
    slices,
    passengers,
    ...(criteria.travelClass ? { cabin_class: CABIN_TO_DUFFEL[criteria.travelClass] } : {}),
    ...(criteria.nonStop ? { max_connections: 0 } : {}),
  };
}

/** Duffel has no airline filter on offer requests: included and excluded airlines apply to the offers it answers. */
export function matchesAirlines(offer: DuffelOffer, criteria: SupplierSearchCriteria): boolean {
  const carriers = new Set([offer.owner.iata_code, ...offer.slices.flatMap((s) => s.segments.map((g) => g.marketing_carrier.iata_code))]);
  const included = criteria.includedAirlineCodes ?? [];
  const excluded = criteria.excludedAirlineCodes ?? [];
  if (included.length > 0 && !included.includes(offer.owner.iata_code ?? '')) return false;
  return !excluded.some((code) => carriers.has(code));
}

/** Our traveler type of a Duffel passenger: by its type, else by its age (Duffel answers the age it was asked with). */
export function travelerTypeOf(passenger: Pick<DuffelPassenger, 'type' | 'age'>): TravelerType {
  if (passenger.type === 'adult') return 'ADULT';
  if (passenger.type === 'child') return 'CHILD';
  if (passenger.type === 'infant_without_seat') return 'HELD_INFANT';
  const age = passenger.age ?? 18;
  return age < 2 ? 'HELD_INFANT' : age < 18 ? 'CHILD' : 'ADULT';
}

/** Duffel's passengers in our traveler order (adults, children, infants; Duffel's order within a type): travelerId is index + 1. */
export function orderedPassengers<P extends Pick<DuffelPassenger, 'id' | 'type' | 'age'>>(passengers: readonly P[]): P[] {
  return passengers
    .map((p, index) => ({ p, index }))
    .sort((a, b) => TYPE_RANK[travelerTypeOf(a.p)] - TYPE_RANK[travelerTypeOf(b.p)] || a.index - b.index)
    .map(({ p }) => p);
}

/** Slices as itineraries, segments numbered "1", "2", … across the whole offer (the port's segment ids). */
export function itinerariesOf(slices: readonly DuffelSlice[]): SupplierItinerary[] {
  let next = 1;
  return slices.map((slice) => ({
    duration: slice.duration ?? '',
    segments: slice.segments.map((s): SupplierSegment => ({
      id: String(next++),
      departure: { iataCode: s.origin.iata_code, terminal: s.origin_terminal ?? null, at: localTime(s.departing_at) },
      arrival: { iataCode: s.destination.iata_code, terminal: s.destination_terminal ?? null, at: localTime(s.arriving_at) },
      carrierCode: s.marketing_carrier.iata_code ?? '',
      number: s.marketing_carrier_flight_number,
      aircraftCode: s.aircraft?.iata_code ?? '',
      operatingCarrierCode: s.operating_carrier.iata_code ?? s.marketing_carrier.iata_code ?? '',
      duration: s.duration ?? '',
      numberOfStops: s.stops?.length ?? 0,
      cabin: CABIN_FROM_DUFFEL[s.passengers[0]?.cabin_class ?? 'economy'] ?? 'ECONOMY',
    })),
  }));
}

/** Duffel's local date-times may carry seconds fractions or a zone on some airlines: the port wants YYYY-MM-DDTHH:mm:ss. */
function localTime(value: string): string {
  return value.slice(0, 19);
}

/**
 * Per-traveler prices: Duffel prices the offer as a whole, never per passenger, so each traveler's price is an even
 * split of the offer's total and base (remainder on traveler 1), which sums to the offer's price. It is a
 * derivation, not the airline's per-passenger fare (docs/decisions.md "Duffel adapter").
 */
export function evenSplit(total: string, currency: string, count: number): string[] {
  const precision = Math.max(currencyPrecision(currency), decimalsOf(total));
  const whole = parseAmount(total);
  const share = whole.dividedBy(count).toDecimalPlaces(precision, Decimal.ROUND_DOWN);
  const first = whole.minus(share.times(count - 1));
  const show = (d: Decimal): string => (precision === currencyPrecision(currency) ? formatAmount(d, currency) : d.toFixed(precision));
  return Array.from({ length: count }, (_, i) => show(i === 0 ? first : share));
}

function decimalsOf(amount: string): number {
  const dot = amount.indexOf('.');
  return dot < 0 ? 0 : amount.length - dot - 1;
}

export function fareRulesOf(conditions: DuffelConditions | null | undefined): SupplierOffer['fareRules'] {
  return { refundable: conditions?.refund_before_departure?.allowed === true, changeable: conditions?.change_before_departure?.allowed === true };
}

/** Duffel's offer as our SupplierOffer: Duffel's offer id is ours, its expires_at our expiresAt. */
export function toSupplierOffer(offer: DuffelOffer): SupplierOffer {
  const itineraries = itinerariesOf(offer.slices);
  const passengers = orderedPassengers(offer.passengers);
  const currency = offer.total_currency;
  const base = offer.base_amount ?? offer.total_amount;
  const totals = evenSplit(offer.total_amount, currency, passengers.length);
  const bases = evenSplit(base, currency, passengers.length);
  const segmentIds = offer.slices.flatMap((s) => s.segments);
  const travelerPricings = passengers.map((p, i): SupplierTravelerPricing => ({
    travelerId: String(i + 1),
    travelerType: travelerTypeOf(p),
    fareOption: 'STANDARD',
    price: { currency, total: totals[i], base: bases[i] },
    fareDetailsBySegment: segmentIds.map((segment, s) => {
      const mine = segment.passengers.find((sp) => sp.passenger_id === p.id) ?? segment.passengers[0];
      const cabin = CABIN_FROM_DUFFEL[mine?.cabin_class ?? 'economy'] ?? 'ECONOMY';
      const checked = (mine?.baggages ?? []).filter((b) => b.type === 'checked').reduce((n, b) => n + b.quantity, 0);
      // Duffel gives no booking class (RBD): empty rather than guessed.
      return { segmentId: String(s + 1), cabin, fareBasis: mine?.fare_basis_code ?? '', class: '', includedCheckedBags: { quantity: checked } };
    }),
    supplierPassengerId: p.id,
  }));
  const seated = travelerPricings.filter((t) => t.travelerType !== 'HELD_INFANT').length;
  return {
    id: offer.id,
    source: 'GDS',
    oneWay: offer.slices.length === 1,
    instantTicketingRequired: offer.payment_requirements.requires_instant_payment,
    nonHomogeneous: false,
    // The last moment a held order may be paid (or the offer booked): Duffel's own deadline, as a date.
    lastTicketingDate: (offer.payment_requirements.payment_required_by ?? offer.expires_at).slice(0, 10),
    // Duffel gives no seat count; an answered offer has at least the seats asked for.
    numberOfBookableSeats: seated,
    validatingAirlineCodes: offer.owner.iata_code ? [offer.owner.iata_code] : [],
    itineraries,
    // Duffel gives the tax total only, not its breakdown by code: no tax lines rather than invented ones.
    price: { currency, total: offer.total_amount, base, taxes: [] },
    travelerPricings,
    fareRules: fareRulesOf(offer.conditions),
    expiresAt: offer.expires_at,
    documentsRequired: offer.passenger_identity_documents_required,
  };
}
