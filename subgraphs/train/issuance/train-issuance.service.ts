import type { TrainPorts } from '../train-ports.type';
import type { Principal } from '../../../shared/auth/token.service';
import { isAdministrator, isAgentRole } from '../../../shared/auth/roles.types';
import { trainWalletKey } from '../reservations/reservation-follow-ups.service';
import { TRAIN_JOBS } from '../jobs/train.jobs';
import type { TrainReservationRepository } from '../reservations/reservation.repository';
import type { TrainReservation } from '../reservations/reservation.types';
import { TrainIssuanceException } from './train-issuance.exception';
import { acceptCallbackUrl } from './callback-url.policy';
import { checkTrainIssuanceRead, checkTrainPaymentReference } from '../../../shared/api-contract/train-issuance.validator';
import { type IssuanceFunding, issuingRow, type TrainIssuanceRepository } from './train-issuance.repository';
import { issuanceView, TrainIssuanceView } from './train-issuance.view';
import type { TrainPaymentQuoteService } from '../payments/train-payment-quote.service';
import type { TrainPaymentRepository } from '../payments/train-payment.repository';

/**
 * SGR agent issuance (OpenAPI `postTripTrainTicketIssue` and `getTripTrainTicketIssuance`).
 * The frozen debit is admitted once as a wallet hold (docs/decisions.md "Wallet admission": balance minus every
 * admitted, not yet debited spend minus this one stays at or above −overdraft, under the wallet lock). In that same
 * transaction the reservation is claimed (RESERVED → PAID, conditional), the issuance row is written and the
 * train-issuance job is put in the outbox. The debit, which captures the hold, is taken by the job after the
 * provider issued.
 */
export class TrainIssuanceService {
  constructor(
    private readonly ports: Pick<TrainPorts, 'clock' | 'transactor' | 'config' | 'ledger' | 'logger' | 'outbox'>,
    private readonly reservations: TrainReservationRepository,
    private readonly issuances: TrainIssuanceRepository,
    private readonly quotes: TrainPaymentQuoteService,
    private readonly payments: TrainPaymentRepository,
  ) {}

  async issue(principal: Principal, paymentReference: string, callbackUrl: string | null | undefined): Promise<TrainIssuanceView> {
    const problems = checkTrainPaymentReference(paymentReference);
    if (problems.length) throw TrainIssuanceException.invalid(problems);
    const url = await acceptCallbackUrl(callbackUrl, { allowPrivate: this.ports.config.callbackAllowPrivate });
    const found = await this.owned(principal, paymentReference, false);
    const existing = await this.issuances.byReservation(found.id);
    if (existing) return this.repeat(found, existing, url);
    this.checkIssuable(found);

    const wallet = await this.ports.ledger.findByAccount(found.accountId);
    if (!wallet) throw TrainIssuanceException.noWallet();
    const currency = found.paymentCurrency ?? 'TZS';
    if (wallet.currency !== currency) throw TrainIssuanceException.walletCurrency(wallet.currency, currency);
    const amount = found.paymentRequired!;

    const now = this.ports.clock.now();
    const outcome = await this.ports.transactor.transaction(async (m) => {
      const r = (await this.reservations.byId(found.id, m, true))!;
      const raced = await this.issuances.byReservation(r.id, m);
      if (raced) return { repeat: raced, r };
      this.checkIssuable(r);
      // The one admission rule, decided under the wallet lock: every other admitted spend is in the wallet's held total.
      const admission = await this.ports.ledger.hold(wallet.id, { businessKey: trainWalletKey(r.id), amount, note: `SGR ${r.paymentReference}` }, m);
      if (!admission.admitted) {
        throw TrainIssuanceException.insufficient({
          paymentReference: r.paymentReference,
          required: amount,
          pendingDebits: admission.held,
          balance: admission.balance,
          overdraftLimit: admission.overdraftLimit,
          currency: admission.currency,
        });
      }
      const claimed = await this.reservations.update(r.id, { status: 'PAID', lastError: null }, now, m, ['RESERVED']);
      if (!claimed) throw TrainIssuanceException.notIssuable(r.status, 'The reservation changed while it was being claimed; repeat the call');
      const funding: IssuanceFunding = {
        fundingSource: 'AGENT_WALLET',
        fundingStatus: 'AGENT_WALLET_ADMITTED',
        walletId: wallet.id,
        paymentId: null,
        amount,
        currency,
      };
      await this.issuances.insert(issuingRow(r, funding, url, now), m);
      await this.ports.outbox.enqueue(m, TRAIN_JOBS.issuance.of({ reservationId: r.id }));
      return { repeat: null, r };
    });
    if (outcome.repeat) return this.repeat(outcome.r, outcome.repeat, url);
    this.ports.logger.info('train issuance admitted', { reservationId: found.id, paymentReference: found.paymentReference, amount });
    return issuanceView({ ...outcome.r, status: 'PAID' }, (await this.issuances.byReservation(found.id))!);
  }

  /**
   * The owner (or an administrator) reads the current funding, payout and issuance state and the payable quotes;
   * `currency` freezes that currency's quote, for the owner of a reservation awaiting funds only.
   */
  async status(principal: Principal, paymentReference: string, currency?: string | null): Promise<TrainIssuanceView> {
    const checked = checkTrainIssuanceRead({ paymentReference, currency });
    if ('problems' in checked) throw TrainIssuanceException.invalid(checked.problems);
    const code = checked.currency;
    const r = await this.owned(principal, paymentReference, true);
    const payable = await this.quotes.payable(r, principal.accountId, code);
    // Confirmed money that cannot pay this booking (it was paid or cancelled already) must be refunded by support.
    const duplicatePaymentRequiresReview = (await this.payments.ofReservation(r.id)).some((p) => p.status === 'REFUND_REQUIRED');
    return issuanceView(r, await this.issuances.byReservation(r.id), { payable, duplicatePaymentRequiresReview });
  }

  private repeat(
    r: TrainReservation,
    existing: NonNullable<Awaited<ReturnType<TrainIssuanceRepository['byReservation']>>>,
    url: string | null,
  ): TrainIssuanceView {
    if (url && url !== existing.callbackUrl) throw TrainIssuanceException.callbackConflict();
    return issuanceView(r, existing);
  }

  private async owned(principal: Principal, paymentReference: string, adminMayRead: boolean): Promise<TrainReservation> {
    const ref = paymentReference?.trim();
    if (!adminMayRead && !isAgentRole(principal.role)) throw TrainIssuanceException.agentsOnly();
    const r = ref ? await this.reservations.byPaymentReference(ref) : null;
    if (!r) throw TrainIssuanceException.notFound(ref ?? '');
    if (r.accountId !== principal.accountId && !(adminMayRead && isAdministrator(principal.role))) throw TrainIssuanceException.notOwner();
    return r;
  }

  /** An agent booking, RESERVED and inside its window: 410 once the window (or a cancellation) ended it, 409 otherwise. */
  private checkIssuable(r: TrainReservation): void {
    if (r.bookingUserType === 'CUSTOMER') throw TrainIssuanceException.notIssuable(r.status, 'A customer reservation is paid online, not issued from a wallet');
    if (r.status === 'CANCELLED' || r.status === 'CANCELLING') throw TrainIssuanceException.expired({ paymentReference: r.paymentReference, status: r.status });
    if (r.status !== 'RESERVED') throw TrainIssuanceException.notIssuable(r.status, `This reservation is ${r.status} and cannot be issued`);
    const now = this.ports.clock.now();
    if (!r.expiresAt || r.expiresAt.getTime() <= now.getTime()) {
      throw TrainIssuanceException.expired({ paymentReference: r.paymentReference, expiresAt: r.expiresAt?.toISOString() ?? null });
    }
  }
}
