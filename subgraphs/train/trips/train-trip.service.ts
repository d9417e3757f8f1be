import type { RequestContext } from '../../../shared/context/request.context';
import { TripKindValue } from '../../../shared/graphql/trip.type';
import { lookupAmount } from '../../../shared/tickets/ticket-lookup.contract';
import { encodeTripId } from '../../../shared/trips/trip-id.codec';
import { tripBooking } from '../../../shared/trips/trip-entity.loader';
import type { StationService } from '../services/station.service';
import type { TrainReservationRepository } from '../reservations/reservation.repository';
import type { TrainReservation } from '../reservations/reservation.types';
import type { TrainBooking } from './train-trip.type';

/**
 * TrainBooking entities by global id, for the gateway's trip lists and node(id): every id of one request is one query
 * (the request's loader batches the gateway's single `_entities` call per page). A trip of another account answers
 * null, as one that does not exist, unless the caller is an administrator.
 */
export class TrainTripService {
  constructor(
    private readonly reservations: TrainReservationRepository,
    private readonly stations: StationService,
  ) {}

  async byGlobalId(req: RequestContext, id: string): Promise<TrainBooking | null> {
    const booking = await tripBooking(req, id, { kind: 'TRAIN', byIds: (ids) => this.reservations.byIds(ids) });
    return booking ? this.toTrip(booking) : null;
  }

  private toTrip(r: TrainReservation): TrainBooking {
    const place = (stopId: string) => ({ code: stopId, name: this.stations.byStopId(stopId)?.stopName ?? stopId });
    const amount = r.billAmount ?? r.paymentRequired;
    const currency = r.billCurrency ?? r.paymentCurrency;
    return {
      id: encodeTripId('TRAIN', r.id),
      kind: TripKindValue.TRAIN,
      status: r.status,
      bookingReference: r.pnr,
      paymentReference: r.paymentReference,
      from: place(r.outbound.fromStopId),
      to: place(r.outbound.toStopId),
      departure: { date: r.outbound.departure.date, time: r.outbound.departure.time.slice(0, 5) },
      price: amount !== null && currency !== null ? { amount: lookupAmount(amount, currency), currency } : null,
      createdAt: r.createdAt,
      updatedAt: r.updatedAt,
      expiresAt: r.status === 'RESERVED' ? r.expiresAt : null,
      reservationId: r.id,
      externalUserId: null,
      trainNumber: r.outbound.trainNumber,
      journeyType: r.journeyType,
      passengerCount: r.passengers.length,
    };
  }
}
