import { DATE, search, simulator, stop, trainOn } from './rail-test.fixtures';
import { carsOf } from './cars.builder';
import { adultFare, fare, faresFor, luggagePrice } from './fares.calculator';
import { SCHEDULE } from './timetable.data';

describe('rail simulator seat maps', () => {
  it('every train has economy, business and royal cars whose grids have every cell type', async () => {
    const sim = simulator();
    const trip = await trainOn(sim, 'ETR-101', 'DAR', 'DOD');
    const details = await sim.tripDetails({ timeTableTrainSetId: trip.timeTableTrainSetId, fromStopId: stop('DAR'), toStopId: stop('DOD'), date: DATE });
    expect(new Set(details.cars.map((c) => c.carClass))).toEqual(new Set(['ECONOMY', 'BUSINESS', 'ROYAL_CLASS']));
    const types = new Set(details.cars.flatMap((c) => c.seats.map((s) => s.type)));
    expect(types).toEqual(new Set(['SEAT', 'DISABLED_SEAT', 'AISLE', 'WC', 'LUGGAGE', 'BED']));
    expect(new Set(details.cars.flatMap((c) => c.seats.map((s) => s.orientation)))).toEqual(new Set(['UP', 'DOWN', 'LEFT', 'RIGHT']));
    for (const car of details.cars) {
      // A full grid: one cell per row and column, each once.
      expect(car.seats).toHaveLength(car.rowCount * car.columnCount);
      expect(new Set(car.seats.map((s) => `${s.positionY},${s.positionX}`)).size).toBe(car.seats.length);
      expect(car.seats.every((s) => s.positionY < car.rowCount && s.positionX < car.columnCount)).toBe(true);
      expect(car.seats.every((s) => s.carClass === car.carClass)).toBe(true);
      const places = car.seats.filter((s) => ['SEAT', 'DISABLED_SEAT', 'BED'].includes(s.type));
      expect(car.capacity).toBe(places.length);
      expect(car.disabledSeatCapacity).toBe(places.filter((s) => s.type === 'DISABLED_SEAT').length);
      expect(car.standardSeatCapacity + car.disabledSeatCapacity).toBe(car.capacity);
      expect(car.emptySeats).toBe(car.capacity);
      expect(places.every((s) => s.available && /^\d+[A-D]$/.test(s.label))).toBe(true);
      expect(car.seats.filter((s) => !places.includes(s)).every((s) => !s.available && s.label === '')).toBe(true);
    }
    expect(details.cars.find((c) => c.carClass === 'ROYAL_CLASS')!.seats.some((s) => s.type === 'BED')).toBe(true);
    expect(details.train).toMatchObject({ id: trip.trainSetId, name: 'ETR-101', number: 101 });
    expect(details.trip).toEqual(trip);
  });

  it('seat ids are stable and unique within each train; car ids unique across the timetable', () => {
    const carIds = new Set<number>();
    for (const train of SCHEDULE) {
      const cars = carsOf(train.def);
      const ids = cars.flatMap((c) => c.seats.map((s) => s.seatId));
      expect(new Set(ids).size).toBe(ids.length);
      expect(carsOf(train.def)).toEqual(cars);
      for (const c of cars) carIds.add(c.carId);
    }
    expect(carIds.size).toBe(SCHEDULE.reduce((n, t) => n + carsOf(t.def).length, 0));
  });

  it('an unknown train, a pair it does not serve or a maintenance date is TRIP_NOT_FOUND', async () => {
    const sim = simulator();
    const details = (id: number, from: string, to: string, date = DATE) =>
      sim.tripDetails({ timeTableTrainSetId: id, fromStopId: stop(from), toStopId: stop(to), date });
    await expect(details(9999, 'DAR', 'DOD')).rejects.toMatchObject({ code: 'TRIP_NOT_FOUND' });
    await expect(details(4101, 'DOD', 'DAR')).rejects.toMatchObject({ code: 'TRIP_NOT_FOUND' });
    await expect(details(4101, 'DAR', 'PUG')).rejects.toMatchObject({ code: 'TRIP_NOT_FOUND' });
    await expect(details(4101, 'DAR', 'DOD', '2027-03-11')).rejects.toMatchObject({ code: 'TRIP_NOT_FOUND' });
    await expect(details(4101, 'DAR', 'MOR')).resolves.toBeTruthy();
  });
});

describe('rail simulator fares', () => {
  it('prices DAR–DOD like the SGR: economy 40,000, business about 70,000, royal about 120,000 TZS', () => {
    expect(adultFare('ECONOMY', 444)).toBe(40000);
    expect(Math.abs(adultFare('BUSINESS', 444) - 70000)).toBeLessThanOrEqual(1000);
    expect(Math.abs(adultFare('ROYAL_CLASS', 444) - 120000)).toBeLessThanOrEqual(1000);
  });

  it('is proportional to distance, rounded to 500, with a minimum for short trips', () => {
    expect(adultFare('ECONOMY', 202)).toBe(18500);
    expect(adultFare('ECONOMY', 202)).toBeLessThan(adultFare('ECONOMY', 444));
    expect(adultFare('ECONOMY', 10)).toBe(2000);
    for (const km of [25, 78, 202, 281, 444, 469]) expect(adultFare('BUSINESS', km) % 500).toBe(0);
  });

  it('children (ticket type 3) pay half an adult (4); unknown types have no fare', () => {
    expect(fare('ECONOMY', 444, 4)).toBe(40000);
    expect(fare('ECONOMY', 444, 3)).toBe(20000);
    expect(fare('ROYAL_CLASS', 444, 3)).toBe(60000);
    expect(fare('ECONOMY', 444, 9)).toBeNull();
    expect(faresFor(['ECONOMY'], 444)).toEqual([
      { ticketTypeId: 4, ticketTypeCode: 'ADULT', ticketTypeName: 'Adult', carClass: 'ECONOMY', amount: '40000' },
      { ticketTypeId: 3, ticketTypeCode: 'CHILD', ticketTypeName: 'Child (4–11 years)', carClass: 'ECONOMY', amount: '20000' },
    ]);
  });

  it('luggage option 5 is none and free; the others cost more as they weigh more', () => {
    expect(luggagePrice(5)).toBe(0);
    expect([6, 7, 8].map((id) => luggagePrice(id)!)).toEqual([3000, 6000, 10000]);
    expect(luggagePrice(42)).toBeNull();
  });

  it('search fareFrom and details fares follow the searched pair', async () => {
    const sim = simulator();
    const long = await trainOn(sim, 'ORD-201', 'DAR', 'DOD');
    const short = await trainOn(sim, 'ORD-201', 'DAR', 'MOR');
    expect(long.fareFrom).toBe('40000');
    expect(short.fareFrom).toBe('18500');
    const details = await sim.tripDetails({ timeTableTrainSetId: short.timeTableTrainSetId, fromStopId: stop('DAR'), toStopId: stop('MOR'), date: DATE });
    expect(details.fares.find((f) => f.carClass === 'ECONOMY' && f.ticketTypeId === 4)!.amount).toBe('18500');
    expect(details.fares).toHaveLength(6);
    expect(details.luggageOptions.map((o) => o.id)).toEqual([5, 6, 7, 8]);
    expect(details.nationalityOptions.map((o) => o.code)).toEqual(['TZ', 'EAC', 'RESIDENT', 'FOREIGNER']);
    expect(details.ticketTypeOptions.map((o) => o.id)).toEqual([4, 3]);
    expect((await search(sim, 'MOR', 'DAR')).every((t) => t.fareFrom === '18500')).toBe(true);
  });
});
