import { formatOffset, localDateTime, minutesOfDay, zonedInstant } from './zoned-time.calculator';

describe('zoned wall-clock times', () => {
  it('turns a local time into the instant and back, with the zone offset', () => {
    const at = zonedInstant('2026-12-01', 6 * 60, 'Africa/Dar_es_Salaam');
    expect(at.toISOString()).toBe('2026-12-01T03:00:00.000Z');
    expect(localDateTime(at, 'Africa/Dar_es_Salaam')).toEqual({ date: '2026-12-01', time: '06:00', offsetMinutes: 180, iso: '2026-12-01T06:00:00+03:00' });
    expect(localDateTime(at, 'Africa/Kigali').iso).toBe('2026-12-01T05:00:00+02:00');
  });

  it('accepts minutes past the day and crosses midnight on the calendar', () => {
    const at = zonedInstant('2026-12-31', 25 * 60 + 30, 'Africa/Nairobi');
    expect(localDateTime(at, 'Africa/Nairobi')).toMatchObject({ date: '2027-01-01', time: '01:30' });
  });

  it('follows daylight saving time where a zone has it', () => {
    expect(localDateTime(zonedInstant('2026-07-01', 12 * 60, 'Europe/London'), 'Europe/London').iso).toBe('2026-07-01T12:00:00+01:00');
    expect(localDateTime(zonedInstant('2026-01-01', 12 * 60, 'Europe/London'), 'Europe/London').iso).toBe('2026-01-01T12:00:00+00:00');
  });

  it('formats offsets and parses HH:mm strictly', () => {
    expect(formatOffset(-330)).toBe('-05:30');
    expect(formatOffset(0)).toBe('+00:00');
    expect(minutesOfDay('19:05')).toBe(1145);
    expect(() => minutesOfDay('24:00')).toThrow(RangeError);
    expect(() => minutesOfDay('7:00')).toThrow(RangeError);
  });
});
