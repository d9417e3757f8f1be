import { runWorkflow, Workflow } from '../../../shared/workflow/workflow';
import type { FlightPorts } from '../flight.port';
import { FLIGHT_JOBS } from '../jobs/flight.jobs';
import type { Principal } from '../../../shared/auth/token.service';
import { isAdministrator, Role } from '../../../shared/auth/roles.types';
import { PlatformException } from '../../../shared/errors/app-error.exception';
import { outboxJobId } from '../../../shared/queue/outbox.service';
import { FlightException } from '../errors/flight.exception';
import { deadlinePassed, releasedAtDeadline } from '../payments/flight-payment.policy';
import type { FlightPaymentRepository } from '../payments/flight-payment.repository';
import type { IssuanceService } from './issuance.service';
import { IssuanceOutcome, PaymentRecovery, PaymentRecoveryView } from './payment-recovery.service';
import {
  checkDirectIssue,
  checkIssueLookup,
  type DirectIssueInput,
  type IssueLookup,
  isRecoveryRequest,
} from '../../../shared/api-contract/flight-issuance.validator';
import { problemsMessage } from '../../../shared/api-contract/flight-reservation.contract';
import type { PaymentRecoveryRepository } from './payment-recovery.repository';
import type { ReservationRepository } from './reservation.repository';
import { issuanceView, IssuanceView } from './reservation.view';
import type { FlightReservation } from './reservation.types';
import type { FlightWalletAdmission } from './wallet-admission.service';

const IN_ISSUANCE = ['ISSUING', 'PARTIALLY_ISSUED'];

export interface SignalOutcome {
  /** True: already fully issued (REST 200, body `issuance`); false: accepted for issuance (REST 202). */
  complete: boolean;
  signaled: boolean;
  workflowId: string | null;
  ticketId: string;
  paymentReference: string;
  ticketUuids: string[];
  issuance: IssuanceView | null;
}

/** What the customer-issuance job answers (kept in BullMQ's job record). */
export type PaidIssuanceOutcome = { skipped: true; reason?: string; status?: string } | { issued: true; duplicate?: true } | { issued: false; failed: true };

export interface DirectOutcome extends IssuanceOutcome {
  paymentRecovery: PaymentRecoveryView | null;
}

/**
 * Customer issuance: the issue signal of the payment service (ISSUER) after a confirmed
 * payment, which starts issuance asynchronously as a restart-safe outbox job, and the internal
 * direct issuance (ADMIN/SUDO) that issues synchronously, bypassing the customer payment gate
 * except for cancelled-payment recovery (payment-recovery.service.ts), which issues only against the
 * reassigned confirmed payment.
 */
export class CustomerIssuanceService {
  private readonly recovery: PaymentRecovery;

  constructor(
    private readonly ports: Pick<FlightPorts, 'clock' | 'transactor' | 'outbox' | 'logger' | 'webhooks'>,
    private readonly reservations: ReservationRepository,
    private readonly issuance: IssuanceService,
    private readonly payments: FlightPaymentRepository,
    private readonly admission: FlightWalletAdmission,
    recoveries: PaymentRecoveryRepository,
  ) {
    // Recovery finishes through issueNow, so it is built around this service.
    this.recovery = new PaymentRecovery(ports, reservations, payments, this, recoveries);
  }

  async signal(principal: Principal, input: { paymentReference?: string | null; ticketId?: string | null }): Promise<SignalOutcome> {
    if (principal.role !== Role.ISSUER) throw PlatformException.forbidden('internal flight-issuance authorization required');
    const lookup = checkIssueLookup(input);
    if ('problems' in lookup) throw FlightException.invalidRequest(problemsMessage(lookup.problems), lookup.problems);
    const { r, ticketId } = await this.find(lookup);
    const answer = async (complete: boolean, signaled: boolean, workflowId: string | null, current = r): Promise<SignalOutcome> => ({
      ...(await this.identity(current, ticketId)),
      complete,
      signaled,
      workflowId,
      issuance: complete ? issuanceView(current) : null,
    });
    if (r.status === 'ISSUED') return answer(true, false, await this.reservations.issuanceWorkflowOf(r.id));
    const payment = await this.payments.confirmedFor(r);
    if (IN_ISSUANCE.includes(r.status)) {
      // A repeat while issuing starts nothing new: the running workflow is answered again.
      const running = await this.reservations.issuanceWorkflowOf(r.id);
      if (running) return answer(false, true, running);
      if (!payment) throw FlightException.paymentNotConfirmed();
      return answer(false, true, await this.startWorkflow(r, payment.id, null));
    }
    if (r.status !== 'TST_CREATED') {
      if (releasedAtDeadline(r)) throw FlightException.reservationExpired({ reservationId: r.id, paymentDeadlineAt: r.paymentDeadlineAt?.toISOString() });
      throw FlightException.notIssuable(r.status, { reservationId: r.id });
    }
    // A confirmed payment keeps a reservation alive past its deadline (the expiry job skips it too).
    if (!payment && deadlinePassed(r, this.ports.clock.now())) {
      throw FlightException.reservationExpired({ reservationId: r.id, paymentDeadlineAt: r.paymentDeadlineAt!.toISOString() });
    }
    if (!payment) throw FlightException.paymentNotConfirmed();
    const workflowId = await this.startWorkflow(r, payment.id, 'TST_CREATED');
    if (workflowId) return answer(false, true, workflowId);
    // A concurrent signal moved it first: answer its workflow (or its completed issuance).
    const now = (await this.reservations.byId(r.id))!;
    return answer(now.status === 'ISSUED', true, await this.reservations.issuanceWorkflowOf(r.id), now);
  }

  async direct(principal: Principal, input: DirectIssueInput): Promise<DirectOutcome> {
    if (isRecoveryRequest(input) && principal.role !== Role.SUDO) throw PlatformException.forbidden('Cancelled-payment recovery needs sudo authorization');
    if (!isAdministrator(principal.role)) throw PlatformException.forbidden('Direct issuance needs admin or sudo authorization');
    const checked = checkDirectIssue(input);
    if ('problems' in checked) throw FlightException.invalidRequest(problemsMessage(checked.problems), checked.problems);
    if ('recovery' in checked) return this.recovery.recover(principal, checked.recovery);
    const { r, ticketId } = await this.find(checked.lookup);
    return { ...(await this.issueNow(r, ticketId)), paymentRecovery: null };
  }

  /**
   * Synchronous issuance of one reservation: 200 when every document is issued, 202 while
   * active elsewhere, partial or in reconciliation, 409 when its state cannot be issued, 410
   * when unpaid past its deadline.
   */
  async issueNow(found: FlightReservation, lookupTicketId: string | null): Promise<IssuanceOutcome> {
    let r = found;
    const answer = async (current: FlightReservation) => {
      const complete = current.status === 'ISSUED';
      return { ...(await this.identity(current, lookupTicketId)), complete, issued: complete, issuance: issuanceView(current) };
    };
    if (r.status === 'ISSUED' || r.status === 'RECONCILIATION_REQUIRED') return answer(r);
    if (r.status !== 'TST_CREATED' && !IN_ISSUANCE.includes(r.status)) {
      if (releasedAtDeadline(r)) throw FlightException.reservationExpired({ reservationId: r.id, paymentDeadlineAt: r.paymentDeadlineAt?.toISOString() });
      throw FlightException.notIssuable(r.status, { reservationId: r.id });
    }
    const now = this.ports.clock.now();
    if (r.status === 'TST_CREATED') {
      if (deadlinePassed(r, now) && !(await this.isPaid(r))) {
        throw FlightException.reservationExpired({ reservationId: r.id, paymentDeadlineAt: r.paymentDeadlineAt!.toISOString() });
      }
      // An agent booking spends its wallet whoever issues it: the same admission as the agent's purchase.
      if (r.channel === 'AGENT' && this.admission.needed(r)) r = await this.admission.admit(r);
      // ISSUING keeps cancellation and the deadline release away while the supplier is asked.
      else if (await this.reservations.update(r.id, { status: 'ISSUING' }, now, undefined, ['TST_CREATED'])) r = { ...r, status: 'ISSUING' };
    }
    const outcome = await this.issuance.issue(r);
    return answer((await this.reservations.byId(r.id)) ?? outcome.reservation);
  }

  /**
   * The customer-issuance job: issues a paid customer reservation after the issue signal. Idempotent: an issued
   * reservation is left alone, and the supplier never tickets a traveler twice. An unfinished issuance (partial,
   * supplier timeout, another caller holding the lease) throws so BullMQ retries with backoff; a definite airline
   * refusal is not retried (the reservation is back at TST_CREATED with last_error, for direct issuance or a refund).
   */
  async issuePaid(reservationId: string): Promise<PaidIssuanceOutcome> {
    const r = await this.reservations.byId(reservationId);
    if (!r) return { skipped: true, reason: 'unknown reservation' };
    return runWorkflow(this.paidIssuance, r, this.ports.logger);
  }

  private readonly paidIssuance: Workflow<FlightReservation, PaidIssuanceOutcome> = {
    name: 'flight customer issuance',
    steps: [
      {
        // The idempotency guard: an issued reservation is answered as a duplicate, one in another state is left alone.
        name: 'still issuing',
        run: async (r) => {
          if (r.status === 'ISSUED') return { issued: true, duplicate: true };
          if (r.status !== 'ISSUING' && r.status !== 'PARTIALLY_ISSUED') return { skipped: true, status: r.status };
          return undefined;
        },
      },
      {
        // The gate is checked again here: the job only ever issues against a confirmed, matching payment.
        name: 'confirmed payment',
        run: async (r) => {
          if (await this.payments.confirmedFor(r)) return undefined;
          await this.reservations.update(
            r.id,
            { status: 'TST_CREATED', lastError: 'customer issuance stopped: no confirmed payment matches' },
            this.ports.clock.now(),
            undefined,
            ['ISSUING'],
          );
          this.ports.logger.warn('flight customer issuance without a matching payment', { reservationId: r.id });
          return { skipped: true, reason: 'payment not confirmed' };
        },
      },
      {
        name: 'issue',
        run: async (r) => {
          const outcome = await this.issuance.issue(r);
          if (!outcome.complete) throw new Error(`flight ${r.bookingReference} is not fully issued yet (${outcome.reservation.status}); retrying`);
          return { issued: true };
        },
        // Issuance itself gave the reservation back to TST_CREATED on a refusal: the job ends without a retry.
        // Anything else (partial, timeout, a lease held elsewhere) is thrown on for BullMQ's retries.
        compensate: async (error, r) => {
          if (!(error instanceof FlightException && error.errorCode === 'FLIGHT_ISSUANCE_FAILED')) return undefined;
          this.ports.logger.error('flight customer issuance refused by the airline', {
            reservationId: r.id,
            bookingReference: r.bookingReference,
            reason: error.errorMessage,
          });
          return { issued: false, failed: true };
        },
      },
    ],
  };

  /** One checked lookup (ticketId or paymentReference); both may be given when they name the same reservation. */
  private async find({ paymentReference, ticketId }: IssueLookup): Promise<{ r: FlightReservation; ticketId: string | null }> {
    const byTicket = ticketId ? await this.reservations.byTicketId(ticketId) : null;
    const byReference = paymentReference ? await this.reservations.byPaymentReference(paymentReference) : null;
    if (byTicket && byReference && byTicket.id !== byReference.id) {
      throw FlightException.invalidRequest('ticketId and paymentReference name different reservations', [
        { field: 'ticketId', message: 'belongs to another reservation' },
      ]);
    }
    const r = byTicket ?? byReference;
    if (!r || (ticketId && !byTicket) || (paymentReference && !byReference)) throw FlightException.reservationNotFound();
    return { r, ticketId };
  }

  private async isPaid(r: FlightReservation): Promise<boolean> {
    return r.channel === 'AGENT' ? !!r.admittedAt : !!(await this.payments.confirmedFor(r));
  }

  private async identity(r: FlightReservation, lookupTicketId: string | null) {
    const tickets = await this.reservations.ticketsOf(r.id);
    return {
      ticketId: lookupTicketId ?? tickets[0]?.ticketId ?? r.bookingReference,
      paymentReference: r.paymentReference,
      ticketUuids: tickets.map((t) => t.uuid),
    };
  }

  /**
   * Moves the reservation to ISSUING (only from `from`, when given) and writes the issuance job
   * to the outbox in the same transaction; the workflowId is that job's BullMQ id. Null when a
   * concurrent signal moved the reservation first.
   */
  private async startWorkflow(r: FlightReservation, paymentId: string, from: 'TST_CREATED' | null): Promise<string | null> {
    const now = this.ports.clock.now();
    const workflowId = await this.ports.transactor.transaction(async (m) => {
      if (from && !(await this.reservations.update(r.id, { status: 'ISSUING' }, now, m, [from]))) return null;
      const id = outboxJobId(await this.ports.outbox.enqueue(m, FLIGHT_JOBS.customerIssuance.of({ reservationId: r.id })));
      await this.reservations.saveIssuanceWorkflow(m, r.id, id, paymentId, now);
      return id;
    });
    if (workflowId) this.ports.logger.info('flight customer issuance signaled', { reservationId: r.id, bookingReference: r.bookingReference, workflowId });
    return workflowId;
  }
}
