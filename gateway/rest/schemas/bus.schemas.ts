import { z } from 'zod';
import { CurrencyCode, DateTime, LocalDate } from './common.schemas';

/*
 * GET /api/trip/search (bus, OpenAPI `getTripSearch`): the `BusTrip` search result item, every member the contract lists, plus
 * the members we add (each described as an extension). docs/decisions.md "Bus search" says how each is computed.
 */

const hhmm = (description: string) => z.string().meta({ description: `HH:mm local. ${description}` });

const BusPlace = z
  .object({
    stopId: z.string(),
    stopName: z.string(),
    stopDescription: z.string(),
    latitude: z.number(),
    longitude: z.number(),
    popularity: z.number(),
    stop_timezone: z.string().meta({ description: 'IANA zone.' }),
    city_geohash: z.string(),
  })
  .meta({ id: 'BusPlace', description: 'A stop without times: the hub of a connection.' });

const BusStopTime = BusPlace.extend({
  stopSequence: z.number().int().meta({ description: '0 at the first stop.' }),
  arrivalTime: hhmm('At the first stop, the departure time.'),
  departingTime: hhmm('At the last stop, the arrival time.'),
  estimatedArrivalDate: DateTime,
  estimatedDepartureDate: DateTime,
  estimatedArrivalDays: z.number().int().meta({ description: "Days after the trip's serviceDate." }),
  estimatedDepartureDays: z.number().int().meta({ description: "Days after the trip's serviceDate." }),
}).meta({ id: 'BusStopTime', description: "A trip's call at a stop, times local to the stop." });

const BusEstimatedTravel = z
  .object({
    hours: z.number().int(),
    minutes: z.number().int(),
    formatted: z.string().meta({ example: '9h 50m' }),
    formattedLong: z.string().meta({ example: '9 hours 50 minutes' }),
  })
  .meta({ id: 'BusEstimatedTravel', description: 'A duration.' });

const BusCompanyLogo = z
  .object({
    type: z.string().meta({ description: 'MIME type.' }),
    name: z.enum(['TICKET', 'DARK', 'LIGHT']),
    base64: z.string().optional(),
    url: z.string().optional(),
  })
  .meta({ id: 'BusCompanyLogo', description: 'An operator logo, inline (base64) or linked (url).' });

const BusImportantInformation = z
  .object({
    custom: z.boolean().meta({ description: 'True for a route-specific notice.' }),
    icon: z.string(),
    iconType: z.string(),
    code: z.string().meta({ example: 'ID_REQUIRED' }),
    values: z.array(z.string()),
  })
  .meta({ id: 'BusImportantInformation', description: 'A notice for the traveller.' });

const BusSeatCell = z
  .object({
    id: z.string(),
    label: z.string().meta({ description: 'Empty for cells that are not seats.' }),
    positionX: z.number().int().meta({ description: 'Zero-based column.' }),
    positionY: z.number().int().meta({ description: 'Zero-based row.' }),
    key: z.string(),
    type: z.enum(['SEAT', 'AISLE', 'DOOR', 'DRIVER']),
    class: z.enum(['LUXURY', 'SEMI_LUXURY', 'ORDINARY']),
    orientation: z.enum(['UP', 'DOWN', 'LEFT', 'RIGHT']),
    available: z.boolean().meta({ description: 'A seat that can be chosen now; false for every cell that is not a seat.' }),
  })
  .meta({ id: 'BusSeatCell', description: 'One cell of a seating grid.' });

const BusSeatingSection = z
  .object({
    sectionName: z.string(),
    seatingRows: z.number().int(),
    seatingColumns: z.number().int(),
    seats: z.array(z.string()).meta({ description: 'Seat ids of the section.' }),
    seatsReserved: z.number().int().meta({ description: 'Seats sold.' }),
    seatsAvailable: z.number().int().meta({ description: 'Seats that can be sold now (0 when the trip is cancelled or has left).' }),
    seatingGrid: z.array(BusSeatCell),
  })
  .meta({ id: 'BusSeatingSection', description: 'One section of the seating grid (a deck).' });

const vehicleClasses = ['LUXURY', 'SEMI_LUXURY', 'ORDINARY', 'VIP', 'VVIP'] as const;

const BusVehicle = z
  .object({
    id: z.string(),
    plateNumber: z.string(),
    type: z.string().meta({ description: 'Make and model.' }),
    vehicleClass: z.enum(vehicleClasses),
    seats: z.number().int(),
    seatingColumns: z.number().int(),
    numberOfDoors: z.number().int(),
    steeringWheelPosition: z.enum(['LEFT', 'RIGHT']),
    amenities: z.array(z.string()),
    seatingGrid: z.record(z.string(), BusSeatingSection).meta({ description: 'Sections keyed by identifier.' }),
  })
  .meta({ id: 'BusVehicle', description: 'The bus.' });

const BusFarePrices = z
  .object({
    LUXURY: z.number(),
    SEMI_LUXURY: z.number(),
    ORDINARY: z.number(),
    VIP: z.number(),
    VVIP: z.number(),
    agentCommission: z.number(),
  })
  .meta({ id: 'BusFarePrices', description: 'Fares by vehicle class and the agent commission, in one currency (JSON numbers, as the spec types them).' });

const BusFareRule = z
  .object({
    id: z.string(),
    originId: z.string(),
    destinationId: z.string(),
    originCity: z.string(),
    destinationCity: z.string(),
    baseCurrency: CurrencyCode,
    prices: BusFarePrices,
    otherCurrencies: z
      .record(z.string(), z.object({ currency: CurrencyCode, prices: BusFarePrices }))
      .meta({ description: 'Keyed by currency code; each component converted and rounded on its own.' }),
  })
  .meta({ id: 'BusFareRule', description: 'The fare rule of fromStop → toStop.' });

const BusSettings = z
  .object(
    Object.fromEntries(
      [
        'seatReservation',
        'bulkTicketing',
        'sendTextMessage',
        'flexibleTicketPrice',
        'flexibleOrigin',
        'flexibleDestination',
        'allowOnlineSales',
        'enterCustomerName',
        'enterCustomerPhoneNumber',
        'enterCustomerEmail',
        'enterCustomerNationality',
        'enterCustomerPassportNumber',
        'noBetweenBookings',
      ].map((name) => [name, z.boolean()]),
    ),
  )
  .meta({ id: 'BusSettings', description: "The operator's booking settings." });

export const BusTrip = z
  .object({
    id: z.string().meta({ description: 'frequencyId:serviceDate.' }),
    companyId: z.uuid(),
    companyName: z.string(),
    companyTradingName: z.string().meta({ description: 'The name the operator trades under (its registered name when it has no other).' }),
    tinNumber: z.string(),
    companyLogo: z.array(BusCompanyLogo),
    frequencyId: z.string(),
    tripsId: z.string().meta({ description: 'ROUTE:DIRECTION.' }),
    routeId: z.string(),
    routeName: z.string(),
    routeShortName: z.string(),
    routeColor: z.string().meta({ description: '#RRGGBB.' }),
    routeTextColor: z.string().meta({ description: '#RRGGBB.' }),
    origin: z.string().meta({ description: "The trip's first stop." }),
    destination: z.string().meta({ description: "The trip's last stop." }),
    headsign: z.string(),
    price: z.number().meta({ description: "Fare of the vehicle's class for fromStop → toStop, in priceCurrency." }),
    priceCurrency: CurrencyCode,
    departureDate: DateTime.meta({ description: 'Departure from fromStop, with its offset.' }),
    departureTime: hhmm('Departure from fromStop.'),
    reportingTime: hhmm('When to be at fromStop.'),
    estimatedArrivalTime: hhmm('Arrival at toStop.'),
    travelTime: z.string().meta({ description: 'H:mm from fromStop to toStop (hours may exceed 24).' }),
    estimatedTravel: BusEstimatedTravel,
    estimatedArrivalDate: DateTime.meta({ description: 'Arrival at toStop, with its offset.' }),
    estimatedArrivalDays: z.number().int().meta({ description: '0 same day, 1 next day.' }),
    timezone: z.string().meta({ description: "fromStop's IANA zone." }),
    serviceDate: LocalDate.meta({ description: 'Extension: the date the trip leaves its first stop (local there); stopTimes days count from it.' }),
    direction: z.enum(['OUTBOUND', 'INBOUND']),
    hasLeftOrigin: z.boolean().meta({ description: 'The bus has left fromStop.' }),
    canceled: z.boolean(),
    availableSeats: z.number().int(),
    agentCommission: z.number(),
    importantInformation: z.array(BusImportantInformation),
    settings: BusSettings,
    stopTimes: z.array(BusStopTime),
    fromStop: BusStopTime,
    toStop: BusStopTime,
    firstStop: BusStopTime,
    lastStop: BusStopTime,
    vehicle: BusVehicle,
    fareRules: z.array(BusFareRule),
    routeStations: z
      .record(z.string(), z.object({ pickUpStations: z.array(z.string()), dropOffStations: z.array(z.string()) }))
      .meta({ description: 'Keyed by region, in travel order: where the trip sells boarding and alighting (stop ids).' }),
  })
  .meta({ id: 'BusTrip', description: 'One dated departure, seen from the searched pair (fromStop → toStop).' });

const BusConnection = z
  .object({
    via: BusPlace,
    legs: z.array(BusTrip).meta({ description: 'The two legs, in travel order.' }),
    transferMinutes: z.number().int(),
    totalTravel: BusEstimatedTravel,
    departureDate: DateTime,
    estimatedArrivalDate: DateTime,
    estimatedArrivalDays: z.number().int(),
    bookable: z.boolean().meta({ description: 'False when a leg is cancelled, the first leg has left, or a leg has no seat left.' }),
  })
  .meta({ id: 'BusConnection', description: 'Extension (the spec leaves alternatives open): two trips with a change of bus at a hub.' });

export const BusSearchAnswer = z
  .object({
    exactRoute: z.record(z.string(), z.array(BusTrip)).meta({ description: 'Direct trips keyed by route name.' }),
    alternatives: z
      .record(z.string(), z.array(BusConnection))
      .optional()
      .meta({ description: 'Present only when no direct route is found (then possibly empty): connections keyed "<from> → <hub> → <to>".' }),
  })
  .meta({ id: 'BusSearchAnswer', description: 'Bus trips between two stops on a date.' });
