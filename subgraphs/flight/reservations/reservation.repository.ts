import type { DataSource, EntityManager } from 'typeorm';
import { formatAmount, parseAmount } from '../../../shared/money/money';
import { lookupContact, TicketLookupFilter } from '../../../shared/tickets/ticket-lookup';
import { SqlConditions } from '../../../shared/database/sql-conditions';
import type { FlightReservation, FlightTicketRow, ReservationStatus } from './reservation.types';

const JSON_COLUMNS = {
  notifications: 'notifications',
  price: 'price',
  supplierOffer: 'supplier_offer',
  offerView: 'offer_view',
  requirements: 'requirements',
  passengers: 'passengers',
  supplierBooking: 'supplier_booking',
  pricingRecords: 'pricing_records',
  documents: 'documents',
} as const;

const PLAIN_COLUMNS = {
  status: 'status',
  pnr: 'pnr',
  priceVersion: 'price_version',
  priceChangeExpiresAt: 'price_change_expires_at',
  paymentDeadlineAt: 'payment_deadline_at',
  walletId: 'wallet_id',
  walletCurrency: 'wallet_currency',
  walletDebitTotal: 'wallet_debit_total',
  admittedAt: 'admitted_at',
  issuedAt: 'issued_at',
  cancelledAt: 'cancelled_at',
  lastError: 'last_error',
  externalUserId: 'external_user_id',
  selectedOption: 'selected_option',
} as const;

export type ReservationChanges = Partial<Pick<FlightReservation, keyof typeof JSON_COLUMNS | keyof typeof PLAIN_COLUMNS>> & { cancelReason?: string | null };

/** What the ticket lookup shows of a ticket's reservation. */
export type LookedUpReservation = Pick<FlightReservation, 'id' | 'createdAt' | 'passengers'>;

/** SQL for reservations and tickets; the services decide, this only reads and writes rows. */
export class ReservationRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Inserts a new reservation; false when one already exists for this account and offer. */
  async insert(r: FlightReservation, m: EntityManager = this.dataSource.manager): Promise<boolean> {
    const result = await m.query(
      `INSERT IGNORE INTO flight_reservation (id, account_id, channel, booking_user_type, offer_reference, external_user_id, selected_option,
         notifications, status, booking_reference, payment_reference, pnr, language, display_currency, supplier_offer, offer_view, price, original_price, price_version,
         price_change_expires_at, requirements, passengers, offer_expires_at, payment_deadline_at, wallet_id, wallet_currency, wallet_debit_total,
         authentication_context, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      [
        r.id,
        r.accountId,
        r.channel,
        r.bookingUserType,
        r.offerReference,
        r.externalUserId,
        r.selectedOption,
        JSON.stringify(r.notifications),
        r.status,
        r.bookingReference,
        r.paymentReference,
        r.pnr,
        r.language,
        r.displayCurrency,
        JSON.stringify(r.supplierOffer),
        r.offerView ? JSON.stringify(r.offerView) : null,
        JSON.stringify(r.price),
        JSON.stringify(r.originalPrice),
        r.priceVersion,
        r.priceChangeExpiresAt,
        JSON.stringify(r.requirements),
        r.passengers ? JSON.stringify(r.passengers) : null,
        r.offerExpiresAt,
        r.paymentDeadlineAt,
        r.walletId,
        r.walletCurrency,
        r.walletDebitTotal,
        r.authenticationContext,
        r.createdAt,
        r.updatedAt,
      ],
    );
    return Number(result.affectedRows ?? 0) === 1;
  }

  async byOffer(accountId: string, offerReference: string, m: EntityManager = this.dataSource.manager): Promise<FlightReservation | null> {
    return this.one(m, 'account_id = ? AND offer_reference = ?', [accountId, offerReference]);
  }

  async byId(id: string, m: EntityManager = this.dataSource.manager, lock = false): Promise<FlightReservation | null> {
    return this.one(m, 'id = ?', [id], lock);
  }

  /** A reservation by one of its ticket ids, its payment reference or its booking reference. */
  async byTicketId(ticketId: string, m: EntityManager = this.dataSource.manager): Promise<FlightReservation | null> {
    const [row] = await m.query('SELECT reservation_id FROM flight_ticket WHERE ticket_id = ? LIMIT 1', [ticketId]);
    return row ? this.byId(row.reservation_id, m) : null;
  }

  async byPaymentReference(paymentReference: string, m: EntityManager = this.dataSource.manager): Promise<FlightReservation | null> {
    return this.one(m, 'payment_reference = ?', [paymentReference]);
  }

  /**
   * Takes the right to work on a reservation for `ms`: concurrent requests for the same
   * reservation get false and answer 202 instead of racing the supplier.
   */
  async claim(id: string, now: Date, ms: number): Promise<boolean> {
    const result = await this.dataSource.query(
      'UPDATE flight_reservation SET processing_until = ? WHERE id = ? AND (processing_until IS NULL OR processing_until < ?)',
      [new Date(now.getTime() + ms), id, now],
    );
    return Number(result.affectedRows ?? 0) === 1;
  }

  async release(id: string): Promise<void> {
    await this.dataSource.query('UPDATE flight_reservation SET processing_until = NULL WHERE id = ?', [id]);
  }

  /** Applies changes; with `from`, only while the status is still one of those (false otherwise). */
  async update(id: string, changes: ReservationChanges, now: Date, m: EntityManager = this.dataSource.manager, from?: ReservationStatus[]): Promise<boolean> {
    const sets: string[] = ['updated_at = ?'];
    const params: unknown[] = [now];
    for (const [key, value] of Object.entries(changes)) {
      if (key === 'cancelReason') {
        sets.push('cancel_reason = ?');
        params.push(value);
      } else if (key in JSON_COLUMNS) {
        sets.push(`${JSON_COLUMNS[key as keyof typeof JSON_COLUMNS]} = ?`);
        params.push(value === null ? null : JSON.stringify(value));
      } else if (key in PLAIN_COLUMNS) {
        sets.push(`${PLAIN_COLUMNS[key as keyof typeof PLAIN_COLUMNS]} = ?`);
        params.push(value);
      } else {
        throw new Error(`unknown reservation column ${key}`);
      }
    }
    let where = 'id = ?';
    params.push(id);
    if (from?.length) {
      where += ` AND status IN (${from.map(() => '?').join(', ')})`;
      params.push(...from);
    }
    const result = await m.query(`UPDATE flight_reservation SET ${sets.join(', ')} WHERE ${where}`, params);
    const updated = Number(result.affectedRows ?? 0) === 1;
    // The tickets' lookup columns follow the passengers they were copied from.
    if (updated && changes.passengers) {
      for (const p of changes.passengers) {
        const contact = lookupContact(p.email, p.phone);
        await m.query('UPDATE flight_ticket SET passenger_email = ?, passenger_phone = ? WHERE reservation_id = ? AND traveler_id = ?', [
          contact.email,
          contact.phone,
          id,
          p.travelerId,
        ]);
      }
    }
    return updated;
  }

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
          t.ticketNumber,
          t.documentId,
          t.documentStatus,
          t.providerDocumentElement,
          t.validatingCarrier,
          t.tstReference,
          t.pricingRecordReference,
          JSON.stringify(t.coupons),
          t.issuedAt ? new Date(t.issuedAt) : null,
          t.status,
          contact.email,
          contact.phone,
          r.createdAt,
        ];
      }),
    );
  }

  async ticketsOf(reservationId: string, m: EntityManager = this.dataSource.manager): Promise<FlightTicketRow[]> {
    return this.tickets(m, new SqlConditions().add('t.reservation_id = ?', reservationId));
  }

  async ticketsByTicketId(ticketId: string, m: EntityManager = this.dataSource.manager): Promise<FlightTicketRow[]> {
    return this.tickets(m, new SqlConditions().add('t.ticket_id = ?', ticketId));
  }

  async updateTicketDocument(
    reservationId: string,
    travelerId: string,
    doc: Pick<
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
    >,
    m: EntityManager,
  ): Promise<void> {
    await m.query(
      `UPDATE flight_ticket SET ticket_number = ?, document_id = ?, document_status = ?, provider_document_element = ?, validating_carrier = ?,
         tst_reference = ?, pricing_record_reference = ?, coupons = ?, issued_at = ?, status = ?
       WHERE reservation_id = ? AND traveler_id = ?`,
      [
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
        reservationId,
        travelerId,
      ],
    );
  }

  async setTicketStatus(reservationId: string, status: string, m: EntityManager): Promise<void> {
    await m.query('UPDATE flight_ticket SET status = ? WHERE reservation_id = ?', [status, reservationId]);
  }

  /** The one running customer issuance of a reservation: its workflow id (the outbox job id), if any. */
  async issuanceWorkflowOf(reservationId: string): Promise<string | null> {
    const [row] = await this.dataSource.query<Array<{ workflow_id: string }>>('SELECT workflow_id FROM flight_issuance_workflow WHERE reservation_id = ?', [
      reservationId,
    ]);
    return row?.workflow_id ?? null;
  }

  async saveIssuanceWorkflow(m: EntityManager, reservationId: string, workflowId: string, paymentId: string, now: Date): Promise<void> {
    await m.query(
      `INSERT INTO flight_issuance_workflow (reservation_id, workflow_id, payment_id, created_at, updated_at) VALUES (?, ?, ?, ?, ?)
       ON DUPLICATE KEY UPDATE workflow_id = VALUES(workflow_id), payment_id = VALUES(payment_id), updated_at = VALUES(updated_at)`,
      [reservationId, workflowId, paymentId, now, now],
    );
  }

  /**
   * Reservations whose issuance stopped half way (a crash, a lost job): ISSUING or PARTIALLY_ISSUED, untouched since
   * `before`, no live lease, tried by recovery fewer than `maxAttempts` times. Oldest first.
   */
  async stalledIssuances(now: Date, before: Date, maxAttempts: number, limit: number): Promise<FlightReservation[]> {
    const rows = await this.dataSource.query<FlightReservationRow[]>(
      `SELECT * FROM flight_reservation
        WHERE status IN ('ISSUING', 'PARTIALLY_ISSUED') AND updated_at < ? AND (processing_until IS NULL OR processing_until < ?) AND recovery_attempts < ?
        ORDER BY updated_at LIMIT ?`,
      [before, now, maxAttempts, limit],
    );
    return rows.map(toReservation);
  }

  /**
   * Of these reservations (those whose wallet hold is still open: the ledger lists them), the ones ISSUED and
   * untouched since `before`: their debit job never finished. Oldest first.
   */
  async issuedAmong(ids: string[], before: Date): Promise<FlightReservation[]> {
    if (ids.length === 0) return [];
    const rows = await this.dataSource.query<FlightReservationRow[]>(
      "SELECT * FROM flight_reservation WHERE id IN (?) AND status = 'ISSUED' AND updated_at < ? ORDER BY updated_at",
      [ids, before],
    );
    return rows.map(toReservation);
  }

  /** Counts one recovery try (and touches the row, so the next look waits a full stale period); the new count. */
  async noteRecoveryAttempt(id: string, now: Date): Promise<number> {
    await this.dataSource.query('UPDATE flight_reservation SET recovery_attempts = recovery_attempts + 1, updated_at = ? WHERE id = ?', [now, id]);
    const [row] = await this.dataSource.query('SELECT recovery_attempts FROM flight_reservation WHERE id = ?', [id]);
    return Number(row?.recovery_attempts ?? 0);
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

  private async one(m: EntityManager, where: string, params: unknown[], lock = false): Promise<FlightReservation | null> {
    const [row] = await m.query<FlightReservationRow[]>(`SELECT * FROM flight_reservation WHERE ${where} LIMIT 1${lock ? ' FOR UPDATE' : ''}`, params);
    return row ? toReservation(row) : null;
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

const json = <T>(value: string | null): T | null => (value === null || value === undefined ? null : (JSON.parse(value) as T));
const date = (value: Date | string | null): Date | null => (value === null || value === undefined ? null : new Date(value));

/** A flight_reservation row as mysql2 gives it: JSON documents as text, DATETIME as Date, DECIMAL as a string. */
interface FlightReservationRow {
  id: string;
  account_id: string;
  channel: FlightReservation['channel'];
  booking_user_type: FlightReservation['bookingUserType'];
  offer_reference: string;
  external_user_id: string | null;
  selected_option: FlightReservation['selectedOption'];
  notifications: string;
  status: ReservationStatus;
  booking_reference: string;
  payment_reference: string;
  pnr: string | null;
  language: FlightReservation['language'];
  display_currency: string;
  supplier_offer: string;
  offer_view: string | null;
  price: string;
  original_price: string;
  price_version: string;
  price_change_expires_at: Date | null;
  requirements: string;
  passengers: string | null;
  supplier_booking: string | null;
  pricing_records: string | null;
  documents: string | null;
  offer_expires_at: Date;
  payment_deadline_at: Date | null;
  wallet_id: string | null;
  wallet_currency: string | null;
  wallet_debit_total: string | null;
  admitted_at: Date | null;
  authentication_context: string;
  last_error: string | null;
  issued_at: Date | null;
  cancelled_at: Date | null;
  cancel_reason: string | null;
  created_at: Date;
  updated_at: Date;
}

/** A flight_ticket row with its reservation's booking and payment references (every ticket query joins them). */
interface FlightTicketDbRow {
  uuid: string;
  ticket_id: string;
  reservation_id: string;
  booking_reference: string;
  payment_reference: string;
  traveler_id: string;
  passenger_reference: number;
  itinerary_index: number;
  direction: FlightTicketRow['direction'];
  departure_date: string;
  departure_time: string;
  from_code: string;
  to_code: string;
  from_name: string;
  to_name: string;
  price_total: string;
  price_currency: string;
  provider_segment_references: string;
  ticket_number: string | null;
  document_id: string | null;
  document_status: FlightTicketRow['documentStatus'];
  provider_document_element: FlightTicketRow['providerDocumentElement'];
  validating_carrier: string | null;
  tst_reference: number | null;
  pricing_record_reference: number | null;
  coupons: string;
  issued_at: Date | null;
  status: string;
}

function toReservation(row: FlightReservationRow): FlightReservation {
  return {
    id: row.id,
    accountId: row.account_id,
    channel: row.channel,
    bookingUserType: row.booking_user_type,
    offerReference: row.offer_reference,
    externalUserId: row.external_user_id,
    selectedOption: row.selected_option,
    notifications: json(row.notifications) ?? {},
    status: row.status,
    bookingReference: row.booking_reference,
    paymentReference: row.payment_reference,
    pnr: row.pnr,
    language: row.language,
    displayCurrency: row.display_currency,
    price: json(row.price)!,
    originalPrice: json(row.original_price)!,
    priceVersion: row.price_version,
    priceChangeExpiresAt: date(row.price_change_expires_at),
    offerExpiresAt: date(row.offer_expires_at)!,
    paymentDeadlineAt: date(row.payment_deadline_at),
    walletId: row.wallet_id,
    walletCurrency: row.wallet_currency,
    walletDebitTotal: row.wallet_debit_total,
    admittedAt: date(row.admitted_at),
    authenticationContext: row.authentication_context,
    issuedAt: date(row.issued_at),
    cancelledAt: date(row.cancelled_at),
    cancelReason: row.cancel_reason,
    createdAt: date(row.created_at)!,
    updatedAt: date(row.updated_at)!,
    supplierOffer: json(row.supplier_offer)!,
    offerView: json(row.offer_view),
    requirements: json(row.requirements)!,
    passengers: json(row.passengers),
    supplierBooking: json(row.supplier_booking),
    pricingRecords: json(row.pricing_records),
    documents: json(row.documents),
    lastError: row.last_error,
  };
}

function toTicket(row: FlightTicketDbRow): FlightTicketRow {
  return {
    uuid: row.uuid,
    ticketId: row.ticket_id,
    reservationId: row.reservation_id,
    bookingReference: row.booking_reference,
    paymentReference: row.payment_reference,
    travelerId: row.traveler_id,
    passengerReference: Number(row.passenger_reference),
    itineraryIndex: Number(row.itinerary_index),
    direction: row.direction,
    departureDate: row.departure_date,
    departureTime: row.departure_time,
    fromCode: row.from_code,
    toCode: row.to_code,
    from: row.from_name,
    to: row.to_name,
    // DECIMAL(20,4) reads back as "171.0000": the API writes amounts with the currency's own decimals.
    priceTotal: formatAmount(parseAmount(row.price_total), row.price_currency),
    priceCurrency: row.price_currency,
    providerSegmentReferences: JSON.parse(row.provider_segment_references),
    ticketNumber: row.ticket_number,
    documentId: row.document_id,
    documentStatus: row.document_status,
    providerDocumentElement: row.provider_document_element,
    validatingCarrier: row.validating_carrier,
    tstReference: row.tst_reference === null ? null : Number(row.tst_reference),
    pricingRecordReference: row.pricing_record_reference === null ? null : Number(row.pricing_record_reference),
    coupons: JSON.parse(row.coupons),
    issuedAt: row.issued_at ? new Date(row.issued_at).toISOString() : null,
    status: row.status,
  };
}
