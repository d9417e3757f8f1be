import type { TrainPorts } from '../train-ports.type';
import { isLastAttempt, type JobDefinition } from '../../../shared/queue/worker-host';
import { RailProviderError, type RailProvider } from '../provider/rail-provider.port';
import { TRAIN_BOOKING_KIND, trainWalletKey } from '../reservations/reservation-follow-ups';
import { TRAIN_JOBS, type TrainIssuanceJobPayload } from './train.jobs';
import type { TrainReservationRepository } from '../reservations/reservation.repository';
import type { TrainIssuance, TrainIssuanceRepository } from '../issuance/train-issuance.repository';
import type { TrainReservation } from '../reservations/reservation.types';

const short = (s: string) => s.slice(0, 500);

/**
 * Runs an admitted issuance, funded by an agent's wallet admission or a customer's attached online payment
 * (OpenAPI `TrainIssuanceStatus`; docs/decisions.md "Train (SGR)", agent issuance): payout of the provider bill, then issue at the provider (both
 * idempotent there), then one transaction: reservation and tickets ISSUED, for an agent the frozen debit taken
 * from the wallet once (ledger business key trainWalletKey, capturing the hold the issue call admitted) and funding
 * AGENT_WALLET_DEBITED, the TICKET notification request and the callback job.
 * A non-retryable payout rejection ends it as PAYOUT_REJECTED (no debit; an agent reservation is released back
 * to RESERVED with its wallet admission, a customer's stays PAID with the money held for support); a retryable
 * one is retried by BullMQ with backoff and becomes PAYOUT_REJECTED only on the last attempt. Transient provider
 * failures are retried. Safe to run twice.
 */
export function trainIssuanceJob(
  ports: IssuancePorts,
  provider: RailProvider,
  reservations: TrainReservationRepository,
  issuances: TrainIssuanceRepository,
): JobDefinition<TrainIssuanceJobPayload> {
  const run = trainIssuanceRunner(ports, provider, reservations, issuances);
  return TRAIN_JOBS.issuance.runs(({ reservationId }, job) => run(reservationId, isLastAttempt(job)));
}

type IssuancePorts = Pick<TrainPorts, 'clock' | 'transactor' | 'logger' | 'outbox' | 'ledger' | 'notifications'>;

/** One try of an admitted issuance; `lastAttempt` makes a retryable payout rejection final. Shared with recovery. */
export function trainIssuanceRunner(
  ports: IssuancePorts,
  provider: RailProvider,
  reservations: TrainReservationRepository,
  issuances: TrainIssuanceRepository,
) {
  const deps: IssuanceDeps = { ports, provider, reservations, issuances };
  return async function runIssuance(reservationId: string, lastAttempt: boolean) {
    const issuance = await issuances.byReservation(reservationId);
    const r = await reservations.byId(reservationId);
    if (!issuance || !r || !r.pnr) return { skipped: true, reason: 'unknown' };
    if (issuance.status !== 'ISSUING') return { skipped: true, reason: issuance.status };
    // Each step answers when it ended the issuance (a rejection or a refusal), and nothing when the next may run.
    if (issuance.payoutStatus !== 'PAID') {
      const rejected = await payOut(deps, issuance, r, lastAttempt);
      if (rejected) return rejected;
    }
    const refused = await issueAtProvider(deps, issuance, r);
    if (refused) return refused;
    const result = await completeIssuance(deps, r);
    ports.logger.info('train tickets issued', { reservationId, paymentReference: r.paymentReference, funding: issuance.fundingSource, ...result });
    return result;
  };
}

interface IssuanceDeps {
  ports: IssuancePorts;
  provider: RailProvider;
  reservations: TrainReservationRepository;
  issuances: TrainIssuanceRepository;
}

/** Pays the provider bill out; a final rejection ends the issuance as PAYOUT_REJECTED and releases an agent's admission. */
async function payOut(
  { ports, provider, reservations, issuances }: IssuanceDeps,
  issuance: TrainIssuance,
  r: TrainReservation,
  lastAttempt: boolean,
): Promise<{ issued: false; payoutRejected: string | undefined } | null> {
  const reservationId = r.id;
  try {
    const paid = await provider.payout({ pnr: r.pnr!, amount: r.billAmount! });
    await issuances.update(reservationId, { payoutStatus: 'PAID', payoutReference: paid.reference, lastError: null }, ports.clock.now());
    return null;
  } catch (error) {
    if (!(error instanceof RailProviderError) || error.code !== 'PAYOUT_REJECTED') throw error; // transient: BullMQ retries
    if (error.retryable && !lastAttempt) {
      await issuances.update(reservationId, { payoutStatus: 'RETRYING', lastError: short(`${error.providerCode}: ${error.message}`) }, ports.clock.now());
      throw error;
    }
    const wallet = issuance.fundingSource === 'AGENT_WALLET';
    await ports.transactor.transaction(async (m) => {
      const at = ports.clock.now();
      const moved = await issuances.update(
        reservationId,
        {
          status: 'PAYOUT_REJECTED',
          payoutStatus: 'REJECTED',
          // The agent's admission is released; a customer's confirmed payment stays held for support to settle.
          ...(wallet ? { fundingStatus: 'AGENT_WALLET_RELEASED' as const } : {}),
          failure: {
            stage: error.details.stage ?? 'PAYOUT',
            code: error.providerCode ?? error.code,
            retryable: error.retryable,
            action: 'CONTACT_SUPPORT',
          },
          lastError: short(error.message),
        },
        at,
        m,
        ['ISSUING'],
      );
      if (moved && wallet) {
        await ports.ledger.release(issuance.walletId!, trainWalletKey(reservationId), m);
        await reservations.update(reservationId, { status: 'RESERVED', lastError: short(`payout rejected: ${error.providerCode}`) }, at, m, ['PAID']);
      }
      if (moved && !wallet) await reservations.update(reservationId, { lastError: short(`payout rejected: ${error.providerCode}`) }, at, m);
      if (moved && issuance.callbackUrl) await ports.outbox.enqueue(m, TRAIN_JOBS.issuanceCallback.of({ reservationId }));
    });
    ports.logger.warn('train payout rejected', {
      reservationId,
      paymentReference: r.paymentReference,
      code: error.providerCode,
      retryable: error.retryable,
    });
    return { issued: false, payoutRejected: error.providerCode };
  }
}

/** Issues at the provider; a refusal after the payout ends the issuance as ISSUE_FAILED for support to settle. */
async function issueAtProvider(
  { ports, provider, issuances }: IssuanceDeps,
  issuance: TrainIssuance,
  r: TrainReservation,
): Promise<{ issued: false; issueRefused: string | undefined } | null> {
  const reservationId = r.id;
  try {
    await provider.issue(r.pnr!);
    return null;
  } catch (error) {
    if (error instanceof RailProviderError && error.code === 'PROVIDER_REJECTED') {
      // Paid out but refused: money left the operator account, so support must settle it; no wallet debit yet.
      // The wallet hold stays until support settles it; the agent hears of it by callback.
      await ports.transactor.transaction(async (m) => {
        const moved = await issuances.update(
          reservationId,
          {
            status: 'ISSUE_FAILED',
            failure: { stage: 'ISSUE', code: error.providerCode ?? error.code, retryable: false, action: 'CONTACT_SUPPORT' },
            lastError: short(error.message),
          },
          ports.clock.now(),
          m,
          ['ISSUING'],
        );
        if (moved && issuance.callbackUrl) await ports.outbox.enqueue(m, TRAIN_JOBS.issuanceCallback.of({ reservationId }));
      });
      ports.logger.error('train issue refused after payout', { reservationId, paymentReference: r.paymentReference, code: error.providerCode });
      return { issued: false, issueRefused: error.providerCode };
    }
    throw error;
  }
}

/** One transaction: reservation and tickets ISSUED, an agent's debit taken once, the TICKET notification and the callback. */
async function completeIssuance({ ports, reservations, issuances }: IssuanceDeps, r: TrainReservation) {
  const reservationId = r.id;
  return ports.transactor.transaction(async (m) => {
    const at = ports.clock.now();
    const current = await issuances.byReservation(reservationId, m, true);
    if (!current || current.status !== 'ISSUING') return { issued: current?.status === 'ISSUED', entryId: current?.walletEntryId ?? null, duplicate: true };
    await reservations.update(reservationId, { status: 'ISSUED', lastError: null }, at, m, ['PAID']);
    await reservations.setTicketStatus(reservationId, 'ISSUED', at, m);
    // A customer's online payment already paid; only an agent's admitted debit is taken now.
    const debit = current.walletId
      ? await ports.ledger.debit(
          current.walletId,
          { businessKey: trainWalletKey(reservationId), amount: current.amount, note: `SGR ${r.pnr} ${r.paymentReference}` },
          m,
        )
      : null;
    await issuances.update(
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
    await ports.notifications.request(m, { bookingKind: TRAIN_BOOKING_KIND, bookingId: reservationId, messageType: 'TICKET' });
    if (current.callbackUrl) await ports.outbox.enqueue(m, TRAIN_JOBS.issuanceCallback.of({ reservationId }));
    return { issued: true, entryId: debit?.entryId ?? null, duplicate: debit?.duplicate ?? false };
  });
}
