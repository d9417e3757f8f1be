import type { SearchedOffer } from '../search/flight-search.service';
import type { customerReservationView } from '../reservations/reservation-view';
import type { FlightOffer, FlightSegment } from './flight-offer.type';
import type { CustomerReservationResult, FlightTicketType } from './reservation.type';

type MappedParts = Pick<FlightOffer, 'itineraries' | 'price' | 'travelerPricings'>;

/**
 * The mapped nested parts of an offer, by its price object: every search showing a priced
 * answer shares that answer's views (never mutated), so each is mapped once, not per search.
 */
const mappedParts = new WeakMap<SearchedOffer['price'], MappedParts>();

/** The stored offer as the GraphQL type: otherCurrencies become a list, `class` its field. */
export function toFlightOffer(offer: SearchedOffer): FlightOffer {
  let parts = mappedParts.get(offer.price);
  if (!parts) {
    parts = {
      itineraries: offer.itineraries.map((i) => ({ ...i, durations: i.durations as Record<string, unknown>, segments: i.segments as FlightSegment[] })),
      price: { ...offer.price, otherCurrencies: Object.values(offer.price.otherCurrencies) },
      travelerPricings: offer.travelerPricings.map((t) => ({
        ...t,
        fareDetailsBySegment: t.fareDetailsBySegment.map((f) => {
          const detail = f as { segmentId: string; cabin: string; fareBasis: string; class: string; includedCheckedBags: { quantity: number } };
          return { ...detail, bookingClass: detail.class };
        }),
      })),
    };
    mappedParts.set(offer.price, parts);
  }
  return {
    ...offer,
    ...parts,
    pricingOptions: offer.pricingOptions as Record<string, unknown>,
    commission: offer.commission as Record<string, unknown>,
    fareRules: offer.fareRules as Record<string, unknown>,
    policiesAndAllowance: offer.policiesAndAllowance as Record<string, unknown>,
  };
}

/** The customer reservation view as its GraphQL type: the reserved offer as a FlightOffer, each ticket as a FlightTicketType. */
export function toCustomerReservationResult(view: ReturnType<typeof customerReservationView>): CustomerReservationResult {
  return {
    tickets: view.tickets as FlightTicketType[],
    flightReservation: { ...view.flightReservation, flightOffers: view.flightReservation.flightOffers.map(toFlightOffer) },
  } as CustomerReservationResult;
}
