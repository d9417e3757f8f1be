/**
 * The one format of a booking's ledger key, shared by its admission hold and its one debit: `<scope>:<bookingId>`
 * (e.g. `flight-reservation:<id>`). Only the ledger takes keys apart (WalletLedger.openHoldBookings).
 */
export function bookingLedgerKey(scope: string, bookingId: string): string {
  return `${scope}:${bookingId}`;
}

/** The prefix every key of a scope starts with. */
export function bookingLedgerKeyPrefix(scope: string): string {
  return bookingLedgerKey(scope, '');
}

/** The ledger scopes of bookings, and the trip kind each belongs to (the wallet statement links entries to trips). */
export const BOOKING_LEDGER_SCOPES = { 'flight-reservation': 'FLIGHT', 'train-reservation': 'TRAIN' } as const;

/** The booking a ledger key belongs to, or null for a key of no booking (top-ups, adjustments, opening balances). */
export function bookingOfLedgerKey(businessKey: string): { kind: 'FLIGHT' | 'TRAIN'; bookingId: string } | null {
  const colon = businessKey.indexOf(':');
  const scope = businessKey.slice(0, colon) as keyof typeof BOOKING_LEDGER_SCOPES;
  if (colon <= 0 || !Object.prototype.hasOwnProperty.call(BOOKING_LEDGER_SCOPES, scope)) return null;
  return { kind: BOOKING_LEDGER_SCOPES[scope], bookingId: businessKey.slice(colon + 1) };
}
