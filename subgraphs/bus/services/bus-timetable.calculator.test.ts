import { BusNetwork, type BusPattern } from './bus-network.service';
import { datedTrip, isCanceled, tripsDepartingOn } from './bus-timetable.calculator';

describe('bus timetable', () => {
  const network = new BusNetwork();
  const pattern = (tripsId: string): BusPattern => network.patterns.find((p) => p.tripsId === tripsId)!;

  it('works out every call of a dated trip in local time, days counted from the service date', () => {
    const trip = datedTrip(pattern('MERU-DAR-ARK:OUTBOUND'), 0, '2026-12-01');
    expect(trip.id).toBe('MERU-DAR-ARK:OUTBOUND:0600:2026-12-01');
    expect(trip.calls.map((c) => [c.stop.stopId, c.arrival.time, c.departure.time])).toEqual([
      ['DAR_ES_SALAAM:RGN:0', '06:00', '06:00'],
      ['CHALINZE:RGN:0', '07:40', '07:50'],
      ['KOROGWE:RGN:0', '10:30', '10:50'],
      ['SAME:RGN:0', '12:40', '12:55'],
      ['MOSHI:RGN:0', '14:20', '14:35'],
      ['ARUSHA:RGN:0', '15:50', '15:50'],
    ]);
    expect(trip.calls[5].arrival.iso).toBe('2026-12-01T15:50:00+03:00');
  });

  it('runs the way back with the same running and dwell times, reversed', () => {
    const trip = datedTrip(pattern('MERU-DAR-ARK:INBOUND'), 0, '2026-12-01');
    expect(trip.calls.map((c) => [c.stop.stopId, c.arrival.time, c.departure.time])).toEqual([
      ['ARUSHA:RGN:0', '06:00', '06:00'],
      ['MOSHI:RGN:0', '07:15', '07:30'],
      ['SAME:RGN:0', '08:55', '09:10'],
      ['KOROGWE:RGN:0', '11:00', '11:20'],
      ['CHALINZE:RGN:0', '14:00', '14:10'],
      ['DAR_ES_SALAAM:RGN:0', '15:50', '15:50'],
    ]);
  });

  it('counts days across midnight and across zones (EAT to CAT)', () => {
    const night = datedTrip(pattern('ZK-DAR-MWZ:OUTBOUND'), 1, '2026-12-31');
    const mwanza = night.calls[night.calls.length - 1];
    expect(mwanza.arrival).toMatchObject({ date: '2027-01-01', time: '10:30' });
    expect(mwanza.arrivalDays).toBe(1);
    expect(night.calls.find((c) => c.stop.stopId === 'SINGIDA:RGN:0')!.departureDays).toBe(1);

    const kigali = datedTrip(pattern('LKS-DAR-KGL:OUTBOUND'), 0, '2026-12-01').calls.at(-1)!;
    expect(kigali.arrival.iso).toBe('2026-12-02T06:00:00+02:00');
    expect(kigali.arrivalDays).toBe(1);

    // 24 hours after leaving Mbeya at 06:00 EAT it is still the same day in Lusaka (CAT).
    const lusaka = datedTrip(pattern('MBY-MBE-LUN:OUTBOUND'), 0, '2026-12-01').calls.at(-1)!;
    expect(lusaka.arrival.iso).toBe('2026-12-01T23:00:00+02:00');
    expect(lusaka.arrivalDays).toBe(0);
  });

  it('finds the trips leaving an intermediate stop on a date, including one that started the day before', () => {
    const p = pattern('ZK-DAR-MWZ:OUTBOUND');
    const singida = p.indexOf.get('SINGIDA:RGN:0')!;
    const trips = tripsDepartingOn(p, singida, '2026-12-01');
    expect(trips.map((t) => [t.serviceDate, t.calls[singida].departure.time])).toEqual([
      ['2026-11-30', '03:15'],
      ['2026-12-01', '16:15'],
    ]);
    expect(trips.every((t) => t.calls[singida].departure.date === '2026-12-01')).toBe(true);
  });

  it('cancels the first departure of each route on the 13th and a few others by hash, the same way every time', () => {
    expect(isCanceled('MERU-DAR-ARK:OUTBOUND:0600', 0, '2026-12-13')).toBe(true);
    expect(isCanceled('MERU-DAR-ARK:OUTBOUND:0600', 0, '2026-12-13')).toBe(true);
    const dates = Array.from({ length: 400 }, (_, i) => new Date(Date.UTC(2027, 0, 1 + i)).toISOString().slice(0, 10)).filter((d) => !d.endsWith('-13'));
    const cancelled = dates.filter((d) => isCanceled('ULL-DAR-DOD:OUTBOUND:0800', 1, d)).length;
    expect(cancelled).toBeGreaterThan(0);
    expect(cancelled).toBeLessThan(dates.length / 10);
  });
});
