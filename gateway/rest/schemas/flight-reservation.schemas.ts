import { z } from 'zod';
import { RESERVATION_STATUSES } from '../../../shared/api-contract/flight-reservation.contract';
import { CurrencyCode, DateTime, int, LocalDate, MoneyAmount, text, Uuid } from './common.schemas';
import { FlightLocaleHeaders, FlightOffer, SubmittedOffer } from './flight.schemas';

/** OpenAPI schema `FlightReservationStatus`: every reservation status. */
export const ReservationStatus = z
  .enum(RESERVATION_STATUSES)
  .meta({ id: 'FlightReservationStatus', description: 'A reservation status (flight.md "States and transitions").' });

/** The flight reservation records and the reservation request, as flight-booking.routes.ts answers and checks them. */

/* ------------------------------------------------------------------ reservation records */

export const RecordLocator = z
  .object({
    controlNumber: z.string(),
    type: z.enum(['GDS', 'AIRLINE']),
    scope: z.enum(['PNR', 'SEGMENT']),
    firstObservedAt: DateTime,
    lastObservedAt: DateTime,
    companyId: text('The carrier code of an AIRLINE locator.').optional(),
    segmentReferences: z.array(int()).optional(),
  })
  .meta({ id: 'FlightRecordLocator', description: 'flight.md "Record locator".' });

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
  .meta({ id: 'FlightPricingRecord', description: 'flight.md "Pricing record".' });

export const TicketDocument = z
  .object({
    travelerId: z.string(),
    passengerReference: int(),
    status: z.enum(['EXPECTED', 'ISSUED', 'UNKNOWN']),
    documentId: z.string().optional(),
    pricingRecordReference: int().optional(),
    segmentReferences: z.array(int()).optional(),
    tstReference: int().optional(),
    ticketNumber: text('Present once ISSUED.').optional(),
    providerElement: z.enum(['FA', 'FH']).optional(),
    validatingCarrier: z.string().optional(),
    issuedAt: DateTime.optional().meta({ description: 'Present once ISSUED.' }),
  })
  .meta({ id: 'FlightTicketDocument', description: 'flight.md "Ticket document".' });

const RecordFields = {
  id: Uuid,
  reservationId: Uuid,
  status: ReservationStatus,
  paymentTimeLimitInSeconds: int('Seconds left until paymentDeadlineAt.'),
  expiresAt: DateTime,
  priceVersion: text('Canonical price version, required to accept a changed price.'),
  pricingRecords: z.array(PricingRecord),
  documents: z.array(TicketDocument),
  recordLocators: z.array(RecordLocator),
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
  .meta({ id: 'FlightAgentReservation', description: 'flight.md agent reservation response.' });

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
  .meta({ id: 'FlightReservationTraveler', description: 'flight.md "Reservation traveler".' });

/** OpenAPI schema `FlightTicket` (`getFlightTickets`). */
export const FlightTicket = z
  .object({
    uuid: Uuid,
    ticketId: z.string(),
    bookingReference: z.string(),
    paymentReference: z.string(),
    reservationId: Uuid,
    externalUserId: text("The selling agent's own downstream user identifier (X-External-User-Id).").optional(),
    recordLocators: z.array(RecordLocator),
    providerSystem: z.string(),
    providerOfficeId: z.string().optional(),
    lastProviderSyncAt: DateTime.optional(),
    issuedAt: DateTime.optional().meta({ description: 'Left out before issuance.' }),
    travelerId: z.string(),
    passengerReference: int(),
    tstReference: int().optional(),
    pricingRecordReference: int().optional(),
    itineraryIndex: z.number().int().min(0),
    direction: z.enum(['OUTBOUND', 'RETURN']),
    providerSegmentReferences: z.array(int()),
    documentId: z.string().optional(),
    ticketNumber: z.string().optional(),
    documentStatus: z.string(),
    validatingCarrier: z.string().optional(),
    providerDocumentElement: z.enum(['FA', 'FH']).optional(),
    coupons: z.array(z.object({ segmentReference: int(), status: z.string(), lastObservedAt: DateTime })),
    departureDate: LocalDate,
    departureTime: text('Time of day, HH:mm local.'),
    from: text('Airport name.'),
    to: text('Airport name.'),
    price: z.object({ total: MoneyAmount, currency: CurrencyCode }),
    priceScope: z
      .enum(['PASSENGER_JOURNEY'])
      .meta({ description: 'The passenger total for the whole journey; on return bookings repeated on both itinerary rows (aggregate once).' }),
    boughtByUser: z.object({
      uuid: Uuid,
      fullName: z.string().optional(),
      email: z.string().optional(),
      externalUserId: z.string().optional(),
    }),
    passengerDetails: z.object({ fullName: z.string(), firstName: z.string(), lastName: z.string(), email: z.string(), phoneNumber: z.string() }),
    notificationPreferences: z.object({ ticketPurchase: z.boolean(), allOtherTripNotification: z.boolean(), serviceAccountCreation: z.boolean() }),
    status: z.string(),
    issuanceStatus: ReservationStatus.meta({
      description: "Extension from the usage guide: the reservation's status (e.g. TST_CREATED, ISSUED), so a client sees issuance progress.",
    }),
  })
  .meta({ id: 'FlightTicket', description: 'flight.md "Flight ticket": one passenger on one itinerary.' });

export const FlightCustomerReservation = z
  .object({
    tickets: z.array(FlightTicket),
    flightReservation: z
      .object({ ...RecordFields, flightOffers: z.array(FlightOffer), travelers: z.array(Traveler) })
      .meta({ id: 'FlightReservationSummary', description: 'flight.md "Reservation summary".' }),
  })
  .meta({ id: 'FlightCustomerReservation', description: 'flight.md customer reservation response (price confirmed).' });

/* ------------------------------------------------------------------ reservation request */

const PassengerRequest = z
  .looseObject({
    firstName: z.string().nullish().meta({ description: 'Required: 1–30 Latin letters, apostrophes, spaces, hyphens.' }),
    lastName: z.string().nullish().meta({ description: 'Required: 1–30 Latin letters, apostrophes, spaces, hyphens.' }),
    email: z.string().nullish().meta({ description: 'Required unless the top-level contact supplies it.' }),
    phoneNumber: z.string().nullish().meta({ description: 'Subscriber number or full E.164 number; same fallback rule.' }),
    countryCode: z.string().nullish().meta({ description: 'International calling code; same fallback rule.' }),
    dateOfBirth: z.string().nullish().meta({ description: 'YYYY-MM-DD.' }),
    gender: z
      .union([z.number().int(), z.string()], { error: 'must be an integer or a string' })
      .nullish()
      .meta({ description: '0 (male), 1 (female), or M, MALE, F, FEMALE, X, OTHER, U, UNKNOWN.' }),
    ageCategory: z
      .union([z.number().int(), z.string()], { error: 'must be an integer or a string' })
      .nullish()
      .meta({ description: 'Required: 0, 1, 2 (adult, child, infant) or ADT, ADULT, CHD, CHILD, INF, INFANT; must match the age on the travel date.' }),
    documentType: z.string().nullish().meta({ description: 'P, PASSPORT, I, IDENTITY_CARD, F or A.' }),
    passportNumber: z.string().nullish().meta({ description: 'Document number: 3–20 Latin letters or digits.' }),
    passportExpiryDate: z.string().nullish().meta({ description: 'YYYY-MM-DD; the document must stay valid through the final arrival date.' }),
    passportIssuedDate: z.string().nullish().meta({ description: 'YYYY-MM-DD.' }),
    documentIssuingCountry: z.string().nullish().meta({ description: 'ISO 3166-1 alpha-2 (exactly 2 characters).' }),
    nationality: z.string().nullish().meta({ description: 'Two-letter ISO code.' }),
    nationalityCountry: z.string().nullish().meta({ description: 'Country name.' }),
    countryCodeName: z.string().nullish().meta({ description: 'Country name.' }),
  })
  .meta({
    id: 'FlightReservationPassenger',
    description:
      'flight.md "Reservation passenger (request)". Only JSON types are checked here (a 400 naming the field); a missing, null or invalid value, ' +
      'and a list longer than the 18 travelers a search can make, is answered 422 FLIGHT_PASSENGER_DATA_INVALID with every problem in ' +
      'data.fields[] (travelerId, field, message). Which document fields are needed comes from the offer review’s bookingRequirements.',
  });

export const FlightReservationRequest = z
  .object({
    offerReference: Uuid.optional().meta({ description: 'The offer to reserve; one of offerReference or flightOffer is required.' }),
    flightOffer: SubmittedOffer.optional(),
    passengers: z.array(PassengerRequest).min(1).meta({ description: 'Counts and types must match the search; each infant needs an adult.' }),
    contact: z
      .object({ email: z.string().optional(), phoneNumber: z.string().optional(), countryCode: z.string().optional() })
      .optional()
      .meta({ description: 'Booking-level fallback: each value fills only a missing passenger field; passenger values win.' }),
    selectedOption: z.enum(['FLEXIBLE_FARE', 'NON_REFUNDABLE_FARE']).optional().meta({ description: 'Default NON_REFUNDABLE_FARE.' }),
    notifications: z
      .object({ ticketPurchase: z.boolean().optional(), allOtherTripNotification: z.boolean().optional(), serviceAccountCreation: z.boolean().optional() })
      .optional()
      .meta({ description: 'flight.md "Notification preferences"; each defaults to true.' }),
    priceAcceptance: z.object({ priceVersion: z.string(), amount: z.string(), currency: z.string() }).optional().meta({
      description:
        'Accepts a changed price: the latest priceVersion with the walletSettlement amount and currency (agents) or the display grand total and currency (customers).',
    }),
  })
  .meta({ id: 'FlightReservationRequest', description: 'flight.md "Reservation request".' });

export const FlightAgentHeaders = FlightLocaleHeaders.extend({
  'x-external-user-id': z.string().max(128).optional().meta({
    description: 'Stored with the booking; send the same value on every retry of the offer, or omit it on every attempt.',
  }),
});
