import type { Clock } from '../../../shared/time/clock.port';
import type { Principal } from '../../../shared/auth/token.service';
import { FlightException } from '../errors/flight.exception';
import type { AirportService } from '../services/airport.service';
import type { SearchedOffer, StoredOfferLoader } from './searched-offer.types';
import { BookingRequirements, bookingRequirementsFor } from './booking-requirements.policy';
import type { ReservationRepository } from '../reservations/reservation.repository';
import { checkOfferReference, offerReferenceMessage } from '../../../shared/api-contract/flight-reservation.validator';

export interface OfferReview {
  offerReference: string;
  expiresAt: Date;
  flightOffer: SearchedOffer;
  bookingRequirements: BookingRequirements;
}

/**
 * Offer review: the caller's own stored offer, with what must be collected to book it. The
 * answer is computed from the stored snapshot only, so repeating it gives the same offer,
 * expiry and requirements for as long as the offer is valid.
 */
export class OfferReviewService {
  constructor(
    private readonly clock: Clock,
    private readonly airports: AirportService,
    private readonly offers: StoredOfferLoader,
    private readonly reservations: ReservationRepository,
  ) {}

  async review(principal: Principal, offerReference: string | null | undefined): Promise<OfferReview> {
    const checked = checkOfferReference(offerReference);
    if ('problems' in checked) throw FlightException.invalidRequest(offerReferenceMessage(checked.problems), checked.problems);
    const stored = await this.offers.load(checked.offerReference, principal.accountId);
    if (!stored) throw FlightException.offerNotFound();
    if (stored.gone || stored.expiresAt.getTime() <= this.clock.now().getTime()) {
      throw FlightException.offerExpired({ offerReference: stored.offerReference, expiresAt: stored.expiresAt.toISOString(), refreshSearch: true });
    }
    // Once the airline asked for more at reservation time, review shows those requirements.
    const reservation = await this.reservations.byOffer(principal.accountId, stored.offerReference);
    return {
      offerReference: stored.offerReference,
      expiresAt: stored.expiresAt,
      flightOffer: { ...stored.offer.view, offerReference: stored.offerReference, expiresAt: stored.expiresAt },
      bookingRequirements: reservation?.requirements ?? bookingRequirementsFor(stored.offer.supplierOffer, (code) => this.airports.countryOf(code)),
    };
  }
}
