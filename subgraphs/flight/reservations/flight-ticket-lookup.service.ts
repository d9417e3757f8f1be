import type { Principal } from '../../../shared/auth/token.service';
import { lookupAmount, lookUpTickets, TicketLookupAnswer, TicketLookupInput } from '../../../shared/tickets/ticket-lookup.contract';
import type { ReservationRepository } from './reservation.repository';

/** Flight tickets for GET /api/ticket: the caller's own (administrators: anyone's), matching every filter given. */
export class FlightTicketLookupService {
  constructor(private readonly reservations: ReservationRepository) {}

  async lookup(principal: Principal, input: TicketLookupInput): Promise<TicketLookupAnswer> {
    return lookUpTickets(principal, input, {
      read: ({ filter, accountId }, limit) => this.reservations.lookup(filter, accountId, limit),
      // A booking's tickets by passenger, then outbound before return.
      ticketOrder: (a, b) => a.ticket.passengerReference - b.ticket.passengerReference || a.ticket.itineraryIndex - b.ticket.itineraryIndex,
      toTicket: ({ ticket: t, reservation: r }) => {
        const traveler = r.passengers?.find((p) => p.travelerId === t.travelerId);
        return {
          kind: 'FLIGHT',
          ticketId: t.ticketId,
          ticketNumber: t.ticketNumber,
          bookingReference: t.bookingReference,
          paymentReference: t.paymentReference,
          status: t.status,
          passengerName: traveler ? `${traveler.firstName} ${traveler.lastName}` : t.travelerId,
          email: traveler?.email ?? null,
          phoneNumber: traveler?.phone ?? null,
          direction: t.direction,
          fromCode: t.fromCode,
          from: t.from,
          toCode: t.toCode,
          to: t.to,
          departureDate: t.departureDate,
          departureTime: t.departureTime,
          carrier: t.validatingCarrier,
          seat: null,
          priceCurrency: t.priceCurrency,
          priceFare: lookupAmount(t.priceTotal, t.priceCurrency),
          // One payment covers every passenger of a booking and its booking fees: no amount is paid per ticket.
          pricePaid: null,
          bookedAt: r.createdAt.toISOString(),
          issuedAt: t.issuedAt,
        };
      },
    });
  }
}
