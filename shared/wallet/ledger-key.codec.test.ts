import { bookingOfLedgerKey } from './ledger-key.codec';
import { flightWalletKey } from '../../subgraphs/flight/reservations/reservation-follow-ups.service';
import { trainWalletKey } from '../../subgraphs/train/reservations/reservation-follow-ups.service';

describe('ledger keys of bookings', () => {
  const id = '3f1c2a9e-8b7d-4c6e-9a5f-0e1d2c3b4a59';

  it("reads back the booking of each module's own key", () => {
    expect(bookingOfLedgerKey(flightWalletKey(id))).toEqual({ kind: 'FLIGHT', bookingId: id });
    expect(bookingOfLedgerKey(trainWalletKey(id))).toEqual({ kind: 'TRAIN', bookingId: id });
  });

  it('finds no booking in top-ups, adjustments and opening balances', () => {
    for (const key of [`topup:${id}`, `adjust:${id}`, `opening-balance:${id}`, 'flight-reservation', ':x']) expect(bookingOfLedgerKey(key)).toBeNull();
  });
});
