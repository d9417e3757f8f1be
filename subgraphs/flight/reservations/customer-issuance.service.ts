import type { Platform } from '../../../shared/platform/platform';
import type { Principal } from '../../../shared/auth/token.service';
import { isAdministrator, Role } from '../../../shared/auth/roles';
import { PlatformException } from '../../../shared/errors/app-error';
import { outboxJobId } from '../../../shared/queue/outbox.service';
import { FlightException } from '../errors/flight.exception';
import { deadlinePassed, releasedAtDeadline } from '../payments/flight-payment';
import type { FlightPaymentRepository } from '../payments/flight-payment.repository';
import type { IssuanceService } from './issuance.service';
import { IssuanceOutcome, PaymentRecovery, PaymentRecoveryInput, PaymentRecoveryView } from './payment-recovery';
import { FLIGHT_QUEUE, ReservationJobPayload } from './reservation-follow-ups';
import type { ReservationRepository } from './reservation.repository';
import { issuanceView } from './reservation-view';
import type { FlightReservation } from './reservation.types';
import type { FlightWalletAdmission } from './wallet-admission.service';

/** The outbox job that issues a paid customer reservation (jobs/customer-issuance.job.ts). */
export const CUSTOMER_ISSUANCE_JOB = 'customer-issuance';

const IN_ISSUANCE = ['ISSUING', 'PARTIALLY_ISSUED'];

export interface SignalOutcome {
  /** True: already fully issued (REST 200, body `issuance`); false: accepted for issuance (REST 202). */
  complete: boolean;
  signaled: boolean;
  workflowId: string | null;
  ticketId: string;
  paymentReference: string;
  ticketUuids: string[];
  issuance: ReturnType<typeof issuanceView> | null;
}

export interface DirectOutcome extends IssuanceOutcome {
  paymentRecovery: PaymentRecoveryView | null;
}

export interface DirectInput extends Partial<PaymentRecoveryInput> {
  ticketId?: string | null;
  paymentReference?: string | null;
}

/**
 * Customer issuance: the issue signal of the payment service (ISSUER) after a confirmed
 * payment, which starts issuance asynchronously as a restart-safe outbox job, and the internal
 * direct issuance (ADMIN/SUDO) that issues synchronously, bypassing the customer payment gate
 * except for cancelled-payment recovery (payment-recovery.ts), which issues only against the
 * reassigned confirmed payment.
 */
export class CustomerIssuanceService {
  private readonly recovery: PaymentRecovery;

  constructor(
    private readonly platform: Platform,
    private readonly reservations: ReservationRepository,
    private readonly issuance: IssuanceService,
    private readonly payments: FlightPaymentRepository,
    private readonly admission: FlightWalletAdmission,
  ) {
    // Recovery finishes through issueNow, so it is built around this service.
    this.recovery = new PaymentRecovery(platform, reservations, payments, this);
  }

  async signal(principal: Principal, input: { paymentReference?: string | null; ticketId?: string | null }): Promise<SignalOutcome> {
    if (principal.role !== Role.ISSUER) throw PlatformException.forbidden('internal flight-issuance authorization required');
    const { r, ticketId } = await this.find(input);
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
    if (!payment && deadlinePassed(r, this.platform.clock.now())) {
      throw FlightException.reservationExpired({ reservationId: r.id, paymentDeadlineAt: r.paymentDeadlineAt!.toISOString() });
    }
    if (!payment) throw FlightException.paymentNotConfirmed();
    const workflowId = await this.startWorkflow(r, payment.id, 'TST_CREATED');
    if (workflowId) return answer(false, true, workflowId);
    // A concurrent signal moved it first: answer its workflow (or its completed issuance).
    const now = (await this.reservations.byId(r.id))!;
    return answer(now.status === 'ISSUED', true, await this.reservations.issuanceWorkflowOf(r.id), now);
  }

  async direct(principal: Principal, input: DirectInput): Promise<DirectOutcome> {
    const recoveryFields = [input.sourceTicketId, input.paymentRequestId, input.reconciliationOperationId];
    if (recoveryFields.some((v) => v !== undefined && v !== null)) {
      if (principal.role !== Role.SUDO) throw PlatformException.forbidden('Cancelled-payment recovery needs sudo authorization');
      return this.recovery.recover(principal, input);
    }
    if (!isAdministrator(principal.role)) throw PlatformException.forbidden('Direct issuance needs admin or sudo authorization');
    const { r, ticketId } = await this.find(input, 'at least one');
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
    const now = this.platform.clock.now();
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

  /** One lookup (ticketId or paymentReference); both may be given when they name the same reservation. */
  private async find(
    input: { paymentReference?: string | null; ticketId?: string | null },
    rule = 'one',
  ): Promise<{ r: FlightReservation; ticketId: string | null }> {
    const ticketId = typeof input.ticketId === 'string' ? input.ticketId.trim() || null : null;
    const paymentReference = typeof input.paymentReference === 'string' ? input.paymentReference.trim() || null : null;
    if (!ticketId && !paymentReference) {
      throw FlightException.invalidRequest(`Supply ${rule} of paymentReference or ticketId`, [
        { field: 'paymentReference', message: 'or ticketId is required' },
      ]);
    }
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
    const now = this.platform.clock.now();
    const workflowId = await this.platform.dataSource.transaction(async (m) => {
      if (from && !(await this.reservations.update(r.id, { status: 'ISSUING' }, now, m, [from]))) return null;
      const payload: ReservationJobPayload = { reservationId: r.id };
      const id = outboxJobId(await this.platform.outbox.enqueue(m, { queue: FLIGHT_QUEUE, name: CUSTOMER_ISSUANCE_JOB, payload }));
      await this.reservations.saveIssuanceWorkflow(m, r.id, id, paymentId, now);
      return id;
    });
    if (workflowId) this.platform.logger.info('flight customer issuance signaled', { reservationId: r.id, bookingReference: r.bookingReference, workflowId });
    return workflowId;
  }
}
