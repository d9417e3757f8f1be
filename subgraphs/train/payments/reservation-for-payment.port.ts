import type { EntityManager } from 'typeorm';
import type { BookingUserType } from '../../../shared/notifications/notification.types';

/**
 * What payments need of train reservations, declared here so payments import nothing from reservations: the
 * reservations repository satisfies it, and the composition root (train.wiring.ts) hands it over. A status
 * reservations add must be added here too; until it is, the root's type check refuses the repository.
 */
export type ReservationForPaymentStatus = 'PENDING' | 'FAILED' | 'RESERVED' | 'WORKFLOW_UNCONFIRMED' | 'CANCELLING' | 'CANCELLED' | 'PAID' | 'ISSUED';

/** The reservation a payment is for: who owns it, whether it awaits money, and how much. */
export interface ReservationForPayment {
  id: string;
  accountId: string;
  bookingUserType: BookingUserType;
  status: ReservationForPaymentStatus;
  paymentReference: string;
  /** What the buyer pays in TZS (fares plus booking fees); null until the provider has reserved. */
  paymentRequired: string | null;
  paymentCurrency: string | null;
  /** The end of the payment window. */
  expiresAt: Date | null;
}

/** The reservations payments read, and the one change they make: a RESERVED reservation and its tickets PAID. */
export interface PayableReservations {
  byPaymentReference(paymentReference: string): Promise<ReservationForPayment | null>;
  /** With `lock`, under the row lock (FOR UPDATE) of the transaction `m`. */
  byId(id: string, m?: EntityManager, lock?: boolean): Promise<ReservationForPayment | null>;
  /** The status change, only while the status is still one of `from`; false otherwise. */
  update(id: string, changes: { status: 'PAID'; lastError: null }, now: Date, m: EntityManager, from: ReservationForPaymentStatus[]): Promise<boolean>;
  setTicketStatus(reservationId: string, status: 'PAID', now: Date, m: EntityManager): Promise<void>;
}
