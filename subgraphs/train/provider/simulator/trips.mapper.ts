import type { RailCarAvailability, RailSeatCell, RailStopTime, RailTrip, RailTripDetails } from '../rail-provider.port';
import { carsOf, type SimCar } from './cars.builder';
import { adultFare, faresFor, LUGGAGE_OPTIONS, NATIONALITY_OPTIONS, TICKET_TYPES } from './fares.calculator';
import { NO_STOP_TIMES_TRAIN } from './triggers.policy';
import { addDays, clock, dayOffsetOf, legKm, TIME_TABLE_ID, trainNumber, TRAINS, type TrainLeg } from './timetable.data';

/** A leg of a train on one service date. */
export type DatedLeg = TrainLeg & { serviceDate: string };

/** One train on one date in the store: `<timeTableTrainSetId>@<serviceDate>`. */
export const tripKeyOf = (l: DatedLeg): string => `${l.train.def.timeTableTrainSetId}@${l.serviceDate}`;

/** The segments a ticket between the leg's stops occupies: segment i lies between stop i and stop i + 1. */
export const segmentsOf = (l: TrainLeg): number[] => Array.from({ length: l.toIndex - l.fromIndex }, (_, i) => l.fromIndex + i);

/** The store's window of a leg: segments firstSegment (inclusive) to endSegment (exclusive). */
export const legWindowOf = (l: DatedLeg): { tripKey: string; firstSegment: number; endSegment: number } => ({
  tripKey: tripKeyOf(l),
  firstSegment: l.fromIndex,
  endSegment: l.toIndex,
});

/** Seats sold or held on at least one segment of a leg: a seat is free for the leg unless it is here. */
export type TakenSeats = ReadonlySet<number>;

/** Stable per train and date: yymmdd and the train's position in the timetable. */
const tripIdOf = (l: DatedLeg): number => Number(l.serviceDate.replace(/-/g, '').slice(2)) * 100 + TRAINS.indexOf(l.train.def);

function endpoint(l: DatedLeg, index: number, which: 'arrival' | 'departure'): { stopId: string; date: string; time: string } {
  const stop = l.train.stops[index];
  const minutes = stop[which]!;
  return { stopId: stop.station.stopId, date: addDays(l.serviceDate, dayOffsetOf(minutes)), time: clock(minutes) };
}

/** When the train leaves the leg's first stop, as an instant (the railway keeps East Africa Time, UTC+3, all year). */
export function departureInstant(l: DatedLeg): number {
  const d = endpoint(l, l.fromIndex, 'departure');
  return Date.parse(`${d.date}T${d.time}:00+03:00`);
}

/** Stop times depend on the train alone (times of day, no date): built once per train, shared read-only by every search. */
const stopTimesByTrain = new WeakMap<DatedLeg['train'], RailStopTime[] | null>();

function stopTimes(l: DatedLeg): RailStopTime[] | null {
  let times = stopTimesByTrain.get(l.train);
  if (times === undefined) stopTimesByTrain.set(l.train, (times = buildStopTimes(l)));
  return times;
}

function buildStopTimes(l: DatedLeg): RailStopTime[] | null {
  if (l.train.def.number === NO_STOP_TIMES_TRAIN) return null;
  return l.train.stops.map((s) => {
    const at = s.departure ?? s.arrival!;
    return {
      stopId: s.station.stopId,
      stopSequence: s.stopSequence,
      arrivalTime: s.arrival === null ? null : clock(s.arrival),
      departureTime: s.departure === null ? null : clock(s.departure),
      dayOffset: dayOffsetOf(at),
    };
  });
}

/** A car's passenger places (seats, disabled seats, beds): fixed by its layout, counted once per car. */
interface CarPlaces {
  ids: ReadonlySet<number>;
  disabledIds: ReadonlySet<number>;
}
const placesByCar = new WeakMap<SimCar, CarPlaces>();

function placesOf(car: SimCar): CarPlaces {
  let places = placesByCar.get(car);
  if (!places) {
    const bookable = car.seats.filter((s) => s.bookable);
    places = { ids: new Set(bookable.map((s) => s.seatId)), disabledIds: new Set(bookable.filter((s) => s.type === 'DISABLED_SEAT').map((s) => s.seatId)) };
    placesByCar.set(car, places);
  }
  return places;
}

/** Free places are the car's places less the taken ones among them: a walk over the few taken seats, not every seat. */
function availability(car: SimCar, taken: TakenSeats): RailCarAvailability {
  const { ids, disabledIds } = placesOf(car);
  let takenPlaces = 0;
  let takenDisabled = 0;
  for (const seatId of taken) {
    if (!ids.has(seatId)) continue;
    takenPlaces++;
    if (disabledIds.has(seatId)) takenDisabled++;
  }
  const free = ids.size - takenPlaces;
  const freeDisabled = disabledIds.size - takenDisabled;
  return {
    carId: car.carId,
    orderNo: car.orderNo,
    typeId: car.typeId,
    typeName: car.typeName,
    carClass: car.carClass,
    capacity: ids.size,
    standardSeatCapacity: ids.size - disabledIds.size,
    disabledSeatCapacity: disabledIds.size,
    emptySeats: free,
    emptyStandardSeats: free - freeDisabled,
    emptyDisabledSeats: freeDisabled,
    hasSeat: true,
  };
}

export function tripOf(l: DatedLeg, taken: TakenSeats): RailTrip {
  const { def } = l.train;
  return {
    tripId: tripIdOf(l),
    name: l.train.name,
    number: trainNumber(def),
    kind: def.kind,
    trainSetId: def.trainSetId,
    timeTableId: TIME_TABLE_ID,
    timeTableTrainSetId: def.timeTableTrainSetId,
    routeId: l.train.routeId,
    routeName: l.train.routeName,
    serviceDate: l.serviceDate,
    headsign: l.train.headsign,
    departure: endpoint(l, l.fromIndex, 'departure'),
    arrival: endpoint(l, l.toIndex, 'arrival'),
    stopTimes: stopTimes(l),
    cars: carsOf(def).map((car) => availability(car, taken)),
    fareFrom: String(adultFare('ECONOMY', legKm(l))),
  };
}

export function detailsOf(l: DatedLeg, taken: TakenSeats): RailTripDetails {
  const trip = tripOf(l, taken);
  const { def } = l.train;
  const cars = carsOf(def);
  return {
    trip,
    train: {
      id: def.trainSetId,
      typeId: def.kind === 'EXPRESS' ? 1 : 2,
      type: def.kind === 'EXPRESS' ? 'Electric multiple unit (express)' : 'Locomotive-hauled (ordinary)',
      name: trainNumber(def),
      number: def.number,
    },
    cars: cars.map((car, i) => ({
      ...trip.cars[i],
      rowCount: car.rowCount,
      columnCount: car.columnCount,
      isActive: true,
      isDisabled: false,
      seats: car.seats.map((s): RailSeatCell => ({
        seatId: s.seatId,
        label: s.label,
        positionY: s.positionY,
        positionX: s.positionX,
        type: s.type,
        carClass: car.carClass,
        orientation: s.orientation,
        available: s.bookable && !taken.has(s.seatId),
      })),
    })),
    fares: faresFor([...new Set(cars.map((c) => c.carClass))], legKm(l)),
    luggageOptions: LUGGAGE_OPTIONS.map((o) => ({ ...o })),
    nationalityOptions: NATIONALITY_OPTIONS.map((o) => ({ ...o })),
    ticketTypeOptions: TICKET_TYPES.map((o) => ({ ...o })),
  };
}
