import stationData from '../../reference-data/sgr-stations.json';
import { pick } from './hash.calculator';

/**
 * The simulated SGR timetable: express and ordinary trains on Dar es Salaam ↔ Dodoma ↔ Makutupora. Times are
 * railway-local (Africa/Dar_es_Salaam, no daylight saving), derived from the stations' line kilometres so a
 * station pair always takes the same time; small per-train dwell variations are hashes, never random.
 */

export interface LineStation {
  code: string;
  name: string;
  partnerId: number;
  lineKm: number;
  /** Position on the line from Dar es Salaam (0). */
  index: number;
  stopId: string;
}

export const LINE: readonly LineStation[] = stationData.map((s, index) => ({
  code: s.code,
  name: s.name,
  partnerId: s.partnerId,
  lineKm: s.lineKm,
  index,
  stopId: `${s.code}:SGR:0`,
}));

/** Express trains call only here. */
export const EXPRESS_STOPS: readonly string[] = ['DAR', 'MOR', 'DOD', 'MKP'];

export type TrainKind = 'EXPRESS' | 'ORDINARY';

export interface TrainDefinition {
  timeTableTrainSetId: number;
  number: number;
  kind: TrainKind;
  origin: string;
  terminus: string;
  /** HH:mm at the origin. */
  departs: string;
  /** The physical train set (express sets are EMUs, ordinary ones locomotive-hauled). */
  trainSetId: number;
}

/** Odd numbers leave Dar es Salaam (route 1), even numbers run towards it (route 2). */
export const TRAINS: readonly TrainDefinition[] = [
  { timeTableTrainSetId: 4101, number: 101, kind: 'EXPRESS', origin: 'DAR', terminus: 'MKP', departs: '06:00', trainSetId: 301 },
  { timeTableTrainSetId: 4201, number: 201, kind: 'ORDINARY', origin: 'DAR', terminus: 'DOD', departs: '07:30', trainSetId: 311 },
  { timeTableTrainSetId: 4203, number: 203, kind: 'ORDINARY', origin: 'DAR', terminus: 'MKP', departs: '11:00', trainSetId: 312 },
  { timeTableTrainSetId: 4103, number: 103, kind: 'EXPRESS', origin: 'DAR', terminus: 'DOD', departs: '15:00', trainSetId: 302 },
  { timeTableTrainSetId: 4205, number: 205, kind: 'ORDINARY', origin: 'DAR', terminus: 'DOD', departs: '17:45', trainSetId: 313 },
  { timeTableTrainSetId: 4105, number: 105, kind: 'EXPRESS', origin: 'DAR', terminus: 'DOD', departs: '22:30', trainSetId: 303 },
  { timeTableTrainSetId: 4102, number: 102, kind: 'EXPRESS', origin: 'MKP', terminus: 'DAR', departs: '05:40', trainSetId: 303 },
  { timeTableTrainSetId: 4202, number: 202, kind: 'ORDINARY', origin: 'DOD', terminus: 'DAR', departs: '07:00', trainSetId: 314 },
  { timeTableTrainSetId: 4204, number: 204, kind: 'ORDINARY', origin: 'MKP', terminus: 'DAR', departs: '10:30', trainSetId: 315 },
  { timeTableTrainSetId: 4104, number: 104, kind: 'EXPRESS', origin: 'DOD', terminus: 'DAR', departs: '14:30', trainSetId: 301 },
  { timeTableTrainSetId: 4206, number: 206, kind: 'ORDINARY', origin: 'DOD', terminus: 'DAR', departs: '16:00', trainSetId: 311 },
  { timeTableTrainSetId: 4208, number: 208, kind: 'ORDINARY', origin: 'DOD', terminus: 'DAR', departs: '21:40', trainSetId: 312 },
];

export const TIME_TABLE_ID = 51;

/** Running speeds between stops; with the dwells, express averages about 160 km/h and ordinary about 105. */
const SPEED_KMH: Record<TrainKind, number> = { EXPRESS: 165, ORDINARY: 120 };
/** Minutes stopped at an intermediate station: a base plus 0–2 minutes varying per train and station. */
const DWELL_MIN: Record<TrainKind, number> = { EXPRESS: 4, ORDINARY: 2 };

/** Monthly line maintenance: no train runs with a service date on these days of the month. */
export const MAINTENANCE_DAYS: readonly number[] = [11, 12];

export interface ScheduledStop {
  station: LineStation;
  stopSequence: number;
  /** Minutes after the service date's midnight; null at the first stop. */
  arrival: number | null;
  /** Null at the last stop. */
  departure: number | null;
}

export interface ScheduledTrain {
  def: TrainDefinition;
  name: string;
  headsign: string;
  routeId: number;
  routeName: string;
  stops: ScheduledStop[];
}

const byCode = (code: string): LineStation => {
  const station = LINE.find((s) => s.code === code);
  if (!station) throw new Error(`unknown SGR station ${code}`);
  return station;
};

export const stationByStopId = (stopId: string): LineStation | undefined => LINE.find((s) => s.stopId === stopId);
export const stationByPartnerId = (id: number): LineStation | undefined => LINE.find((s) => s.partnerId === id);

function minutesOf(hhmm: string): number {
  const [h, m] = hhmm.split(':').map(Number);
  return h * 60 + m;
}

/** HH:mm of a minute count, wrapped to the day; the day is the stop's dayOffset. */
export function clock(minutes: number): string {
  const m = ((minutes % 1440) + 1440) % 1440;
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
}

export const dayOffsetOf = (minutes: number): number => Math.floor(minutes / 1440);

function build(def: TrainDefinition): ScheduledTrain {
  const from = byCode(def.origin);
  const to = byCode(def.terminus);
  const step = from.index < to.index ? 1 : -1;
  const path: LineStation[] = [];
  for (let i = from.index; i !== to.index + step; i += step) {
    const s = LINE[i];
    if (def.kind === 'ORDINARY' || EXPRESS_STOPS.includes(s.code)) path.push(s);
  }
  const stops: ScheduledStop[] = [];
  let t = minutesOf(def.departs);
  path.forEach((station, i) => {
    if (i > 0) t += Math.round((Math.abs(station.lineKm - path[i - 1].lineKm) / SPEED_KMH[def.kind]) * 60);
    const last = i === path.length - 1;
    const arrival = i === 0 ? null : t;
    if (i > 0 && !last) t += DWELL_MIN[def.kind] + pick(3, def.number, station.code);
    stops.push({ station, stopSequence: i + 1, arrival, departure: last ? null : t });
  });
  const downLine = step === 1;
  const kindName = def.kind === 'EXPRESS' ? 'Express' : 'Ordinary';
  return {
    def,
    name: `${from.name} - ${to.name} ${kindName}`,
    headsign: to.name,
    routeId: downLine ? 1 : 2,
    routeName: downLine ? 'Dar es Salaam - Makutupora' : 'Makutupora - Dar es Salaam',
    stops,
  };
}

export const SCHEDULE: readonly ScheduledTrain[] = TRAINS.map(build);

export const trainByTimeTableTrainSetId = (id: number): ScheduledTrain | undefined => SCHEDULE.find((t) => t.def.timeTableTrainSetId === id);

/** The train's number as passengers see it, e.g. ETR-101 (express) or ORD-203 (ordinary). */
export const trainNumber = (def: TrainDefinition): string => `${def.kind === 'EXPRESS' ? 'ETR' : 'ORD'}-${def.number}`;

/** Whether any train runs with this service date (YYYY-MM-DD). */
export function runsOn(serviceDate: string): boolean {
  return !MAINTENANCE_DAYS.includes(Number(serviceDate.slice(8, 10)));
}

/** Position of the station among the train's stops, -1 when it does not call there. */
export const stopIndex = (train: ScheduledTrain, station: LineStation): number => train.stops.findIndex((s) => s.station.code === station.code);

/** A train calling at `from` then `to`, with the stop positions; the segments sold are [fromIndex, toIndex). */
export interface TrainLeg {
  train: ScheduledTrain;
  fromIndex: number;
  toIndex: number;
}

export function leg(train: ScheduledTrain, from: LineStation, to: LineStation): TrainLeg | null {
  const fromIndex = stopIndex(train, from);
  const toIndex = stopIndex(train, to);
  return fromIndex >= 0 && toIndex > fromIndex ? { train, fromIndex, toIndex } : null;
}

export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

export const isDate = (value: string): boolean => /^\d{4}-\d{2}-\d{2}$/.test(value) && addDays(value, 0) === value;

/**
 * The legs leaving `from` on `date` (the local departure date at `from`): a train whose stop there is after
 * midnight belongs to the previous service date. Sorted by departure.
 */
export function legsOn(from: LineStation, to: LineStation, date: string): Array<TrainLeg & { serviceDate: string }> {
  const out: Array<{ leg: TrainLeg & { serviceDate: string }; at: number }> = [];
  for (const train of SCHEDULE) {
    const found = leg(train, from, to);
    if (!found) continue;
    const departure = train.stops[found.fromIndex].departure!;
    const serviceDate = addDays(date, -dayOffsetOf(departure));
    if (runsOn(serviceDate)) out.push({ leg: { ...found, serviceDate }, at: departure - dayOffsetOf(departure) * 1440 });
  }
  return out.sort((x, y) => x.at - y.at).map((entry) => entry.leg);
}

/** Kilometres between two stops of a leg, the basis of fares. */
export const legKm = (l: TrainLeg): number => Math.abs(l.train.stops[l.toIndex].station.lineKm - l.train.stops[l.fromIndex].station.lineKm);
