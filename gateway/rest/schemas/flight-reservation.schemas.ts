import { z } from 'zod';
import { CurrencyCode, DateTime, int, LocalDate, MoneyAmount, text, Uuid } from './common.schemas';
import { FlightLocaleHeaders, FlightOffer, SubmittedOffer } from './flight.schemas';
import { FLIGHT_RECORD_LOCATOR, FLIGHT_TICKET, FLIGHT_TICKET_DOCUMENT, ReservationStatus } from './flight-ticket.schemas';
import { restInput } from '../graphql-shapes/rest-input.builder';
import type { InputOverlay } from '../graphql-shapes/rest-input.type';
import { EXTERNAL_USER_ID_MAX_LENGTH, PRICE_ACCEPTANCE_MAX_LENGTH } from '../../../shared/api-contract/flight-reservation.validator';

/** The flight reservation records and the reservation request, as flight-booking.routes.ts answers and checks them. */

/* ------------------------------------------------------------------ reservation records */

const AssociatedRecord = z
  .object({ reference: z.string(), creationDate: DateTime, originSystemCode: text('"GDS" for the PNR, else the carrier code.'), flightOfferId: z.string() })
  .meta({ id: 'FlightAssociatedRecord', description: 'A record the booking created at the GDS or the airline.' });

const FareDetails = {
  fareBasis: z.array(z.string()).optional(),
  bookingClasses: z.array(z.string()).optional(),
  brands: z.array(z.string()).optional(),
  baggage: z.array(z.string()).optional(),
  fareRestrictions: z.array(z.string()).optional(),
};

const PricingRecord = z
  .object({
    reference: int(),
    passengerReferences: z.array(int()),
    segmentReferences: z.array(int()).optional(),
    tstReference: int().optional(),
    status: z.enum(['PRICED', 'TST_CREATED', 'FAILED']),
    supplierPrice: z.object({
      currency: CurrencyCode,
      total: MoneyAmount,
      base: MoneyAmount.optional(),
      taxes: MoneyAmount.optional(),
      validatingCarrier: z.string().optional(),
      ...FareDetails,
      taxDetails: z.array(z.object({ amount: MoneyAmount, currency: CurrencyCode, code: z.string(), countryCode: z.string() })).optional(),
      segmentFareDetails: z
        .array(z.object({ segmentReferences: z.array(int()), ...FareDetails, fareBasis: z.string().optional() }))
        .optional()
        .meta({ description: 'Documented; not sent by the current supplier.' }),
    }),
  })
  .meta({ id: 'FlightPricingRecord', description: 'A pricing record: the fare the supplier stored for some passengers and segments.' });

const RecordFields = {
  id: Uuid,
  reservationId: Uuid,
  status: ReservationStatus,
  paymentTimeLimitInSeconds: int('Seconds left until paymentDeadlineAt.'),
  expiresAt: DateTime,
  priceVersion: text('Canonical price version, required to accept a changed price.'),
  pricingRecords: z.array(PricingRecord),
  documents: z.array(FLIGHT_TICKET_DOCUMENT.schema),
  recordLocators: z.array(FLIGHT_RECORD_LOCATOR.schema),
  associatedRecords: z.array(AssociatedRecord),
};

const TicketSummary = z
  .object({
    ticketId: z.string(),
    bookingReference: z.string(),
    paymentReference: z.string(),
    departureDate: LocalDate,
    departureTime: text('HH:mm, local.'),
    from: text('Airport name.'),
    to: text('Airport name.'),
    price: z.object({ total: MoneyAmount, currency: CurrencyCode }),
    passengerSummary: z.object({ fullName: z.string() }),
    paymentDeadlineAt: DateTime,
  })
  .meta({ id: 'FlightTicketSummary', description: 'tickets[] of the agent reservation response: one per passenger and itinerary.' });

export const FlightAgentReservation = z
  .object({
    reservation: z.object({
      ...RecordFields,
      bookingReference: z.string(),
      paymentReference: z.string(),
      paymentDeadlineAt: DateTime.meta({ description: 'Latest time to purchase.' }),
      ticketIds: z.array(z.string()),
      verifyUrl: z.url(),
    }),
    tickets: z.array(TicketSummary),
  })
  .meta({ id: 'FlightAgentReservation', description: 'The agent reservation: the reservation record and a ticket summary per passenger and itinerary.' });

const Traveler = z
  .object({
    id: z.string(),
    dateOfBirth: LocalDate.optional(),
    name: z.object({ firstName: z.string(), lastName: z.string() }),
    fullName: z.string(),
    gender: z.enum(['MALE', 'FEMALE']).optional(),
    ageCategory: z.enum(['ADULT', 'CHILD', 'INFANT']),
    contact: z.object({
      emailAddress: z.string(),
      phones: z.array(z.object({ deviceType: z.string(), countryCallingCode: z.string(), number: z.string() })),
    }),
    documents: z.array(
      z.object({
        documentType: z.string(),
        number: z.string(),
        expiryDate: LocalDate,
        nationality: z.string(),
        issuanceCountry: z.string(),
        validityCountry: z.string(),
        holder: z.boolean(),
      }),
    ),
  })
  .meta({ id: 'FlightReservationTraveler', description: 'A traveler of the reservation, as the supplier holds it.' });

export const FlightCustomerReservation = z
  .object({
    tickets: z.array(FLIGHT_TICKET.schema),
    flightReservation: z
      .object({ ...RecordFields, flightOffers: z.array(FlightOffer), travelers: z.array(Traveler) })
      .meta({ id: 'FlightReservationSummary', description: 'The reservation summary: the record, the offer as reserved and its travelers.' }),
  })
  .meta({ id: 'FlightCustomerReservation', description: 'The customer reservation (price confirmed): its tickets and the reservation summary.' });

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
