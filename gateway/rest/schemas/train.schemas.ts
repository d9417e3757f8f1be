import { z } from 'zod';
import { CurrencyCode, MoneyAmount } from './common.schemas';
import { TRAIN_STATION } from './platform.schemas';
import { restShape } from '../graphql-shapes/rest-shape.builder';
import type { FieldOverlay } from '../graphql-shapes/rest-shape.type';

/*
 * The train search and details answers (OpenAPI tag Train), derived from their GraphQL types (docs/rest-shapes.md):
 * each gives the selection its route sends and the schema its answer is documented and checked by. The replies still
 * reshape what GraphQL answers as lists or nests (otherCurrencies keyed by code, the operator's company flattened,
 * null members of stop times and car prices left out); the overlays below say so. Holds and reservations, issuance and
 * payments, and send-notification each have a file beside this one.
 */

export const Count = z.number().int().min(0);
const Time = z
  .string()
  .regex(/^\d{2}:\d{2}$/)
  .meta({ description: 'HH:mm, railway-local.', example: '06:00' });

// ---- Price -------------------------------------------------------------------------------------------------

const TRAIN_FEE = restShape('TrainFee', {
  id: 'TrainFee',
  description: 'One component of a train price; the amounts of fees[] sum to grandTotal.',
  fields: { amount: { schema: MoneyAmount } },
});

/** A converted member: always set in a conversion (GraphQL's "null when no rate" is the other form, TrainFareDisplay). */
const converted = (schema: z.ZodType, description: string): FieldOverlay => ({ nonNull: true, schema, description });

/** A display currency with a rate: every member set. */
const TRAIN_CONVERTED_PRICE = restShape('TrainCurrencyPrice', {
  id: 'TrainConvertedPrice',
  description:
    "An otherCurrencies entry with a rate: each component converted and rounded on its own (the currency's decimals), totals summed from the rounded components.",
  nullsAbsent: true,
  fields: {
    code: { omit: true },
    formatted: { schema: z.string().meta({ example: 'USD 8.49' }) },
    currency: converted(CurrencyCode, 'ISO 4217 code of the converted amounts'),
    total: converted(MoneyAmount, 'The fare in this currency'),
    bookingFeeTotal: converted(MoneyAmount, 'Booking fees in this currency'),
    grandTotal: converted(MoneyAmount, 'total plus bookingFeeTotal in this currency'),
    fees: converted(TRAIN_FEE.schema, 'The fees in this currency'),
  },
});

/** A display currency without a rate: the conversion's members are null in GraphQL, so REST leaves them out. */
const WITHOUT_RATE = ['code', 'currency', 'total', 'bookingFeeTotal', 'grandTotal', 'fees'];
const TRAIN_FARE_DISPLAY = restShape('TrainCurrencyPrice', {
  id: 'TrainFareDisplay',
  description: 'An otherCurrencies entry that could not be converted: clients then show baseCurrency.',
  nullsAbsent: true,
  fields: { ...Object.fromEntries(WITHOUT_RATE.map((field) => [field, { omit: true }])), formatted: { schema: z.string().meta({ example: 'TZS 22,500' }) } },
});

/** GraphQL lists the display currencies with their code; REST keys them by it (restTrainPrice), null members left out. */
const OTHER_CURRENCIES: FieldOverlay = {
  keyedBy: 'code',
  shape: { fields: { code: { schema: CurrencyCode } } },
  schema: z.union([TRAIN_CONVERTED_PRICE.schema, TRAIN_FARE_DISPLAY.schema]),
};

const TRAIN_PRICE = restShape('TrainPrice', {
  id: 'TrainPrice',
  fields: {
    currency: { schema: CurrencyCode },
    total: { schema: MoneyAmount },
    bookingFeeTotal: { schema: MoneyAmount },
    grandTotal: { schema: MoneyAmount },
    fees: { schema: TRAIN_FEE.schema },
    baseCurrency: { schema: CurrencyCode },
    basePrice: { schema: MoneyAmount },
    otherCurrencies: OTHER_CURRENCIES,
  },
});

// ---- Search item ------------------------------------------------------------------------------------------

const TRAIN_CALLING_POINT = restShape('TrainCallingPoint', {
  id: 'TrainCallingPoint',
  // The station as the station list gives it (OpenAPI schema `TrainStation`, `listTrainStations`).
  fields: { time: { schema: Time }, stop: TRAIN_STATION },
});

/** The first stop has no arrival time and the last no departure time: both keys are on every item, null there (the spec lists both). */
const TRAIN_STOP_TIME = restShape('TrainStopTime', {
  id: 'TrainStopTime',
  fields: {
    arrivalTime: { schema: Time, description: 'HH:mm; null at the first stop (the train starts there).' },
    departureTime: { schema: Time, description: 'HH:mm; null at the last stop (the train ends there).' },
  },
});

const counts = (...fields: string[]) => Object.fromEntries(fields.map((field) => [field, { schema: Count }]));

const TRAIN_SEARCH_CAR = restShape('RailwayCar', {
  id: 'TrainSearchCar',
  fields: counts('capacity', 'standardSeatCapacity', 'disabledSeatCapacity', 'emptySeats', 'emptyStandardSeats', 'emptyDisabledSeats'),
});

/** The operator: the company's members answered as its own (restTrainTrip), in the order REST has always given them. */
const TRAIN_TRANSIT_AGENCY = restShape('TransitAgency', {
  id: 'TrainTransitAgency',
  description: 'The operator: the company of the admin service (the company list form) with type and logos.',
  fields: {
    company: {
      flatten: true,
      shape: {
        // The compact operator block of every train: a field added to Company does not grow each search result.
        only: ['uuid', 'name', 'tradingName', 'tinNumber', 'phoneNumber', 'email', 'website'],
        order: ['uuid', 'name', 'tradingName'],
        fields: { uuid: { schema: z.uuid() } },
      },
    },
  },
});

const TRAIN_TRIP_INFO = restShape('TrainTripInfo', { id: 'TrainTripInfo' });
const TRAIN_ROUTE = restShape('TrainRoute', { id: 'TrainRoute' });

/** A search item's fields as REST answers them; the details answer has the same ones first. */
const TRIP_FIELDS: Record<string, FieldOverlay> = {
  trip: TRAIN_TRIP_INFO,
  route: TRAIN_ROUTE,
  departure: TRAIN_CALLING_POINT,
  arrival: TRAIN_CALLING_POINT,
  price: TRAIN_PRICE,
  stopTimes: TRAIN_STOP_TIME,
  cars: TRAIN_SEARCH_CAR,
  transitAgency: TRAIN_TRANSIT_AGENCY,
};

const TRAIN_TRIP = restShape('TrainTrip', {
  id: 'TrainTrip',
  description: 'A train search result (`data[]` item): send it whole to details.',
  fields: TRIP_FIELDS,
});

/** The search answer (GET …/search): REST leaves out meta.availability and links.nextAvailable when GraphQL has null. */
export const TRAIN_SEARCH = restShape('TrainSearchResult', {
  id: 'TrainSearchResponse',
  fields: {
    meta: {
      shape: {
        nullsAbsent: true,
        fields: {
          count: { schema: Count },
          links: { shape: { nullsAbsent: true, fields: { self: { schema: z.url() }, nextAvailable: { schema: z.url() } } } },
          availability: {
            description: 'Present only when lookAheadDays was supplied.',
            shape: {
              id: 'TrainAvailability',
              description: 'Look-ahead availability of a search that asked for lookAheadDays.',
              // Answered as GraphQL has it, nulls included (next, firstDate, confirmedThroughDate).
              nullsAbsent: false,
              // REST has always answered next before lookAhead.
              order: ['status', 'requestedDate', 'serviceDate', 'serviceTimeZone', 'next'],
              fields: { lookAhead: { shape: { fields: { requestedDays: { schema: z.number().int().min(1).max(3) } } } } },
            },
          },
        },
      },
    },
    data: TRAIN_TRIP,
  },
});

// ---- Details ----------------------------------------------------------------------------------------------

/** A car price: GraphQL's TrainCarPrice with otherCurrencies keyed by code and null members left out. */
const TRAIN_CAR_PRICE = restShape('TrainCarPrice', {
  id: 'TrainCarPrice',
  description: 'One ticket type with one luggage choice, for one car.',
  nullsAbsent: true,
  fields: {
    total: { schema: MoneyAmount },
    bookingFeeTotal: { schema: MoneyAmount },
    grandTotal: { schema: MoneyAmount },
    fees: { schema: TRAIN_FEE.schema },
    formattedPrice: { schema: z.string().meta({ example: 'TZS 40,000' }) },
    currency: { schema: CurrencyCode },
    otherCurrencies: OTHER_CURRENCIES,
    luggageTypeId: { description: 'The luggage option priced in (5 = none); absent when the provider offers no "none" option.' },
    luggageTypeName: { description: 'Absent with luggageTypeId.' },
  },
});

const TRAIN_DETAILS_CAR = restShape('TrainDetailsCar', {
  id: 'TrainDetailsCar',
  fields: {
    ...counts('capacity', 'standardCapacity', 'disabledCapacity', 'emptySeats', 'rowCount', 'columnCount'),
    prices: TRAIN_CAR_PRICE,
    seats: {
      shape: {
        id: 'TrainSeat',
        fields: {
          id: { schema: z.string().regex(/^\d+$/), description: 'The seat id; seat/hold takes it as `seat` (as this string or as a number).' },
          positionY: { schema: Count },
          positionX: { schema: Count },
        },
      },
    },
  },
});

const TRAIN_BOOKING_OPTION = restShape('TrainBookingOption', { id: 'TrainBookingOption' });

export const TRAIN_DETAILS = restShape('TrainDetailsResult', {
  id: 'TrainDetailsResponse',
  fields: {
    meta: { shape: { fields: { links: { shape: { fields: { self: { schema: z.url() } } } } } } },
    data: {
      shape: {
        id: 'TrainDetails',
        description: 'The selected trip reloaded from the provider, with the train (cars, seat maps, prices) and booking requirements.',
        fields: {
          ...TRIP_FIELDS,
          train: { shape: { fields: { cars: TRAIN_DETAILS_CAR } } },
          bookingRequirements: {
            shape: { id: 'TrainBookingRequirements', fields: { nationalityOptions: TRAIN_BOOKING_OPTION, ticketTypeOptions: TRAIN_BOOKING_OPTION } },
          },
        },
      },
    },
  },
});
