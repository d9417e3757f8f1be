import { decodeTripId, encodeTripId } from './trip-id.codec';

describe('trip global ids', () => {
  const bookingId = '3f1c2a9e-8b7d-4c6e-9a5f-0e1d2c3b4a59';

  it('round-trips each kind, and the kinds never read as each other', () => {
    const flight = encodeTripId('FLIGHT', bookingId);
    const train = encodeTripId('TRAIN', bookingId);
    expect(flight).not.toEqual(train);
    expect(decodeTripId(flight)).toEqual({ kind: 'FLIGHT', bookingId });
    expect(decodeTripId(train)).toEqual({ kind: 'TRAIN', bookingId });
  });

  it.each([
    ['empty', ''],
    ['not base64url', 'a b'],
    ['an unknown type', Buffer.from(`Account:${bookingId}`).toString('base64url')],
    ['a booking id that is not a uuid', Buffer.from('FlightBooking:1 OR 1=1').toString('base64url')],
    ['no type', Buffer.from(bookingId).toString('base64url')],
    ['too long', 'A'.repeat(200)],
  ])('refuses %s', (_label, id) => {
    expect(decodeTripId(id)).toBeNull();
  });
});
