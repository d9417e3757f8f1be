import type { DataSource, EntityManager } from 'typeorm';
import { lookupContact, TicketLookupFilter } from '../../../shared/tickets/ticket-lookup.contract';
import { SqlConditions } from '../../../shared/database/sql-conditions.builder';
import type { FlightReservation, FlightTicketRow } from './reservation.types';
import { date, FlightReservationRow, FlightTicketDbRow, json, toTicket } from './reservation-row.mapper';

/** What the ticket lookup shows of a ticket's reservation. */
export type LookedUpReservation = Pick<FlightReservation, 'id' | 'createdAt' | 'passengers'>;

/** What issuance records on a ticket: its document and status. */
export type TicketDocumentColumns = Pick<
  FlightTicketRow,
  | 'ticketNumber'
  | 'documentId'
  | 'documentStatus'
  | 'providerDocumentElement'
  | 'validatingCarrier'
  | 'tstReference'
  | 'pricingRecordReference'
  | 'coupons'
  | 'issuedAt'
  | 'status'
>;

/** Their values as stored, in column order (ticket_number … status), for the INSERT and the UPDATE alike. */
function ticketDocumentValues(doc: TicketDocumentColumns): unknown[] {
  return [
    doc.ticketNumber,
    doc.documentId,
    doc.documentStatus,
    doc.providerDocumentElement,
    doc.validatingCarrier,
    doc.tstReference,
    doc.pricingRecordReference,
    JSON.stringify(doc.coupons),
    doc.issuedAt ? new Date(doc.issuedAt) : null,
    doc.status,
  ];
}

/** SQL for flight_ticket (read with its reservation's references); ReservationRepository hands it to its callers. */
export class FlightTicketRepository {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * Inserts a reservation's tickets. Each keeps its passenger's contact (the lookup's email and phone columns) and
   * the booking's creation time, from the reservation: GET /api/ticket finds them through those indexed columns.
   */
  async insertTickets(r: Pick<FlightReservation, 'passengers' | 'createdAt'>, rows: FlightTicketRow[], m: EntityManager): Promise<void> {
    if (rows.length === 0) return;
    const columns =
      'uuid, ticket_id, reservation_id, traveler_id, passenger_reference, itinerary_index, direction, departure_date, departure_time, from_code, to_code, from_name, to_name, price_total, price_currency, provider_segment_references, ticket_number, document_id, document_status, provider_document_element, validating_carrier, tst_reference, pricing_record_reference, coupons, issued_at, status, passenger_email, passenger_phone, booked_at';
    await m.query(
      `INSERT IGNORE INTO flight_ticket (${columns}) VALUES ${rows.map(() => `(${Array(29).fill('?').join(', ')})`).join(', ')}`,
      rows.flatMap((t) => {
        const traveler = r.passengers?.find((p) => p.travelerId === t.travelerId);
        const contact = lookupContact(traveler?.email, traveler?.phone);
        return [
          t.uuid,
          t.ticketId,
          t.reservationId,
          t.travelerId,
          t.passengerReference,
          t.itineraryIndex,
          t.direction,
          t.departureDate,
          t.departureTime,
          t.fromCode,
          t.toCode,
          t.from,
          t.to,
          t.priceTotal,
          t.priceCurrency,
          JSON.stringify(t.providerSegmentReferences),
          ...ticketDocumentValues(t),
          contact.email,
          contact.phone,
          r.createdAt,
        ];
      }),
    );
  }

  /** Copies the passengers' contacts onto their tickets' lookup columns (after the reservation's passengers changed). */
  async followPassengers(m: EntityManager, reservationId: string, passengers: NonNullable<FlightReservation['passengers']>): Promise<void> {
    for (const p of passengers) {
      const contact = lookupContact(p.email, p.phone);
      await m.query('UPDATE flight_ticket SET passenger_email = ?, passenger_phone = ? WHERE reservation_id = ? AND traveler_id = ?', [
        contact.email,
        contact.phone,
        reservationId,
        p.travelerId,
      ]);
    }
  }

  async ticketsOf(reservationId: string, m: EntityManager = this.dataSource.manager): Promise<FlightTicketRow[]> {
    return this.tickets(m, new SqlConditions().add('t.reservation_id = ?', reservationId));
  }

  async ticketsByTicketId(ticketId: string, m: EntityManager = this.dataSource.manager): Promise<FlightTicketRow[]> {
    return this.tickets(m, new SqlConditions().add('t.ticket_id = ?', ticketId));
  }

  async updateTicketDocument(reservationId: string, travelerId: string, doc: TicketDocumentColumns, m: EntityManager): Promise<void> {
    await m.query(
      `UPDATE flight_ticket SET ticket_number = ?, document_id = ?, document_status = ?, provider_document_element = ?, validating_carrier = ?,
         tst_reference = ?, pricing_record_reference = ?, coupons = ?, issued_at = ?, status = ?
       WHERE reservation_id = ? AND traveler_id = ?`,
      [...ticketDocumentValues(doc), reservationId, travelerId],
    );
  }

  async setTicketStatus(reservationId: string, status: string, m: EntityManager): Promise<void> {
    await m.query('UPDATE flight_ticket SET status = ? WHERE reservation_id = ?', [status, reservationId]);
  }

  /**
   * Tickets matching every filter of a lookup (GET /api/ticket), of one account or (accountId null) of anyone, newest
   * booking first, with their reservations. Each filter reads an index: ticket id, uuid or number; payment reference;
   * booking reference or PNR; the passenger's email or phone (with the booking time, so the newest come first
   * without sorting them all).
   */
  async lookup(
    filter: TicketLookupFilter,
    accountId: string | null,
    limit: number,
  ): Promise<Array<{ ticket: FlightTicketRow; reservation: LookedUpReservation }>> {
    const c = new SqlConditions();
    if (accountId) c.add('r.account_id = ?', accountId);
    if (filter.ticketId) c.add('(t.ticket_id = ? OR t.uuid = ? OR t.ticket_number = ?)', filter.ticketId, filter.ticketId, filter.ticketId);
    if (filter.paymentReference) c.add('r.payment_reference = ?', filter.paymentReference);
    if (filter.bookingReference) c.add('(r.booking_reference = ? OR r.pnr = ?)', filter.bookingReference, filter.bookingReference);
    if (filter.email) c.add('t.passenger_email = ?', filter.email);
    if (filter.phone) c.add('t.passenger_phone = ?', filter.phone);
    const tickets = await this.tickets(this.dataSource.manager, c, 't.booked_at DESC, t.uuid DESC LIMIT ?', [limit]);
    const ids = [...new Set(tickets.map((t) => t.reservationId))];
    // Only what a looked-up ticket shows of its booking: the offer, price and supplier documents stay on disk.
    const reservations = ids.length
      ? (await this.dataSource.query<FlightReservationRow[]>('SELECT id, created_at, passengers FROM flight_reservation WHERE id IN (?)', [ids])).map(
          (row): LookedUpReservation => ({ id: row.id, createdAt: date(row.created_at)!, passengers: json(row.passengers) }),
        )
      : [];
    const byId = new Map(reservations.map((r) => [r.id, r]));
    return tickets.map((ticket) => ({ ticket, reservation: byId.get(ticket.reservationId)! }));
  }

  /** Tickets with their reservation's references, in `order` (a fixed fragment, with `orderParams` for a LIMIT). */
  private async tickets(
    m: EntityManager,
    c: SqlConditions,
    order = 't.passenger_reference, t.itinerary_index',
    orderParams: unknown[] = [],
  ): Promise<FlightTicketRow[]> {
    const rows = await m.query<FlightTicketDbRow[]>(
      `SELECT t.*, r.booking_reference, r.payment_reference FROM flight_ticket t JOIN flight_reservation r ON r.id = t.reservation_id
        ${c.where} ORDER BY ${order}`,
      [...c.params, ...orderParams],
    );
    return rows.map(toTicket);
  }
}
