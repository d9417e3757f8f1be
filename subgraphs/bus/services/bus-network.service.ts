import routes from '../reference-data/bus-routes.json';
import operators from '../reference-data/bus-operators.json';
import layouts from '../reference-data/bus-seating-layouts.json';
import companies from '../../../shared/reference-data/companies.json';
import { minutesOfDay } from '../../../shared/time/zoned-time.calculator';
import { BusStopService, type BusStopRecord } from './bus-stop.service';
import { parseSeatingLayout, type SeatingLayout } from './bus-seating.parser';

export type Direction = 'OUTBOUND' | 'INBOUND';
export type VehicleClass = 'LUXURY' | 'SEMI_LUXURY' | 'ORDINARY' | 'VIP' | 'VVIP';
export const VEHICLE_CLASSES: readonly VehicleClass[] = ['LUXURY', 'SEMI_LUXURY', 'ORDINARY', 'VIP', 'VVIP'];

export type OperatorSettings = (typeof operators)[number]['settings'];

export interface ImportantInformation {
  custom: boolean;
  icon: string;
  iconType: string;
  code: string;
  values: string[];
}

export interface BusVehicleRecord {
  id: string;
  plateNumber: string;
  type: string;
  vehicleClass: VehicleClass;
  layout: SeatingLayout;
  numberOfDoors: number;
  steeringWheelPosition: 'LEFT' | 'RIGHT';
  amenities: string[];
}

export interface BusOperator {
  companyUuid: string;
  routeColor: string;
  routeTextColor: string;
  reportingMinutes: number;
  agentCommissionPercent: string;
  settings: OperatorSettings;
}

export interface FareTable {
  currency: string;
  perKm: string;
  step: string;
  minimum: string;
}

export interface BusRoute {
  id: string;
  name: string;
  shortName: string;
  operator: BusOperator;
  fare: FareTable;
  importantInformation: ImportantInformation[];
  vehicles: BusVehicleRecord[];
}

/** One stop of a pattern; times are minutes after the trip leaves its first stop (zone-free, so EAT→CAT needs no care here). */
export interface PatternStop {
  stop: BusStopRecord;
  km: number;
  arrive: number;
  depart: number;
}

/** A route in one direction: its stops in travel order and its daily departures from the first stop (local time there). */
export interface BusPattern {
  route: BusRoute;
  direction: Direction;
  tripsId: string;
  stops: PatternStop[];
  departures: string[];
  indexOf: ReadonlyMap<string, number>;
}

/** Every operator shows these; routes add their own (a border crossing). */
const STANDARD_INFORMATION = (reportingMinutes: number): ImportantInformation[] => [
  { custom: false, icon: 'id-card', iconType: 'FONT_AWESOME', code: 'ID_REQUIRED', values: ['Carry a national ID, voter card, driving licence or passport'] },
  { custom: false, icon: 'clock', iconType: 'FONT_AWESOME', code: 'REPORTING_TIME', values: [`Report ${reportingMinutes} minutes before departure`] },
  { custom: false, icon: 'suitcase', iconType: 'FONT_AWESOME', code: 'LUGGAGE_ALLOWANCE', values: ['20 kg in the hold and one hand bag free'] },
];

/** Boarding is sold at every stop but the last, or only at the first unless the operator allows a flexible origin. */
export function sellsBoarding(pattern: BusPattern, index: number): boolean {
  return index < pattern.stops.length - 1 && (index === 0 || pattern.route.operator.settings.flexibleOrigin);
}

/** Alighting is sold at every stop but the first, or only at the last unless the operator allows a flexible destination. */
export function sellsAlighting(pattern: BusPattern, index: number): boolean {
  const last = pattern.stops.length - 1;
  return index > 0 && (index === last || pattern.route.operator.settings.flexibleDestination);
}

/** noBetweenBookings: the operator sells no ticket between two intermediate stops. */
export function sellsPair(pattern: BusPattern, from: number, to: number): boolean {
  const between = from > 0 && to < pattern.stops.length - 1;
  return from < to && sellsBoarding(pattern, from) && sellsAlighting(pattern, to) && !(between && pattern.route.operator.settings.noBetweenBookings);
}

function fail(message: string): never {
  throw new Error(`bus reference data: ${message}`);
}

/**
 * The bus network as reference data shipped with the code (stops, operators, fleets, seating
 * layouts, routes and timetables), checked for consistency when loaded and indexed by stop so
 * a search touches only the patterns calling at its origin.
 */
export class BusNetwork {
  readonly patterns: BusPattern[];
  readonly layouts: ReadonlyMap<string, SeatingLayout>;
  private readonly byStop = new Map<string, Array<{ pattern: BusPattern; index: number }>>();

  constructor(readonly stops: BusStopService = new BusStopService()) {
    this.layouts = new Map(layouts.map((l) => [l.id, parseSeatingLayout(l)]));
    const busCompanies = new Set(companies.filter((c) => c.companyType === 'BUS_OPERATOR').map((c) => c.uuid));
    const fleets = new Map<string, BusVehicleRecord>();
    const operatorsByUuid = new Map<string, BusOperator>();
    for (const o of operators) {
      if (!busCompanies.has(o.companyUuid)) fail(`operator ${o.companyUuid} is not a BUS_OPERATOR in companies.json`);
      operatorsByUuid.set(o.companyUuid, o);
      for (const v of o.fleet) {
        const layout = this.layouts.get(v.layoutId) ?? fail(`vehicle ${v.id}: no layout ${v.layoutId}`);
        fleets.set(v.id, { ...v, vehicleClass: v.vehicleClass as VehicleClass, steeringWheelPosition: v.steeringWheelPosition as 'LEFT' | 'RIGHT', layout });
      }
    }
    this.patterns = routes.flatMap((r) => {
      const operator = operatorsByUuid.get(r.companyUuid) ?? fail(`route ${r.id}: unknown operator ${r.companyUuid}`);
      const route: BusRoute = {
        id: r.id,
        name: r.name,
        shortName: r.shortName,
        operator,
        fare: r.fare,
        importantInformation: [
          ...STANDARD_INFORMATION(operator.reportingMinutes),
          ...(('importantInformation' in r && r.importantInformation) || []).map((i) => ({ custom: true, iconType: 'FONT_AWESOME', ...i })),
        ],
        vehicles: r.vehicles.map((id) => fleets.get(id) ?? fail(`route ${r.id}: unknown vehicle ${id}`)),
      };
      const outbound: PatternStop[] = r.stops.map((s, i) => {
        const stop = this.stops.byStopId(s.stopId) ?? fail(`route ${r.id}: unknown stop ${s.stopId}`);
        const last = i === r.stops.length - 1;
        const dwell = i === 0 || last ? 0 : 'dwell' in s ? (s.dwell as number) : 15;
        if (i > 0 && s.arrive <= r.stops[i - 1].arrive) fail(`route ${r.id}: times must increase at ${s.stopId}`);
        return { stop, km: s.km, arrive: s.arrive, depart: s.arrive + dwell };
      });
      // The way back calls at the same stops in reverse with the same running and dwell times.
      const total = outbound[outbound.length - 1].arrive;
      const inbound: PatternStop[] = [...outbound]
        .reverse()
        .map((s) => ({ stop: s.stop, km: outbound[outbound.length - 1].km - s.km, arrive: total - s.depart, depart: total - s.arrive }));
      const pattern = (direction: Direction, stops: PatternStop[]): BusPattern => {
        const departures = r.departures[direction];
        departures.forEach(minutesOfDay);
        return { route, direction, tripsId: `${r.id}:${direction}`, stops, departures, indexOf: new Map(stops.map((s, i) => [s.stop.stopId, i])) };
      };
      return [pattern('OUTBOUND', outbound), pattern('INBOUND', inbound)];
    });
    for (const pattern of this.patterns) {
      pattern.stops.forEach((s, index) => {
        const list = this.byStop.get(s.stop.stopId) ?? [];
        list.push({ pattern, index });
        this.byStop.set(s.stop.stopId, list);
      });
    }
  }

  /** Patterns on which a ticket from `from` to `to` is sold (from before to), with both positions. */
  serving(fromStopId: string, toStopId: string): Array<{ pattern: BusPattern; from: number; to: number }> {
    return (this.byStop.get(fromStopId) ?? []).flatMap(({ pattern, index }) => {
      const to = pattern.indexOf.get(toStopId);
      return to !== undefined && sellsPair(pattern, index, to) ? [{ pattern, from: index, to }] : [];
    });
  }

  /** Stops a ticket from `from` can be bought to (candidate hubs of a connection). */
  reachableFrom(fromStopId: string): Set<string> {
    const out = new Set<string>();
    for (const { pattern, index } of this.byStop.get(fromStopId) ?? []) {
      pattern.stops.forEach((s, to) => sellsPair(pattern, index, to) && out.add(s.stop.stopId));
    }
    return out;
  }

  /** Stops a ticket to `to` can be bought from. */
  reaching(toStopId: string): Set<string> {
    const out = new Set<string>();
    for (const { pattern, index } of this.byStop.get(toStopId) ?? []) {
      pattern.stops.forEach((s, from) => sellsPair(pattern, from, index) && out.add(s.stop.stopId));
    }
    return out;
  }
}
