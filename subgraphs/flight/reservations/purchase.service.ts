import type { Clock } from '../../../shared/time/clock.port';
import { runWorkflow, Workflow } from '../../../shared/workflow/workflow';
import type { FlightReservation } from './reservation.types';
import type { Principal } from '../../../shared/auth/token.service';
import { isAgentRole } from '../../../shared/auth/roles.types';
import { PlatformException } from '../../../shared/errors/app-error.exception';
import { FlightException } from '../errors/flight.exception';
import { checkTicketId } from '../../../shared/api-contract/flight-issuance.validator';
import { problemsMessage } from '../../../shared/api-contract/flight-reservation.contract';
import type { IssuanceService } from './issuance.service';
import { ReservationRepository } from './reservation.repository';
import { issuanceView, IssuanceView } from './reservation.view';
import type { FlightWalletAdmission } from './wallet-admission.service';

export interface PurchaseOutcome {
  /** True: every ticket document is issued (200). False: still in progress or partial (202). */
  complete: boolean;
  issuance: IssuanceView;
}

const ISSUABLE = ['TST_CREATED', 'ISSUING', 'PARTIALLY_ISSUED', 'ISSUED'];

/**
 * Agent purchase: the frozen debit is admitted once as a wallet hold (balance minus every other
 * admitted, not yet debited spend must cover it within the overdraft: docs/decisions.md "Wallet
 * admission"), then issuance runs synchronously. The debit follows as an idempotent job keyed by
 * the reservation that captures the hold, so no wallet goes below its overdraft limit and a
 * reservation is never debited twice.
 */
export class PurchaseService {
  constructor(
    private readonly clock: Clock,
    private readonly reservations: ReservationRepository,
    private readonly issuance: IssuanceService,
    private readonly admission: FlightWalletAdmission,
  ) {}

  async purchase(principal: Principal, ticketId: string | null | undefined): Promise<PurchaseOutcome> {
    const checked = checkTicketId(ticketId);
    if ('problems' in checked) throw FlightException.invalidRequest(problemsMessage(checked.problems), checked.problems);
    if (!isAgentRole(principal.role)) throw PlatformException.forbidden('Purchase from a wallet needs an agent account');
    const found = await this.reservations.byTicketId(checked.ticketId);
    if (!found) throw FlightException.reservationNotFound();
    if (found.accountId !== principal.accountId) throw PlatformException.forbidden('This reservation belongs to another account');
    return runWorkflow(this.flow, { r: found });
  }

  /** The purchase as named steps; each guard lets a repeated purchase skip what is done. */
  private readonly flow: Workflow<{ r: FlightReservation }, PurchaseOutcome> = {
    name: 'flight agent purchase',
    steps: [
      {
        name: 'already issued',
        run: async ({ r }) => (r.status === 'ISSUED' ? { complete: true, issuance: issuanceView(r) } : undefined),
      },
      {
        name: 'issuable before the deadline',
        run: async ({ r }) => {
          if (!ISSUABLE.includes(r.status)) {
            if (r.cancelledAt && r.paymentDeadlineAt && r.cancelledAt >= r.paymentDeadlineAt) throw FlightException.reservationExpired({ reservationId: r.id });
            throw FlightException.issuanceFailed(`This reservation is ${r.status} and cannot be issued`);
          }
          if (r.status === 'TST_CREATED' && r.paymentDeadlineAt && r.paymentDeadlineAt.getTime() <= this.clock.now().getTime()) {
            throw FlightException.reservationExpired({ reservationId: r.id, paymentDeadlineAt: r.paymentDeadlineAt.toISOString() });
          }
          return undefined;
        },
      },
      {
        // Held once: a refused admission changes nothing (its transaction rolls back), so it needs no compensation.
        name: 'admit the wallet debit',
        isDone: ({ r }) => !this.admission.needed(r),
        run: async (s) => {
          s.r = await this.admission.admit(s.r);
          return undefined;
        },
      },
      {
        // An airline refusal gives the hold back inside issuance (IssuanceService's compensation); the debit itself
        // follows as the wallet-debit job written with the issued documents.
        name: 'issue',
        run: async ({ r }) => {
          const outcome = await this.issuance.issue(r);
          return { complete: outcome.complete, issuance: issuanceView((await this.reservations.byId(r.id)) ?? outcome.reservation) };
        },
      },
    ],
  };
}
