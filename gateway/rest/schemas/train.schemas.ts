import { z } from 'zod';
import { CurrencyCode, DateTime, LocalDate, MoneyAmount } from './common.schemas';
import { TrainStation } from './platform.schemas';

/*
 * The train resources (OpenAPI tag Train) as the REST layer answers and accepts them. Members the spec leaves untyped are typed as
 * we send them; members we send beyond the spec say so ("Extension"). Optional string members are omitted when
 * absent, never null; `.nullable()` only where the spec allows null. Search and details are here; holds and
 * reservations, issuance and payments, and the send-notification bodies each have a file beside this one.
 */

export const Count = z.number().int().min(0);
const Time = z
  .string()
  .regex(/^\d{2}:\d{2}$/)
  .meta({ description: 'HH:mm, railway-local.', example: '06:00' });

// ---- Price -------------------------------------------------------------------------------------------------

export const TrainFee = z
  .object({
    type: z.enum(['TRANSPORTER', 'FACILITATION', 'SERVICE_COMMISSION']),
    amount: MoneyAmount.meta({ description: 'Zero components are included as 0.' }),
    recipient: z.enum(['RAIL', 'SERVICE_AGENT', 'SERVICE']),
  })
  .meta({ id: 'TrainFee', description: 'One component of a train price; the amounts of fees[] sum to grandTotal.' });

const TrainFareDisplay = z
  .object({
    amount: z.number().meta({ description: 'The fare only, in the base currency (no rate was available).' }),
    formatted: z.string().meta({ example: 'TZS 22,500' }),
  })
  .meta({ id: 'TrainFareDisplay', description: 'An otherCurrencies entry that could not be converted: clients then show baseCurrency.' });

const TrainConvertedPrice = z
  .object({
    amount: z.number().meta({ description: 'The fare only (= total), in this currency.' }),
    formatted: z.string().meta({ example: 'USD 8.49' }),
    currency: CurrencyCode,
    total: MoneyAmount,
    bookingFeeTotal: MoneyAmount,
    grandTotal: MoneyAmount,
    fees: z.array(TrainFee),
  })
  .meta({
    id: 'TrainConvertedPrice',
    description:
      "An otherCurrencies entry with a rate: each component converted and rounded on its own (the currency's decimals), totals summed from the rounded components.",
  });

const TrainOtherCurrencies = z
  .record(CurrencyCode, z.union([TrainConvertedPrice, TrainFareDisplay]))
  .meta({ description: 'By currency code: the fare in each display currency.' });

export const TrainPrice = z
  .object({
    pricingContext: z.enum(['ONLINE', 'SERVICE_AGENT', 'THIRD_PARTY_AGENT']),
    currency: CurrencyCode.meta({ description: 'Base fare currency; current fares are TZS.' }),
    total: MoneyAmount.meta({ description: 'Operator fare; included in the wallet debit.' }),
    bookingFeeTotal: MoneyAmount.meta({ description: 'Service-controlled fees above the fare.' }),
    grandTotal: MoneyAmount.meta({ description: 'Debited from an agent wallet per ticket; excludes any retail markup.' }),
    fees: z.array(TrainFee),
    baseCurrency: CurrencyCode,
    basePrice: MoneyAmount.meta({ description: 'The fare in baseCurrency; the settlement figure.' }),
    otherCurrencies: TrainOtherCurrencies,
  })
  .meta({
    id: 'TrainPrice',
    description: 'The price of one seat: the operator fare, the fees above it and their sum, and the fare in other display currencies.',
  });

// ---- Search item ------------------------------------------------------------------------------------------

const TrainTripInfo = z
  .object({
    id: z.number().int(),
    name: z.string(),
    number: z.string(),
    trainSetId: z.number().int(),
    timeTableId: z.number().int(),
    timeTableTrainSetId: z.number().int().meta({ description: "Names one day's train: send it back to details and holds." }),
    gtfsTripId: z.string().nullable(),
    headsign: z.string().nullable(),
    wheelchairAccessible: z.number().int().nullable(),
    bikesAllowed: z.number().int().nullable(),
  })
  .meta({ id: 'TrainTripInfo' });

const TrainRoute = z.object({ id: z.number().int(), gtfsRouteId: z.string(), name: z.string() }).meta({ id: 'TrainRoute' });

const TrainCallingPoint = z
  .object({
    date: LocalDate,
    time: Time,
    dateTime: DateTime,
    // The station as the station list gives it (OpenAPI schema `TrainStation`, `listTrainStations`).
    stop: TrainStation,
  })
  .meta({ id: 'TrainCallingPoint' });

const TrainStopTime = z
  .object({
    stopId: z.string(),
    stopSequence: z.number().int(),
    arrivalTime: Time.optional().meta({ description: 'HH:mm; absent at the first stop (the train starts there).' }),
    departureTime: Time.optional().meta({ description: 'HH:mm; absent at the last stop (the train ends there).' }),
    stopName: z.string(),
    stopDescription: z.string(),
    latitude: z.number(),
    longitude: z.number(),
  })
  .meta({ id: 'TrainStopTime' });

const TrainSearchCar = z
  .object({
    id: z.number().int(),
    carId: z.number().int(),
    orderNo: z.number().int(),
    typeId: z.number().int(),
    typeName: z.string(),
    capacity: Count,
    standardSeatCapacity: Count,
    disabledSeatCapacity: Count,
    emptySeats: Count,
    emptyStandardSeats: Count,
    emptyDisabledSeats: Count,
    hasSeat: z.boolean(),
    bookedSeats: z.array(z.string()).meta({ description: 'Provider metadata; never personal data.' }),
  })
  .meta({ id: 'TrainSearchCar', description: 'One car of a train in a search result: its type, capacity and free seats.' });

const TransitAgency = z
  .object({
    name: z.string(),
    tradingName: z.string().nullable().meta({ description: 'Null when the company has none, as in the company list.' }),
    tinNumber: z.string(),
    uuid: z.uuid(),
    phoneNumber: z.string().nullable().meta({ description: 'As the company record holds it; null when unknown.' }),
    email: z.string().nullable().meta({ description: 'As the company record holds it; null when unknown.' }),
    website: z.string().nullable().meta({ description: 'As the company record holds it; null when unknown.' }),
    type: z.string().meta({ example: 'RAIL' }),
    logos: z.array(z.object({ type: z.string(), url: z.string() })),
  })
  .meta({ id: 'TrainTransitAgency', description: 'The operator: the company of the admin service (the company list form) with type and logos.' });

export const TrainTrip = z
  .object({
    provider: z.string().meta({ description: 'Current value RAIL_SGR.' }),
    trip: TrainTripInfo,
    route: TrainRoute,
    departure: TrainCallingPoint,
    arrival: TrainCallingPoint,
    price: TrainPrice,
    stopTimes: z.array(TrainStopTime).nullable().meta({ description: 'Null when stop-time enrichment is unavailable.' }),
    cars: z.array(TrainSearchCar),
    carTypes: z.array(z.string()).meta({ description: 'Deduplicated cabin list derived from cars.' }),
    transitAgency: TransitAgency,
  })
  .meta({ id: 'TrainTrip', description: 'A train search result (`data[]` item): send it whole to details.' });

const TrainAvailability = z
  .object({
    status: z.enum(['RESULTS_FOUND', 'NO_RESULTS']).meta({ description: 'Describes the requested date.' }),
    requestedDate: LocalDate,
    serviceDate: LocalDate.meta({ description: "The railway's current date when the request started." }),
    serviceTimeZone: z.string(),
    lookAhead: z.object({
      requestedDays: z.number().int().min(1).max(3),
      status: z.enum(['NOT_NEEDED', 'FOUND', 'NO_RESULTS', 'INCOMPLETE']),
      firstDate: LocalDate.nullable(),
      confirmedThroughDate: LocalDate.nullable(),
    }),
    next: z.object({ date: LocalDate }).nullable().meta({ description: 'The suggested date when lookAhead.status is FOUND; null otherwise.' }),
  })
  .meta({ id: 'TrainAvailability', description: 'Present only when lookAheadDays was supplied.' });

export const TrainSearchResponse = z
  .object({
    meta: z.object({
      count: Count.meta({ description: 'Trains for the requested date only.' }),
      provider: z.string(),
      links: z.object({
        self: z.url(),
        nextAvailable: z.url().optional().meta({ description: 'Only when lookAhead.status is FOUND: the same search on the suggested date.' }),
      }),
      availability: TrainAvailability.optional(),
      createdAt: DateTime,
    }),
    data: z.array(TrainTrip).meta({ description: 'Trains on the requested date; empty when the completed search found none.' }),
  })
  .meta({ id: 'TrainSearchResponse' });

// ---- Details ----------------------------------------------------------------------------------------------

const TrainCarPrice = z
  .object({
    ticketTypeId: z.number().int().meta({ description: '4 adult, 3 child.' }),
    ticketTypeCode: z.string(),
    ticketTypeName: z.string(),
    pricingContext: z.enum(['ONLINE', 'SERVICE_AGENT', 'THIRD_PARTY_AGENT']),
    total: MoneyAmount,
    bookingFeeTotal: MoneyAmount,
    grandTotal: MoneyAmount,
    fees: z.array(TrainFee),
    formattedPrice: z.string().meta({ example: 'TZS 40,000' }),
    currency: CurrencyCode,
    otherCurrencies: TrainOtherCurrencies,
    luggageTypeId: z
      .number()
      .int()
      .optional()
      .meta({ description: 'The luggage option priced in (5 = none); absent when the provider offers no "none" option.' }),
    luggageTypeName: z.string().optional().meta({ description: 'Absent with luggageTypeId.' }),
    luggagePrice: z.number(),
  })
  .meta({ id: 'TrainCarPrice', description: 'One ticket type with one luggage choice, for one car.' });

const TrainSeat = z
  .object({
    id: z.string().regex(/^\d+$/).meta({ description: 'The seat id; seat/hold takes it as `seat` (as this string or as a number).' }),
    label: z.string().meta({ description: 'Empty for non-seat cells.' }),
    positionY: Count.meta({ description: 'Zero-based row.' }),
    positionX: Count.meta({ description: 'Zero-based column.' }),
    key: z.string(),
    type: z.enum(['SEAT', 'DISABLED_SEAT', 'AISLE', 'WC', 'LUGGAGE', 'BED']),
    class: z.string().meta({ description: 'ECONOMY, BUSINESS, ROYAL_CLASS, …' }),
    orientation: z.enum(['UP', 'DOWN', 'LEFT', 'RIGHT']),
    available: z.boolean(),
  })
  .meta({ id: 'TrainSeat' });

const TrainDetailsCar = z
  .object({
    id: z.number().int().meta({ description: 'The car id a hold names (carId).' }),
    name: z.string(),
    orderNo: z.number().int(),
    carId: z.number().int(),
    carTypeId: z.number().int(),
    carType: z.string(),
    capacity: Count,
    standardCapacity: Count,
    disabledCapacity: Count,
    emptySeats: Count,
    rowCount: Count,
    columnCount: Count,
    hasSeat: z.boolean(),
    isActive: z.boolean(),
    isDisabled: z.boolean(),
    prices: z.array(TrainCarPrice),
    seats: z.array(TrainSeat).meta({ description: 'The whole rowCount × columnCount grid.' }),
  })
  .meta({ id: 'TrainDetailsCar' });

const TrainBookingOption = z
  .object({ code: z.string(), id: z.number().int(), title: z.string(), price: z.number() })
  .meta({ id: 'TrainBookingOption', description: 'A nationality or ticket type choice.' });

const TrainBookingRequirements = z
  .object({
    travelerRequirements: z
      .object({
        travelerId: z.boolean().meta({ description: 'An identity field is shown; it may be left blank.' }),
        genderRequired: z.boolean(),
        ageCategory: z.boolean(),
        seatRequired: z.boolean(),
        nationality: z.boolean(),
        luggageRequired: z.boolean(),
        emailAddressRequired: z.boolean(),
        mobilePhoneNumberRequired: z.boolean(),
      })
      .meta({ description: 'Which traveler fields the booking form shows or needs.' }),
    nationalityOptions: z.array(TrainBookingOption),
    luggageOptions: z.array(
      z.object({
        id: z.number().int().meta({ description: '5 = no luggage (the default of a hold).' }),
        name: z.string(),
        description: z.string(),
        weight: z.number(),
        price: z.number(),
        isActive: z.boolean(),
        configurationItemId: z.number().int(),
      }),
    ),
    ticketTypeOptions: z.array(TrainBookingOption),
  })
  .meta({ id: 'TrainBookingRequirements' });

export const TrainDetailsResponse = z
  .object({
    meta: z.object({ provider: z.string(), links: z.object({ self: z.url() }), createdAt: DateTime }),
    data: TrainTrip.extend({
      train: z.object({
        id: z.number().int(),
        typeId: z.number().int(),
        type: z.string(),
        name: z.string(),
        number: z.number().int(),
        carTypes: z.array(z.string()),
        cars: z.array(TrainDetailsCar),
      }),
      bookingRequirements: TrainBookingRequirements,
    }).meta({
      id: 'TrainDetails',
      description: 'The selected trip reloaded from the provider, with the train (cars, seat maps, prices) and booking requirements.',
    }),
  })
  .meta({ id: 'TrainDetailsResponse' });
