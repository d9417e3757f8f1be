import { decodeTrainSetId, encodeTrainSetId } from './dated-trainset.codec';

describe('dated train-set ids', () => {
  it('round-trip the provider id and the date, and stay 32-bit until 2099', () => {
    for (const [id, date] of [
      [4101, '2026-12-01'],
      [1, '2026-01-01'],
      [9999, '2099-12-31'],
    ] as const) {
      const encoded = encodeTrainSetId(id, date);
      expect(decodeTrainSetId(encoded)).toEqual({ providerId: id, date });
      expect(encoded).toBeLessThan(2 ** 31);
    }
    expect(encodeTrainSetId(4101, '2026-12-02')).not.toBe(encodeTrainSetId(4101, '2026-12-01'));
  });

  it('refuses numbers it never issued', () => {
    expect(decodeTrainSetId(0)).toBeNull();
    expect(decodeTrainSetId(-5)).toBeNull();
    expect(decodeTrainSetId(3340000)).toBeNull();
    expect(() => encodeTrainSetId(10_000, '2026-12-01')).toThrow(RangeError);
  });
});
