import type { FlightPorts } from '../flight.port';
import { flightWalletKey } from './reservation-follow-ups.service';
import type { ReservationRepository } from './reservation.repository';
import type { FlightReservation } from './reservation.types';

/**
 * Takes the frozen walletDebitTotal after issuance. The ledger's business key is the
 * reservation, so a retried or duplicated job (or the recovery job) debits once; the debit
 * captures the hold the purchase admitted under the same key (flightWalletKey).
 */
export class WalletDebitService {
  constructor(
    private readonly ports: Pick<FlightPorts, 'ledger' | 'logger'>,
    private readonly reservations: ReservationRepository,
  ) {}

  /** The wallet-debit job: only an issued reservation paid from a wallet is debited. */
  async debitReservation(reservationId: string): Promise<{ entryId: string; duplicate: boolean } | { skipped: true }> {
    const r = await this.reservations.byId(reservationId);
    if (!r || r.status !== 'ISSUED' || !r.walletId || !r.walletDebitTotal) return { skipped: true };
    return this.debitIssued(r);
  }

  async debitIssued(r: FlightReservation): Promise<{ entryId: string; duplicate: boolean }> {
    const result = await this.ports.ledger.debit(r.walletId!, {
      businessKey: flightWalletKey(r.id),
      amount: r.walletDebitTotal!,
      note: `flight ${r.bookingReference}`,
    });
    this.ports.logger.info('flight wallet debit', {
      reservationId: r.id,
      bookingReference: r.bookingReference,
      duplicate: result.duplicate,
      balanceAfter: result.balanceAfter,
    });
    return { entryId: result.entryId, duplicate: result.duplicate };
  }
}
