import { BusSearchException } from '../../../shared/api-contract/bus-search.exception';
import { BUS_SEARCH_MAX_LENGTH, BUS_STOP_ID_PATTERN, checkBusSearch } from '../../../shared/api-contract/bus-search.validator';
import { restInput } from '../graphql-shapes/rest-input.builder';
import { problemsOfCheck, queryObject, SEARCH_RATE_LIMIT_ERRORS } from '../rest.contract';
import type { JsonObject, RestRoute } from '../rest-route.types';
import { BUS_SEARCH_ANSWER } from '../schemas/bus.schemas';

/** The stop a trip selects by its stopSequence, the index of the call in stopTimes. */
interface PickedStop {
  stopSequence: number;
}

/** The parts of BUS_TRIP's selection the REST form reshapes; every other field is copied as it comes. */
interface BusTripData {
  id: string;
  company: { companyName: string; companyTradingName: string | null } & JsonObject;
  companyLogo: JsonObject[];
  stopTimes: JsonObject[];
  fromStop: PickedStop;
  toStop: PickedStop;
  firstStop: PickedStop;
  lastStop: PickedStop;
  vehicle: { seatingLayoutId: string; seatingGrid: Array<{ key: string; unavailableSeats: unknown[] } & JsonObject> } & JsonObject;
  fareRules: Array<{ otherCurrencies: Array<{ code: string } & JsonObject> } & JsonObject>;
  routeStations: Array<{ region: string } & JsonObject>;
  [field: string]: unknown;
}

interface BusSearchData {
  busSearch: {
    exactRoute: Array<{ routeName: string; trips: BusTripData[] }>;
    alternatives: Array<{ name: string; connections: Array<{ legs: BusTripData[] } & JsonObject> }> | null;
    seatingLayouts: Array<{ id: string; sections: Array<{ key: string; cells: SeatCell[] }> }>;
  } & JsonObject;
}

type SeatCell = { id: string; type: string } & JsonObject;
type Layouts = Map<string, Map<string, SeatCell[]>>;

/** The vehicle's sections keyed by identifier, each with the cells of its shared layout and this trip's availability. */
function restVehicle(vehicle: BusTripData['vehicle'], layouts: Layouts) {
  const { seatingLayoutId, seatingGrid, ...rest } = vehicle;
  const cells = layouts.get(seatingLayoutId)!;
  return {
    ...rest,
    seatingGrid: Object.fromEntries(
      seatingGrid.map(({ key, unavailableSeats, ...section }) => {
        const taken = new Set(unavailableSeats);
        const grid = cells.get(key)!.map((c) => ({ ...c, available: c.type === 'SEAT' && !taken.has(c.id) }));
        return [key, { ...section, seatingGrid: grid }];
      }),
    ),
  };
}

/**
 * One bus trip as the REST contract shows it (BUS_TRIP): the company's members as the trip's own, the picked stops
 * from stopTimes (the query asks for each call once), the seat cells of the shared layout with this trip's
 * availability, and keyed maps for lists. Every other field stays where the selection put it.
 */
export function restBusTrip(t: BusTripData, layouts: Layouts) {
  const { id, company, ...trip } = t;
  const stops = t.stopTimes;
  return {
    id,
    ...company,
    ...trip,
    // The spec types it as a string: a company without a separate trading name trades under its registered name.
    companyTradingName: company.companyTradingName ?? company.companyName,
    // base64 and url are optional strings: left out when the logo has none.
    companyLogo: t.companyLogo.map((logo) => Object.fromEntries(Object.entries(logo).filter(([, value]) => value !== null))),
    fromStop: stops[t.fromStop.stopSequence],
    toStop: stops[t.toStop.stopSequence],
    firstStop: stops[t.firstStop.stopSequence],
    lastStop: stops[t.lastStop.stopSequence],
    vehicle: restVehicle(t.vehicle, layouts),
    fareRules: t.fareRules.map((r) => ({ ...r, otherCurrencies: Object.fromEntries(r.otherCurrencies.map(({ code, ...entry }) => [code, entry])) })),
    routeStations: Object.fromEntries(t.routeStations.map(({ region, ...stations }) => [region, stations])),
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
    query: `query BusSearch(${SEARCH_INPUT.variableDefinitions}) { busSearch(${SEARCH_INPUT.arguments}) { ${BUS_SEARCH_ANSWER.selection} } }`,
    variables: SEARCH_INPUT.variables(queryObject(query)),
  }),
  reply: (data: BusSearchData) => {
    const { exactRoute, alternatives, seatingLayouts, ...answer } = data.busSearch;
    const layouts: Layouts = new Map(seatingLayouts.map((l) => [l.id, new Map(l.sections.map((s) => [s.key, s.cells]))]));
    const trip = (t: BusTripData) => restBusTrip(t, layouts);
    const body = { exactRoute: Object.fromEntries(exactRoute.map((g) => [g.routeName, g.trips.map(trip)])), ...answer };
    // Present only when no direct route was found (OpenAPI `BusSearchAnswer`), then possibly empty.
    if (!alternatives) return { body, headers: { 'cache-control': 'no-store' } };
    const connections = alternatives.map((a) => [a.name, a.connections.map((c) => ({ ...c, legs: c.legs.map(trip) }))]);
    return { body: { ...body, alternatives: Object.fromEntries(connections) }, headers: { 'cache-control': 'no-store' } };
  },
  contract: {
    summary: 'Search bus trips',
    tag: 'Bus',
    query: SEARCH_INPUT.schema,
    // The values as the bus subgraph checks them: a missing from, to or date is FROM_STOP_ID_REQUIRED (docs/decisions.md "Bus search").
    validates: 'query',
    validate: ({ query }) => problemsOfCheck(checkBusSearch(queryObject(query))),
    invalidInput: (problems) => BusSearchException.of(problems),
    responses: { 200: { description: 'Direct trips by route, or connections when there is no direct route.', schema: BUS_SEARCH_ANSWER.schema } },
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
