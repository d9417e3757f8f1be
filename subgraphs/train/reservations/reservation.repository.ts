import { TripRegistryRepository } from '../../../shared/trips/trip-registry.repository';
import type { DataSource, EntityManager } from 'typeorm';
import { claimProcessingLease, releaseProcessingLease, updateWhileStatus } from '../../../shared/database/guarded-update.repository';
import { lookupContact, TicketLookupFilter } from '../../../shared/tickets/ticket-lookup.contract';
import { SqlConditions } from '../../../shared/database/sql-conditions.builder';
import type { TrainReservation, TrainReservationStatus, TrainTicketRow, TrainTicketStatus } from './reservation.types';
import { date, json, toReservation, toTicket, TrainReservationRow, TrainTicketDbRow } from './reservation-row.mapper';

const JSON_COLUMNS = {
  notifications: 'notifications',
  outbound: 'outbound',
  returnJourney: 'return_journey',
  passengers: 'passengers',
  issuerDeviceInfo: 'issuer_device_info',
} as const;

const PLAIN_COLUMNS = {
  requestFingerprint: 'request_fingerprint',
  status: 'status',
  attempt: 'attempt',
  journeyType: 'journey_type',
  ticketPurchase: 'ticket_purchase',
  authenticationContext: 'authentication_context',
  pnr: 'pnr',
  workflowId: 'workflow_id',
  workflowStartConfirmed: 'workflow_start_confirmed',
  billId: 'bill_id',
  controlNumber: 'control_number',
  billAmount: 'bill_amount',
  billCurrency: 'bill_currency',
  paymentRequired: 'payment_required',
  paymentCurrency: 'payment_currency',
  reservedAt: 'reserved_at',
  internalExpiresAt: 'internal_expires_at',
  expiresAt: 'expires_at',
  providerExpiresAt: 'provider_expires_at',
  lastError: 'last_error',
  needsAttentionAt: 'needs_attention_at',
  cancelledAt: 'cancelled_at',
  cancelReason: 'cancel_reason',
} as const;

export type TrainReservationChanges = Partial<Pick<TrainReservation, keyof typeof JSON_COLUMNS | keyof typeof PLAIN_COLUMNS>>;

const TICKET_COLUMNS = [
  'train_ticket_uuid',
  'reservation_id',
  'passenger_index',
  'journey',
  'passenger_name',
  'passenger_phone',
  'ticket_number',
  'hold_key',
  'time_table_train_set_id',
  'travel_date',
  'from_stop_id',
  'to_stop_id',
  'car_id',
  'car_number',
  'car_type_id',
  'car_class',
  'seat_id',
  'seat_label',
  'ticket_type_id',
  'luggage_id',
  'fare_amount',
  'price_total',
  'price_currency',
  'price',
  'status',
  'authentication_context',
  'created_at',
  'updated_at',
  'passenger_email',
  'booked_at',
];

/** What the ticket lookup shows of a ticket's reservation. */
export type LookedUpReservation = Pick<TrainReservation, 'id' | 'createdAt' | 'pnr' | 'paymentReference' | 'outbound' | 'returnJourney' | 'passengers'>;

/** SQL for train reservations and tickets; the services decide, this only reads and writes rows. */
export class TrainReservationRepository {
  /** The account's trip list follows each reservation (shared/trips): registered with it, moved with its status. */
  private readonly trips = new TripRegistryRepository();

  constructor(private readonly dataSource: DataSource) {}

  /** Inserts a new reservation; false when one already exists for its idempotency key. */
  async insert(r: TrainReservation, m: EntityManager = this.dataSource.manager): Promise<boolean> {
    const result = await m.query(
      `INSERT IGNORE INTO train_reservation (id, account_id, booking_user_type, idempotency_key, request_fingerprint, status, attempt, journey_type,
         ticket_purchase, notifications, outbound, return_journey, passengers, issuer_device_info, authentication_context, language, pricing_context,
         payment_reference, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      [
        r.id,
        r.accountId,
        r.bookingUserType,
        r.idempotencyKey,
        r.requestFingerprint,
        r.status,
        r.attempt,
        r.journeyType,
        r.ticketPurchase ? 1 : 0,
        JSON.stringify(r.notifications),
        JSON.stringify(r.outbound),
        r.returnJourney ? JSON.stringify(r.returnJourney) : null,
        JSON.stringify(r.passengers),
        r.issuerDeviceInfo ? JSON.stringify(r.issuerDeviceInfo) : null,
        r.authenticationContext,
        r.language,
        r.pricingContext,
        r.paymentReference,
        r.createdAt,
        r.updatedAt,
      ],
    );
    const inserted = Number(result.affectedRows ?? 0) === 1;
    if (inserted) {
      await this.trips.record(m, {
        kind: 'TRAIN',
        bookingId: r.id,
        accountId: r.accountId,
        status: r.status,
        departureDate: r.outbound.departure.date,
        createdAt: r.createdAt,
      });
    }
    return inserted;
  }

  async byKey(idempotencyKey: string, m: EntityManager = this.dataSource.manager): Promise<TrainReservation | null> {
    return this.one(m, 'idempotency_key = ?', [idempotencyKey]);
  }

  async byId(id: string, m: EntityManager = this.dataSource.manager, lock = false): Promise<TrainReservation | null> {
    return this.one(m, 'id = ?', [id], lock);
  }

  /** The reservations of these ids that exist, in no order (TrainTripService answers trips by id). */
  async byIds(ids: string[], m: EntityManager = this.dataSource.manager): Promise<TrainReservation[]> {
    if (ids.length === 0) return [];
    const rows = (await m.query('SELECT * FROM train_reservation WHERE id IN (?)', [ids])) as TrainReservationRow[];
    return rows.map(toReservation);
  }

  async byPaymentReference(paymentReference: string, m: EntityManager = this.dataSource.manager): Promise<TrainReservation | null> {
    return this.one(m, 'payment_reference = ?', [paymentReference]);
  }

  async byPnr(pnr: string, m: EntityManager = this.dataSource.manager): Promise<TrainReservation | null> {
    return this.one(m, 'pnr = ?', [pnr]);
  }

  /** Takes the right to talk to the provider for this reservation for `ms`; concurrent retries get false. */
  async claim(id: string, now: Date, ms: number): Promise<boolean> {
    return claimProcessingLease(this.dataSource, 'train_reservation', id, now, ms);
  }

  async release(id: string): Promise<void> {
    await releaseProcessingLease(this.dataSource, 'train_reservation', id);
  }

  /** Applies changes; with `from`, only while the status is still one of those (false otherwise). */
  async update(
    id: string,
    changes: TrainReservationChanges,
    now: Date,
    m: EntityManager = this.dataSource.manager,
    from?: TrainReservationStatus[],
  ): Promise<boolean> {
    const sets: string[] = ['updated_at = ?'];
    const params: unknown[] = [now];
    for (const [key, value] of Object.entries(changes)) {
      if (key in JSON_COLUMNS) {
        sets.push(`${JSON_COLUMNS[key as keyof typeof JSON_COLUMNS]} = ?`);
        params.push(value === null ? null : JSON.stringify(value));
      } else if (key in PLAIN_COLUMNS) {
        sets.push(`${PLAIN_COLUMNS[key as keyof typeof PLAIN_COLUMNS]} = ?`);
        params.push(typeof value === 'boolean' ? (value ? 1 : 0) : value);
      } else {
        throw new Error(`unknown train reservation column ${key}`);
      }
    }
    const change = { kind: 'TRAIN' as const, bookingId: id, status: changes.status, now };
    return this.trips.followStatus(this.dataSource, m, change, (tx) =>
      updateWhileStatus(tx, { table: 'train_reservation', key: { column: 'id', value: id }, sets, params, from }),
    );
  }

  /**
   * Inserts a reservation's tickets. Each keeps its passenger's email (the lookup's column, beside the phone it has)
   * and the booking's creation time, from the reservation: GET /api/ticket finds them through those indexed columns.
   */
  async insertTickets(r: Pick<TrainReservation, 'passengers' | 'createdAt'>, rows: TrainTicketRow[], m: EntityManager): Promise<void> {
    if (rows.length === 0) return;
    await m.query(
      `INSERT IGNORE INTO train_ticket (${TICKET_COLUMNS.join(', ')}) VALUES ${rows.map(() => `(${TICKET_COLUMNS.map(() => '?').join(', ')})`).join(', ')}`,
      rows.flatMap((t) => [
        t.trainTicketUuid,
        t.reservationId,
        t.passengerIndex,
        t.journey,
        t.passengerName,
        t.passengerPhone,
        t.ticketNumber,
        t.holdKey,
        t.timeTableTrainSetId,
        t.travelDate,
        t.fromStopId,
        t.toStopId,
        t.carId,
        t.carNumber,
        t.carTypeId,
        t.carClass,
        t.seatId,
        t.seatLabel,
        t.ticketTypeId,
        t.luggageId,
        t.fareAmount,
        t.priceTotal,
        t.priceCurrency,
        JSON.stringify(t.price),
        t.status,
        t.authenticationContext,
        t.createdAt,
        t.updatedAt,
        lookupContact(r.passengers[t.passengerIndex]?.email, null).email,
        r.createdAt,
      ]),
    );
  }

  async reservationIdOfTicketNumber(ticketNumber: string): Promise<string | null> {
    const [row] = await this.dataSource.query<Array<{ reservation_id: string }>>('SELECT reservation_id FROM train_ticket WHERE ticket_number = ? LIMIT 1', [
      ticketNumber,
    ]);
    return row?.reservation_id ?? null;
  }

  /** Which reservation and passenger each of these tickets belongs to (unknown uuids are simply absent). */
  async ticketOwners(uuids: string[]): Promise<Array<{ train_ticket_uuid: string; reservation_id: string; passenger_index: number }>> {
    return this.dataSource.query('SELECT train_ticket_uuid, reservation_id, passenger_index FROM train_ticket WHERE train_ticket_uuid IN (?)', [uuids]);
  }

  /** The ticket a document request names by its uuid or its ticket number, with its reservation. */
  async ticketByUuidOrNumber(ticketId: string): Promise<{ reservation_id: string; train_ticket_uuid: string } | undefined> {
    const [row] = await this.dataSource.query<Array<{ reservation_id: string; train_ticket_uuid: string }>>(
      'SELECT reservation_id, train_ticket_uuid FROM train_ticket WHERE train_ticket_uuid = ? OR ticket_number = ? LIMIT 1',
      [ticketId, ticketId],
    );
    return row;
  }

  /** Tickets in the order the reservation lists them: by passenger, outbound before return. */
  async ticketsOf(reservationId: string, m: EntityManager = this.dataSource.manager): Promise<TrainTicketRow[]> {
    const rows = await m.query<TrainTicketDbRow[]>("SELECT * FROM train_ticket WHERE reservation_id = ? ORDER BY passenger_index, journey = 'RETURN'", [
      reservationId,
    ]);
    return rows.map(toTicket);
  }

  async setTicketStatus(reservationId: string, status: TrainTicketStatus, now: Date, m: EntityManager): Promise<void> {
    await m.query('UPDATE train_ticket SET status = ?, updated_at = ? WHERE reservation_id = ?', [status, now, reservationId]);
  }

  /**
   * Tickets matching every filter of a lookup (GET /api/ticket), of one account or (accountId null) of anyone, newest
   * booking first, with their reservations. Each filter reads an index: ticket uuid or number; payment reference;
   * PNR; the passenger's email or phone (with the booking time, so the newest come first without sorting them all).
   */
  async lookup(
    filter: TicketLookupFilter,
    accountId: string | null,
    limit: number,
  ): Promise<Array<{ ticket: TrainTicketRow; reservation: LookedUpReservation }>> {
    const c = new SqlConditions();
    if (accountId) c.add('r.account_id = ?', accountId);
    if (filter.ticketId) c.add('(t.train_ticket_uuid = ? OR t.ticket_number = ?)', filter.ticketId, filter.ticketId);
    if (filter.paymentReference) c.add('r.payment_reference = ?', filter.paymentReference);
    if (filter.bookingReference) c.add('r.pnr = ?', filter.bookingReference);
    if (filter.email) c.add('t.passenger_email = ?', filter.email);
    if (filter.phone) c.add('t.passenger_phone = ?', filter.phone);
    const rows = await this.dataSource.query<TrainTicketDbRow[]>(
      `SELECT t.* FROM train_ticket t JOIN train_reservation r ON r.id = t.reservation_id ${c.where}
        ORDER BY t.booked_at DESC, t.train_ticket_uuid DESC LIMIT ?`,
      [...c.params, limit],
    );
    const tickets = rows.map(toTicket);
    const ids = [...new Set(tickets.map((t) => t.reservationId))];
    // Only what a looked-up ticket shows of its booking: a reservation's other documents stay on disk.
    const reservations = ids.length
      ? (
          await this.dataSource.query<TrainReservationRow[]>(
            'SELECT id, created_at, pnr, payment_reference, outbound, return_journey, passengers FROM train_reservation WHERE id IN (?)',
            [ids],
          )
        ).map((row): LookedUpReservation => ({
          id: row.id,
          createdAt: date(row.created_at)!,
          pnr: row.pnr,
          paymentReference: row.payment_reference,
          outbound: json(row.outbound)!,
          returnJourney: json(row.return_journey),
          passengers: json(row.passengers)!,
        }))
      : [];
    const byId = new Map(reservations.map((r) => [r.id, r]));
    return tickets.map((ticket) => ({ ticket, reservation: byId.get(ticket.reservationId)! }));
  }

  private async one(m: EntityManager, where: string, params: unknown[], lock = false): Promise<TrainReservation | null> {
    const [row] = await m.query<TrainReservationRow[]>(`SELECT * FROM train_reservation WHERE ${where} LIMIT 1${lock ? ' FOR UPDATE' : ''}`, params);
    return row ? toReservation(row) : null;
  }
}
