import { RAIL_PROVIDER_KEY } from '../search/train-trip.view';
import type { Journey, TrainReservation, TrainTicketRow } from './reservation.types';

export interface TrainReservationView {
  provider: string;
  journeyType: 'ONE_WAY' | 'ROUND_TRIP';
  reservation: { pnr: string; ticketNumbers: string[]; passengerCount: number; segmentCount: number };
  bill: { id: string; expireDate: string; paymentRequired: string; controlNumber: string };
  paymentReference: string;
  paymentWindow: { expiresInMinutes: number; internalExpiresAt: string; expiresAt: string; providerExpiresAt: string };
  paymentItems: Array<{ identifier: string; journey: Journey; passengerName: string; price: string; trainTicketUuid: string }>;
  trainTicketUuids: string[];
}

/** Whole minutes left at `now` (rule 5): decreasing on every retry, 0 once the deadline has passed. */
export function minutesLeft(deadline: Date, now: Date): number {
  return Math.max(0, Math.floor((deadline.getTime() - now.getTime()) / 60_000));
}

/**
 * The 200 `data` of POST /api/trip/train/seat/reserve, from stored rows only (so a retry answers the same
 * identifiers). `bill.paymentRequired` is what the buyer pays (the sum of paymentItems prices, fares plus
 * booking fees, TZS); the provider's own bill amount is only the fares.
 */
export function reservationView(r: TrainReservation, tickets: TrainTicketRow[], now: Date): TrainReservationView {
  return {
    provider: RAIL_PROVIDER_KEY,
    journeyType: r.journeyType,
    reservation: {
      pnr: r.pnr!,
      ticketNumbers: tickets.map((t) => t.ticketNumber),
      passengerCount: r.passengers.length,
      segmentCount: r.returnJourney ? 2 : 1,
    },
    bill: { id: r.billId!, expireDate: r.providerExpiresAt!.toISOString(), paymentRequired: r.paymentRequired!, controlNumber: r.controlNumber! },
    paymentReference: r.paymentReference,
    paymentWindow: {
      expiresInMinutes: minutesLeft(r.expiresAt!, now),
      internalExpiresAt: r.internalExpiresAt!.toISOString(),
      expiresAt: r.expiresAt!.toISOString(),
      providerExpiresAt: r.providerExpiresAt!.toISOString(),
    },
    paymentItems: tickets.map((t) => ({
      identifier: t.ticketNumber,
      journey: t.journey,
      passengerName: t.passengerName,
      price: t.priceTotal,
      trainTicketUuid: t.trainTicketUuid,
    })),
    trainTicketUuids: tickets.map((t) => t.trainTicketUuid),
  };
}

/** Rule 3's `data`: enough for support to find the reservation; the client must not resubmit. */
export function workflowUnconfirmedData(r: TrainReservation, tickets: TrainTicketRow[]) {
  return {
    paymentReference: r.paymentReference,
    reservation: { pnr: r.pnr!, ticketsNo: tickets.map((t) => t.ticketNumber) },
    trainTicketUuids: tickets.map((t) => t.trainTicketUuid),
    retryAllowed: false as const,
    workflowId: r.workflowId!,
  };
}
