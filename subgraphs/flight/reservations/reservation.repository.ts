import { TripRegistryRepository } from '../../../shared/trips/trip-registry.repository';
import type { DataSource, EntityManager } from 'typeorm';
import { claimProcessingLease, releaseProcessingLease, updateWhileStatus } from '../../../shared/database/guarded-update.repository';
import type { TicketLookupFilter } from '../../../shared/tickets/ticket-lookup.contract';
import type { FlightReservation, FlightTicketRow, ReservationStatus } from './reservation.types';
import { FlightReservationRow, JSON_COLUMNS, PLAIN_COLUMNS, toReservation } from './reservation-row.mapper';
import { FlightTicketRepository, LookedUpReservation } from './flight-ticket.repository';

export type ReservationChanges = Partial<Pick<FlightReservation, keyof typeof JSON_COLUMNS | keyof typeof PLAIN_COLUMNS>> & { cancelReason?: string | null };

export type { LookedUpReservation };

/** SQL for flight_reservation (and, through FlightTicketRepository, its tickets); the services decide, this only reads and writes rows. */
export class ReservationRepository {
  private readonly tickets: FlightTicketRepository;
  /** The account's trip list follows each reservation (shared/trips): registered with it, moved with its status. */
  private readonly trips = new TripRegistryRepository();

  constructor(private readonly dataSource: DataSource) {
    this.tickets = new FlightTicketRepository(dataSource);
  }

  insertTickets(r: Pick<FlightReservation, 'passengers' | 'createdAt'>, rows: FlightTicketRow[], m: EntityManager): Promise<void> {
    return this.tickets.insertTickets(r, rows, m);
  }

  ticketsOf(reservationId: string, m?: EntityManager): Promise<FlightTicketRow[]> {
    return this.tickets.ticketsOf(reservationId, m);
  }

  ticketsByTicketId(ticketId: string, m?: EntityManager): Promise<FlightTicketRow[]> {
    return this.tickets.ticketsByTicketId(ticketId, m);
  }

  updateTicketDocument(...args: Parameters<FlightTicketRepository['updateTicketDocument']>): Promise<void> {
    return this.tickets.updateTicketDocument(...args);
  }

  setTicketStatus(reservationId: string, status: string, m: EntityManager): Promise<void> {
    return this.tickets.setTicketStatus(reservationId, status, m);
  }

  /** The tickets of a lookup (GET /api/ticket) with what it shows of their reservations (FlightTicketRepository.lookup). */
  lookup(filter: TicketLookupFilter, accountId: string | null, limit: number): Promise<Array<{ ticket: FlightTicketRow; reservation: LookedUpReservation }>> {
    return this.tickets.lookup(filter, accountId, limit);
  }

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
    const inserted = Number(result.affectedRows ?? 0) === 1;
    if (inserted) {
      const departureDate = r.supplierOffer.itineraries[0]?.segments[0]?.departure.at.slice(0, 10) ?? null;
      await this.trips.record(m, { kind: 'FLIGHT', bookingId: r.id, accountId: r.accountId, status: r.status, departureDate, createdAt: r.createdAt });
    }
    return inserted;
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

  /** The reservations of these ids that exist, in no order (FlightTripService answers trips by id). */
  async byIds(ids: string[], m: EntityManager = this.dataSource.manager): Promise<FlightReservation[]> {
    if (ids.length === 0) return [];
    const rows = (await m.query('SELECT * FROM flight_reservation WHERE id IN (?)', [ids])) as FlightReservationRow[];
    return rows.map(toReservation);
  }

  async byPaymentReference(paymentReference: string, m: EntityManager = this.dataSource.manager): Promise<FlightReservation | null> {
    return this.one(m, 'payment_reference = ?', [paymentReference]);
  }

  /**
   * Takes the right to work on a reservation for `ms`: concurrent requests for the same
   * reservation get false and answer 202 instead of racing the supplier.
   */
  async claim(id: string, now: Date, ms: number): Promise<boolean> {
    return claimProcessingLease(this.dataSource, 'flight_reservation', id, now, ms);
  }

  async release(id: string): Promise<void> {
    await releaseProcessingLease(this.dataSource, 'flight_reservation', id);
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
    const change = { kind: 'FLIGHT' as const, bookingId: id, status: changes.status, now };
    return this.trips.followStatus(this.dataSource, m, change, async (tx) => {
      const updated = await updateWhileStatus(tx, { table: 'flight_reservation', key: { column: 'id', value: id }, sets, params, from });
      // The tickets' lookup columns follow the passengers they were copied from.
      if (updated && changes.passengers) await this.tickets.followPassengers(tx, id, changes.passengers);
      return updated;
    });
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
   * Reservations a crash left half way in one of `statuses` (an issuance: ISSUING or PARTIALLY_ISSUED; a cancellation:
   * CANCELLING): untouched since `before`, past any caller's lease, tried by recovery fewer than `maxAttempts` times.
   * Oldest first (the (status, updated_at) index).
   */
  async stalled(statuses: ReservationStatus[], now: Date, before: Date, maxAttempts: number, limit: number): Promise<FlightReservation[]> {
    const rows = await this.dataSource.query<FlightReservationRow[]>(
      `SELECT * FROM flight_reservation
        WHERE status IN (?) AND updated_at < ? AND (processing_until IS NULL OR processing_until < ?) AND recovery_attempts < ?
        ORDER BY updated_at LIMIT ?`,
      [statuses, before, now, maxAttempts, limit],
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

  private async one(m: EntityManager, where: string, params: unknown[], lock = false): Promise<FlightReservation | null> {
    const [row] = await m.query<FlightReservationRow[]>(`SELECT * FROM flight_reservation WHERE ${where} LIMIT 1${lock ? ' FOR UPDATE' : ''}`, params);
    return row ? toReservation(row) : null;
  }
}
