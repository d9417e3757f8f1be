import { addDays, ageOn, compareDates, dateFormatterCount, dateFormatterFor, daysBetween, isCalendarDate, todayIn } from './calendar-date.calculator';

describe('calendar dates', () => {
  it('accepts real dates only', () => {
    expect(isCalendarDate('2026-11-22')).toBe(true);
    expect(isCalendarDate('2028-02-29')).toBe(true);
    for (const bad of ['2026-02-29', '2026-13-01', '2026-11-31', '26-11-22', '2026-11-22T00:00:00Z', 20261122, null]) {
      expect(isCalendarDate(bad)).toBe(false);
    }
  });

  it('adds days across months, years and leap days', () => {
    expect(addDays('2026-11-29', 3)).toBe('2026-12-02');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2099-12-25', 7)).toBe('2100-01-01');
  });

  it('counts whole days between dates, across months and years', () => {
    expect(daysBetween('2026-12-31', '2027-01-01')).toBe(1);
    expect(daysBetween('2028-03-01', '2028-02-28')).toBe(-2);
    expect(daysBetween('2026-11-22', '2026-11-22')).toBe(0);
  });

  it('compares as calendar order', () => {
    expect(compareDates('2026-11-22', '2026-12-01')).toBeLessThan(0);
    expect(compareDates('2026-11-22', '2026-11-22')).toBe(0);
  });

  it('knows the local date in a zone, not the machine one', () => {
    const lateUtc = new Date('2026-11-22T22:30:00Z');
    expect(todayIn('Africa/Dar_es_Salaam', lateUtc)).toBe('2026-11-23');
    expect(todayIn('America/Los_Angeles', lateUtc)).toBe('2026-11-22');
  });

  it('builds one date formatter per time zone, not one per call', () => {
    const spy = jest.spyOn(Intl, 'DateTimeFormat');
    try {
      for (let i = 0; i < 50; i++) todayIn('Africa/Nairobi', new Date(Date.UTC(2026, 0, 1 + i)));
      expect(spy.mock.calls.length).toBeLessThanOrEqual(1);
    } finally {
      spy.mockRestore();
    }
    expect(dateFormatterFor('Africa/Nairobi')).toBe(dateFormatterFor('Africa/Nairobi'));
    expect(dateFormatterCount()).toBeGreaterThan(0);
    expect(() => todayIn('Not/AZone', new Date())).toThrow(RangeError);
  });

  it("keeps a zone's date for the minute asked, and turns it at local midnight", () => {
    const at = (iso: string) => todayIn('Africa/Nairobi', new Date(iso));
    // Nairobi is UTC+3: midnight there is 21:00 UTC.
    expect([at('2026-11-27T20:59:00.000Z'), at('2026-11-27T20:59:59.999Z'), at('2026-11-27T21:00:00.000Z'), at('2026-11-27T20:59:30.000Z')]).toEqual([
      '2026-11-27',
      '2026-11-27',
      '2026-11-28',
      '2026-11-27',
    ]);
    // India's half hour: midnight at 18:30 UTC.
    expect([todayIn('Asia/Kolkata', new Date('2026-11-27T18:29:59.000Z')), todayIn('Asia/Kolkata', new Date('2026-11-27T18:30:00.000Z'))]).toEqual([
      '2026-11-27',
      '2026-11-28',
    ]);
  });

  it('computes age on a date, birthday included', () => {
    expect(ageOn('2014-11-22', '2026-11-22')).toBe(12);
    expect(ageOn('2014-11-23', '2026-11-22')).toBe(11);
    expect(ageOn('2024-11-23', '2026-11-22')).toBe(1);
  });
});
