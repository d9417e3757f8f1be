import { z } from 'zod';
import { restShape } from '../graphql-shapes/rest-shape.builder';
import type { ShapeOverlay } from '../graphql-shapes/rest-shape.type';
import { CurrencyCode } from './common.schemas';

/*
 * GET /api/trip/search (bus, OpenAPI `getTripSearch`): the answer derived from the API type BusSearchResult
 * (docs/rest-shapes.md), every member the contract lists plus the members we add (each described as an extension).
 * The overlays say where REST's form differs: lists keyed by a member, the operator's company members as the trip's
 * own, the stops' zone and geohash in the snake case of the stop lists, and the seat cells of the shared layouts
 * inlined in each trip's sections, which the route joins. docs/decisions.md "Bus search" says how each is computed.
 */

/** A stop's zone and geohash in the GTFS-style snake case of the stop lists, after the stop's other fields. */
const STOP_FIELDS = {
  stopTimezone: { as: 'stop_timezone', description: 'IANA zone.' },
  cityGeohash: { as: 'city_geohash', description: 'Geohash of the city the stop serves.' },
};
const PLACE_ORDER = ['stopId', 'stopName', 'stopDescription', 'latitude', 'longitude', 'popularity'];

const BUS_PLACE = restShape('BusPlace', {
  id: 'BusPlace',
  description: 'A stop without times: the hub of a connection.',
  order: PLACE_ORDER,
  fields: STOP_FIELDS,
});

const BUS_STOP_TIME = restShape('BusStopTime', {
  id: 'BusStopTime',
  order: [
    ...PLACE_ORDER,
    'stopSequence',
    'arrivalTime',
    'departingTime',
    'estimatedArrivalDate',
    'estimatedDepartureDate',
    'estimatedArrivalDays',
    'estimatedDepartureDays',
  ],
  fields: STOP_FIELDS,
});

const BUS_ESTIMATED_TRAVEL = restShape('BusEstimatedTravel', {
  id: 'BusEstimatedTravel',
  fields: { formatted: { schema: z.string().meta({ example: '9h 50m' }) }, formattedLong: { schema: z.string().meta({ example: '9 hours 50 minutes' }) } },
});

const BUS_FARE_PRICES = restShape('BusFarePrices', {
  id: 'BusFarePrices',
  description: 'Fares by vehicle class and the agent commission, in one currency (JSON numbers, as the spec types them).',
});

/** A seat cell of a layout, with this trip's availability, which the route adds. */
const BUS_SEAT_CELL = restShape('BusSeatCell', {
  id: 'BusSeatCell',
  fields: { orientation: { schema: z.enum(['UP', 'DOWN', 'LEFT', 'RIGHT']) } },
  adds: { available: z.boolean().meta({ description: 'A seat that can be chosen now; false for every cell that is not a seat.' }) },
});

/** From the trip's company: its id, names and tax number, as the trip's own members. */
const COMPANY: ShapeOverlay = {
  only: ['uuid', 'name', 'tradingName', 'tinNumber'],
  order: ['companyId', 'companyName', 'companyTradingName', 'tinNumber'],
  fields: {
    uuid: { as: 'companyId', schema: z.uuid() },
    name: { as: 'companyName' },
    // The route answers the registered name where the company has no separate trading name.
    tradingName: { as: 'companyTradingName', nonNull: true, description: 'The name the operator trades under (its registered name when it has no other).' },
  },
};

const VEHICLE: ShapeOverlay = {
  id: 'BusVehicle',
  fields: {
    seatingLayoutId: { routeOnly: true },
    seatingGrid: {
      keyedBy: 'key',
      description: 'Sections keyed by identifier.',
      shape: {
        id: 'BusSeatingSection',
        description: 'One section of the seating grid (a deck).',
        fields: { unavailableSeats: { routeOnly: true } },
        adds: { seatingGrid: z.array(BUS_SEAT_CELL.schema).meta({ description: 'The cells of the section, seats with their availability.' }) },
      },
    },
  },
};

const FARE_RULE: ShapeOverlay = {
  id: 'BusFareRule',
  fields: {
    baseCurrency: { schema: CurrencyCode },
    prices: { schema: BUS_FARE_PRICES.schema },
    otherCurrencies: {
      keyedBy: 'code',
      description: 'Keyed by currency code; each component converted and rounded on its own.',
      shape: { fields: { code: { schema: CurrencyCode }, currency: { schema: CurrencyCode }, prices: { schema: BUS_FARE_PRICES.schema } } },
    },
  },
};

/** A stop picked out of stopTimes by the stopSequence it selects: the route answers the whole call. */
const PICKED_STOP = { schema: BUS_STOP_TIME.schema, selection: 'stopSequence' };

/** OpenAPI schema `BusTrip`: one dated departure. */
export const BUS_TRIP = restShape('BusTrip', {
  id: 'BusTrip',
  description: 'One dated departure, seen from the searched pair (fromStop → toStop).',
  fields: {
    company: { flatten: true, shape: COMPANY },
    companyLogo: { shape: { id: 'BusCompanyLogo', nullsAbsent: true, fields: { name: { schema: z.enum(['TICKET', 'DARK', 'LIGHT']) } } } },
    priceCurrency: { schema: CurrencyCode },
    estimatedTravel: { schema: BUS_ESTIMATED_TRAVEL.schema },
    serviceDate: { description: 'Extension: the date the trip leaves its first stop (local there); stopTimes days count from it.' },
    importantInformation: { shape: { id: 'BusImportantInformation', fields: { code: { schema: z.string().meta({ example: 'ID_REQUIRED' }) } } } },
    settings: { shape: { id: 'BusSettings' } },
    stopTimes: { schema: BUS_STOP_TIME.schema, selection: BUS_STOP_TIME.selection },
    fromStop: PICKED_STOP,
    toStop: PICKED_STOP,
    firstStop: PICKED_STOP,
    lastStop: PICKED_STOP,
    vehicle: { shape: VEHICLE },
    fareRules: { shape: FARE_RULE },
    routeStations: { keyedBy: 'region', description: 'Keyed by region, in travel order: where the trip sells boarding and alighting (stop ids).' },
  },
});

const BUS_CONNECTION = restShape('BusConnection', {
  id: 'BusConnection',
  description: 'Extension (the spec leaves alternatives open): two trips with a change of bus at a hub.',
  fields: {
    via: { schema: BUS_PLACE.schema, selection: BUS_PLACE.selection },
    totalTravel: { schema: BUS_ESTIMATED_TRAVEL.schema },
    legs: { schema: BUS_TRIP.schema, selection: BUS_TRIP.selection },
  },
});

/** OpenAPI schema `BusSearchAnswer`: trips keyed by route, connections keyed by name; the layouts are the route's to join. */
export const BUS_SEARCH_ANSWER = restShape('BusSearchResult', {
  id: 'BusSearchAnswer',
  fields: {
    exactRoute: {
      keyedBy: 'routeName',
      description: 'Direct trips keyed by route name.',
      schema: z.array(BUS_TRIP.schema),
      shape: { only: ['routeName', 'trips'], fields: { trips: { schema: BUS_TRIP.schema, selection: BUS_TRIP.selection } } },
    },
    alternatives: {
      keyedBy: 'name',
      absentWhenNull: true,
      description: 'Present only when no direct route is found (then possibly empty): connections keyed "<from> → <hub> → <to>".',
      schema: z.array(BUS_CONNECTION.schema),
      shape: { only: ['name', 'connections'], fields: { connections: { schema: BUS_CONNECTION.schema, selection: BUS_CONNECTION.selection } } },
    },
    seatingLayouts: { routeOnly: true },
  },
});
