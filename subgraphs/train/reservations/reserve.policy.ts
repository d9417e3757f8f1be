import { randomBytes } from 'node:crypto';
import { Role } from '../../../shared/auth/roles.types';
import type { BookingUserType } from '../../../shared/notifications/notification.types';
import type { RailProviderError } from '../provider/rail-provider.port';
import type { TrainReserveRequest } from './reserve.request';
import type { TrainReservation, TrainReservationStatus } from './reservation.types';
import { PassengerFieldError, TrainReservationException } from './train-reservation.exception';

/** The reserve flow's rules that need no repository: who may reserve, what a retry must repeat, how a refusal reads. */

/** States a retry answers from storage without calling the provider. */
export const SETTLED: readonly TrainReservationStatus[] = ['RESERVED', 'WORKFLOW_UNCONFIRMED', 'CANCELLING', 'CANCELLED', 'PAID', 'ISSUED'];

/** What a new reservation row holds before the provider has answered: everything but what the row gets on insert. */
export type FreshReservation = Omit<TrainReservation, 'id' | 'paymentReference' | 'createdAt' | 'updatedAt' | 'attempt'>;

export function bookingUserTypeOf(role: Role): BookingUserType {
  if (role === Role.CUSTOMER) return 'CUSTOMER';
  if (role === Role.SERVICE_AGENT) return 'SERVICE_AGENT';
  if (role === Role.THIRD_PARTY_AGENT) return 'THIRD_PARTY_AGENT';
  throw TrainReservationException.forbidden();
}

/** Rule 4: a retry must be the same request; the effective ticketPurchase (omitted = true) must not change. */
export function checkSameRequest(r: TrainReservation, request: TrainReserveRequest, fingerprint: string): void {
  if (r.ticketPurchase !== request.ticketPurchase) {
    throw TrainReservationException.retryConflict(
      `This reservation was made with notifications.ticketPurchase ${r.ticketPurchase}; a retry must not change it (omitted means true)`,
      { paymentReference: r.paymentReference, ticketPurchase: r.ticketPurchase },
    );
  }
  if (r.requestFingerprint !== fingerprint) {
    throw TrainReservationException.retryConflict(
      'These seat holds are already in a reservation made with other passenger or journey data; a retry must repeat the same request',
      {
        paymentReference: r.paymentReference,
      },
    );
  }
}

/** The provider's definite refusal (the reservation is FAILED): its own words (rule 2), or the lapsed hold's field. */
export function refusal(r: TrainReservation, error: RailProviderError): TrainReservationException {
  if (error.code === 'PROVIDER_REJECTED') return TrainReservationException.providerRejected(error.providerCode ?? 'SGR_PROVIDER_REJECTED', error.message);
  return TrainReservationException.passengerDataInvalid(goneHoldFields(r, error.message));
}

/** The provider names the hold that lapsed between our check and its own; point at that passenger's field. */
function goneHoldFields(r: TrainReservation, message: string): PassengerFieldError[] {
  const fields: PassengerFieldError[] = [];
  r.passengers.forEach((p, i) => {
    if (message.includes(p.outbound.holdKey))
      fields.push({ passengerIndex: i, field: 'outboundSeatHoldKey', message: 'has expired or was released; hold the seat again' });
    if (p.return && message.includes(p.return.holdKey))
      fields.push({ passengerIndex: i, field: 'returnSeatHoldKey', message: 'has expired or was released; hold the seat again' });
  });
  return fields.length ? fields : [{ passengerIndex: null, field: 'passengers', message: 'a seat hold expired or was released; hold the seats again' }];
}

/** The columns only the provider's answer fills, empty on a new reservation. */
export function blankReservation() {
  return {
    pnr: null,
    workflowId: null,
    workflowStartConfirmed: null,
    billId: null,
    controlNumber: null,
    billAmount: null,
    billCurrency: null,
    paymentRequired: null,
    paymentCurrency: null,
    reservedAt: null,
    internalExpiresAt: null,
    expiresAt: null,
    providerExpiresAt: null,
    lastError: null,
    needsAttentionAt: null,
    cancelledAt: null,
    cancelReason: null,
  };
}

const REFERENCE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** Short human references without look-alike characters (no 0/O, 1/I). */
export function reference(prefix: string, length: number): string {
  return prefix + Array.from(randomBytes(length), (b) => REFERENCE_ALPHABET[b % REFERENCE_ALPHABET.length]).join('');
}
