import type { Principal } from '../../../shared/auth/token.service';
import {
  contactMatches,
  LookedUpTicket,
  LookupConditions,
  lookupAmount,
  lookupAnswer,
  parseTicketLookup,
  TICKET_LOOKUP_READ,
  TicketLookupAnswer,
  TicketLookupInput,
} from '../../../shared/tickets/ticket-lookup';
import type { ReservationRepository } from './reservation.repository';

/** Flight tickets for GET /api/ticket: the caller's own (administrators: anyone's), matching every filter given. */
export class FlightTicketLookupService {
  constructor(private readonly reservations: ReservationRepository) {}

  async lookup(principal: Principal, input: TicketLookupInput): Promise<TicketLookupAnswer> {
    const { filter, accountId } = parseTicketLookup(principal, input);
    const sql = new LookupConditions();
    if (accountId) sql.add('r.account_id = ?', accountId);
    if (filter.ticketId) sql.add('(t.ticket_id = ? OR t.uuid = ? OR t.ticket_number = ?)', filter.ticketId, filter.ticketId, filter.ticketId);
    if (filter.paymentReference) sql.add('r.payment_reference = ?', filter.paymentReference);
    if (filter.bookingReference) sql.add('(r.booking_reference = ? OR r.pnr = ?)', filter.bookingReference, filter.bookingReference);
    // Contacts live in the passengers JSON: narrowed in SQL, compared exactly per traveler below.
    if (filter.email) sql.add('LOWER(r.passengers) LIKE ?', LookupConditions.contains(filter.email));
    if (filter.phone) sql.add('r.passengers LIKE ?', LookupConditions.contains(filter.phone));
    const rows = (await this.reservations.lookup(sql.where, sql.params, TICKET_LOOKUP_READ)).filter(({ ticket, reservation }) => {
      const traveler = reservation.passengers?.find((p) => p.travelerId === ticket.travelerId);
      return contactMatches(filter, traveler?.email, traveler?.phone);
    });
    return lookupAnswer(rows, ({ ticket: t, reservation: r }): LookedUpTicket => {
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
    });
  }
}
