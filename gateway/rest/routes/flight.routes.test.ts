import { restOffer, restPrice, withoutNulls, withoutNullsBut } from './flight.routes';

/** The mapping as it was written before the one-walk rewrite: entries, filter, fromEntries at every level. */
function entriesWithoutNulls<T>(value: T): T {
  if (Array.isArray(value)) return value.map(entriesWithoutNulls) as T;
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([, v]) => v !== null && v !== undefined)
      .map(([k, v]) => [k, entriesWithoutNulls(v)]),
  ) as T;
}

const offer = {
  type: 'flight-offer',
  id: '1',
  lastTicketingDate: null,
  itineraries: [{ duration: 'PT1H', segments: [{ id: 's1', departure: { iataCode: 'DAR', terminal: null, at: '2027-01-01T10:00' }, operating: null }] }],
  price: {
    currency: 'USD',
    total: '100.00',
    otherCurrencies: [
      { currency: 'TZS', total: '250000', bookingFees: [], walletDebitTotal: null },
      { currency: 'KES', total: '13000', bookingFees: [{ amount: '1', recipient: null }], walletDebitTotal: '13000' },
    ],
    walletSettlement: null,
    fees: [{ amount: '0', type: 'SUPPLIER' }],
  },
  fareRules: { rules: [{ category: 'REFUND', notApplicable: null, maxPenaltyAmount: '10' }], nested: [[null, 1]] },
  numberOfBookableSeats: 9,
  nonHomogeneous: false,
};

describe('REST flight offer mapping', () => {
  it('leaves out null members at every depth, keeps false, 0, empty lists and nulls inside lists', () => {
    expect(withoutNulls(offer)).toEqual(entriesWithoutNulls(offer));
    expect(JSON.stringify(withoutNulls(offer))).toBe(JSON.stringify(entriesWithoutNulls(offer)));
    expect(withoutNulls([null, 0, '', { a: null }])).toEqual([null, 0, '', {}]);
  });

  it('keys otherCurrencies by currency, last in the price, with the same bytes as before', () => {
    const { otherCurrencies, ...rest } = offer.price;
    const before = entriesWithoutNulls({ ...rest, otherCurrencies: Object.fromEntries(otherCurrencies.map((c) => [c.currency, c])) });
    expect(JSON.stringify(restPrice(offer.price))).toBe(JSON.stringify(before));
    expect(JSON.stringify(restOffer(offer))).toBe(JSON.stringify(entriesWithoutNulls({ ...offer, price: before })));
  });

  it('keeps the members a shape keeps null with the bytes the cancellation always had: in place when set, last when null', () => {
    type Cancellation = { reservationId: string; state: string; refundState: string | null; ticketId: string | null; bookingReference: string };
    const cancellation: Cancellation = { reservationId: 'r', state: 'CANCELLED', refundState: null, ticketId: null, bookingReference: 'B' };
    const before = (c: Cancellation) => JSON.stringify({ ...withoutNulls(c), refundState: c.refundState });
    expect(JSON.stringify(withoutNullsBut(cancellation, ['refundState']))).toBe(before(cancellation));
    const refunded: Cancellation = { ...cancellation, refundState: 'REFUNDED' };
    expect(JSON.stringify(withoutNullsBut(refunded, ['refundState']))).toBe(before(refunded));
    expect(withoutNullsBut(cancellation, [])).toEqual({ reservationId: 'r', state: 'CANCELLED', bookingReference: 'B' });
  });
});
