import type { Platform } from '../../../shared/platform/platform';
import { isLastAttempt, type JobDefinition } from '../../../shared/queue/worker-host';
import { RailProviderError, type RailProvider } from '../provider/rail-provider.port';
import { TRAIN_BOOKING_KIND, TRAIN_QUEUE, trainWalletKey } from '../reservations/reservation-follow-ups';
import type { TrainReservationRepository } from '../reservations/reservation.repository';
import { TRAIN_CALLBACK_JOB, TRAIN_ISSUANCE_JOB, TrainIssuance, TrainIssuanceJobPayload, TrainIssuanceRepository } from '../issuance/train-issuance.repository';
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
  platform: Platform,
  provider: RailProvider,
  reservations: TrainReservationRepository,
  issuances = new TrainIssuanceRepository(platform.dataSource),
): JobDefinition<TrainIssuanceJobPayload> {
  const run = trainIssuanceRunner(platform, provider, reservations, issuances);
  return {
    queue: TRAIN_QUEUE,
    name: TRAIN_ISSUANCE_JOB,
    process: ({ reservationId }, job) => run(reservationId, isLastAttempt(job)),
  };
}

/** One try of an admitted issuance; `lastAttempt` makes a retryable payout rejection final. Shared with recovery. */
export function trainIssuanceRunner(platform: Platform, provider: RailProvider, reservations: TrainReservationRepository, issuances: TrainIssuanceRepository) {
  const deps: IssuanceDeps = { platform, provider, reservations, issuances };
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
    platform.logger.info('train tickets issued', { reservationId, paymentReference: r.paymentReference, funding: issuance.fundingSource, ...result });
    return result;
  };
}

interface IssuanceDeps {
  platform: Platform;
  provider: RailProvider;
  reservations: TrainReservationRepository;
  issuances: TrainIssuanceRepository;
}

/** Pays the provider bill out; a final rejection ends the issuance as PAYOUT_REJECTED and releases an agent's admission. */
async function payOut(
  { platform, provider, reservations, issuances }: IssuanceDeps,
  issuance: TrainIssuance,
  r: TrainReservation,
  lastAttempt: boolean,
): Promise<{ issued: false; payoutRejected: string | undefined } | null> {
  const reservationId = r.id;
  try {
    const paid = await provider.payout({ pnr: r.pnr!, amount: r.billAmount! });
    await issuances.update(reservationId, { payoutStatus: 'PAID', payoutReference: paid.reference, lastError: null }, platform.clock.now());
    return null;
  } catch (error) {
    if (!(error instanceof RailProviderError) || error.code !== 'PAYOUT_REJECTED') throw error; // transient: BullMQ retries
    if (error.retryable && !lastAttempt) {
      await issuances.update(reservationId, { payoutStatus: 'RETRYING', lastError: short(`${error.providerCode}: ${error.message}`) }, platform.clock.now());
      throw error;
    }
    const wallet = issuance.fundingSource === 'AGENT_WALLET';
    await platform.dataSource.transaction(async (m) => {
      const at = platform.clock.now();
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
        await platform.ledger.release(issuance.walletId!, trainWalletKey(reservationId), m);
        await reservations.update(reservationId, { status: 'RESERVED', lastError: short(`payout rejected: ${error.providerCode}`) }, at, m, ['PAID']);
      }
      if (moved && !wallet) await reservations.update(reservationId, { lastError: short(`payout rejected: ${error.providerCode}`) }, at, m);
      if (moved && issuance.callbackUrl) await platform.outbox.enqueue(m, { queue: TRAIN_QUEUE, name: TRAIN_CALLBACK_JOB, payload: { reservationId } });
    });
    platform.logger.warn('train payout rejected', {
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
  { platform, provider, issuances }: IssuanceDeps,
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
      await platform.dataSource.transaction(async (m) => {
        const moved = await issuances.update(
          reservationId,
          {
            status: 'ISSUE_FAILED',
            failure: { stage: 'ISSUE', code: error.providerCode ?? error.code, retryable: false, action: 'CONTACT_SUPPORT' },
            lastError: short(error.message),
          },
          platform.clock.now(),
          m,
          ['ISSUING'],
        );
        if (moved && issuance.callbackUrl) await platform.outbox.enqueue(m, { queue: TRAIN_QUEUE, name: TRAIN_CALLBACK_JOB, payload: { reservationId } });
      });
      platform.logger.error('train issue refused after payout', { reservationId, paymentReference: r.paymentReference, code: error.providerCode });
      return { issued: false, issueRefused: error.providerCode };
    }
    throw error;
  }
}

/** One transaction: reservation and tickets ISSUED, an agent's debit taken once, the TICKET notification and the callback. */
async function completeIssuance({ platform, reservations, issuances }: IssuanceDeps, r: TrainReservation) {
  const reservationId = r.id;
  return platform.dataSource.transaction(async (m) => {
    const at = platform.clock.now();
    const current = await issuances.byReservation(reservationId, m, true);
    if (!current || current.status !== 'ISSUING') return { issued: current?.status === 'ISSUED', entryId: current?.walletEntryId ?? null, duplicate: true };
    await reservations.update(reservationId, { status: 'ISSUED', lastError: null }, at, m, ['PAID']);
    await reservations.setTicketStatus(reservationId, 'ISSUED', at, m);
    // A customer's online payment already paid; only an agent's admitted debit is taken now.
    const debit = current.walletId
      ? await platform.ledger.debit(
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
    await platform.notifications.request(m, { bookingKind: TRAIN_BOOKING_KIND, bookingId: reservationId, messageType: 'TICKET' });
    if (current.callbackUrl) await platform.outbox.enqueue(m, { queue: TRAIN_QUEUE, name: TRAIN_CALLBACK_JOB, payload: { reservationId } });
    return { issued: true, entryId: debit?.entryId ?? null, duplicate: debit?.duplicate ?? false };
  });
}
