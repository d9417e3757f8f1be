import type { BookingUserType } from '../../../shared/notifications/notification.types';
import type { TrainPricingContext } from '../pricing/train-pricing.policy';
import type { CarClass } from '../provider/rail-provider.port';

export type Journey = 'OUTBOUND' | 'RETURN';

/**
 * PENDING: saved, provider not (certainly) called yet or its answer was lost; a retry reconciles with the
 * same provider key. FAILED: the provider refused; a corrected retry may try again. RESERVED: payable.
 * WORKFLOW_UNCONFIRMED: the provider reserved but could not confirm its workflow (503, no retry).
 * CANCELLING: the expiry job checked the payment evidence and is cancelling at the provider.
 */
export type TrainReservationStatus = 'PENDING' | 'FAILED' | 'RESERVED' | 'WORKFLOW_UNCONFIRMED' | 'CANCELLING' | 'CANCELLED' | 'PAID' | 'ISSUED';

export type TrainTicketStatus = 'RESERVED' | 'PAID' | 'ISSUED' | 'CANCELLED';

/** One selected train as the reservation keeps it: our dated id, the provider's id and what messages show. */
export interface JourneySelection {
  timeTableTrainSetId: number;
  providerId: number;
  date: string;
  fromStopId: string;
  toStopId: string;
  fromPartnerId: number;
  toPartnerId: number;
  trainNumber: string;
  departure: { date: string; time: string };
  arrival: { date: string; time: string };
}

export interface SeatChoice {
  holdKey: string;
  carId: number;
  carTypeId: number;
  seatId: number;
}

/** A validated passenger. Personal data: kept in MySQL only, never in job payloads or logs. */
export interface StoredPassenger {
  passengerName: string;
  identityNo: string;
  gender: 'Male' | 'Female' | null;
  ageCategory: 'Adult' | 'Child';
  /** The real number, E.164. */
  phone: string;
  /** Calling code without "+", e.g. "255". */
  countryCode: string;
  /** ISO 3166-1 alpha-2, lowercase. */
  countryCodeName: string;
  /** What the provider gets: Tanzanian national format without the leading zero, or the local fallback. */
  providerPhone: string;
  email: string | null;
  nationalityTypeId: number;
  isDisabledPassenger: boolean;
  ticketTypeId: number;
  outbound: SeatChoice;
  return: SeatChoice | null;
}

export interface TrainReservation {
  id: string;
  accountId: string;
  bookingUserType: BookingUserType;
  idempotencyKey: string;
  requestFingerprint: string;
  status: TrainReservationStatus;
  attempt: number;
  journeyType: 'ONE_WAY' | 'ROUND_TRIP';
  ticketPurchase: boolean;
  notifications: { ticketPurchase: boolean };
  outbound: JourneySelection;
  returnJourney: JourneySelection | null;
  passengers: StoredPassenger[];
  issuerDeviceInfo: Record<string, unknown> | null;
  authenticationContext: string;
  language: 'en' | 'sw';
  pricingContext: TrainPricingContext;
  paymentReference: string;
  pnr: string | null;
  workflowId: string | null;
  workflowStartConfirmed: boolean | null;
  billId: string | null;
  controlNumber: string | null;
  billAmount: string | null;
  billCurrency: string | null;
  paymentRequired: string | null;
  paymentCurrency: string | null;
  reservedAt: Date | null;
  internalExpiresAt: Date | null;
  expiresAt: Date | null;
  providerExpiresAt: Date | null;
  lastError: string | null;
  /** Set when the background reconciliation gave up on a PENDING reservation: an operator must check the provider. */
  needsAttentionAt: Date | null;
  cancelledAt: Date | null;
  cancelReason: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface TrainTicketRow {
  trainTicketUuid: string;
  reservationId: string;
  passengerIndex: number;
  journey: Journey;
  passengerName: string;
  /** The real number (E.164), whatever the provider was sent. */
  passengerPhone: string;
  ticketNumber: string;
  holdKey: string;
  timeTableTrainSetId: number;
  travelDate: string;
  fromStopId: string;
  toStopId: string;
  /** The provider's car id (what holds name). */
  carId: number;
  /** The car's number in the train as passengers see it (provider orderNo); null on tickets stored before it was kept. */
  carNumber: number | null;
  carTypeId: number;
  carClass: CarClass;
  seatId: number;
  seatLabel: string;
  ticketTypeId: number;
  luggageId: number;
  /** The provider's ticket amount (fare plus luggage), TZS. */
  fareAmount: string;
  /** What the buyer pays for this ticket (grandTotal), in priceCurrency. */
  priceTotal: string;
  priceCurrency: string;
  price: unknown;
  status: TrainTicketStatus;
  authenticationContext: string;
  createdAt: Date;
  updatedAt: Date;
}
