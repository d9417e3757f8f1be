import type { CarClass, SeatCellType } from '../rail-provider.port';
import type { TrainDefinition } from './timetable.data';

/**
 * Car layouts. A layout is a grid, one string per row: S seat, D disabled seat, B bed, . aisle, W WC,
 * L luggage. Every cell gets a seat id unique within the train: carOrder × 1000 + cell number, so the id is
 * stable and says which car it is in.
 */

const LAYOUTS: Record<CarClass, readonly string[]> = {
  // 2 + 2 seating, 60 places.
  ECONOMY: ['WW.LL', 'DD.SS', ...Array<string>(14).fill('SS.SS'), 'LL.WW'],
  // 1 + 2 seating, 33 places.
  BUSINESS: ['W.LL', 'D.SS', ...Array<string>(10).fill('S.SS'), 'L.WW'],
  // 1 + 1 lounge seats and berths, 18 places.
  ROYAL_CLASS: ['W.L', 'D.S', ...Array<string>(6).fill('S.S'), 'B.B', 'B.B', 'L.W'],
};

const CELL_TYPES: Record<string, SeatCellType> = { S: 'SEAT', D: 'DISABLED_SEAT', B: 'BED', '.': 'AISLE', W: 'WC', L: 'LUGGAGE' };

export const CAR_TYPES: Record<CarClass, { typeId: number; typeName: string }> = {
  ECONOMY: { typeId: 1, typeName: 'Economy Class' },
  BUSINESS: { typeId: 2, typeName: 'Business Class' },
  ROYAL_CLASS: { typeId: 3, typeName: 'Royal Class' },
};

/** Consists: express sets are shorter and richer in first-class cars. */
const CONSIST: Record<TrainDefinition['kind'], readonly CarClass[]> = {
  EXPRESS: ['ROYAL_CLASS', 'BUSINESS', 'BUSINESS', 'ECONOMY', 'ECONOMY', 'ECONOMY', 'ECONOMY'],
  ORDINARY: ['ROYAL_CLASS', 'BUSINESS', 'ECONOMY', 'ECONOMY', 'ECONOMY', 'ECONOMY', 'ECONOMY'],
};

export interface SimSeat {
  seatId: number;
  label: string;
  positionY: number;
  positionX: number;
  type: SeatCellType;
  orientation: 'UP' | 'DOWN' | 'LEFT' | 'RIGHT';
  /** A passenger place (seat, disabled seat or bed) rather than a fixture. */
  bookable: boolean;
}

export interface SimCar {
  carId: number;
  orderNo: number;
  carClass: CarClass;
  typeId: number;
  typeName: string;
  rowCount: number;
  columnCount: number;
  seats: SimSeat[];
}

const BOOKABLE: ReadonlySet<SeatCellType> = new Set(['SEAT', 'DISABLED_SEAT', 'BED']);

function seatsOf(layout: readonly string[], orderNo: number): SimSeat[] {
  const aisle = layout[0].indexOf('.');
  const half = Math.floor(layout.length / 2);
  return layout.flatMap((row, y) =>
    [...row].map((char, x) => {
      const type = CELL_TYPES[char];
      const bookable = BOOKABLE.has(type);
      // Seat letters skip the aisle column: A B | C D.
      const letter = 'ABCD'[x < aisle ? x : x - 1];
      return {
        seatId: orderNo * 1000 + y * row.length + x + 1,
        label: bookable ? `${y}${letter}` : '',
        positionY: y,
        positionX: x,
        type,
        // Half the car faces each way, as in the SGR cars; beds lie along the car.
        orientation: type === 'BED' ? (x < aisle ? 'LEFT' : 'RIGHT') : y < half ? 'UP' : 'DOWN',
        bookable,
      };
    }),
  );
}

/**
 * Built once per train: the layouts never change, and every search shows every car of every train.
 * Bounded by the timetable's trains. Shared: callers read them and never change them.
 */
const builtCars = new WeakMap<TrainDefinition, readonly SimCar[]>();

/** The cars of a train, the same on every date; car ids are unique across the timetable. */
export function carsOf(def: TrainDefinition): readonly SimCar[] {
  let cars = builtCars.get(def);
  if (!cars) builtCars.set(def, (cars = buildCars(def)));
  return cars;
}

function buildCars(def: TrainDefinition): SimCar[] {
  return CONSIST[def.kind].map((carClass, i) => {
    const orderNo = i + 1;
    const layout = LAYOUTS[carClass];
    return {
      carId: def.timeTableTrainSetId * 100 + orderNo,
      orderNo,
      carClass,
      ...CAR_TYPES[carClass],
      rowCount: layout.length,
      columnCount: layout[0].length,
      seats: seatsOf(layout, orderNo),
    };
  });
}

export function findSeat(def: TrainDefinition, carId: number, seatId: number): { car: SimCar; seat: SimSeat } | null {
  const car = carsOf(def).find((c) => c.carId === carId);
  const seat = car?.seats.find((s) => s.seatId === seatId);
  return car && seat ? { car, seat } : null;
}
