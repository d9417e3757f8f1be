import { z } from 'zod';
import { CurrencyCode, DateTime, FreeObject, int, LocalDate, MoneyAmount, text, Uuid } from './common.schemas';
import { restInput } from '../graphql-shapes/rest-input.builder';
import { MAX_AIRLINE_CODES, MAX_LOOK_AHEAD_DAYS, MAX_SEATS } from '../../../shared/api-contract/flight-search.validator';

/*
 * The flight resources (OpenAPI tag Flight) as the REST answers carry them, and the request bodies the flight routes
 * check. Output objects are closed (an undeclared member fails the contract tests); members the spec lists as
 * optional are `.optional()` and are left out, never null, when absent. Null appears only where the API allows it
 * (the look-ahead date pairs, the cancellation's refundState).
 *
 * The offer, search and review schemas are here; flight-reservation.schemas.ts and flight-issuance.schemas.ts hold
 * the reservation and the purchase, issuance, cancellation and payment ones.
 */

/* ------------------------------------------------------------------ offer */

const FlightEndpoint = z
  .object({
    iataCode: text('IATA airport code.'),
    terminal: text('Left out when the supplier names no terminal.').optional(),
    at: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/)
      .meta({ description: 'Local date-time at the airport, without zone (YYYY-MM-DDTHH:mm:ss).', example: '2026-12-24T08:30:00' }),
    stop: FreeObject.meta({ description: 'Free-form: the supplier’s details of the stop, if any.' }),
  })
  .meta({ id: 'FlightEndpoint', description: 'Departure or arrival of a segment.' });

const FlightSegment = z
  .object({
    id: z.string(),
    departure: FlightEndpoint,
    arrival: FlightEndpoint,
    carrierCode: z.string(),
    number: z.string(),
    aircraft: z.object({ code: z.string() }),
    operating: FreeObject.meta({ description: 'Free-form: the operating carrier.' }),
    transitAgency: FreeObject.meta({ description: 'Free-form.' }),
    duration: text('ISO 8601 duration, e.g. PT1H20M.'),
    durations: FreeObject.meta({ description: 'Free-form.' }),
    numberOfStops: int(),
    cabin: z.string(),
  })
  .meta({ id: 'FlightSegment', description: 'One flight of an itinerary.' });

const FlightItinerary = z
  .object({ duration: text('ISO 8601 duration.'), durations: FreeObject.meta({ description: 'Free-form.' }), segments: z.array(FlightSegment) })
  .meta({ id: 'FlightItinerary', description: 'The outbound journey, or the return of a round trip.' });

const BookingFee = z
  .object({
    amount: MoneyAmount,
    currency: CurrencyCode,
    type: z.enum(['SERVICE_COMMISSION', 'AGENT_COMMISSION']),
    recipient: z.enum(['SERVICE', 'SERVICE_AGENT']),
    roundingAdjustment: MoneyAmount.optional().meta({ description: 'Cash-rounding uplift already included in the service commission.' }),
  })
  .meta({ id: 'FlightBookingFee', description: 'A customer-visible service or agent booking fee.' });

const WalletSettlement = z
  .object({
    currency: CurrencyCode,
    unroundedDebit: MoneyAmount,
    debitTotal: MoneyAmount,
    rounding: z
      .object({ policyVersion: z.string(), increment: MoneyAmount, adjustment: MoneyAmount })
      .optional()
      .meta({ description: 'Absent when the wallet currency has no cash-rounding policy.' }),
  })
  .meta({ id: 'FlightWalletSettlement', description: 'The authoritative agent-wallet payable, in the authenticated wallet currency (agents only).' });

const CurrencyPrice = z
  .object({
    currency: CurrencyCode,
    total: MoneyAmount,
    bookingFeeTotal: MoneyAmount,
    grandTotal: MoneyAmount,
    walletDebitTotal: MoneyAmount,
    bookingFees: z.array(BookingFee),
  })
  .meta({ id: 'FlightCurrencyPrice', description: 'A display conversion; never authoritative for supplier repricing.' });

export const FlightOfferPrice = z
  .object({
    currency: CurrencyCode,
    total: MoneyAmount,
    base: MoneyAmount,
    fees: z.array(z.object({ amount: MoneyAmount, type: z.string() })),
    grandTotal: MoneyAmount.meta({ description: 'Selling total for the booking.' }),
    bookingFeeTotal: MoneyAmount.meta({ description: 'Total customer-visible service and agent booking fees.' }),
    walletDebitTotal: MoneyAmount.meta({
      description: 'Frozen amount debited from an agent wallet after the fare record is created (wallet currency); "0" for customers.',
    }),
    walletSettlement: WalletSettlement.optional(),
    pricingContext: z.enum(['ONLINE', 'SERVICE_AGENT', 'THIRD_PARTY_AGENT']),
    bookingFees: z.array(BookingFee),
    otherCurrencies: z.record(z.string(), CurrencyPrice).meta({ description: 'Display conversions keyed by currency code.' }),
  })
  .meta({ id: 'FlightOfferPrice', description: 'The price of an offer: the fare, the fees, the booking fees and display conversions.' });

const TravelerPricing = z
  .object({
    travelerId: z.string(),
    fareOption: z.string(),
    travelerType: text('ADULT, CHILD or HELD_INFANT.'),
    price: z.object({ currency: CurrencyCode, total: MoneyAmount, base: MoneyAmount }),
    fareDetailsBySegment: z.array(
      z.object({
        segmentId: z.string(),
        cabin: z.string(),
        fareBasis: z.string(),
        class: z.string(),
        includedCheckedBags: z.object({ quantity: int() }),
      }),
    ),
  })
  .meta({ id: 'FlightTravelerPricing', description: 'The price of one traveler, matched by travelerId to the booking requirements.' });

export const FlightOffer = z
  .object({
    type: z.string(),
    id: z.string(),
    offerReference: Uuid.meta({ description: 'Opaque, user-bound; required to reserve.' }),
    expiresAt: DateTime.meta({ description: 'Authoritative deadline to review or reserve.' }),
    source: z.string(),
    instantTicketingRequired: z.boolean(),
    nonHomogeneous: z.boolean(),
    oneWay: z.boolean(),
    isUpsellOffer: z.boolean(),
    lastTicketingDate: LocalDate,
    lastTicketingDateTime: text('Local date-time without zone.'),
    numberOfBookableSeats: int(),
    itineraries: z.array(FlightItinerary),
    price: FlightOfferPrice,
    pricingOptions: FreeObject.meta({ description: 'Free-form.' }),
    commission: FreeObject.meta({ description: 'Free-form.' }),
    fareRules: FreeObject.meta({ description: 'Free-form.' }),
    policiesAndAllowance: FreeObject.meta({ description: 'Free-form.' }),
    validatingAirlineCodes: z.array(z.string()),
    travelerPricings: z.array(TravelerPricing),
  })
  .meta({ id: 'FlightOffer', description: 'A flight offer, bound to the account that searched.' });

/* ------------------------------------------------------------------ search */

const DatePair = z
  .object({ departureDate: LocalDate, returnDate: LocalDate.optional().meta({ description: 'Left out for one-way.' }) })
  .meta({ id: 'FlightDatePair', description: 'A departure date and, for a round trip, a return date.' });

const Availability = z
  .object({
    status: z.enum(['RESULTS_FOUND', 'NO_RESULTS']).meta({ description: 'Describes only the requested date pair.' }),
    requested: DatePair,
    lookAhead: z.object({
      requestedDays: z.number().int().min(1).max(7),
      status: z.enum(['NOT_NEEDED', 'FOUND', 'NO_RESULTS', 'INCOMPLETE']),
      firstChecked: DatePair.nullable(),
      confirmedThrough: DatePair.nullable(),
    }),
    next: DatePair.nullable().meta({ description: 'The earliest later date pair with offers; search it again to book.' }),
  })
  .meta({ id: 'FlightAvailability', description: 'The look-ahead result (only when lookAheadDays was sent).' });

export const FlightSearchResponse = z
  .object({
    meta: z.object({
      count: int('Offers returned for the requested date pair.'),
      availability: Availability.optional().meta({ description: 'Present only when lookAheadDays was sent.' }),
    }),
    data: z.array(FlightOffer).meta({ description: 'Offers for the requested date pair only.' }),
  })
  .meta({ id: 'FlightSearchResponse', description: 'The offers of a search with its count and, when asked for, the look-ahead availability.' });

/** An IATA airport code or an ISO 4217 currency code, in any case. */
const THREE_LETTERS = { pattern: '^[A-Za-z]{3}$', maxLength: 3 };
const AIRLINE_CODES = { maxItems: MAX_AIRLINE_CODES };
const seats = (minimum: number) => ({ documents: { minimum, maximum: MAX_SEATS } });

/**
 * The search body: FlightSearchInput. Its values are checked by the search validator
 * (shared/api-contract/flight-search.validator.ts), whose rules the `documents` below state.
 */
export const FLIGHT_SEARCH_INPUT = restInput('Mutation.searchFlights', {
  body: 'input',
  id: 'FlightSearchRequest',
  // The search has always dropped members it does not know.
  unknownMembers: 'ignore',
  members: {
    originLocationCode: { documents: { ...THREE_LETTERS, example: 'DAR' } },
    destinationLocationCode: { documents: { ...THREE_LETTERS, example: 'NBO' } },
    departureDate: { documents: { format: 'date', example: '2026-12-24' } },
    returnDate: { documents: { format: 'date' } },
    adults: seats(1),
    children: seats(0),
    infants: seats(0),
    includedAirlineCodes: { documents: AIRLINE_CODES },
    excludedAirlineCodes: { documents: AIRLINE_CODES },
    currencyCode: { documents: THREE_LETTERS },
    maxPrice: { documents: { exclusiveMinimum: 0 } },
    max: { documents: { minimum: 1 } },
    lookAheadDays: { documents: { minimum: 1, maximum: MAX_LOOK_AHEAD_DAYS } },
  },
});

/** Content-Language and Content-Currency, which the search, review and reservations read. */
export const FlightLocaleHeaders = z.object({
  'content-language': z.string().max(35).optional().meta({ description: 'en (default) or sw.' }),
  'content-currency': z.string().max(3).optional().meta({ description: 'Display currency when the body names none; default USD.' }),
});

/* ------------------------------------------------------------------ offer review */

const TravelerRequirement = z
  .object({
    travelerId: z.string(),
    travelerType: z.enum(['ADULT', 'CHILD', 'INFANT']),
    firstNameRequired: z.boolean(),
    lastNameRequired: z.boolean(),
    dateOfBirthRequired: z.boolean(),
    genderRequired: z.boolean(),
    documentRequired: z.boolean(),
    documentTypeRequired: z.boolean(),
    documentNumberRequired: z.boolean(),
    documentExpiryDateRequired: z.boolean(),
    documentIssuingCountryRequired: z.boolean(),
    nationalityRequired: z.boolean(),
  })
  .meta({ id: 'FlightTravelerRequirement', description: 'What must be collected for one traveler, matched by travelerId to travelerPricings.' });

export const FlightBookingRequirements = z
  .object({
    profileVersion: int(),
    journeyType: z.enum(['DOMESTIC', 'INTERNATIONAL']),
    domesticCountryCode: z.string().length(2).optional().meta({ description: 'The country of a domestic journey; left out for international ones.' }),
    operatingCarrierCodes: z.array(z.string()),
    source: z.enum(['ITINERARY_DEFAULT', 'CARRIER_OVERRIDE', 'PROVIDER_ESCALATION']),
    providerRequiredFields: z.array(z.string()),
    emailAddressRequired: z.boolean(),
    phoneCountryCodeRequired: z.boolean(),
    mobilePhoneNumberRequired: z.boolean(),
    phoneNumberRequired: z.boolean(),
    travelerRequirements: z.array(TravelerRequirement),
  })
  .meta({ id: 'FlightBookingRequirements', description: 'What must be collected to book an offer: the contact and each traveler’s fields.' });

export const FlightOfferReview = z
  .object({ offerReference: Uuid, expiresAt: DateTime, flightOffer: FlightOffer, bookingRequirements: FlightBookingRequirements })
  .meta({ id: 'FlightOfferReview', description: 'The caller’s saved offer with what must be collected to book it.' });

/** Only `offerReference` of a submitted offer is read (checked as the offer reference is); the rest may be anything a search answered. */
export const SubmittedOffer = FreeObject.extend({ offerReference: z.string().meta({ format: 'uuid' }) }).meta({
  description: 'A complete offer as a search answered it; only its offerReference is used.',
});

/**
 * reviewFlightOffer's reference, which REST may give inside a submitted offer instead: left out, it is sent empty and
 * the offer validator (shared/api-contract/flight-reservation.validator.ts) answers it missing.
 */
export const FLIGHT_REVIEW_INPUT = restInput('Query.reviewFlightOffer', {
  unknownMembers: 'ignore',
  members: { offerReference: { whenAbsent: '', description: 'One of offerReference or flightOffer is required.', documents: { format: 'uuid' } } },
});

export const FlightOfferReviewRequest = FLIGHT_REVIEW_INPUT.schema
  .extend({ flightOffer: SubmittedOffer.optional() })
  .meta({ id: 'FlightOfferReviewRequest', description: 'offerReference, or flightOffer with its offerReference.' });
