import type { Principal } from '../../../shared/auth/token.service';
import {
  LookedUpTicket,
  lookupAmount,
  lookupAnswer,
  parseTicketLookup,
  seatName,
  TICKET_LOOKUP_READ,
  TicketLookupAnswer,
  TicketLookupInput,
} from '../../../shared/tickets/ticket-lookup.contract';
import type { StationService } from '../services/station.service';
import type { TrainReservationRepository } from './reservation.repository';

/** SGR tickets for GET /api/ticket: the caller's own (administrators: anyone's), matching every filter given. */
export class TrainTicketLookupService {
  constructor(
    private readonly reservations: TrainReservationRepository,
    private readonly stations: StationService,
  ) {}

  async lookup(principal: Principal, input: TicketLookupInput): Promise<TicketLookupAnswer> {
    const { filter, accountId } = parseTicketLookup(principal, input);
    // Newest booking first; a booking's tickets by passenger, then outbound before return.
    const rows = (await this.reservations.lookup(filter, accountId, TICKET_LOOKUP_READ)).sort(
      (a, b) =>
        b.reservation.createdAt.getTime() - a.reservation.createdAt.getTime() ||
        a.reservation.id.localeCompare(b.reservation.id) ||
        a.ticket.passengerIndex - b.ticket.passengerIndex ||
        Number(a.ticket.journey === 'RETURN') - Number(b.ticket.journey === 'RETURN'),
    );
    const name = (stopId: string) => this.stations.byStopId(stopId)?.stopName ?? stopId;
    return lookupAnswer(rows, ({ ticket: t, reservation: r }): LookedUpTicket => {
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
    });
  }
}
