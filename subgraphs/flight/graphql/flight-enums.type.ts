import { describedEnum } from '../../../shared/graphql/enum.builder';
import { RESERVATION_STATUSES } from '../../../shared/api-contract/flight-reservation.contract';

/*
 * Fixed value sets of the flight answers. The value names are the strings the REST answers carry (the REST routes copy
 * GraphQL values into their JSON), so they must stay exactly these.
 */

export const FlightCabinEnum = describedEnum('FlightCabin', 'A cabin (travel class) of a flight', {
  ECONOMY: 'Economy',
  PREMIUM_ECONOMY: 'Premium economy',
  BUSINESS: 'Business',
  FIRST: 'First',
});

export const FlightTravelerTypeEnum = describedEnum('FlightTravelerType', 'How the fare prices a traveler', {
  ADULT: 'Age 12 or older',
  CHILD: 'Age 2 to 11',
  HELD_INFANT: "Under 2, on an adult's lap",
});

export const FlightAgeCategoryEnum = describedEnum('FlightAgeCategory', 'The age category of a traveler for the booking requirements and the reservation', {
  ADULT: 'Age 12 or older',
  CHILD: 'Age 2 to 11',
  INFANT: 'Under 2',
});

export const FlightJourneyTypeEnum = describedEnum('FlightJourneyType', 'Whether the journey crosses a border', {
  DOMESTIC: 'Every airport of the journey is in one country (domesticCountryCode)',
  INTERNATIONAL: 'The journey crosses a border',
});

export const FlightRequirementsSourceEnum = describedEnum('FlightRequirementsSource', 'Where the booking requirements come from', {
  ITINERARY_DEFAULT: 'The defaults for the itinerary (domestic or international)',
  CARRIER_OVERRIDE: 'A carrier rule made them stricter',
  PROVIDER_ESCALATION: 'The supplier asked for more (see providerRequiredFields)',
});

export const FlightBookingFeeTypeEnum = describedEnum('FlightBookingFeeType', 'What a booking fee pays for', {
  SERVICE_COMMISSION: "The platform's service commission (recipient SERVICE)",
  AGENT_COMMISSION: "The service agent's commission (recipient SERVICE_AGENT; service agents only)",
});

export const FlightPricingContextEnum = describedEnum('FlightPricingContext', 'Which pricing rules made a flight price (from the buyer role)', {
  ONLINE: 'A customer buying online',
  SERVICE_AGENT: "The platform's own service agent",
  THIRD_PARTY_AGENT: 'A third-party agent',
});

export const FlightOfferSourceEnum = describedEnum('FlightOfferSource', 'Where the content of an offer comes from', {
  GDS: 'A global distribution system',
});

export const FlightPaymentStatusEnum = describedEnum('FlightPaymentStatus', 'State of a customer payment request', {
  PENDING: 'Awaiting the payer or the provider',
  CONFIRMED: 'The charge is confirmed',
  CANCELLED: 'The payment was cancelled or declined',
  REFUND_PENDING: 'A refund is under way',
  REFUNDED: 'The money was refunded',
  REFUND_REQUIRED: 'Money arrived that cannot pay the reservation: staff must refund it',
});

const RESERVATION_STATUS_TEXT: Record<(typeof RESERVATION_STATUSES)[number], string> = {
  CREATED: 'Created; nothing sent to the supplier yet',
  SELLING: 'The booking is being made with the supplier',
  PNR_CREATED: 'The supplier booking (PNR) exists; not priced yet',
  VALIDATION_FAILED: 'The supplier refused the traveler data',
  PRICE_CHANGED: 'The supplier priced it differently; accept the new price to go on',
  REPRICE_UNAVAILABLE: 'The supplier could not price it; try again',
  TST_CREATED: 'Priced and stored (TST); awaiting payment or purchase',
  ISSUING: 'The tickets are being issued',
  ISSUED: 'Every ticket is issued',
  PARTIALLY_ISSUED: 'Some tickets are issued, some not',
  CANCELLING: 'Cancellation under way',
  CANCELLED: 'Cancelled',
  REFUND_PENDING: 'Cancelled; a refund is under way',
  REFUND_REQUIRED: 'Cancelled; staff must refund the payment',
  RECONCILIATION_REQUIRED: 'The supplier state is unclear; staff must reconcile it',
};

export const FlightReservationStatusEnum = describedEnum(
  'FlightReservationStatus',
  'A flight reservation status: where the reservation stands between creation, issuance and cancellation',
  RESERVATION_STATUS_TEXT,
);

export const FlightPriceScopeEnum = describedEnum('FlightPriceScope', 'What a ticket price covers', {
  PASSENGER_JOURNEY:
    "The passenger's total for the whole journey; on a return booking it appears on both itinerary rows, so add it once per reservation and passenger",
});

export const FlightPricingRecordStatusEnum = describedEnum('FlightPricingRecordStatus', 'State of a supplier pricing record', {
  PRICED: 'Priced by the supplier',
  TST_CREATED: 'Priced and stored as a TST (ready to issue)',
  FAILED: 'The supplier could not price it',
});

export const FlightTravelDocumentTypeEnum = describedEnum(
  'FlightTravelDocumentType',
  "A traveler's document kind as stored (the inputs P and I are stored as PASSPORT and IDENTITY_CARD)",
  {
    PASSPORT: 'Passport',
    IDENTITY_CARD: 'National identity card',
    F: 'Document type F, as the supplier codes it',
    A: 'Document type A, as the supplier codes it',
  },
);

export const FlightPhoneDeviceTypeEnum = describedEnum('FlightPhoneDeviceType', 'What kind of phone a number is', {
  MOBILE: 'A mobile phone',
});

export const FlightBookingFeeRecipientEnum = describedEnum('FlightBookingFeeRecipient', 'Who receives a booking fee', {
  SERVICE: 'The platform (the service commission)',
  SERVICE_AGENT: 'The service agent who sells (the agent commission; service agents only)',
});

export const FlightFareOptionEnum = describedEnum('FlightFareOption', 'The fare option a reservation is made with', {
  FLEXIBLE_FARE: 'The flexible fare',
  NON_REFUNDABLE_FARE: 'The non-refundable fare (the default)',
});

export const FlightCancellationStateEnum = describedEnum('FlightCancellationState', 'Where a cancellation stands', {
  CANCELLED: 'Cancelled and verified with the supplier; nothing to refund, or the refund is done',
  REFUND_PENDING: 'Cancelled; the card payment is being refunded',
  REFUND_REQUIRED: 'Cancelled; staff must refund the payment',
});

export const FlightCancellationPaymentStateEnum = describedEnum('FlightCancellationPaymentState', 'The payment of a cancelled reservation', {
  NOT_REQUIRED: 'No money was taken (no payment, or only declined or dropped payment requests)',
  PENDING: 'A payment request is still open',
  CONFIRMED: 'The payment was confirmed',
  MISMATCH: 'A payment arrived that does not match the reservation',
  REFUND_PENDING: 'The payment is being refunded',
  REFUNDED: 'The payment was refunded',
  REFUND_REQUIRED: 'Staff must refund the payment',
});

export const FlightRefundStateEnum = describedEnum('FlightRefundState', 'The refund of a cancelled reservation', {
  REFUNDED: 'The payment was refunded',
  REFUND_PENDING: 'The refund is under way',
  REFUND_REQUIRED: 'Staff must refund the payment',
});

export const FlightPaymentRecoveryStateEnum = describedEnum('FlightPaymentRecoveryState', 'Where a cancelled-payment recovery stands', {
  RESERVED: 'The confirmed payment is reassigned to the replacement reservation; issuance follows (retry later)',
  ISSUED: 'The replacement reservation is issued against the reassigned payment',
  REFUND_REQUIRED: 'The replacement cannot be issued: staff must refund the payment',
});
