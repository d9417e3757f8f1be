import { z } from 'zod';
import { RESERVATION_STATUSES } from '../../../shared/api-contract/flight-reservation.contract';
import { ErrorBodySchema } from '../rest-contract';
import { CurrencyCode, DateTime, FreeObject, LocalDate, MoneyAmount } from './common.schemas';

/*
 * The flight resources of spec/flight.md as the REST answers carry them, and the request bodies the flight routes
 * check. Output objects are closed (an undeclared member fails the contract tests); members the spec lists as
 * optional are `.optional()` and are left out, never null, when absent. Null appears only where the spec allows it
 * (the look-ahead date pairs, the cancellation's refundState).
 */

const text = (description: string) => z.string().meta({ description });
const int = (description?: string) => (description ? z.number().int().meta({ description }) : z.number().int());
const Uuid = z.uuid();

/** flight.md "States and transitions": every reservation status. */
const ReservationStatus = z
  .enum(RESERVATION_STATUSES)
  .meta({ id: 'FlightReservationStatus', description: 'A reservation status (flight.md "States and transitions").' });

/* ------------------------------------------------------------------ offer */

const FlightEndpoint = z
  .object({
    iataCode: text('IATA airport code.'),
    terminal: text('Left out when the supplier names no terminal.').optional(),
    at: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/)
      .meta({ description: 'Local date-time at the airport, without zone (YYYY-MM-DDTHH:mm:ss).', example: '2026-12-24T08:30:00' }),
    stop: FreeObject.meta({ description: 'Free-form (flight.md leaves its content open).' }),
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
  .meta({ id: 'FlightOfferPrice', description: 'flight.md "Offer price object".' });

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
  .meta({ id: 'FlightOffer', description: 'flight.md "Flight offer": bound to the account that searched.' });

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
  .meta({ id: 'FlightSearchResponse', description: 'flight.md "Search request and response".' });

const TRAVEL_CLASSES = ['ECONOMY', 'PREMIUM_ECONOMY', 'BUSINESS', 'FIRST'] as const;
const airlineCodes = z.array(z.string().max(3)).max(50).meta({ description: 'Two-character airline codes; the same code must not appear in both lists.' });

/** The search request; rules that need data or several fields (known airports, dates, infants ≤ adults) stay in the subgraph. */
export const FlightSearchRequest = z
  .object({
    originLocationCode: z.string().max(16).meta({ description: 'IATA code of the origin airport or city (not the full stop_id).', example: 'DAR' }),
    destinationLocationCode: z.string().max(16).meta({ description: 'IATA code.', example: 'NBO' }),
    departureDate: LocalDate,
    returnDate: LocalDate.optional().meta({ description: 'Omit for one-way.' }),
    adults: z.number().int().min(1).max(9).optional().meta({ description: 'Age 12 or older; default 1.' }),
    children: z.number().int().min(0).max(9).optional().meta({ description: 'Age 2–11; default 0.' }),
    infants: z.number().int().min(0).max(9).optional().meta({ description: 'Under 2; default 0; cannot exceed adults.' }),
    travelClass: z.enum(TRAVEL_CLASSES).optional(),
    includedAirlineCodes: airlineCodes.optional(),
    excludedAirlineCodes: airlineCodes.optional(),
    nonStop: z.boolean().optional(),
    currencyCode: z
      .string()
      .regex(/^[A-Za-z]{3}$/)
      .optional()
      .meta({ description: 'Display currency; takes precedence over Content-Currency; default USD.' }),
    maxPrice: z.number().positive().optional().meta({ description: 'Maximum grandTotal in the display currency.' }),
    max: z.number().int().min(1).optional().meta({ description: 'Default 200; values above 200 are treated as 200.' }),
    lookAheadDays: z.number().int().min(1).max(7).optional().meta({ description: 'Opt-in: check that many later date pairs when the requested one is empty.' }),
  })
  .meta({ id: 'FlightSearchRequest', description: 'flight.md search request.' });

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
  .meta({ id: 'FlightBookingRequirements', description: 'flight.md "Booking requirements".' });

export const FlightOfferReview = z
  .object({ offerReference: Uuid, expiresAt: DateTime, flightOffer: FlightOffer, bookingRequirements: FlightBookingRequirements })
  .meta({ id: 'FlightOfferReview', description: 'The caller’s saved offer with what must be collected to book it.' });

/** Only `offerReference` of a submitted offer is read; the rest of it may be anything a search answered. */
const SubmittedOffer = FreeObject.extend({ offerReference: Uuid }).meta({
  description: 'A complete offer as a search answered it; only its offerReference is used.',
});

export const FlightOfferReviewRequest = z
  .object({
    offerReference: Uuid.optional().meta({ description: 'One of offerReference or flightOffer is required.' }),
    flightOffer: SubmittedOffer.optional(),
  })
  .meta({ id: 'FlightOfferReviewRequest', description: 'offerReference, or flightOffer with its offerReference.' });

/* ------------------------------------------------------------------ reservation records */

const RecordLocator = z
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

const TicketDocument = z
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

/** flight.md "Flight ticket". */
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

/* ------------------------------------------------------------------ purchase, issuance, cancellation */

export const FlightIssuance = z
  .object({
    reservationId: Uuid,
    status: ReservationStatus,
    documents: z.array(TicketDocument),
    bookingReference: z.string().optional(),
    recordLocators: z.array(RecordLocator).optional(),
  })
  .meta({ id: 'FlightIssuance', description: 'flight.md issuance response.' });

export const FlightPurchaseRequest = z.object({
  ticketId: z.string().max(64).meta({ description: 'A ticketId of the reservation.' }),
  ticketUuids: z.array(z.string()).optional().meta({ description: 'Deprecated: accepted and ignored; the reservation’s own ticket batch is used.' }),
});

const IssueLookup = {
  paymentReference: z.string().max(64).optional(),
  ticketId: z.string().max(64).optional(),
};

export const FlightIssueSignalRequest = z.object(IssueLookup).meta({ description: 'Supply one of paymentReference or ticketId.' });

export const FlightIssueSignalAccepted = z
  .object({
    signaled: z.boolean(),
    workflowId: text('The running issuance workflow; left out when none is known.').optional(),
    ticketId: z.string(),
    paymentReference: z.string(),
    ticketUuids: z.array(Uuid),
  })
  .meta({ id: 'FlightIssueSignalAccepted', description: 'Payment accepted for issuance.' });

const PaymentRecovery = z
  .object({
    reconciliationOperationId: Uuid,
    sourceTicketId: z.string(),
    replacementTicketId: z.string(),
    state: z.enum(['RESERVED', 'ISSUED', 'REFUND_REQUIRED']),
    recoveryIdempotent: z.boolean(),
    finalizationIdempotent: z.boolean(),
  })
  .meta({ id: 'FlightPaymentRecovery', description: 'Cancelled-payment recovery of a direct issuance (recovery requests only).' });

export const FlightDirectIssueRequest = z
  .object({
    ...IssueLookup,
    sourceTicketId: z.string().max(64).optional().meta({ description: 'Recovery: the cancelled source ticket.' }),
    paymentRequestId: z.string().max(64).optional().meta({ description: 'Recovery: the confirmed customer payment request.' }),
    reconciliationOperationId: Uuid.optional().meta({ description: 'Recovery: the approved reconciliation operation.' }),
  })
  .meta({ description: 'ticketId or paymentReference (at least one); any recovery field asks for cancelled-payment recovery, which needs all three.' });

export const FlightDirectIssued = z
  .object({
    issued: z.boolean(),
    ticketId: z.string(),
    paymentReference: z.string(),
    ticketUuids: z.array(Uuid),
    issuance: FlightIssuance,
    paymentRecovery: PaymentRecovery.optional(),
  })
  .meta({ id: 'FlightDirectIssued', description: 'Direct issuance done.' });

export const FlightDirectPending = FlightIssuance.extend({ paymentRecovery: PaymentRecovery.optional() }).meta({
  id: 'FlightDirectPending',
  description: 'The issuance response; with paymentRecovery for recovery requests (RESERVED, or REFUND_REQUIRED).',
});

export const FlightCancelRequest = z
  .object({
    reservationId: Uuid.optional(),
    ticketId: z.string().max(64).optional(),
    reason: z.string().max(500).optional(),
  })
  .meta({ description: 'reservationId or ticketId (at least one; both must name the same reservation).' });

export const FlightCancellation = z
  .object({
    reservationId: Uuid,
    state: z.enum(['CANCELLED', 'REFUND_PENDING', 'REFUND_REQUIRED']),
    paymentState: z.enum(['NOT_REQUIRED', 'PENDING', 'CONFIRMED', 'MISMATCH', 'REFUND_PENDING', 'REFUNDED', 'REFUND_REQUIRED']),
    refundState: z.enum(['REFUNDED', 'REFUND_PENDING', 'REFUND_REQUIRED']).nullable(),
    alreadyCancelled: z.boolean().meta({ description: 'True when cancelled before this request.' }),
    ticketId: text('The ticketId the request named.').optional(),
    bookingReference: z.string().optional(),
    cancelledAt: DateTime.optional(),
  })
  .meta({ id: 'FlightCancellation', description: 'flight.md cancellation response.' });

/** 202 answers that are "still in progress" error objects (FLIGHT_RESERVATION_IN_PROGRESS) or a documented body. */
export const orInProgress = (schema: z.ZodType) => z.union([schema, ErrorBodySchema]);

/* ------------------------------------------------------------------ customer payments (extension, docs/payments.md) */

export const FlightPayment = z
  .object({
    paymentRequestId: Uuid,
    reservationId: Uuid.nullable(),
    paymentReference: z.string(),
    amount: MoneyAmount,
    currency: CurrencyCode,
    method: z.string().nullable(),
    status: z.enum(['PENDING', 'CONFIRMED', 'CANCELLED', 'REFUND_PENDING', 'REFUNDED', 'REFUND_REQUIRED']),
    provider: z.string(),
    providerReference: z.string().nullable(),
    createdAt: DateTime,
    confirmedAt: DateTime.nullable(),
  })
  .meta({ id: 'FlightPayment', description: 'Extension (docs/payments.md): a customer payment request; null members are not yet known.' });

export const FlightStartPaymentRequest = z.object({
  paymentReference: z.string().max(32).meta({ description: "The reservation's paymentReference." }),
  method: z.string().max(32).meta({ description: 'CARD or MOBILE_MONEY (sandbox also CARD_DECLINED, MOBILE_MONEY_DECLINED).' }),
});
