import { checkOfferReference, checkReservationRequest, offerReferenceMessage } from './flight-reservation.validator';

const fields = (checked: { problems: unknown[] } | object) => ('problems' in checked ? checked.problems : []);
const OFFER = '0F0E0D0C-0B0A-4908-8706-050403020100';

describe('the offer reference and reservation request validator (REST and GraphQL alike)', () => {
  it('answers an offer reference missing, blank or malformed with the words of its 400', () => {
    for (const missing of [undefined, null, '', '  ']) {
      const checked = checkOfferReference(missing);
      expect(fields(checked)).toEqual([{ field: 'offerReference', message: 'is required' }]);
      expect(offerReferenceMessage(fields(checked) as [])).toBe('offerReference is required (or flightOffer with its offerReference)');
    }
    expect(fields(checkOfferReference(5))).toEqual([{ field: 'offerReference', message: 'must be a uuid' }]);
    expect(checkOfferReference(` ${OFFER} `)).toEqual({ offerReference: OFFER.toLowerCase() });
  });

  it("lists every problem of the request's own members at once", () => {
    const checked = checkReservationRequest(
      { offerReference: 'nope', passengers: [], selectedOption: 'CHEAP', priceAcceptance: { priceVersion: 'x'.repeat(65), amount: '1', currency: 'usd' } },
      'x'.repeat(129),
    );
    expect(fields(checked)).toEqual([
      { field: 'offerReference', message: 'must be the uuid a search returned' },
      { field: 'passengers', message: 'is required: one entry per traveler of the offer' },
      { field: 'selectedOption', message: 'must be FLEXIBLE_FARE or NON_REFUNDABLE_FARE' },
      { field: 'priceAcceptance.priceVersion', message: 'must be at most 64 characters' },
      { field: 'X-External-User-Id', message: 'must be at most 128 characters' },
    ]);
  });

  it('takes the submitted offer’s reference and applies the defaults', () => {
    const checked = checkReservationRequest({
      flightOfferReference: OFFER,
      passengers: [{}],
      notifications: { ticketPurchase: false },
      priceAcceptance: { priceVersion: 'pv1-a', amount: '10.00', currency: 'usd' },
    });
    expect(checked).toEqual({
      request: {
        offerReference: OFFER.toLowerCase(),
        passengers: [{}],
        contact: null,
        selectedOption: 'NON_REFUNDABLE_FARE',
        notifications: { ticketPurchase: false, allOtherTripNotification: true, serviceAccountCreation: true },
        priceAcceptance: { priceVersion: 'pv1-a', amount: '10.00', currency: 'USD' },
        externalUserId: null,
      },
    });
  });

  it('refuses two routes naming different offers, and takes the same offer named twice', () => {
    const other = '11111111-2222-4333-8444-555555555555';
    expect(fields(checkReservationRequest({ offerReference: OFFER, flightOfferReference: other, passengers: [{}] }))).toEqual([
      { field: 'flightOffer', message: 'names another offer than offerReference: send one of the two' },
    ]);
    const twice = checkReservationRequest({ offerReference: OFFER.toLowerCase(), flightOfferReference: ` ${OFFER} `, passengers: [{}] });
    expect(twice).toMatchObject({ request: { offerReference: OFFER.toLowerCase() } });
  });
});
