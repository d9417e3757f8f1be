import { z } from 'zod';
import { CurrencyCode, FreeObject, MoneyAmount, Uuid } from './common.schemas';
import { restInput } from '../graphql-shapes/rest-input.builder';
import { restShape } from '../graphql-shapes/rest-shape.builder';
import type { ShapeOverlay } from '../graphql-shapes/rest-shape.type';
import { MAX_AIRLINE_CODES, MAX_LOOK_AHEAD_DAYS, MAX_SEATS } from '../../../shared/api-contract/flight-search.validator';

/*
 * The flight offer, search and review answers, derived from their GraphQL types (docs/rest-shapes.md), and the request
 * bodies of the search and the review; flight-reservation.schemas.ts, flight-ticket.schemas.ts and
 * flight-issuance.schemas.ts hold the others. The overlays give REST's formats (money, currency codes, uuids) and
 * shared components. The routes drop null members (withoutNulls), so every object is `nullsAbsent`: a nullable
 * member is left out, never null, except where REST keeps it (keepNull: the look-ahead date pairs, the
 * cancellation's refundState).
 */

/* ------------------------------------------------------------------ offer */

const FLIGHT_ENDPOINT = restShape('FlightEndpoint', {
  id: 'FlightEndpoint',
  nullsAbsent: true,
  fields: {
    at: {
      schema: z
        .string()
        .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/)
        .meta({ example: '2026-12-24T08:30:00' }),
    },
  },
});

const FLIGHT_BOOKING_FEE = restShape('BookingFee', {
  id: 'FlightBookingFee',
  nullsAbsent: true,
  fields: { amount: { schema: MoneyAmount }, currency: { schema: CurrencyCode }, roundingAdjustment: { schema: MoneyAmount } },
});

const FLIGHT_CURRENCY_PRICE = restShape('CurrencyPrice', {
  id: 'FlightCurrencyPrice',
  nullsAbsent: true,
  fields: {
    currency: { schema: CurrencyCode },
    total: { schema: MoneyAmount },
    bookingFeeTotal: { schema: MoneyAmount },
    grandTotal: { schema: MoneyAmount },
    // Set for every price REST answers: "0" for customers, the wallet debit for agents.
    walletDebitTotal: { schema: MoneyAmount, nonNull: true },
    bookingFees: { schema: FLIGHT_BOOKING_FEE.schema },
  },
});

const OFFER_PRICE: ShapeOverlay = {
  id: 'FlightOfferPrice',
  fields: {
    currency: { schema: CurrencyCode },
    total: { schema: MoneyAmount },
    base: { schema: MoneyAmount },
    fees: { shape: { fields: { amount: { schema: MoneyAmount } } } },
    grandTotal: { schema: MoneyAmount },
    bookingFeeTotal: { schema: MoneyAmount },
    walletDebitTotal: { schema: MoneyAmount, nonNull: true },
    walletSettlement: {
      shape: {
        id: 'FlightWalletSettlement',
        fields: {
          currency: { schema: CurrencyCode },
          unroundedDebit: { schema: MoneyAmount },
          debitTotal: { schema: MoneyAmount },
          rounding: { shape: { fields: { increment: { schema: MoneyAmount }, adjustment: { schema: MoneyAmount } } } },
        },
      },
    },
    bookingFees: { schema: FLIGHT_BOOKING_FEE.schema },
    // Each entry keeps its currency (restPrice, fast-path/flight-search-bytes.mapper.ts): the entry is the whole FlightCurrencyPrice.
    otherCurrencies: { keyedBy: 'currency', schema: FLIGHT_CURRENCY_PRICE.schema, description: 'Display conversions keyed by currency code.' },
  },
};

/** OpenAPI schema `FlightOffer`: each offer of a search, the reviewed offer and a customer reservation's flightOffers. */
export const FLIGHT_OFFER = restShape('FlightOffer', {
  id: 'FlightOffer',
  nullsAbsent: true,
  fields: {
    offerReference: { schema: Uuid },
    itineraries: {
      shape: {
        id: 'FlightItinerary',
        fields: {
          segments: { shape: { id: 'FlightSegment', fields: { departure: { schema: FLIGHT_ENDPOINT.schema }, arrival: { schema: FLIGHT_ENDPOINT.schema } } } },
        },
      },
    },
    price: { shape: OFFER_PRICE },
    travelerPricings: {
      shape: {
        id: 'FlightTravelerPricing',
        fields: { price: { shape: { fields: { currency: { schema: CurrencyCode }, total: { schema: MoneyAmount }, base: { schema: MoneyAmount } } } } },
      },
    },
  },
});

export const FlightOffer = FLIGHT_OFFER.schema;

/* ------------------------------------------------------------------ search */

const FLIGHT_DATE_PAIR = restShape('DatePairType', { id: 'FlightDatePair', nullsAbsent: true });

/**
 * OpenAPI schema `FlightSearchResponse`. The look-ahead date pairs are answered null when there is none (keepNull);
 * the routes map meta by hand (restMeta), the offers from the subgraph's bytes (fast-path/flight-search-bytes.mapper.ts).
 */
export const FLIGHT_SEARCH = restShape('FlightSearchResult', {
  id: 'FlightSearchResponse',
  description: 'The offers of a search with its count and, when asked for, the look-ahead availability.',
  nullsAbsent: true,
  fields: {
    meta: {
      shape: {
        fields: {
          availability: {
            shape: {
              id: 'FlightAvailability',
              fields: {
                requested: { schema: FLIGHT_DATE_PAIR.schema },
                lookAhead: {
                  shape: {
                    fields: {
                      requestedDays: { schema: z.number().int().min(1).max(MAX_LOOK_AHEAD_DAYS) },
                      firstChecked: { schema: FLIGHT_DATE_PAIR.schema, keepNull: true },
                      confirmedThrough: { schema: FLIGHT_DATE_PAIR.schema, keepNull: true },
                    },
                  },
                },
                next: { schema: FLIGHT_DATE_PAIR.schema, keepNull: true },
              },
            },
          },
        },
      },
    },
    data: { schema: FlightOffer },
  },
});

export const FlightSearchResponse = FLIGHT_SEARCH.schema;

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
    childAges: { documents: { maxItems: MAX_SEATS } },
    infantAges: { documents: { maxItems: MAX_SEATS } },
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

const FLIGHT_BOOKING_REQUIREMENTS = restShape('BookingRequirementsType', {
  id: 'FlightBookingRequirements',
  nullsAbsent: true,
  fields: { domesticCountryCode: { schema: z.string().length(2) }, travelerRequirements: { shape: { id: 'FlightTravelerRequirement' } } },
});

/** OpenAPI schema `FlightOfferReview`: POST /api/flight/offer. */
export const FLIGHT_OFFER_REVIEW = restShape('OfferReviewType', {
  id: 'FlightOfferReview',
  nullsAbsent: true,
  fields: { offerReference: { schema: Uuid }, flightOffer: { schema: FlightOffer }, bookingRequirements: { schema: FLIGHT_BOOKING_REQUIREMENTS.schema } },
});

export const FlightOfferReview = FLIGHT_OFFER_REVIEW.schema;

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
