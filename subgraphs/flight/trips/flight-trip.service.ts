import type { RequestContext } from '../../../shared/context/request.context';
import { TripKindValue } from '../../../shared/graphql/trip.type';
import { encodeTripId } from '../../../shared/trips/trip-id.codec';
import { tripBooking } from '../../../shared/trips/trip-entity.loader';
import type { AirportService } from '../services/airport.service';
import type { ReservationRepository } from '../reservations/reservation.repository';
import type { FlightReservation } from '../reservations/reservation.types';
import type { FlightBooking } from './flight-trip.type';

/** Statuses in which an unpaid reservation still lapses at its payment deadline. */
const AWAITING_PAYMENT = new Set(['RESERVED', 'PNR_CREATED', 'TST_CREATED', 'PRICE_CHANGED']);

/**
 * FlightBooking entities by global id, for the gateway's trip lists and node(id): every id of one request is one query
 * (the request's loader batches the gateway's single `_entities` call per page). A trip of another account answers
 * null, as one that does not exist, unless the caller is an administrator.
 */
export class FlightTripService {
  constructor(
    private readonly reservations: ReservationRepository,
    private readonly airports: AirportService,
  ) {}

  async byGlobalId(req: RequestContext, id: string): Promise<FlightBooking | null> {
    const booking = await tripBooking(req, id, { kind: 'FLIGHT', byIds: (ids) => this.reservations.byIds(ids) });
    return booking ? this.toTrip(booking) : null;
  }

  private toTrip(r: FlightReservation): FlightBooking {
    const first = r.supplierOffer.itineraries[0];
    const firstSegment = first.segments[0];
    const lastSegment = first.segments[first.segments.length - 1];
    const place = (code: string) => ({ code, name: this.airports.byIata(code)?.stopName ?? code });
    return {
      id: encodeTripId('FLIGHT', r.id),
      kind: TripKindValue.FLIGHT,
      status: r.status,
      bookingReference: r.bookingReference,
      paymentReference: r.paymentReference,
      from: place(firstSegment.departure.iataCode),
      to: place(lastSegment.arrival.iataCode),
      // The supplier writes local times without a zone: date and time are read off as written, never through UTC.
      departure: { date: firstSegment.departure.at.slice(0, 10), time: firstSegment.departure.at.slice(11, 16) },
      price: { amount: r.price.grandTotal, currency: r.price.currency },
      createdAt: r.createdAt,
      updatedAt: r.updatedAt,
      expiresAt: AWAITING_PAYMENT.has(r.status) ? r.paymentDeadlineAt : null,
      reservationId: r.id,
      externalUserId: r.externalUserId,
      pnr: r.pnr,
      returnJourney: r.supplierOffer.itineraries.length > 1,
    };
  }
}
