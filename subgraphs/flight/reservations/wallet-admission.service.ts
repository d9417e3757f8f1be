import type { EntityManager } from 'typeorm';
import { Decimal, formatAmount } from '../../../shared/money/money.calculator';
import { FlightException } from '../errors/flight.exception';
import type { FlightPorts } from '../flight.port';
import { flightWalletKey } from './reservation-follow-ups.service';
import type { ReservationRepository } from './reservation.repository';
import type { FlightReservation } from './reservation.types';

/**
 * The wallet side of an agent booking: the frozen walletDebitTotal is held in the ledger (the one admission
 * rule, under the wallet lock) before any ticket is asked for, whoever starts the issuance (the agent's purchase
 * or an administrator's direct issuance), and given back when the airline refuses to issue.
 */
export class FlightWalletAdmission {
  constructor(
    private readonly ports: Pick<FlightPorts, 'clock' | 'transactor' | 'ledger'>,
    private readonly reservations: ReservationRepository,
  ) {}

  /** Needs admission: an agent booking paid from a wallet and not admitted yet. */
  needed(r: FlightReservation): boolean {
    return !r.admittedAt && !!r.walletId && !!r.walletDebitTotal;
  }

  /** Holds the debit and moves the reservation to ISSUING, under the reservation lock then the wallet lock. */
  async admit(r: FlightReservation): Promise<FlightReservation> {
    const now = this.ports.clock.now();
    return this.ports.transactor.transaction(async (m) => {
      const locked = (await this.reservations.byId(r.id, m, true))!;
      if (locked.admittedAt) return locked;
      const admission = await this.ports.ledger.hold(
        locked.walletId!,
        { businessKey: flightWalletKey(locked.id), amount: locked.walletDebitTotal!, note: `flight ${locked.bookingReference}` },
        m,
      );
      if (!admission.admitted) {
        throw FlightException.walletAdmissionFailed({
          reservationId: r.id,
          required: formatAmount(new Decimal(locked.walletDebitTotal!), admission.currency),
          balance: admission.balance,
          pendingDebits: admission.held,
          overdraftLimit: admission.overdraftLimit,
          currency: admission.currency,
        });
      }
      await this.reservations.update(locked.id, { admittedAt: now, status: 'ISSUING' }, now, m);
      return { ...locked, admittedAt: now, status: 'ISSUING' };
    });
  }

  /** Gives the hold back and clears the admission, so a later purchase is admitted afresh (inside `m`). */
  async release(r: FlightReservation, m: EntityManager): Promise<void> {
    if (!r.walletId || !r.admittedAt) return;
    await this.ports.ledger.release(r.walletId, flightWalletKey(r.id), m);
    await this.reservations.update(r.id, { admittedAt: null }, this.ports.clock.now(), m);
  }
}
