import { AppError } from '../../../shared/errors/app-error';
import { badInput, InputProblem, SEARCH_RATE_LIMIT_ERRORS } from '../rest-contract';
import type { JsonObject, RestRoute } from '../rest-route';
import { BusSearchAnswer, BusSearchQuery } from '../schemas/bus.schemas';

const PLACE = 'stopId stopName stopDescription latitude longitude stopTimezone cityGeohash popularity';
const STOP_TIME = `${PLACE} stopSequence arrivalTime departingTime estimatedArrivalDate estimatedDepartureDate estimatedArrivalDays estimatedDepartureDays`;
const PRICES = 'LUXURY SEMI_LUXURY ORDINARY VIP VVIP agentCommission';
export const BUS_TRIP_FIELDS = `id company { uuid name tradingName tinNumber } companyLogo { type name base64 url }
  frequencyId tripsId routeId routeName routeShortName routeColor routeTextColor origin destination headsign
  price priceCurrency departureDate departureTime reportingTime estimatedArrivalTime travelTime
  estimatedTravel { hours minutes formatted formattedLong } estimatedArrivalDate estimatedArrivalDays timezone serviceDate
  direction hasLeftOrigin canceled availableSeats agentCommission
  importantInformation { custom icon iconType code values }
  stopTimes { ${STOP_TIME} } fromStop { stopSequence } toStop { stopSequence }
  vehicle { id plateNumber type vehicleClass seats seatingColumns numberOfDoors steeringWheelPosition amenities seatingLayoutId
    seatingGrid { key sectionName seatingRows seatingColumns seats seatsReserved seatsAvailable unavailableSeats } }
  fareRules { id originId destinationId originCity destinationCity baseCurrency prices { ${PRICES} } otherCurrencies { code currency prices { ${PRICES} } } }
  routeStations { region pickUpStations dropOffStations }
  settings { seatReservation bulkTicketing sendTextMessage flexibleTicketPrice flexibleOrigin flexibleDestination allowOnlineSales
    enterCustomerName enterCustomerPhoneNumber enterCustomerEmail enterCustomerNationality enterCustomerPassportNumber noBetweenBookings }`;

/** A stop in the GTFS-style snake case of the stop lists, as every stopTimes item shows it. */
function restPlace({ stopTimezone, cityGeohash, ...rest }: JsonObject) {
  return { ...rest, stop_timezone: stopTimezone, city_geohash: cityGeohash };
}

/** The parts of BUS_TRIP_FIELDS the REST form reshapes; every other field is copied as it comes. */
interface BusTripData {
  company: { uuid: unknown; name: string; tradingName: string | null; tinNumber: unknown };
  companyLogo: JsonObject[];
  fromStop: { stopSequence: number };
  toStop: { stopSequence: number };
  vehicle: { seatingLayoutId: string; seatingGrid: Array<{ key: string; unavailableSeats: unknown[] } & JsonObject> } & JsonObject;
  fareRules: Array<{ otherCurrencies: Array<{ code: string } & JsonObject> } & JsonObject>;
  routeStations: Array<{ region: string } & JsonObject>;
  stopTimes: JsonObject[];
  [field: string]: unknown;
}

interface BusSearchData {
  busSearch: {
    exactRoute: Array<{ routeName: string; trips: BusTripData[] }>;
    alternatives: Array<{ name: string; connections: Array<{ via: JsonObject; legs: BusTripData[] } & JsonObject> }> | null;
    seatingLayouts: Array<{ id: string; sections: Array<{ key: string; cells: SeatCell[] }> }>;
  };
}

type SeatCell = { id: string; type: string } & JsonObject;
type Layouts = Map<string, Map<string, SeatCell[]>>;

/**
 * One bus trip as the REST contract shows it: the operator flattened from the admin Company,
 * from/to/first/last stops picked from stopTimes (the query asks for them once), the seat
 * cells of the shared layout with this trip's availability, and keyed maps for lists.
 */
export function restBusTrip(t: BusTripData, layouts: Layouts) {
  const { company, companyLogo, fromStop, toStop, vehicle, fareRules, routeStations, stopTimes, ...rest } = t;
  const stops = stopTimes.map(restPlace);
  const { seatingLayoutId, seatingGrid, ...vehicleRest } = vehicle;
  const cells = layouts.get(seatingLayoutId)!;
  return {
    id: t.id,
    companyId: company.uuid,
    companyName: company.name,
    // The spec types it as a string: a company without a separate trading name trades under its registered name.
    companyTradingName: company.tradingName ?? company.name,
    tinNumber: company.tinNumber,
    // base64 and url are optional strings: left out when the logo has none.
    companyLogo: companyLogo.map((logo) => Object.fromEntries(Object.entries(logo).filter(([, value]) => value !== null))),
    ...rest,
    stopTimes: stops,
    fromStop: stops[fromStop.stopSequence],
    toStop: stops[toStop.stopSequence],
    firstStop: stops[0],
    lastStop: stops[stops.length - 1],
    vehicle: {
      ...vehicleRest,
      seatingGrid: Object.fromEntries(
        seatingGrid.map(({ key, unavailableSeats, ...section }) => {
          const taken = new Set(unavailableSeats);
          const grid = cells.get(key)!.map((c) => ({ ...c, available: c.type === 'SEAT' && !taken.has(c.id) }));
          return [key, { ...section, seatingGrid: grid }];
        }),
      ),
    },
    fareRules: fareRules.map((r) => ({ ...r, otherCurrencies: Object.fromEntries(r.otherCurrencies.map(({ code, ...entry }) => [code, entry])) })),
    routeStations: Object.fromEntries(routeStations.map(({ region, ...stations }) => [region, stations])),
  };
}

const search: RestRoute = {
  method: 'GET',
  path: '/api/trip/search',
  auth: true,
  operation: ({ query }) => ({
    query: `query BusSearch($from: String!, $to: String!, $date: String!) {
      busSearch(from: $from, to: $to, date: $date) {
        exactRoute { routeName trips { ${BUS_TRIP_FIELDS} } }
        alternatives { name connections { via { ${PLACE} } transferMinutes departureDate estimatedArrivalDate estimatedArrivalDays bookable
          totalTravel { hours minutes formatted formattedLong } legs { ${BUS_TRIP_FIELDS} } } }
        seatingLayouts { id sections { key cells { id label positionX positionY key type class orientation } } } } }`,
    variables: { from: query.get('from'), to: query.get('to'), date: query.get('date') },
  }),
  reply: (data: BusSearchData) => {
    const { exactRoute, alternatives, seatingLayouts } = data.busSearch;
    const layouts: Layouts = new Map(seatingLayouts.map((l) => [l.id, new Map(l.sections.map((s) => [s.key, s.cells]))]));
    const trip = (t: BusTripData) => restBusTrip(t, layouts);
    const body: Record<string, unknown> = { exactRoute: Object.fromEntries(exactRoute.map((g) => [g.routeName, g.trips.map(trip)])) };
    // Present only when no direct route was found (OpenAPI `BusSearchAnswer`), then possibly empty.
    if (alternatives) {
      body.alternatives = Object.fromEntries(
        alternatives.map((a) => [a.name, a.connections.map((c) => ({ ...c, via: restPlace(c.via), legs: c.legs.map(trip) }))]),
      );
    }
    return { body, headers: { 'cache-control': 'no-store' } };
  },
  contract: {
    summary: 'Search bus trips',
    tag: 'Bus',
    query: BusSearchQuery,
    // A missing from, to or date is FROM_STOP_ID_REQUIRED, as the bus subgraph answers it (docs/decisions.md "Bus search").
    invalidInput: (problems) => (problems.some(isMissing) ? missingSearchInput(problems) : badInput(problems)),
    responses: { 200: { description: 'Direct trips by route, or connections when there is no direct route.', schema: BusSearchAnswer } },
    errors: {
      400:
        'FROM_STOP_ID_REQUIRED: from, to or date missing; BAD_REQUEST: a malformed stop id or date, from equal to to, a date outside the window; ' +
        'UNKNOWN_STOP_ID: a well-formed stop id that is not in the stop list. Every problem is in data.fields.',
      ...SEARCH_RATE_LIMIT_ERRORS.errors,
    },
    errorHeaders: SEARCH_RATE_LIMIT_ERRORS.errorHeaders,
  },
};

/** inputProblems words a missing value "is required (type)". */
const isMissing = (problem: InputProblem) => problem.message.startsWith('is required');

function missingSearchInput(problems: InputProblem[]): AppError {
  const fields = problems.map((p) => (isMissing(p) ? { field: p.field, message: 'is required' } : p));
  return new AppError('FROM_STOP_ID_REQUIRED', 400, fields.map((f) => `${f.field} ${f.message}`).join('; '), { fields });
}

/** GET /api/trip/search (bus, OpenAPI `getTripSearch`). */
export const busRoutes: RestRoute[] = [search];
