import { daysBetween } from '../../../shared/time/calendar-date';
import { localDateTime } from '../../../shared/time/zoned-time';
import type { RateLookup } from '../../../shared/money/exchange-rates';
import type { BusStop } from '../graphql/bus-stop.type';
import {
  BusDirection,
  BusPlace,
  BusStopTime,
  BusTrip,
  BusVehicleClass,
  SteeringWheelPosition,
  type BusEstimatedTravel,
  type BusRegionStations,
} from '../graphql/bus-trip.type';
import { sellsAlighting, sellsBoarding, type BusPattern } from './bus-network.service';
import { fareRule, fareRuleId, type FareRuleView } from './bus-fares.calculator';
import { bookedSeats } from './bus-seating.parser';
import type { DatedTrip, StopCall } from './bus-timetable.calculator';

export function busPlace(stop: BusStop): BusPlace {
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

function stopTime(call: StopCall): BusStopTime {
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
export function travelDuration(minutes: number): BusEstimatedTravel & { clock: string } {
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
const routeStationsByPattern = new WeakMap<BusPattern, BusRegionStations[]>();

function routeStations(pattern: BusPattern): BusRegionStations[] {
  let stations = routeStationsByPattern.get(pattern);
  if (!stations) routeStationsByPattern.set(pattern, (stations = buildRouteStations(pattern)));
  return stations;
}

/** routeStations: where this trip sells boarding and alighting, grouped by region in travel order. */
function buildRouteStations(pattern: BusPattern): BusRegionStations[] {
  const regions = new Map<string, BusRegionStations>();
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

/** A dated trip as the search answers it for the pair (from, to): the GraphQL BusTrip before federation fills the company. */
export function busTripView(trip: DatedTrip, from: number, to: number, context: TripViewContext): BusTrip {
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
    direction: pattern.direction as BusDirection,
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
function vehicleView(vehicle: DatedTrip['vehicle'], booked: Set<string>, sellable: boolean): BusTrip['vehicle'] {
  return {
    id: vehicle.id,
    plateNumber: vehicle.plateNumber,
    type: vehicle.type,
    vehicleClass: vehicle.vehicleClass as BusVehicleClass,
    seats: vehicle.layout.seatCount,
    seatingColumns: vehicle.layout.seatingColumns,
    numberOfDoors: vehicle.numberOfDoors,
    steeringWheelPosition: vehicle.steeringWheelPosition as SteeringWheelPosition,
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
