import { runWorkflow, Workflow } from '../../../shared/workflow/workflow';
import type { FlightPorts } from '../flight.port';
import { FLIGHT_JOBS } from '../jobs/flight.jobs';
import { FlightException } from '../errors/flight.exception';
import { FlightSupplier, SupplierError, SupplierTicketDocument } from '../supplier/flight-supplier.port';
import { ReservationRepository } from './reservation.repository';
import { toDocuments } from './reservation.view';
import { FLIGHT_BOOKING_KIND } from './reservation-follow-ups.service';
import type { FlightReservation } from './reservation.types';
import type { FlightWalletAdmission } from './wallet-admission.service';
import { FlightEvents } from './reservation-events';

interface IssuanceState {
  r: FlightReservation;
  /** When the lease was taken: the time a refusal is recorded at. */
  now: Date;
  documents: SupplierTicketDocument[];
}

export type IssuanceOutcome = { complete: true; reservation: FlightReservation } | { complete: false; reservation: FlightReservation };

/**
 * Ticket issuance for a reservation whose payment is settled (agent admission or confirmed
 * customer payment). Answers complete only when every expected document is ISSUED. The wallet
 * debit and the ticket messages are written to the outbox in the same transaction that records
 * the issuance, so they happen exactly when it does and survive any restart.
 */
export class IssuanceService {
  constructor(
    private readonly ports: Pick<FlightPorts, 'clock' | 'transactor' | 'outbox' | 'notifications' | 'logger' | 'recovery' | 'webhooks'>,
    private readonly supplier: FlightSupplier,
    private readonly reservations: ReservationRepository,
    private readonly admission: FlightWalletAdmission,
  ) {}

  async issue(r: FlightReservation): Promise<IssuanceOutcome> {
    if (r.status === 'ISSUED') return { complete: true, reservation: r };
    const now = this.ports.clock.now();
    // How long this caller may drive issuance before a concurrent one (or the recovery job) may take over.
    if (!(await this.reservations.claim(r.id, now, this.ports.recovery.issuanceLeaseSeconds * 1000))) return { complete: false, reservation: r };
    try {
      return await runWorkflow(this.flow, { r, now, documents: [] }, this.ports.logger);
    } finally {
      await this.reservations.release(r.id);
    }
  }

  /**
   * Issuance under the lease, as named steps. The guard against issuing twice is the supplier's: it answers a
   * repeated request with the tickets it already issued, so a retried flow asks again and records the same documents.
   */
  private readonly flow: Workflow<IssuanceState, IssuanceOutcome> = {
    name: 'flight issuance',
    steps: [
      {
        name: 'ask the supplier for the tickets',
        run: async (s) => {
          s.documents = await this.supplier.issueTickets(s.r.pnr!, s.r.id);
          return undefined;
        },
        compensate: async (error, { r, now }) => {
          // A timeout is not an answer: the issuance stays as it is, for a retry or the recovery job.
          if (error instanceof SupplierError && error.code === 'TIMEOUT') return { complete: false, reservation: r };
          if (!(error instanceof SupplierError && error.code === 'ISSUANCE_FAILED')) return undefined;
          // Nothing was issued, so nothing will be debited: the wallet hold is given back with the status.
          await this.ports.transactor.transaction(async (m) => {
            if (await this.reservations.update(r.id, { status: 'TST_CREATED', lastError: error.message }, now, m, ['ISSUING']))
              await this.admission.release(r, m);
          });
          throw FlightException.issuanceFailed(`The airline refused to issue the tickets: ${error.message}`);
        },
      },
      {
        // The wallet-debit job and the ticket messages are written in the transaction that records the documents.
        name: 'record the documents',
        run: (s) => this.record(s.r, s.documents),
      },
    ],
  };

  private async record(r: FlightReservation, supplierDocs: SupplierTicketDocument[]): Promise<IssuanceOutcome> {
    const now = this.ports.clock.now();
    const documents = toDocuments(supplierDocs);
    const complete = documents.length > 0 && documents.every((d) => d.status === 'ISSUED');
    const status = complete ? 'ISSUED' : 'PARTIALLY_ISSUED';
    await this.ports.transactor.transaction(async (m) => {
      // Read under the row lock: a repeat that records the same documents again (the supplier answers a repeat alike) reports nothing twice.
      const wasIssued = (await this.reservations.byId(r.id, m, true))?.status === 'ISSUED';
      await this.reservations.update(r.id, { status, documents, issuedAt: complete ? now : null, lastError: null }, now, m);
      for (const doc of supplierDocs) {
        await this.reservations.updateTicketDocument(
          r.id,
          doc.travelerId,
          {
            ticketNumber: doc.ticketNumber ?? null,
            documentId: doc.documentId ?? null,
            documentStatus: doc.status,
            providerDocumentElement: doc.providerElement ?? null,
            validatingCarrier: doc.validatingCarrier,
            tstReference: doc.tstReference ?? null,
            pricingRecordReference: doc.pricingRecordReference,
            coupons: doc.coupons.map((c) => ({ segmentReference: c.segmentReference, status: c.status, lastObservedAt: now.toISOString() })),
            issuedAt: doc.issuedAt ?? null,
            status: doc.status === 'ISSUED' ? 'ISSUED' : status,
          },
          m,
        );
      }
      if (complete) {
        if (r.walletId && r.walletDebitTotal) await this.ports.outbox.enqueue(m, FLIGHT_JOBS.walletDebit.of({ reservationId: r.id }));
        await this.ports.notifications.request(m, { bookingKind: FLIGHT_BOOKING_KIND, bookingId: r.id, messageType: 'TICKET' });
        if (!wasIssued) await new FlightEvents(this.ports).issued(m, { ...r, status, documents, issuedAt: now, updatedAt: now });
      }
    });
    this.ports.logger.info(complete ? 'flight issued' : 'flight partially issued', { reservationId: r.id, bookingReference: r.bookingReference });
    return { complete, reservation: { ...r, status, documents, issuedAt: complete ? now : null } } as IssuanceOutcome;
  }
}
