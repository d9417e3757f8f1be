import { daysBetween } from '../../../shared/time/calendar-date.calculator';
import { localDateTime } from '../../../shared/time/zoned-time.calculator';
import type { RateLookup } from '../../../shared/money/exchange-rates.port';
import type { BusStopRecord } from './bus-stop.service';
import {
  sellsAlighting,
  sellsBoarding,
  type BusPattern,
  type Direction,
  type ImportantInformation,
  type OperatorSettings,
  type VehicleClass,
} from './bus-network.service';
import { fareRule, fareRuleId, type FareRuleView } from './bus-fares.calculator';
import { bookedSeats } from './bus-seating.parser';
import type { DatedTrip, StopCall } from './bus-timetable.calculator';

/*
 * The bus search's trip as the services build it: plain data the GraphQL types (BusTrip and the types under it)
 * show field for field and implement, so the services depend on no GraphQL class.
 */

/** A stop as a bus trip shows it (the place, without times). */
export interface BusPlaceView {
  stopId: string;
  stopName: string;
  stopDescription: string;
  latitude: number;
  longitude: number;
  stopTimezone: string;
  cityGeohash: string;
  popularity: number;
}

/** A trip's call at a stop; times local to the stop, days counted from the trip's serviceDate. */
export interface BusStopTimeView extends BusPlaceView {
  stopSequence: number;
  arrivalTime: string;
  departingTime: string;
  estimatedArrivalDate: string;
  estimatedDepartureDate: string;
  estimatedArrivalDays: number;
  estimatedDepartureDays: number;
}

export interface BusEstimatedTravelView {
  hours: number;
  minutes: number;
  formatted: string;
  formattedLong: string;
}

export interface BusCompanyLogoView {
  type: string;
  name: string;
  base64: string | null;
  url: string | null;
}

/** Per-trip availability of one seating section. */
export interface BusSeatingSectionView {
  key: string;
  sectionName: string;
  seatingRows: number;
  seatingColumns: number;
  seats: string[];
  seatsReserved: number;
  seatsAvailable: number;
  unavailableSeats: string[];
}

export interface BusVehicleView {
  id: string;
  plateNumber: string;
  type: string;
  vehicleClass: VehicleClass;
  seats: number;
  seatingColumns: number;
  numberOfDoors: number;
  steeringWheelPosition: 'LEFT' | 'RIGHT';
  amenities: string[];
  seatingLayoutId: string;
  seatingGrid: BusSeatingSectionView[];
}

/** Where a trip sells boarding and alighting, for one region. */
export interface BusRegionStationsView {
  region: string;
  pickUpStations: string[];
  dropOffStations: string[];
}

/** One dated departure seen from the searched pair (fromStop → toStop), before federation fills the company. */
export interface BusTripView {
  id: string;
  /** The key only: the company field resolver reads the display fields from the directory. */
  company: { uuid: string };
  companyLogo: BusCompanyLogoView[];
  frequencyId: string;
  tripsId: string;
  routeId: string;
  routeName: string;
  routeShortName: string;
  routeColor: string;
  routeTextColor: string;
  origin: string;
  destination: string;
  headsign: string;
  price: number;
  priceCurrency: string;
  departureDate: string;
  departureTime: string;
  reportingTime: string;
  estimatedArrivalTime: string;
  travelTime: string;
  estimatedTravel: BusEstimatedTravelView;
  estimatedArrivalDate: string;
  estimatedArrivalDays: number;
  timezone: string;
  serviceDate: string;
  direction: Direction;
  hasLeftOrigin: boolean;
  canceled: boolean;
  availableSeats: number;
  agentCommission: number;
  importantInformation: ImportantInformation[];
  stopTimes: BusStopTimeView[];
  fromStop: BusStopTimeView;
  toStop: BusStopTimeView;
  firstStop: BusStopTimeView;
  lastStop: BusStopTimeView;
  vehicle: BusVehicleView;
  fareRules: FareRuleView[];
  routeStations: BusRegionStationsView[];
  settings: OperatorSettings;
}

export function busPlace(stop: BusStopRecord): BusPlaceView {
  return {
    stopId: stop.stopId,
    stopName: stop.stopName,
    stopDescription: stop.stopDesc,
    latitude: stop.stopLat,
    longitude: stop.stopLon,
    stopTimezone: stop.stopTimezone,
    cityGeohash: stop.cityGeohash,
    popularity: stop.popularity,
  };
}

function stopTime(call: StopCall): BusStopTimeView {
  return {
    ...busPlace(call.stop),
    stopSequence: call.sequence,
    arrivalTime: call.arrival.time,
    departingTime: call.departure.time,
    estimatedArrivalDate: call.arrival.iso,
    estimatedDepartureDate: call.departure.iso,
    estimatedArrivalDays: call.arrivalDays,
    estimatedDepartureDays: call.departureDays,
  };
}

/** A duration in the forms the API shows: 9h 50m, "9 hours 50 minutes", and H:mm. */
export function travelDuration(minutes: number): BusEstimatedTravelView & { clock: string } {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  const unit = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  return {
    hours,
    minutes: rest,
    formatted: `${hours}h ${String(rest).padStart(2, '0')}m`,
    formattedLong: [hours ? unit(hours, 'hour') : '', rest || !hours ? unit(rest, 'minute') : ''].filter(Boolean).join(' '),
    clock: `${hours}:${String(rest).padStart(2, '0')}`,
  };
}

export const minutesBetween = (from: Date, to: Date): number => Math.round((to.getTime() - from.getTime()) / 60_000);

/** A pattern's routeStations, built once per pattern (fixed reference data) and shared read-only by every answer. */
const routeStationsByPattern = new WeakMap<BusPattern, BusRegionStationsView[]>();

function routeStations(pattern: BusPattern): BusRegionStationsView[] {
  let stations = routeStationsByPattern.get(pattern);
  if (!stations) routeStationsByPattern.set(pattern, (stations = buildRouteStations(pattern)));
  return stations;
}

/** routeStations: where this trip sells boarding and alighting, grouped by region in travel order. */
function buildRouteStations(pattern: BusPattern): BusRegionStationsView[] {
  const regions = new Map<string, BusRegionStationsView>();
  pattern.stops.forEach((s, i) => {
    const entry = regions.get(s.stop.region) ?? { region: s.stop.region, pickUpStations: [], dropOffStations: [] };
    if (sellsBoarding(pattern, i)) entry.pickUpStations.push(s.stop.stopId);
    if (sellsAlighting(pattern, i)) entry.dropOffStations.push(s.stop.stopId);
    regions.set(s.stop.region, entry);
  });
  return [...regions.values()];
}

export interface TripViewContext {
  now: Date;
  currencies: readonly string[];
  rates: RateLookup;
  /** This search's fare rules by id: every trip of a route between the same stops has the same one (read-only). */
  fares: Map<string, FareRuleView>;
}

/** A dated trip as the search answers it for the pair (from, to). */
export function busTripView(trip: DatedTrip, from: number, to: number, context: TripViewContext): BusTripView {
  const { pattern, vehicle, calls } = trip;
  const { route } = pattern;
  const boarding = calls[from];
  const alighting = calls[to];
  const fare = tripFare(trip, from, to, context);
  const hasLeftOrigin = context.now.getTime() >= boarding.departureAt.getTime();
  const sellable = !trip.canceled && !hasLeftOrigin;
  const booked = bookedSeats(trip.id, vehicle.layout);
  const travel = travelDuration(minutesBetween(boarding.departureAt, alighting.arrivalAt));
  const stopTimes = calls.map(stopTime);
  const { clock, ...estimatedTravel } = travel;
  return {
    id: trip.id,
    company: { uuid: route.operator.companyUuid },
    // The reference data has no logo files yet; the list keeps its shape for clients.
    companyLogo: [],
    frequencyId: trip.frequencyId,
    tripsId: pattern.tripsId,
    routeId: route.id,
    routeName: route.name,
    routeShortName: route.shortName,
    routeColor: `#${route.operator.routeColor}`,
    routeTextColor: `#${route.operator.routeTextColor}`,
    origin: calls[0].stop.stopName,
    destination: calls[calls.length - 1].stop.stopName,
    headsign: calls[calls.length - 1].stop.stopName,
    price: fare.prices[vehicle.vehicleClass],
    priceCurrency: fare.baseCurrency,
    departureDate: boarding.departure.iso,
    departureTime: boarding.departure.time,
    reportingTime: localDateTime(new Date(boarding.departureAt.getTime() - route.operator.reportingMinutes * 60_000), boarding.stop.stopTimezone).time,
    estimatedArrivalTime: alighting.arrival.time,
    travelTime: clock,
    estimatedTravel,
    estimatedArrivalDate: alighting.arrival.iso,
    estimatedArrivalDays: daysBetween(boarding.departure.date, alighting.arrival.date),
    timezone: boarding.stop.stopTimezone,
    serviceDate: trip.serviceDate,
    direction: pattern.direction,
    hasLeftOrigin,
    canceled: trip.canceled,
    availableSeats: sellable ? vehicle.layout.seatCount - booked.size : 0,
    agentCommission: fare.prices.agentCommission,
    importantInformation: route.importantInformation,
    stopTimes,
    fromStop: stopTimes[from],
    toStop: stopTimes[to],
    firstStop: stopTimes[0],
    lastStop: stopTimes[stopTimes.length - 1],
    vehicle: vehicleView(vehicle, booked, sellable),
    fareRules: [fare],
    routeStations: routeStations(pattern),
    settings: route.operator.settings,
  };
}

/** The fare rule between the trip's two stops, computed once per search and route. */
function tripFare(trip: DatedTrip, from: number, to: number, context: TripViewContext): FareRuleView {
  const { route, stops } = trip.pattern;
  const boarding = trip.calls[from];
  const alighting = trip.calls[to];
  const fareId = fareRuleId(route, boarding.stop, alighting.stop);
  let fare = context.fares.get(fareId);
  if (!fare) {
    fare = fareRule(route, boarding.stop, alighting.stop, Math.abs(stops[to].km - stops[from].km), context.currencies, context.rates);
    context.fares.set(fareId, fare);
  }
  return fare;
}

/** The bus of a trip with the seats still free in each section (none once the trip cannot be sold). */
function vehicleView(vehicle: DatedTrip['vehicle'], booked: Set<string>, sellable: boolean): BusVehicleView {
  return {
    id: vehicle.id,
    plateNumber: vehicle.plateNumber,
    type: vehicle.type,
    vehicleClass: vehicle.vehicleClass,
    seats: vehicle.layout.seatCount,
    seatingColumns: vehicle.layout.seatingColumns,
    numberOfDoors: vehicle.numberOfDoors,
    steeringWheelPosition: vehicle.steeringWheelPosition,
    amenities: vehicle.amenities,
    seatingLayoutId: vehicle.layout.id,
    seatingGrid: vehicle.layout.sections.map((s) => {
      const reserved = s.seats.filter((seat) => booked.has(seat));
      return {
        key: s.key,
        sectionName: s.sectionName,
        seatingRows: s.seatingRows,
        seatingColumns: s.seatingColumns,
        seats: s.seats,
        seatsReserved: reserved.length,
        seatsAvailable: sellable ? s.seats.length - reserved.length : 0,
        unavailableSeats: sellable ? reserved : s.seats,
      };
    }),
  };
}
