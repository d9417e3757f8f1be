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
