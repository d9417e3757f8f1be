import type { Principal } from '../../../shared/auth/token.service';
import {
  contactMatches,
  LookedUpTicket,
  LookupConditions,
  lookupAmount,
  lookupAnswer,
  parseTicketLookup,
  seatName,
  TICKET_LOOKUP_READ,
  TicketLookupAnswer,
  TicketLookupInput,
} from '../../../shared/tickets/ticket-lookup';
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
    const sql = new LookupConditions();
    if (accountId) sql.add('r.account_id = ?', accountId);
    if (filter.ticketId) sql.add('(t.train_ticket_uuid = ? OR t.ticket_number = ?)', filter.ticketId, filter.ticketId);
    if (filter.paymentReference) sql.add('r.payment_reference = ?', filter.paymentReference);
    if (filter.bookingReference) sql.add('r.pnr = ?', filter.bookingReference);
    if (filter.phone) sql.add('t.passenger_phone = ?', filter.phone);
    // Narrows in SQL; the exact, per-passenger comparison follows below.
    if (filter.email) sql.add('LOWER(r.passengers) LIKE ?', LookupConditions.contains(filter.email));
    const rows = (await this.reservations.lookup(sql.where, sql.params, TICKET_LOOKUP_READ)).filter(({ ticket, reservation }) =>
      contactMatches(filter, reservation.passengers[ticket.passengerIndex]?.email, ticket.passengerPhone),
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
