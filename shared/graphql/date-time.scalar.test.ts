import { Kind } from 'graphql';
import { DateTimeScalar, LocalDateScalar } from './date-time.scalar';

describe('DateTime and LocalDate scalars', () => {
  it('keeps a date-time string as written, offset included, and writes a Date in UTC', () => {
    expect(DateTimeScalar.serialize('2026-12-24T08:30:00+03:00')).toBe('2026-12-24T08:30:00+03:00');
    expect(DateTimeScalar.serialize(new Date('2026-12-24T05:30:00Z'))).toBe('2026-12-24T05:30:00.000Z');
    expect(DateTimeScalar.parseValue('2026-11-25T05:00:00.123Z')).toBe('2026-11-25T05:00:00.123Z');
  });

  it('refuses a date-time without a zone, an impossible date and a number', () => {
    for (const bad of ['2026-12-24T08:30:00', '2026-02-30T08:30:00Z', 1764000000, ''])
      expect(() => DateTimeScalar.parseValue(bad)).toThrow(/DateTime cannot represent/);
    expect(() => DateTimeScalar.parseLiteral({ kind: Kind.INT, value: '5' })).toThrow(/as a string/);
  });

  it('takes and gives calendar dates as they are', () => {
    expect(LocalDateScalar.parseValue('2026-12-24')).toBe('2026-12-24');
    expect(LocalDateScalar.parseLiteral({ kind: Kind.STRING, value: '2028-02-29' })).toBe('2028-02-29');
    for (const bad of ['2026-13-01', '2027-02-29', '24/12/2026', '2026-12-24T00:00:00Z'])
      expect(() => LocalDateScalar.parseValue(bad)).toThrow(/LocalDate cannot represent/);
  });
});
