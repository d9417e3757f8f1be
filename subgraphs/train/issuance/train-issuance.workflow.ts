import { runWorkflow, type Workflow, type WorkflowStep } from '../../../shared/workflow/workflow';
import type { TrainPorts } from '../train-ports.type';
import { RailProviderError, type RailProvider } from '../provider/rail-provider.port';
import { TRAIN_BOOKING_KIND, trainWalletKey } from '../reservations/reservation-follow-ups.service';
import type { TrainReservationRepository } from '../reservations/reservation.repository';
import type { TrainReservation } from '../reservations/reservation.types';
import { TrainEvents } from '../webhooks/train-events';
import type { TrainIssuance, TrainIssuanceRepository } from './train-issuance.repository';

const short = (s: string) => s.slice(0, 500);

/** What one run of an issuance ended with: the job's (and recovery's) return value. */
export type TrainIssuanceOutcome =
  | { skipped: true; reason: string }
  | { issued: false; payoutRejected: string | undefined }
  | { issued: false; issueRefused: string | undefined }
  | { issued: boolean; entryId: string | null; duplicate: boolean };

/** One run's view of the issuance, read before the first step; `lastAttempt` makes a retryable payout rejection final. */
interface IssuanceRun {
  issuance: TrainIssuance;
  r: TrainReservation;
  lastAttempt: boolean;
}

type Step = WorkflowStep<IssuanceRun, TrainIssuanceOutcome>;

/**
 * Runs an admitted issuance, funded by an agent's wallet admission or a customer's attached online payment
 * (OpenAPI `TrainIssuanceStatus`; docs/decisions.md "Train (SGR)", agent issuance): payout of the provider bill, then
 * issue at the provider (both idempotent there), then one transaction recording it issued. Each step carries its
 * guard and its compensation:
 * - payout (skipped once payoutStatus is PAID): a non-retryable rejection ends it as PAYOUT_REJECTED (no debit; an
 *   agent reservation is released back to RESERVED with its wallet admission, a customer's stays PAID with the money
 *   held for support); a retryable one is retried by the job's backoff and is final only on the last attempt;
 * - issue: a refusal after the payout ends it as ISSUE_FAILED for support to settle;
 * - record issued: reservation and tickets ISSUED, for an agent the frozen debit taken from the wallet once (ledger
 *   business key trainWalletKey, capturing the hold the issue call admitted) and funding AGENT_WALLET_DEBITED, the
 *   TICKET notification request and the train.issuance.issued event (to the callbackUrl too), guarded by the ISSUING status under
 *   the row lock; a final payout rejection records train.issuance.payout_rejected the same way.
 * Transient provider failures propagate and are retried. Safe to run twice; the train-issuance job and the
 * issuance recovery job both run it.
 */
export class TrainIssuanceWorkflow {
  private readonly workflow: Workflow<IssuanceRun, TrainIssuanceOutcome>;

  constructor(
    private readonly ports: Pick<TrainPorts, 'clock' | 'transactor' | 'logger' | 'ledger' | 'notifications' | 'webhooks'>,
    private readonly provider: RailProvider,
    private readonly reservations: TrainReservationRepository,
    private readonly issuances: TrainIssuanceRepository,
  ) {
    this.workflow = { name: 'train issuance', steps: [this.payout(), this.issueAtProvider(), this.recordIssued()] };
  }

  /** One try of the issuance of `reservationId`; anything but an ISSUING one is skipped. */
  async run(reservationId: string, lastAttempt: boolean): Promise<TrainIssuanceOutcome> {
    const issuance = await this.issuances.byReservation(reservationId);
    const r = await this.reservations.byId(reservationId);
    if (!issuance || !r || !r.pnr) return { skipped: true, reason: 'unknown' };
    if (issuance.status !== 'ISSUING') return { skipped: true, reason: issuance.status };
    return runWorkflow(this.workflow, { issuance, r, lastAttempt });
  }

  private payout(): Step {
    return {
      name: 'payout',
      isDone: ({ issuance }) => issuance.payoutStatus === 'PAID',
      run: async ({ r }) => {
        const paid = await this.provider.payout({ pnr: r.pnr!, amount: r.billAmount! });
        await this.issuances.update(r.id, { payoutStatus: 'PAID', payoutReference: paid.reference, lastError: null }, this.ports.clock.now());
        return undefined;
      },
      compensate: async (error, run) => {
        if (!(error instanceof RailProviderError) || error.code !== 'PAYOUT_REJECTED') return undefined; // transient: retried
        if (error.retryable && !run.lastAttempt) {
          await this.issuances.update(
            run.r.id,
            { payoutStatus: 'RETRYING', lastError: short(`${error.providerCode}: ${error.message}`) },
            this.ports.clock.now(),
          );
          return undefined;
        }
        return this.rejectPayout(error, run);
      },
    };
  }

  /** A final payout rejection: PAYOUT_REJECTED, an agent's admission released, the account (and its callbackUrl) told by the event. */
  private async rejectPayout(error: RailProviderError, { issuance, r }: IssuanceRun): Promise<TrainIssuanceOutcome> {
    const reservationId = r.id;
    const wallet = issuance.fundingSource === 'AGENT_WALLET';
    await this.ports.transactor.transaction(async (m) => {
      const at = this.ports.clock.now();
      const moved = await this.issuances.update(
        reservationId,
        {
          status: 'PAYOUT_REJECTED',
          payoutStatus: 'REJECTED',
          // The agent's admission is released; a customer's confirmed payment stays held for support to settle.
          ...(wallet ? { fundingStatus: 'AGENT_WALLET_RELEASED' as const } : {}),
          failure: { stage: error.details.stage ?? 'PAYOUT', code: error.providerCode ?? error.code, retryable: error.retryable, action: 'CONTACT_SUPPORT' },
          lastError: short(error.message),
        },
        at,
        m,
        ['ISSUING'],
      );
      if (moved && wallet) {
        await this.ports.ledger.release(issuance.walletId!, trainWalletKey(reservationId), m);
        await this.reservations.update(reservationId, { status: 'RESERVED', lastError: short(`payout rejected: ${error.providerCode}`) }, at, m, ['PAID']);
      }
      if (moved && !wallet) await this.reservations.update(reservationId, { lastError: short(`payout rejected: ${error.providerCode}`) }, at, m);
      if (moved) await new TrainEvents(this.ports).issuance(m, 'train.issuance.payout_rejected', r, (await this.issuances.byReservation(reservationId, m))!);
    });
    this.ports.logger.warn('train payout rejected', {
      reservationId,
      paymentReference: r.paymentReference,
      code: error.providerCode,
      retryable: error.retryable,
    });
    return { issued: false, payoutRejected: error.providerCode };
  }

  /** No guard of its own: issue is idempotent at the provider, so a retry after a lost answer asks again. */
  private issueAtProvider(): Step {
    return {
      name: 'issue at the provider',
      run: async ({ r }) => {
        await this.provider.issue(r.pnr!);
        return undefined;
      },
      compensate: async (error, { r }) => {
        if (!(error instanceof RailProviderError) || error.code !== 'PROVIDER_REJECTED') return undefined; // transient: retried
        const reservationId = r.id;
        // Paid out but refused: money left the operator account, so support must settle it; no wallet debit yet.
        // The wallet hold stays until support settles it; the agent is told by train.issuance.failed (and its callbackUrl).
        await this.ports.transactor.transaction(async (m) => {
          const moved = await this.issuances.update(
            reservationId,
            {
              status: 'ISSUE_FAILED',
              failure: { stage: 'ISSUE', code: error.providerCode ?? error.code, retryable: false, action: 'CONTACT_SUPPORT' },
              lastError: short(error.message),
            },
            this.ports.clock.now(),
            m,
            ['ISSUING'],
          );
          if (moved) await new TrainEvents(this.ports).issuance(m, 'train.issuance.failed', r, (await this.issuances.byReservation(reservationId, m))!);
        });
        this.ports.logger.error('train issue refused after payout', { reservationId, paymentReference: r.paymentReference, code: error.providerCode });
        return { issued: false, issueRefused: error.providerCode };
      },
    };
  }

  /** The last step always ends the flow; its guard is the ISSUING status read under the row lock. */
  private recordIssued(): Step {
    return {
      name: 'record issued',
      run: async ({ issuance, r }) => {
        const result = await this.completeIssuance(r);
        this.ports.logger.info('train tickets issued', {
          reservationId: r.id,
          paymentReference: r.paymentReference,
          funding: issuance.fundingSource,
          ...result,
        });
        return result;
      },
    };
  }

  /** One transaction: reservation and tickets ISSUED, an agent's debit taken once, the TICKET notification and the issued event. */
  private async completeIssuance(r: TrainReservation) {
    const reservationId = r.id;
    return this.ports.transactor.transaction(async (m) => {
      const at = this.ports.clock.now();
      const current = await this.issuances.byReservation(reservationId, m, true);
      if (!current || current.status !== 'ISSUING') return { issued: current?.status === 'ISSUED', entryId: current?.walletEntryId ?? null, duplicate: true };
      await this.reservations.update(reservationId, { status: 'ISSUED', lastError: null }, at, m, ['PAID']);
      await this.reservations.setTicketStatus(reservationId, 'ISSUED', at, m);
      // A customer's online payment already paid; only an agent's admitted debit is taken now.
      const debit = current.walletId
        ? await this.ports.ledger.debit(
            current.walletId,
            { businessKey: trainWalletKey(reservationId), amount: current.amount, note: `SGR ${r.pnr} ${r.paymentReference}` },
            m,
          )
        : null;
      await this.issuances.update(
        reservationId,
        debit
          ? {
              status: 'ISSUED',
              fundingStatus: 'AGENT_WALLET_DEBITED',
              walletDebited: true,
              walletEntryId: debit.entryId,
              issuedAt: at,
              failure: null,
              lastError: null,
            }
          : { status: 'ISSUED', issuedAt: at, failure: null, lastError: null },
        at,
        m,
      );
      // The shared rules honour notifications.ticketPurchase; a notification failure never undoes this.
      await this.ports.notifications.request(m, { bookingKind: TRAIN_BOOKING_KIND, bookingId: reservationId, messageType: 'TICKET' });
      const issued = (await this.issuances.byReservation(reservationId, m))!;
      await new TrainEvents(this.ports).issuance(m, 'train.issuance.issued', { ...r, status: 'ISSUED' }, issued);
      return { issued: true, entryId: debit?.entryId ?? null, duplicate: debit?.duplicate ?? false };
    });
  }
}
