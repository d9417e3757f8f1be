import type { FlightPorts } from '../flight.port';
import { FLIGHT_JOBS } from '../jobs/flight.jobs';
import type { CancelService } from './cancel.service';
import type { IssuanceService } from './issuance.service';
import { FLIGHT_LEDGER_SCOPE } from './reservation-follow-ups.service';
import type { ReservationRepository } from './reservation.repository';
import type { WalletDebitService } from './wallet-debit.service';

const BATCH = 50;
/**
 * Open holds read per run. Holds are open only between a purchase's admission and its debit, so there are few;
 * more than this many older than the stale period means debits are failing, and the log says so.
 */
const OPEN_HOLD_SCAN = 1000;

/**
 * Finishes, without any client call, what a crash left half done (docs/decisions.md "Recovery without the
 * client"): a paid reservation still ISSUING or PARTIALLY_ISSUED past its lease is issued again (the supplier
 * answers a repeat with the tickets it issued, so nothing is issued twice), an issued one whose wallet hold
 * is still open is debited (one ledger key per reservation, so nothing is debited twice), and a cancellation
 * left CANCELLING past its lease is finished (the supplier answers a repeated cancel with its first outcome, and
 * the final write is guarded by CANCELLING, so nothing is released or told twice). Each reservation is tried at
 * most RECOVERY_MAX_ATTEMPTS times; then an error line asks an operator to look.
 */
export class IssuanceRecoveryService {
  private readonly log: FlightPorts['logger'];

  constructor(
    private readonly ports: Pick<FlightPorts, 'clock' | 'ledger' | 'logger' | 'recovery'>,
    private readonly reservations: ReservationRepository,
    private readonly issuance: IssuanceService,
    private readonly debits: WalletDebitService,
    private readonly cancellations: CancelService,
  ) {
    this.log = ports.logger.child({ job: FLIGHT_JOBS.issuanceRecovery.name });
  }

  async run(): Promise<{ issued: number; debited: number; cancelled: number }> {
    const now = this.ports.clock.now();
    const before = new Date(now.getTime() - this.ports.recovery.staleSeconds * 1000);
    const issued = await this.reissueStalled(now, before);
    const debited = await this.debitOpenHolds(before);
    const cancelled = await this.finishStalledCancellations(now, before);
    return { issued, debited, cancelled };
  }

  private async finishStalledCancellations(now: Date, before: Date): Promise<number> {
    const { maxAttempts } = this.ports.recovery;
    let cancelled = 0;
    for (const r of await this.reservations.stalled(['CANCELLING'], now, before, maxAttempts, BATCH)) {
      const attempt = await this.reservations.noteRecoveryAttempt(r.id, now);
      const where = { reservationId: r.id, bookingReference: r.bookingReference, attempt };
      try {
        if (await this.cancellations.resume(r)) cancelled++;
        this.log.info('flight cancellation recovered', where);
      } catch (error) {
        const log = attempt >= maxAttempts ? this.log.error.bind(this.log) : this.log.warn.bind(this.log);
        log(attempt >= maxAttempts ? 'flight cancellation needs attention: recovery gave up' : 'flight cancellation recovery failed', {
          ...where,
          reason: (error as Error).message,
        });
      }
    }
    return cancelled;
  }

  private async reissueStalled(now: Date, before: Date): Promise<number> {
    const { maxAttempts } = this.ports.recovery;
    let issued = 0;
    for (const r of await this.reservations.stalled(['ISSUING', 'PARTIALLY_ISSUED'], now, before, maxAttempts, BATCH)) {
      const attempt = await this.reservations.noteRecoveryAttempt(r.id, now);
      try {
        const outcome = await this.issuance.issue(r);
        if (outcome.complete) issued++;
        this.log.info('flight issuance recovered', { reservationId: r.id, bookingReference: r.bookingReference, complete: outcome.complete, attempt });
      } catch (error) {
        this.log.warn('flight issuance recovery failed', {
          reservationId: r.id,
          bookingReference: r.bookingReference,
          attempt,
          reason: (error as Error).message,
        });
      }
      if (attempt >= maxAttempts) {
        const current = await this.reservations.byId(r.id);
        if (current && ['ISSUING', 'PARTIALLY_ISSUED'].includes(current.status)) {
          this.log.error('flight issuance needs attention: recovery gave up', {
            reservationId: r.id,
            bookingReference: r.bookingReference,
            status: current.status,
            attempts: attempt,
          });
        }
      }
    }
    return issued;
  }

  /** Driven from the few open holds, never from the reservations (nearly all of them ISSUED). */
  private async debitOpenHolds(before: Date): Promise<number> {
    const openHolds = await this.ports.ledger.openHoldBookings(FLIGHT_LEDGER_SCOPE, before, OPEN_HOLD_SCAN);
    if (openHolds.length === OPEN_HOLD_SCAN) {
      this.log.warn('more open flight wallet holds than one recovery run reads: the newest wait for a later run', { read: OPEN_HOLD_SCAN });
    }
    const awaitingDebit = await this.reservations.issuedAmong(openHolds, before);
    let debited = 0;
    for (const r of awaitingDebit.slice(0, BATCH)) {
      await this.debits.debitIssued(r);
      debited++;
    }
    return debited;
  }
}
