import { isRandomOfferReference, MAX_OFFERS_PER_SEARCH, newSearchId, offerReferenceOf, parseOfferReference } from './offer-reference.codec';

const UUID_V8 = /^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('offerReference layout (RFC 9562 version 8)', () => {
  it('is a 36-character uuid carrying the search, the position and the expiry', () => {
    const expiresAt = Date.UTC(2027, 0, 10, 12, 30, 0, 123);
    const searchId = newSearchId(expiresAt);
    const references = [0, 1, 199, MAX_OFFERS_PER_SEARCH - 1].map((position) => offerReferenceOf(searchId, position));
    for (const [i, reference] of references.entries()) {
      expect(reference).toHaveLength(36);
      expect(reference).toMatch(UUID_V8);
      expect(parseOfferReference(reference)).toEqual({ searchId, position: [0, 1, 199, 4095][i], expiresAt });
    }
    expect(parseOfferReference(references[2].toUpperCase())).toEqual({ searchId, position: 199, expiresAt });
  });

  it('gives each search its own id, and refuses what does not fit', () => {
    const ids = new Set(Array.from({ length: 1000 }, () => newSearchId(1_800_000_000_000)));
    expect(ids.size).toBe(1000);
    expect(() => offerReferenceOf(newSearchId(0), MAX_OFFERS_PER_SEARCH)).toThrow(RangeError);
    expect(() => newSearchId(2 ** 48)).toThrow(RangeError);
  });

  it('tells the earlier random references apart from this layout and from anything else', () => {
    const random = '3f2b8c1e-9a4d-4e6f-8b2a-1c3d5e7f9a0b';
    expect(parseOfferReference(random)).toBeNull();
    expect(isRandomOfferReference(random)).toBe(true);
    expect(isRandomOfferReference(offerReferenceOf(newSearchId(1), 0))).toBe(false);
    expect(parseOfferReference('not-a-uuid')).toBeNull();
    expect(parseOfferReference('00000000-0000-8000-c000-000000000000')).toBeNull();
  });
});
