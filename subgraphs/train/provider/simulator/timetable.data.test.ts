import { DATE, NOW, search, simulator, stop, trainOn } from './rail-test.fixtures';
import { EXPRESS_STOPS, LINE, SCHEDULE, trainNumber } from './timetable.data';

describe('rail simulator timetable', () => {
  it('is deterministic: two simulators give the same trips', async () => {
    const [a, b] = [simulator(), simulator()];
    expect(await search(a, 'DAR', 'DOD')).toEqual(await search(b, 'DAR', 'DOD'));
    expect(await search(a, 'KLS', 'PUG', '2027-04-02')).toEqual(await search(b, 'KLS', 'PUG', '2027-04-02'));
  });

  it('runs several express and ordinary trains a day each way, sorted by departure', async () => {
    const sim = simulator();
    const down = await search(sim, 'DAR', 'DOD');
    expect(down.map((t) => `${t.number} ${t.departure.time}`)).toEqual([
      'ETR-101 06:00',
      'ORD-201 07:30',
      'ORD-203 11:00',
      'ETR-103 15:00',
      'ORD-205 17:45',
      'ETR-105 22:30',
    ]);
    const up = await search(sim, 'DOD', 'DAR');
    expect(up.filter((t) => t.kind === 'EXPRESS').length).toBeGreaterThanOrEqual(2);
    expect(up.filter((t) => t.kind === 'ORDINARY').length).toBeGreaterThanOrEqual(3);
    expect(up.every((t) => t.routeId === 2 && t.departure.stopId === stop('DOD') && t.arrival.stopId === stop('DAR'))).toBe(true);
  });

  it('times follow the distance: express about 160 km/h, ordinary slower, HH:mm local', async () => {
    const sim = simulator();
    const minutes = (t: { departure: { date: string; time: string }; arrival: { date: string; time: string } }) =>
      (Date.parse(`${t.arrival.date}T${t.arrival.time}:00Z`) - Date.parse(`${t.departure.date}T${t.departure.time}:00Z`)) / 60000;
    const express = await trainOn(sim, 'ETR-101', 'DAR', 'DOD');
    const ordinary = await trainOn(sim, 'ORD-201', 'DAR', 'DOD');
    const kmh = (t: typeof express) => 444 / (minutes(t) / 60);
    expect(kmh(express)).toBeGreaterThan(150);
    expect(kmh(express)).toBeLessThan(175);
    expect(kmh(ordinary)).toBeLessThan(kmh(express) - 30);
    for (const t of [express, ordinary]) expect(t.departure.time).toMatch(/^([01]\d|2[0-3]):[0-5]\d$/);
  });

  it('express trains stop only at the big stations, ordinary trains at every station in line order', () => {
    for (const train of SCHEDULE) {
      const codes = train.stops.map((s) => s.station.code);
      const indexes = train.stops.map((s) => s.station.index);
      const ascending = indexes.every((x, i) => i === 0 || x > indexes[i - 1]);
      const descending = indexes.every((x, i) => i === 0 || x < indexes[i - 1]);
      expect(ascending || descending).toBe(true);
      if (train.def.kind === 'EXPRESS') expect(codes.every((c) => EXPRESS_STOPS.includes(c))).toBe(true);
      else expect(codes.length).toBe(Math.abs(indexes[indexes.length - 1] - indexes[0]) + 1);
    }
    const express = SCHEDULE.find((t) => trainNumber(t.def) === 'ETR-101')!;
    expect(express.stops.map((s) => s.station.code)).toEqual(['DAR', 'MOR', 'DOD', 'MKP']);
  });

  it('every station pair a train calls at is searchable in its direction, and not the other way', async () => {
    const sim = simulator();
    const ordinary = SCHEDULE.find((t) => trainNumber(t.def) === 'ORD-203')!;
    for (let i = 0; i < ordinary.stops.length; i += 1) {
      for (let j = i + 1; j < ordinary.stops.length; j += 1) {
        const [from, to] = [ordinary.stops[i].station.code, ordinary.stops[j].station.code];
        expect((await search(sim, from, to)).map((t) => t.number)).toContain('ORD-203');
        expect((await search(sim, to, from)).map((t) => t.number)).not.toContain('ORD-203');
      }
    }
    // Express trains pass the small stations: Pugu has only ordinary trains.
    const pugu = await search(sim, 'PUG', 'MOR');
    expect(pugu.length).toBeGreaterThan(0);
    expect(pugu.every((t) => t.kind === 'ORDINARY')).toBe(true);
    const back = await search(sim, 'MKP', 'MOR');
    expect(back.map((t) => t.number)).toEqual(['ETR-102', 'ORD-204']);
  });

  it('the late express crosses midnight: arrival the next date, dayOffset 1 in its stop times', async () => {
    const sim = simulator();
    const late = await trainOn(sim, 'ETR-105', 'DAR', 'DOD');
    expect(late.departure).toEqual({ stopId: stop('DAR'), date: DATE, time: '22:30' });
    expect(late.arrival.date).toBe('2027-03-11');
    expect(late.arrival.time < '03:00').toBe(true);
    expect(late.serviceDate).toBe(DATE);
    expect(late.stopTimes!.map((s) => s.dayOffset)).toEqual([0, 0, 1]);
    expect(late.stopTimes![0]).toMatchObject({ stopId: stop('DAR'), stopSequence: 1, arrivalTime: null, departureTime: '22:30' });
    expect(late.stopTimes![2].departureTime).toBeNull();
  });

  it('a stop after midnight is searched on its own date and belongs to the previous service date', async () => {
    const sim = simulator();
    // ORD-208 leaves Dodoma 21:40 and reaches Ngerengere after midnight.
    const nextDay = await trainOn(sim, 'ORD-208', 'NGE', 'DAR', '2027-03-11');
    expect(nextDay.serviceDate).toBe(DATE);
    expect(nextDay.departure.date).toBe('2027-03-11');
    // Searching the 10th from Ngerengere finds the 208 that left Dodoma on the 9th, first of the day.
    const [first] = await search(sim, 'NGE', 'DAR', DATE);
    expect(first).toMatchObject({ number: 'ORD-208', serviceDate: '2027-03-09', departure: { date: DATE } });
    expect((await trainOn(sim, 'ORD-208', 'DOD', 'DAR')).arrival.date).toBe('2027-03-11');
  });

  it('runs no trains on the 11th and 12th (maintenance); the overnight train of the 10th still arrives', async () => {
    const sim = simulator();
    expect(await search(sim, 'DAR', 'DOD', '2027-03-11')).toEqual([]);
    expect(await search(sim, 'DOD', 'DAR', '2027-03-12')).toEqual([]);
    expect((await search(sim, 'NGE', 'DAR', '2027-03-11')).map((t) => t.number)).toEqual(['ORD-208']);
    expect((await search(sim, 'DAR', 'DOD', '2027-03-13')).length).toBe(6);
  });

  it('sells from the railway today to the horizon, never a train that has left', async () => {
    const sim = simulator();
    // NOW is 07:00 in Dar es Salaam: the 06:00 express has gone, the 07:30 ordinary has not.
    const today = await search(sim, 'DAR', 'DOD', '2027-03-01');
    expect(today[0].number).toBe('ORD-201');
    expect(await search(sim, 'DAR', 'DOD', '2027-02-27')).toEqual([]);
    expect(await search(sim, 'DAR', 'DOD', '2028-03-01')).toEqual([]);
    expect(await search(sim, 'DAR', 'DAR')).toEqual([]);
    expect(await sim.searchTrips({ fromStopId: 'XXX:SGR:0', toStopId: stop('DOD'), date: DATE })).toEqual([]);
    expect(await search(sim, 'DAR', 'DOD', '2027-02-30')).toEqual([]);
  });

  it('serviceDate is today in Africa/Dar_es_Salaam', () => {
    const sim = simulator();
    expect(sim.serviceDate(NOW)).toBe('2027-03-01');
    expect(sim.serviceDate(new Date('2027-03-01T21:30:00Z'))).toBe('2027-03-02');
    expect(sim.serviceDate(new Date('2027-03-01T20:59:00Z'))).toBe('2027-03-01');
  });

  it('lists the stations in line order with their partner ids', () => {
    const stations = simulator().stations();
    expect(stations.map((s) => s.code)).toEqual(LINE.map((s) => s.code));
    expect(stations[0]).toEqual({ stopId: 'DAR:SGR:0', code: 'DAR', partnerId: 101, name: 'Dar es Salaam' });
  });
});
