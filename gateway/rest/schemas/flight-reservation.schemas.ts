import { z } from 'zod';
import { CurrencyCode, MoneyAmount, Uuid } from './common.schemas';
import { ErrorBodySchema } from '../rest.contract';
import { FlightLocaleHeaders, FlightOffer, SubmittedOffer } from './flight.schemas';
import { FLIGHT_RECORD_LOCATOR, FLIGHT_TICKET, FLIGHT_TICKET_DOCUMENT, ReservationStatus } from './flight-ticket.schemas';
import { restInput } from '../graphql-shapes/rest-input.builder';
import { restShape } from '../graphql-shapes/rest-shape.builder';
import type { FieldOverlay } from '../graphql-shapes/rest-shape.type';
import type { InputOverlay } from '../graphql-shapes/rest-input.type';
import { EXTERNAL_USER_ID_MAX_LENGTH, PRICE_ACCEPTANCE_MAX_LENGTH } from '../../../shared/api-contract/flight-reservation.validator';

/** The flight reservation records and the reservation request, as flight-booking.routes.ts answers and checks them. */

/* ------------------------------------------------------------------ the price-change loop */

const FlightPriceSummary = z
  .object({
    grandTotal: MoneyAmount.meta({ description: 'What the traveler pays, in the display currency.' }),
    currency: CurrencyCode,
    walletDebitTotal: MoneyAmount.optional().meta({
      description: 'Agents: the wallet debit at this price, in walletCurrency. priceAcceptance.amount and currency must name these two, not grandTotal.',
    }),
    walletCurrency: CurrencyCode.optional().meta({ description: "Agents: the wallet's currency, the currency of walletDebitTotal." }),
  })
  .meta({ id: 'FlightPriceSummary', description: 'A price in the price-change loop; walletDebitTotal and walletCurrency for agents only.' });

/** A price change to accept: the FLIGHT_PRICE_CHANGED 409's data, and the data of the flight.reservation.price_changed event. */
export const FlightPriceChange = z
  .looseObject({
    reservationId: Uuid.optional(),
    previousPrice: FlightPriceSummary.optional(),
    currentPrice: FlightPriceSummary.optional(),
    priceVersion: z.string().optional().meta({ description: 'Send back as priceAcceptance.priceVersion to accept currentPrice.' }),
    expiresAt: z.iso.datetime().optional().meta({ description: 'Until when currentPrice can be accepted.' }),
  })
  .meta({ id: 'FlightPriceChange', description: 'A price change to accept (FLIGHT_PRICE_CHANGED).' });

/** The 409 of both reservations: data is the price change for FLIGHT_PRICE_CHANGED (docs/decisions.md "Flight"). */
export const FlightReservationConflict = z
  .intersection(
    ErrorBodySchema,
    z.looseObject({
      data: FlightPriceChange.optional().meta({
        description: 'FLIGHT_PRICE_CHANGED: the price change to accept; other codes: as the error object documents (retryable …).',
      }),
    }),
  )
  .meta({ id: 'FlightReservationConflict', description: 'A reservation conflict; for FLIGHT_PRICE_CHANGED, data is the price to accept.' });

/* ------------------------------------------------------------------ reservation records */

/*
 * Derived from their GraphQL types (docs/rest-shapes.md). The routes drop null members (withoutNulls), so every object
 * is `nullsAbsent`.
 */

const FLIGHT_ASSOCIATED_RECORD = restShape('AssociatedRecordType', { id: 'FlightAssociatedRecord', nullsAbsent: true });

const FLIGHT_PRICING_RECORD = restShape('PricingRecordType', {
  id: 'FlightPricingRecord',
  nullsAbsent: true,
  fields: {
    supplierPrice: {
      shape: {
        fields: {
          currency: { schema: CurrencyCode },
          total: { schema: MoneyAmount },
          base: { schema: MoneyAmount },
          taxes: { schema: MoneyAmount },
          taxDetails: { shape: { fields: { amount: { schema: MoneyAmount }, currency: { schema: CurrencyCode } } } },
        },
      },
    },
  },
});

/** The record every reservation answer carries (ReservationRecordFields), with REST's formats and components. */
const RECORD_FIELDS: Record<string, FieldOverlay> = {
  id: { schema: Uuid },
  reservationId: { schema: Uuid },
  status: { schema: ReservationStatus },
  pricingRecords: { schema: FLIGHT_PRICING_RECORD.schema },
  documents: { schema: FLIGHT_TICKET_DOCUMENT.schema },
  recordLocators: { schema: FLIGHT_RECORD_LOCATOR.schema },
  associatedRecords: { schema: FLIGHT_ASSOCIATED_RECORD.schema },
};

const FLIGHT_TICKET_SUMMARY = restShape('TicketSummaryType', {
  id: 'FlightTicketSummary',
  nullsAbsent: true,
  fields: {
    price: { shape: { fields: { total: { schema: MoneyAmount }, currency: { schema: CurrencyCode } } } },
    // An agent reservation always has its payment deadline.
    paymentDeadlineAt: { nonNull: true },
  },
});

/** POST /api/flight/reserve/agent (201): the reservation's members in the order REST has always answered them. */
export const FLIGHT_AGENT_RESERVATION = restShape('AgentReservationResult', {
  id: 'FlightAgentReservation',
  description: 'The agent reservation: the reservation record and a ticket summary per passenger and itinerary.',
  nullsAbsent: true,
  fields: {
    reservation: {
      shape: {
        order: [
          'id',
          'reservationId',
          'bookingReference',
          'paymentReference',
          'status',
          'paymentDeadlineAt',
          'paymentTimeLimitInSeconds',
          'expiresAt',
          'ticketIds',
          'verifyUrl',
        ],
        fields: { ...RECORD_FIELDS, paymentDeadlineAt: { nonNull: true }, verifyUrl: { schema: z.url() } },
      },
    },
    tickets: { schema: FLIGHT_TICKET_SUMMARY.schema },
  },
});

export const FlightAgentReservation = FLIGHT_AGENT_RESERVATION.schema;

const FLIGHT_RESERVATION_TRAVELER = restShape('ReservationTravelerType', {
  id: 'FlightReservationTraveler',
  nullsAbsent: true,
  fields: { gender: { schema: z.enum(['MALE', 'FEMALE']) }, ageCategory: { schema: z.enum(['ADULT', 'CHILD', 'INFANT']) } },
});

/** POST /api/flight/reserve (201): the summary's members in the order REST has always answered them. */
export const FLIGHT_CUSTOMER_RESERVATION = restShape('CustomerReservationResult', {
  id: 'FlightCustomerReservation',
  description: 'The customer reservation (price confirmed): its tickets and the reservation summary.',
  nullsAbsent: true,
  fields: {
    tickets: { schema: FLIGHT_TICKET.schema },
    flightReservation: {
      shape: {
        id: 'FlightReservationSummary',
        order: [
          'id',
          'reservationId',
          'status',
          'expiresAt',
          'paymentTimeLimitInSeconds',
          'priceVersion',
          'associatedRecords',
          'recordLocators',
          'flightOffers',
          'travelers',
        ],
        fields: { ...RECORD_FIELDS, flightOffers: { schema: FlightOffer }, travelers: { schema: FLIGHT_RESERVATION_TRAVELER.schema } },
      },
    },
  },
});

export const FlightCustomerReservation = FLIGHT_CUSTOMER_RESERVATION.schema;

/* ------------------------------------------------------------------ reservation request */

/**
 * Members every passenger needs are non-null in FlightPassengerInput; one the client leaves out (or sends null) is sent
 * empty, which the subgraph counts as missing, so the 422 lists it with every other problem of the passengers.
 */
const PASSENGER: InputOverlay = {
  id: 'FlightReservationPassenger',
  description:
    'One passenger of a reservation. A missing, null or invalid value, and a list longer than the 18 travelers a search can make, is answered ' +
    '422 FLIGHT_PASSENGER_DATA_INVALID with every problem in data.fields[] (travelerId, field, message); which document fields are needed ' +
    'comes from the offer review’s bookingRequirements.',
  unknownMembers: 'ignore',
  members: { firstName: { whenAbsent: '' }, lastName: { whenAbsent: '' }, ageCategory: { whenAbsent: '' } },
};

/**
 * The reservation body (both endpoints): FlightReservationInput, with a submitted `flightOffer` in place of
 * flightOfferReference. The request's own members are checked by the reservation validator
 * (shared/api-contract/flight-reservation.validator.ts), whose bounds the `documents` state; the passengers, by the
 * subgraph against the offer. Members a client adds that the API does not know have always been dropped.
 */
export const FLIGHT_RESERVATION_INPUT = restInput('Mutation.reserveFlight', {
  body: 'input',
  id: 'FlightReservationRequest',
  description: 'A reservation of a reviewed offer for its passengers.',
  unknownMembers: 'ignore',
  order: ['offerReference', 'flightOffer', 'passengers', 'contact', 'selectedOption', 'notifications', 'priceAcceptance'],
  members: {
    offerReference: { description: 'The offer to reserve; one of offerReference or flightOffer is required.', documents: { format: 'uuid' } },
    flightOfferReference: {
      as: 'flightOffer',
      instead: { schema: SubmittedOffer, toGraphQL: (offer) => (offer as { offerReference: string }).offerReference },
      description: 'A complete offer as a search answered it, for its offerReference (nothing else of it is used).',
    },
    passengers: { shape: PASSENGER, documents: { minItems: 1 } },
    contact: { shape: { unknownMembers: 'ignore' } },
    notifications: { shape: { unknownMembers: 'ignore' } },
    priceAcceptance: {
      shape: {
        unknownMembers: 'ignore',
        members: Object.fromEntries(Object.entries(PRICE_ACCEPTANCE_MAX_LENGTH).map(([name, maxLength]) => [name, { documents: { maxLength } }])),
      },
    },
  },
});

/** X-External-User-Id's bound is the reservation validator's, like every other value rule of the request. */
export const FlightAgentHeaders = FlightLocaleHeaders.extend({
  'x-external-user-id': z.string().optional().meta({
    description: 'Stored with the booking; send the same value on every retry of the offer, or omit it on every attempt.',
    maxLength: EXTERNAL_USER_ID_MAX_LENGTH,
  }),
});
