import type { Platform } from '../../../shared/platform/platform';
import type { JobDefinition } from '../../../shared/queue/worker-host';
import type { IssuanceService } from '../reservations/issuance.service';
import { FLIGHT_LEDGER_SCOPE, FLIGHT_QUEUE } from '../reservations/reservation-follow-ups';
import type { ReservationRepository } from '../reservations/reservation.repository';
import { debitIssued } from './wallet-debit.job';

export const FLIGHT_ISSUANCE_RECOVERY_JOB = 'issuance-recovery';
const BATCH = 50;
/**
 * Open holds read per run. Holds are open only between a purchase's admission and its debit, so there are few;
 * more than this many older than the stale period means debits are failing, and the log says so.
 */
const OPEN_HOLD_SCAN = 1000;

/**
 * Finishes, without any client call, what a crash left half done (docs/decisions.md "Recovery without the
 * client"): a paid reservation still ISSUING or PARTIALLY_ISSUED past its lease is issued again (the supplier
 * answers a repeat with the tickets it issued, so nothing is issued twice), and an issued one whose wallet hold
 * is still open is debited (one ledger key per reservation, so nothing is debited twice). Each reservation is
 * tried at most RECOVERY_MAX_ATTEMPTS times; then an error line asks an operator to look.
 */
export function flightIssuanceRecoveryJob(platform: Platform, reservations: ReservationRepository, issuance: IssuanceService): JobDefinition<object> {
  const { intervalSeconds, staleSeconds, maxAttempts } = platform.config.recovery;
  const log = platform.logger.child({ job: FLIGHT_ISSUANCE_RECOVERY_JOB });
  return {
    queue: FLIGHT_QUEUE,
    name: FLIGHT_ISSUANCE_RECOVERY_JOB,
    repeatEveryMs: intervalSeconds * 1000,
    async process() {
      const now = platform.clock.now();
      const before = new Date(now.getTime() - staleSeconds * 1000);
      let issued = 0;
      let debited = 0;
      for (const r of await reservations.stalledIssuances(now, before, maxAttempts, BATCH)) {
        const attempt = await reservations.noteRecoveryAttempt(r.id, now);
        try {
          const outcome = await issuance.issue(r);
          if (outcome.complete) issued++;
          log.info('flight issuance recovered', { reservationId: r.id, bookingReference: r.bookingReference, complete: outcome.complete, attempt });
        } catch (error) {
          log.warn('flight issuance recovery failed', { reservationId: r.id, bookingReference: r.bookingReference, attempt, reason: (error as Error).message });
        }
        if (attempt >= maxAttempts) {
          const current = await reservations.byId(r.id);
          if (current && ['ISSUING', 'PARTIALLY_ISSUED'].includes(current.status)) {
            log.error('flight issuance needs attention: recovery gave up', {
              reservationId: r.id,
              bookingReference: r.bookingReference,
              status: current.status,
              attempts: attempt,
            });
          }
        }
      }
      // Driven from the few open holds, never from the reservations (nearly all of them ISSUED).
      const openHolds = await platform.ledger.openHoldBookings(FLIGHT_LEDGER_SCOPE, before, OPEN_HOLD_SCAN);
      if (openHolds.length === OPEN_HOLD_SCAN) {
        log.warn('more open flight wallet holds than one recovery run reads: the newest wait for a later run', { read: OPEN_HOLD_SCAN });
      }
      const awaitingDebit = await reservations.issuedAmong(openHolds, before);
      for (const r of awaitingDebit.slice(0, BATCH)) {
        await debitIssued(platform, r);
        debited++;
      }
      return { issued, debited };
    },
  };
}
