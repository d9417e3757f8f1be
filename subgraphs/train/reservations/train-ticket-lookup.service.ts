import type { Principal } from '../../../shared/auth/token.service';
import { lookupAmount, lookUpTickets, seatName, TicketLookupAnswer, TicketLookupInput } from '../../../shared/tickets/ticket-lookup.contract';
import type { StationService } from '../services/station.service';
import type { TrainReservationRepository } from './reservation.repository';

/** SGR tickets for GET /api/ticket: the caller's own (administrators: anyone's), matching every filter given. */
export class TrainTicketLookupService {
  constructor(
    private readonly reservations: TrainReservationRepository,
    private readonly stations: StationService,
  ) {}

  async lookup(principal: Principal, input: TicketLookupInput): Promise<TicketLookupAnswer> {
    const name = (stopId: string) => this.stations.byStopId(stopId)?.stopName ?? stopId;
    return lookUpTickets(principal, input, {
      read: ({ filter, accountId }, limit) => this.reservations.lookup(filter, accountId, limit),
      // A booking's tickets by passenger, then outbound before return.
      ticketOrder: (a, b) => a.ticket.passengerIndex - b.ticket.passengerIndex || Number(a.ticket.journey === 'RETURN') - Number(b.ticket.journey === 'RETURN'),
      toTicket: ({ ticket: t, reservation: r }) => {
        const journey = t.journey === 'RETURN' ? r.returnJourney! : r.outbound;
        const passenger = r.passengers[t.passengerIndex];
        return {
          kind: 'TRAIN',
          ticketId: t.trainTicketUuid,
          ticketNumber: t.ticketNumber,
          bookingReference: r.pnr,
          paymentReference: r.paymentReference,
          status: t.status,
          passengerName: t.passengerName,
          email: passenger?.email ?? null,
          phoneNumber: t.passengerPhone,
          direction: t.journey,
          fromCode: t.fromStopId,
          from: name(t.fromStopId),
          toCode: t.toStopId,
          to: name(t.toStopId),
          departureDate: journey.departure.date,
          departureTime: journey.departure.time,
          carrier: journey.trainNumber,
          seat: seatName(t.carNumber, t.seatLabel),
          priceCurrency: t.priceCurrency,
          // The provider's fare (with luggage) and the grand total with our booking fees, both in the base currency.
          priceFare: lookupAmount(t.fareAmount, t.priceCurrency),
          pricePaid: lookupAmount(t.priceTotal, t.priceCurrency),
          bookedAt: r.createdAt.toISOString(),
          issuedAt: t.status === 'ISSUED' ? t.updatedAt.toISOString() : null,
        };
      },
    });
  }
}
