import type { EntityManager } from 'typeorm';
import type { FlightPorts } from '../flight.port';
import type { Principal } from '../../../shared/auth/token.service';
import { FlightException } from '../errors/flight.exception';
import type { PaymentRecoveryRequest } from '../../../shared/api-contract/flight-issuance.validator';
import { deadlinePassed, FlightPayment, paymentMatches, releasedAtDeadline } from '../payments/flight-payment.policy';
import type { FlightPaymentRepository } from '../payments/flight-payment.repository';
import type { ReservationRepository } from './reservation.repository';
import { issuanceView, IssuanceView } from './reservation.view';
import type { FlightReservation, ReservationStatus } from './reservation.types';
import type { PaymentRecoveryRepository, PaymentRecoveryRow, RecoveryState } from './payment-recovery.repository';
import { cancellationView } from './cancellation.view';
import { FlightEvents } from './reservation-events';

const CANCELLED: ReservationStatus[] = ['CANCELLED', 'REFUND_PENDING', 'REFUND_REQUIRED'];
// Money still held for the customer: confirmed, or waiting to be paid back.
const RECOVERABLE_PAYMENT = ['CONFIRMED', 'REFUND_PENDING', 'REFUND_REQUIRED'];

export type { RecoveryState };

export interface PaymentRecoveryView {
  reconciliationOperationId: string;
  sourceTicketId: string;
  replacementTicketId: string;
  state: RecoveryState;
  recoveryIdempotent: boolean;
  finalizationIdempotent: boolean;
}

/** A direct issuance's answer (customer-issuance.service.ts), which a recovery extends with what it moved. */
export interface IssuanceOutcome {
  /** True: every document issued (REST 200); false: active elsewhere, partial, reconciliation or refund (202). */
  complete: boolean;
  issued: boolean;
  ticketId: string;
  paymentReference: string;
  ticketUuids: string[];
  issuance: IssuanceView;
}

export interface RecoveryOutcome extends IssuanceOutcome {
  paymentRecovery: PaymentRecoveryView;
}

/** The one thing recovery needs of issuance, named here so this file does not import the service that calls it. */
export interface ImmediateIssuer {
  issueNow(found: FlightReservation, lookupTicketId: string | null): Promise<IssuanceOutcome>;
}

/**
 * Cancelled-payment recovery (direct issuance with sourceTicketId, paymentRequestId and
 * reconciliationOperationId, SUDO only): a confirmed customer payment of a cancelled
 * reservation is moved to the customer's replacement reservation and issues it. The move is
 * recorded in flight_payment_recovery under the operation id, so a repeat applies nothing twice;
 * the replacement must match the payment exactly, and issuance still checks the confirmed
 * payment: recovery never bypasses the payment gate.
 */
export class PaymentRecovery {
  constructor(
    private readonly ports: Pick<FlightPorts, 'clock' | 'transactor' | 'logger' | 'webhooks'>,
    private readonly reservations: ReservationRepository,
    private readonly payments: FlightPaymentRepository,
    private readonly issuer: ImmediateIssuer,
    private readonly recoveries: PaymentRecoveryRepository,
  ) {}

  async recover(principal: Principal, req: PaymentRecoveryRequest, raced = false): Promise<RecoveryOutcome> {
    const applied = await this.operation(req.operationId);
    if (applied) {
      if (applied.payment_id !== req.paymentRequestId || applied.source_ticket_id !== req.sourceTicketId || applied.replacement_ticket_id !== req.ticketId) {
        throw FlightException.recoveryConflict('This reconciliationOperationId was applied to other identifiers', {
          reconciliationOperationId: req.operationId,
        });
      }
      const replacement = (await this.reservations.byId(applied.replacement_reservation_id))!;
      if (applied.state === 'REFUND_REQUIRED') return this.refundRequired(replacement, req, true);
      return this.finalize(replacement, req, true);
    }

    const source = await this.reservations.byTicketId(req.sourceTicketId);
    const replacement = await this.reservations.byTicketId(req.ticketId);
    if (!source || !replacement) throw FlightException.reservationNotFound();
    if (req.paymentReference && req.paymentReference !== replacement.paymentReference) {
      throw FlightException.invalidRequest("paymentReference is not the replacement ticket's", [
        { field: 'paymentReference', message: 'belongs to another reservation' },
      ]);
    }
    const payment = await this.payments.byId(req.paymentRequestId);
    if (!payment) throw FlightException.paymentNotFound();
    await this.check(source, replacement, payment);

    // Amount and currency must be the replacement's grand total; otherwise the money goes back.
    if (!paymentMatches({ ...payment, paymentReference: replacement.paymentReference }, replacement)) {
      await this.ports.transactor.transaction((m) => this.record(m, req, principal, source, replacement, payment, 'REFUND_REQUIRED', 'INSERT IGNORE'));
      this.ports.logger.warn('flight payment recovery needs a refund', { reconciliationOperationId: req.operationId, paymentRequestId: payment.id });
      return this.refundRequired(replacement, req, false);
    }

    const outcome = await this.ports.transactor.transaction(async (m) => {
      const locked = (await this.payments.byId(payment.id, m, true))!;
      if (await this.operation(req.operationId, m)) return 'raced' as const;
      if (locked.reservationId !== source.id || !RECOVERABLE_PAYMENT.includes(locked.status)) {
        throw FlightException.recoveryConflict('The payment was moved or changed meanwhile', { paymentRequestId: payment.id, status: locked.status });
      }
      await this.record(m, req, principal, source, replacement, locked, 'RESERVED', 'INSERT');
      await this.payments.reassign(payment.id, replacement.id, replacement.paymentReference, this.ports.clock.now(), m);
      // The cancelled source's refund changed: its money now pays the replacement (its cancellation answer, as a repeat gets it).
      const left = await this.payments.ofReservation(source.id, m);
      await new FlightEvents(this.ports).refundUpdated(m, source.accountId, cancellationView(source, left, null, true));
      return 'applied' as const;
    });
    if (outcome === 'raced' && !raced) return this.recover(principal, req, true);
    this.ports.logger.info('flight payment recovered', {
      reconciliationOperationId: req.operationId,
      paymentRequestId: payment.id,
      sourceReservationId: source.id,
      replacementReservationId: replacement.id,
    });
    return this.finalize(replacement, req, outcome === 'raced');
  }

  /** Issues the replacement against its (reassigned) confirmed payment. */
  private async finalize(found: FlightReservation, req: PaymentRecoveryRequest, recoveryIdempotent: boolean): Promise<RecoveryOutcome> {
    const replacement = (await this.reservations.byId(found.id))!;
    const finalizationIdempotent = replacement.status === 'ISSUED';
    if (!finalizationIdempotent && !(await this.payments.confirmedFor(replacement))) throw FlightException.paymentNotConfirmed();
    const outcome = await this.issuer.issueNow(replacement, req.ticketId);
    if (outcome.complete) {
      await this.recoveries.markIssued(req.operationId, this.ports.clock.now());
    }
    return { ...outcome, paymentRecovery: view(req, outcome.complete ? 'ISSUED' : 'RESERVED', recoveryIdempotent, finalizationIdempotent) };
  }

  private async refundRequired(replacement: FlightReservation, req: PaymentRecoveryRequest, recoveryIdempotent: boolean): Promise<RecoveryOutcome> {
    const tickets = await this.reservations.ticketsOf(replacement.id);
    return {
      complete: false,
      issued: false,
      ticketId: req.ticketId,
      paymentReference: replacement.paymentReference,
      ticketUuids: tickets.map((t) => t.uuid),
      issuance: issuanceView(replacement),
      paymentRecovery: view(req, 'REFUND_REQUIRED', recoveryIdempotent, false),
    };
  }

  private async check(source: FlightReservation, replacement: FlightReservation, payment: FlightPayment): Promise<void> {
    if (source.id === replacement.id) {
      throw FlightException.invalidRequest('ticketId must name the replacement reservation, not the source', [
        { field: 'ticketId', message: 'is the source ticket' },
      ]);
    }
    if (!CANCELLED.includes(source.status))
      throw FlightException.recoveryConflict(`The source reservation is ${source.status}, not cancelled`, { sourceReservationId: source.id });
    if (payment.reservationId !== source.id)
      throw FlightException.recoveryConflict('The payment does not belong to the source reservation', { paymentRequestId: payment.id });
    if (!RECOVERABLE_PAYMENT.includes(payment.status)) {
      throw FlightException.recoveryConflict(`The payment is ${payment.status}; only CONFIRMED, REFUND_PENDING or REFUND_REQUIRED payments can be recovered`, {
        paymentRequestId: payment.id,
      });
    }
    if (replacement.channel !== 'CUSTOMER' || replacement.accountId !== payment.accountId) {
      throw FlightException.recoveryConflict('The replacement must be a customer reservation of the paying account', {
        replacementReservationId: replacement.id,
      });
    }
    if (replacement.status !== 'TST_CREATED') {
      if (releasedAtDeadline(replacement)) throw FlightException.reservationExpired({ reservationId: replacement.id });
      throw FlightException.notIssuable(replacement.status, { reservationId: replacement.id });
    }
    if (deadlinePassed(replacement, this.ports.clock.now())) {
      throw FlightException.reservationExpired({ reservationId: replacement.id, paymentDeadlineAt: replacement.paymentDeadlineAt!.toISOString() });
    }
    if ((await this.payments.ofReservation(replacement.id)).some((p) => p.status === 'CONFIRMED')) {
      throw FlightException.recoveryConflict('The replacement reservation is already paid', { replacementReservationId: replacement.id });
    }
  }

  private async operation(operationId: string, m?: EntityManager): Promise<PaymentRecoveryRow | null> {
    return this.recoveries.byOperation(operationId, m);
  }

  /** The audit row: what was moved, from where, by whom. */
  private async record(
    m: EntityManager,
    req: PaymentRecoveryRequest,
    principal: Principal,
    source: FlightReservation,
    replacement: FlightReservation,
    payment: FlightPayment,
    state: RecoveryState,
    verb: 'INSERT' | 'INSERT IGNORE',
  ): Promise<void> {
    const row = {
      reconciliation_operation_id: req.operationId,
      payment_id: payment.id,
      source_reservation_id: source.id,
      source_ticket_id: req.sourceTicketId,
      replacement_reservation_id: replacement.id,
      replacement_ticket_id: req.ticketId,
      previous_payment_reference: payment.paymentReference,
      previous_payment_status: payment.status,
      state,
      applied_by: principal.accountId,
    };
    await this.recoveries.insert(m, row, this.ports.clock.now(), verb === 'INSERT IGNORE');
  }
}

function view(req: PaymentRecoveryRequest, state: RecoveryState, recoveryIdempotent: boolean, finalizationIdempotent: boolean): PaymentRecoveryView {
  return {
    reconciliationOperationId: req.operationId,
    sourceTicketId: req.sourceTicketId,
    replacementTicketId: req.ticketId,
    state,
    recoveryIdempotent,
    finalizationIdempotent,
  };
}
