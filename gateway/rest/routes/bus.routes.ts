import { BusSearchException } from '../../../shared/api-contract/bus-search.exception';
import { BUS_SEARCH_MAX_LENGTH, BUS_STOP_ID_PATTERN, checkBusSearch } from '../../../shared/api-contract/bus-search.validator';
import { restInput } from '../graphql-shapes/rest-input.builder';
import { problemsOfCheck, queryObject, SEARCH_RATE_LIMIT_ERRORS } from '../rest.contract';
import type { JsonObject, RestRoute } from '../rest-route.types';
import { BusSearchAnswer } from '../schemas/bus.schemas';

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

const stopId = (field: 'from' | 'to', example: string) => ({ maxLength: BUS_SEARCH_MAX_LENGTH[field], pattern: BUS_STOP_ID_PATTERN, example });

/**
 * The query string, documented from busSearch's arguments (REST describes them without the GraphQL stop list) and
 * checked by the bus search validator the bus subgraph runs too.
 */
const SEARCH_INPUT = restInput('Query.busSearch', {
  in: 'query',
  unknownMembers: 'ignore',
  order: ['from', 'to', 'date'],
  members: {
    from: { description: 'Origin stop id, `<CITY>:RGN:0`.', documents: stopId('from', 'DAR_ES_SALAAM:RGN:0') },
    to: { description: 'Destination stop id, `<CITY>:RGN:0`; not the origin.', documents: stopId('to', 'ARUSHA:RGN:0') },
    date: {
      description: 'YYYY-MM-DD, local at the origin; from 7 days back to 365 days ahead.',
      documents: { maxLength: BUS_SEARCH_MAX_LENGTH.date, format: 'date', example: '2026-12-24' },
    },
  },
});

const search: RestRoute = {
  method: 'GET',
  path: '/api/trip/search',
  auth: true,
  operation: ({ query }) => ({
    query: `query BusSearch(${SEARCH_INPUT.variableDefinitions}) {
      busSearch(${SEARCH_INPUT.arguments}) {
        exactRoute { routeName trips { ${BUS_TRIP_FIELDS} } }
        alternatives { name connections { via { ${PLACE} } transferMinutes departureDate estimatedArrivalDate estimatedArrivalDays bookable
          totalTravel { hours minutes formatted formattedLong } legs { ${BUS_TRIP_FIELDS} } } }
        seatingLayouts { id sections { key cells { id label positionX positionY key type class orientation } } } } }`,
    variables: SEARCH_INPUT.variables(queryObject(query)),
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
    query: SEARCH_INPUT.schema,
    // The values as the bus subgraph checks them: a missing from, to or date is FROM_STOP_ID_REQUIRED (docs/decisions.md "Bus search").
    validates: 'query',
    validate: ({ query }) => problemsOfCheck(checkBusSearch(queryObject(query))),
    invalidInput: (problems) => BusSearchException.of(problems),
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

/** GET /api/trip/search (bus, OpenAPI `getTripSearch`). */
export const busRoutes: RestRoute[] = [search];
