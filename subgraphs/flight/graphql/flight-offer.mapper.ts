import type { FoundOffer } from '../search/flight-search.service';
import type { SearchedOffer } from '../offers/searched-offer.types';
import type { OfferView } from '../offers/offer.view';
import type { CustomerReservationView } from '../reservations/reservation.view';
import type { FlightOffer, FlightSegment } from './flight-offer.type';
import type { CustomerReservationResult } from './reservation-result.type';

type MappedView = Omit<FlightOffer, 'offerReference' | 'expiresAt'>;

/**
 * Each view mapped once: a search's views are shared by every search showing the same priced
 * answer (and never mutated), so only the reference and expiry are new per search.
 */
const mappedViews = new WeakMap<OfferView, MappedView>();

function mapped(view: OfferView): MappedView {
  let offer = mappedViews.get(view);
  if (!offer) {
    offer = {
      ...view,
      itineraries: view.itineraries.map((i) => ({ ...i, durations: i.durations as Record<string, unknown>, segments: i.segments as FlightSegment[] })),
      pricingOptions: view.pricingOptions as Record<string, unknown>,
      commission: view.commission as Record<string, unknown>,
      fareRules: view.fareRules as Record<string, unknown>,
      policiesAndAllowance: view.policiesAndAllowance as Record<string, unknown>,
      price: { ...view.price, otherCurrencies: Object.values(view.price.otherCurrencies) },
      travelerPricings: view.travelerPricings.map((t) => ({
        ...t,
        fareDetailsBySegment: t.fareDetailsBySegment.map((f) => {
          const detail = f as { segmentId: string; cabin: string; fareBasis: string; class: string; includedCheckedBags: { quantity: number } };
          return { ...detail, bookingClass: detail.class };
        }),
      })),
    };
    mappedViews.set(view, offer);
  }
  return offer;
}

/** A searched offer as the GraphQL type: otherCurrencies become a list, `class` its field. */
export function toFlightOffer(offer: SearchedOffer): FlightOffer {
  return { ...mapped(offer), offerReference: offer.offerReference, expiresAt: offer.expiresAt };
}

/** An offer a search just found, as the GraphQL type. */
export function toFoundFlightOffer(found: FoundOffer): FlightOffer {
  return { ...mapped(found.view), offerReference: found.offerReference, expiresAt: found.expiresAt };
}

/** The customer reservation view as its GraphQL type: the reserved offer as a FlightOffer, each ticket as a FlightTicketType. */
export function toCustomerReservationResult(view: CustomerReservationView): CustomerReservationResult {
  return {
    tickets: view.tickets,
    flightReservation: { ...view.flightReservation, flightOffers: view.flightReservation.flightOffers.map(toFlightOffer) },
  };
}
