import { carsOf } from './cars.builder';
import { tripOf } from './trips.mapper';
import { legsOn, stationByStopId } from './timetable.data';

const [leg] = legsOn(stationByStopId('DAR:SGR:0')!, stationByStopId('DOD:SGR:0')!, '2027-03-10');

describe('tripOf car availability', () => {
  it('counts free places as every seat would: taken places, disabled ones apart, fixtures and unknown ids ignored', () => {
    const cars = carsOf(leg.train.def);
    const [first, second] = cars;
    const places = (car: (typeof cars)[number]) => car.seats.filter((s) => s.bookable);
    const disabled = places(first).find((s) => s.type === 'DISABLED_SEAT')!;
    const standard = places(first)
      .filter((s) => s.type !== 'DISABLED_SEAT')
      .slice(0, 2);
    const fixture = first.seats.find((s) => !s.bookable)!;
    const elsewhere = places(second)[0];
    const taken = new Set([disabled.seatId, ...standard.map((s) => s.seatId), fixture.seatId, elsewhere.seatId, 999_999]);

    const trip = tripOf(leg, taken);
    for (const [i, car] of cars.entries()) {
      const all = places(car);
      const free = all.filter((s) => !taken.has(s.seatId));
      const isDisabled = (s: { type: string }) => s.type === 'DISABLED_SEAT';
      expect(trip.cars[i]).toMatchObject({
        capacity: all.length,
        standardSeatCapacity: all.filter((s) => !isDisabled(s)).length,
        disabledSeatCapacity: all.filter(isDisabled).length,
        emptySeats: free.length,
        emptyStandardSeats: free.filter((s) => !isDisabled(s)).length,
        emptyDisabledSeats: free.filter(isDisabled).length,
      });
    }
    expect(trip.cars[0]).toMatchObject({ emptySeats: trip.cars[0].capacity - 3, emptyDisabledSeats: trip.cars[0].disabledSeatCapacity - 1 });
    expect(trip.cars[1].emptySeats).toBe(trip.cars[1].capacity - 1);
    expect(tripOf(leg, new Set()).cars.every((c) => c.emptySeats === c.capacity)).toBe(true);
  });

  it('stop times are built once per train and read the same for every search', () => {
    const a = tripOf(leg, new Set());
    const b = tripOf(leg, new Set([1001]));
    expect(b.stopTimes).toBe(a.stopTimes);
    expect(a.stopTimes![0]).toMatchObject({ stopId: 'DAR:SGR:0', arrivalTime: null });
  });
});
