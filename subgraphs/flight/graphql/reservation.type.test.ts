import 'reflect-metadata';
import { execute, getNamedType, GraphQLObjectType, GraphQLSchema, isObjectType, Kind, parse, printType, SelectionSetNode, validate } from 'graphql';
import { Arg, buildSchema, Query, Resolver } from 'type-graphql';
import { buildFederatedSchema } from '../../../shared/federation/federated-schema.builder';
import {
  AGENT_RESERVATION,
  CANCELLATION_RESULT,
  CUSTOMER_RESERVATION,
  DIRECT_ISSUE_RESULT,
  FLIGHT_TICKET,
  ISSUE_SIGNAL_RESULT,
  PURCHASE_RESULT,
} from '../../../gateway/rest/routes/flight-selections.data';
import type { FlightOfferPrice } from '../pricing/flight-pricing.calculator';
import type { SupplierBooking, SupplierOffer, SupplierPricingRecord, SupplierTicketDocument } from '../supplier/flight-supplier.port';
import {
  agentReservationView,
  buildTicketRows,
  customerReservationView,
  expectedDocuments,
  issuanceView,
  toDocuments,
  toPricingRecords,
} from '../reservations/reservation.view';
import type { FlightReservation } from '../reservations/reservation.types';
import {
  AgentReservationResult,
  CancellationResult,
  CustomerReservationResult,
  DirectIssueResult,
  IssueSignalResult,
  PurchaseResult,
} from './reservation-result.type';
import { FlightTicketType } from './flight-ticket.type';
import { FlightReservationInput } from './reservation-input.type';
import { toCustomerReservationResult } from './flight-offer.mapper';
import { toOfferView } from '../offers/offer.view';
import { Decimal } from '../../../shared/money/money.calculator';

/* ------------------------------------------------------------------ a hand-made reservation */

const NOW = new Date('2030-01-10T08:00:00.000Z');
const DEADLINE = new Date('2030-01-10T09:00:00.000Z');
const OBSERVED = { firstObservedAt: '2030-01-10T07:59:00.000Z', lastObservedAt: '2030-01-10T07:59:30.000Z' };

const supplierOffer: SupplierOffer = {
  id: 'OFFER-1',
  source: 'GDS',
  oneWay: false,
  instantTicketingRequired: false,
  nonHomogeneous: false,
  lastTicketingDate: '2030-01-12',
  numberOfBookableSeats: 4,
  validatingAirlineCodes: ['PW'],
  itineraries: [
    {
      duration: 'PT1H20M',
      segments: [
        {
          id: '1',
          departure: { iataCode: 'DAR', terminal: '3', at: '2030-02-01T07:30:00' },
          arrival: { iataCode: 'ZNZ', at: '2030-02-01T08:50:00' },
          carrierCode: 'PW',
          number: '300',
          aircraftCode: 'DH4',
          operatingCarrierCode: 'PW',
          duration: 'PT1H20M',
          numberOfStops: 0,
          cabin: 'ECONOMY',
        },
      ],
    },
    {
      duration: 'PT1H20M',
      segments: [
        {
          id: '2',
          departure: { iataCode: 'ZNZ', at: '2030-02-05T17:10:00' },
          arrival: { iataCode: 'DAR', terminal: '3', at: '2030-02-05T18:30:00' },
          carrierCode: 'PW',
          number: '301',
          aircraftCode: 'DH4',
          operatingCarrierCode: 'PW',
          duration: 'PT1H20M',
          numberOfStops: 0,
          cabin: 'ECONOMY',
        },
      ],
    },
  ],
  price: { currency: 'USD', total: '240.00', base: '200.00', taxes: [{ amount: '40.00', code: 'TZ', countryCode: 'TZ' }] },
  travelerPricings: [
    {
      travelerId: '1',
      travelerType: 'ADULT',
      fareOption: 'STANDARD',
      price: { currency: 'USD', total: '240.00', base: '200.00' },
      fareDetailsBySegment: [
        { segmentId: '1', cabin: 'ECONOMY', fareBasis: 'YOW', class: 'Y', includedCheckedBags: { quantity: 1 } },
        { segmentId: '2', cabin: 'ECONOMY', fareBasis: 'YOW', class: 'Y', includedCheckedBags: { quantity: 1 } },
      ],
    },
  ],
  fareRules: { refundable: false, changeable: true },
};

/** As the reservation stores it: otherCurrencies keyed by currency (GraphQL lists them). */
const price: FlightOfferPrice = {
  currency: 'USD',
  total: '240.00',
  base: '200.00',
  fees: [{ amount: '0.00', type: 'SUPPLIER' }],
  grandTotal: '252.00',
  bookingFeeTotal: '12.00',
  walletDebitTotal: '640000',
  walletSettlement: {
    currency: 'TZS',
    unroundedDebit: '639810',
    debitTotal: '640000',
    rounding: { policyVersion: 'TZS-2030-01', increment: '500', adjustment: '190' },
  },
  pricingContext: 'SERVICE_AGENT',
  bookingFees: [
    { amount: '7.00', currency: 'USD', type: 'SERVICE_COMMISSION', recipient: 'SERVICE', roundingAdjustment: '0.07' },
    { amount: '5.00', currency: 'USD', type: 'AGENT_COMMISSION', recipient: 'SERVICE_AGENT' },
  ],
  otherCurrencies: {
    KES: {
      currency: 'KES',
      total: '31000',
      bookingFeeTotal: '1550',
      grandTotal: '32550',
      walletDebitTotal: '31900',
      bookingFees: [{ amount: '900', currency: 'KES', type: 'SERVICE_COMMISSION', recipient: 'SERVICE', roundingAdjustment: '9' }],
    },
    TZS: { currency: 'TZS', total: '636000', bookingFeeTotal: '31800', grandTotal: '667800', bookingFees: [] },
  },
};

const pricingRecords: SupplierPricingRecord[] = [
  {
    reference: 1,
    passengerReferences: [1],
    segmentReferences: [1, 2],
    tstReference: 11,
    travelerType: 'ADULT',
    supplierPrice: {
      currency: 'USD',
      total: '240.00',
      base: '200.00',
      taxes: '40.00',
      taxDetails: [{ amount: '40.00', currency: 'USD', code: 'TZ', countryCode: 'TZ' }],
      validatingCarrier: 'PW',
      fareBasis: ['YOW', 'YOW'],
      bookingClasses: ['Y', 'Y'],
      baggage: ['1PC', '1PC'],
    },
    status: 'TST_CREATED',
  },
];

const supplierBooking: SupplierBooking = {
  pnr: 'ABC123',
  status: 'CONFIRMED',
  offer: supplierOffer,
  // The supplier port has no observation times; RecordLocator (and the spec) require them.
  recordLocators: [
    { controlNumber: 'ABC123', type: 'GDS', scope: 'PNR', segmentReferences: [1, 2], ...OBSERVED },
    { controlNumber: 'XYZ789', type: 'AIRLINE', scope: 'SEGMENT', companyId: 'PW', segmentReferences: [1, 2], ...OBSERVED },
  ],
  associatedRecords: [
    { reference: 'ABC123', creationDate: '2030-01-10T07:59:00.000Z', originSystemCode: 'GDS', flightOfferId: 'OFFER-1' },
    { reference: 'XYZ789', creationDate: '2030-01-10T07:59:00.000Z', originSystemCode: 'PW', flightOfferId: 'OFFER-1' },
  ],
  segments: [
    {
      reference: 1,
      itineraryIndex: 0,
      segmentId: '1',
      carrierCode: 'PW',
      number: '300',
      departure: { iataCode: 'DAR', at: '2030-02-01T07:30:00' },
      arrival: { iataCode: 'ZNZ', at: '2030-02-01T08:50:00' },
      cabin: 'ECONOMY',
      bookingClass: 'Y',
      status: 'CONFIRMED',
    },
    {
      reference: 2,
      itineraryIndex: 1,
      segmentId: '2',
      carrierCode: 'PW',
      number: '301',
      departure: { iataCode: 'ZNZ', at: '2030-02-05T17:10:00' },
      arrival: { iataCode: 'DAR', at: '2030-02-05T18:30:00' },
      cabin: 'ECONOMY',
      bookingClass: 'Y',
      status: 'CONFIRMED',
    },
  ],
  travelers: [
    {
      travelerId: '1',
      type: 'ADULT',
      firstName: 'Amina',
      lastName: 'Mushi',
      gender: 'FEMALE',
      email: 'amina@example.com',
      phone: '+255712345678',
      passengerReference: 1,
    },
  ],
  pricingRecords,
  documents: [],
  createdAt: '2030-01-10T07:59:00.000Z',
  cancelledAt: null,
};

const issuedDocuments: SupplierTicketDocument[] = [
  {
    travelerId: '1',
    passengerReference: 1,
    status: 'ISSUED',
    ticketNumber: '0311234567890',
    documentId: 'DOC-1',
    providerElement: 'FA',
    validatingCarrier: 'PW',
    issuedAt: '2030-01-10T08:10:00.000Z',
    pricingRecordReference: 1,
    tstReference: 11,
    segmentReferences: [1, 2],
    coupons: [{ segmentReference: 1, status: 'OPEN' }],
  },
];

/** The offer as shown, in USD like the supplier's (no conversion): what the reservation keeps in offer_view. */
const offerView = toOfferView(supplierOffer, {
  key: 'USD|ONLINE',
  displayCurrency: 'USD',
  pricingContext: 'ONLINE',
  walletCurrency: null,
  otherCurrencies: [],
  rates: (from, to) => (from === to ? new Decimal(1) : null),
});

const reservation: FlightReservation = {
  id: '6f1c1a9e-2f59-4d9a-9d1e-2b7d3f0c9a11',
  accountId: 'acc-1',
  channel: 'AGENT',
  bookingUserType: 'SERVICE_AGENT',
  offerReference: '0b6e6c55-7c1e-4f0c-8f7e-8f3f5d9b2c44',
  externalUserId: 'agent-user-7',
  selectedOption: 'NON_REFUNDABLE_FARE',
  notifications: { ticketPurchase: true },
  status: 'TST_CREATED',
  bookingReference: 'SFB7K2QX',
  paymentReference: 'PAY-SFB7K2QX',
  pnr: 'ABC123',
  language: 'en',
  displayCurrency: 'USD',
  price,
  originalPrice: price,
  priceVersion: 'pv1-abc',
  priceChangeExpiresAt: null,
  offerExpiresAt: new Date('2030-01-10T08:20:00.000Z'),
  paymentDeadlineAt: DEADLINE,
  walletId: 'wallet-1',
  walletDebitTotal: '640000',
  walletCurrency: 'TZS',
  admittedAt: null,
  authenticationContext: 'test',
  issuedAt: null,
  cancelledAt: null,
  createdAt: NOW,
  updatedAt: NOW,
  supplierOffer,
  offerView,
  requirements: {
    profileVersion: 1,
    journeyType: 'DOMESTIC',
    domesticCountryCode: 'TZ',
    operatingCarrierCodes: ['PW'],
    source: 'ITINERARY_DEFAULT',
    providerRequiredFields: [],
    emailAddressRequired: true,
    phoneCountryCodeRequired: true,
    mobilePhoneNumberRequired: true,
    phoneNumberRequired: false,
    travelerRequirements: [],
  },
  passengers: [
    {
      travelerId: '1',
      ageCategory: 'ADULT',
      firstName: 'Amina',
      lastName: 'Mushi',
      email: 'amina@example.com',
      phone: '+255712345678',
      dateOfBirth: '1990-04-02',
      gender: 'FEMALE',
      document: { type: 'PASSPORT', number: 'TZ1234567', expiryDate: '2034-01-01', issuedDate: null, issuingCountry: 'TZ', nationality: 'TZ' },
      nationality: 'TZ',
    },
  ],
  supplierBooking,
  pricingRecords: toPricingRecords(pricingRecords),
  documents: expectedDocuments(supplierBooking, pricingRecords),
  lastError: null,
};

const AIRPORTS: Record<string, string> = { DAR: 'Julius Nyerere International Airport', ZNZ: 'Abeid Amani Karume International Airport' };
const tickets = buildTicketRows(reservation, (code) => AIRPORTS[code] ?? code);
const issued: FlightReservation = { ...reservation, status: 'ISSUED', issuedAt: NOW, documents: toDocuments(issuedDocuments) };

/** No view builds the ticket yet: a hand-made one, typed by the class so a mismatch fails to compile. */
const flightTicket: FlightTicketType = {
  uuid: tickets[0].uuid,
  ticketId: tickets[0].ticketId,
  bookingReference: tickets[0].bookingReference,
  paymentReference: tickets[0].paymentReference,
  reservationId: reservation.id,
  externalUserId: null,
  recordLocators: supplierBooking.recordLocators.map((l) => ({ ...OBSERVED, ...l })),
  providerSystem: 'GDS',
  providerOfficeId: null,
  lastProviderSyncAt: null,
  issuedAt: null,
  travelerId: '1',
  passengerReference: 1,
  tstReference: null,
  pricingRecordReference: null,
  itineraryIndex: 1,
  direction: 'RETURN',
  providerSegmentReferences: [2],
  documentId: null,
  ticketNumber: null,
  documentStatus: 'EXPECTED',
  validatingCarrier: 'PW',
  providerDocumentElement: null,
  coupons: [],
  departureDate: '2030-02-05',
  departureTime: '17:10',
  from: AIRPORTS.ZNZ,
  to: AIRPORTS.DAR,
  price: { total: '240.00', currency: 'USD' },
  priceScope: 'PASSENGER_JOURNEY',
  boughtByUser: { uuid: 'acc-1', fullName: 'Agent One', email: 'agent@example.com', externalUserId: 'agent-user-7' },
  passengerDetails: { fullName: 'Amina Mushi', firstName: 'Amina', lastName: 'Mushi', email: 'amina@example.com', phoneNumber: '+255712345678' },
  notificationPreferences: { ticketPurchase: true, allOtherTripNotification: null, serviceAccountCreation: null },
  status: 'TST_CREATED',
  issuanceStatus: 'TST_CREATED',
};

/* ------------------------------------------------------------------ a dummy resolver */

@Resolver()
class ReservationTypesProbe {
  @Query(() => AgentReservationResult)
  agentReservation(): unknown {
    return agentReservationView(reservation, tickets, NOW, 'https://api.example.com');
  }

  @Query(() => CustomerReservationResult)
  customerReservation(): unknown {
    return toCustomerReservationResult(
      customerReservationView({ ...reservation, channel: 'CUSTOMER', bookingUserType: 'CUSTOMER' }, tickets, NOW, offerView, {
        id: 'acc-1',
        full_name: 'Amina Mushi',
        email: 'amina@example.com',
      }),
    );
  }

  @Query(() => PurchaseResult)
  purchase(): PurchaseResult {
    return { complete: true, issuance: issuanceView(issued) };
  }

  @Query(() => CancellationResult)
  cancellation(): CancellationResult {
    return {
      complete: false,
      cancellation: {
        reservationId: reservation.id,
        state: 'REFUND_PENDING',
        paymentState: 'REFUND_PENDING',
        refundState: 'REFUND_PENDING',
        alreadyCancelled: false,
        ticketId: tickets[0].ticketId,
        bookingReference: reservation.bookingReference,
        cancelledAt: NOW.toISOString(),
      },
    };
  }

  @Query(() => [FlightTicketType])
  flightTickets(): FlightTicketType[] {
    return [flightTicket];
  }

  @Query(() => IssueSignalResult)
  issueSignal(): IssueSignalResult {
    return {
      complete: false,
      signaled: true,
      workflowId: 'wf-1',
      ticketId: tickets[0].ticketId,
      paymentReference: reservation.paymentReference,
      ticketUuids: tickets.map((t) => t.uuid),
      issuance: null,
    };
  }

  @Query(() => DirectIssueResult)
  directIssue(): DirectIssueResult {
    return {
      complete: true,
      issued: true,
      ticketId: tickets[0].ticketId,
      paymentReference: reservation.paymentReference,
      ticketUuids: tickets.map((t) => t.uuid),
      issuance: issuanceView(issued),
      paymentRecovery: {
        reconciliationOperationId: 'f4b0b3a2-1f6e-4c55-9a57-0c1d2e3f4a5b',
        sourceTicketId: 'OLD-1',
        replacementTicketId: tickets[0].ticketId,
        state: 'ISSUED',
        recoveryIdempotent: false,
        finalizationIdempotent: true,
      },
    };
  }

  @Query(() => String)
  reservationInput(@Arg('input', () => FlightReservationInput, { nullable: true }) input: FlightReservationInput | null): string {
    return JSON.stringify(input);
  }
}

const SELECTIONS: Array<[field: string, type: string, selection: string]> = [
  ['agentReservation', 'AgentReservationResult', AGENT_RESERVATION],
  ['customerReservation', 'CustomerReservationResult', CUSTOMER_RESERVATION],
  ['purchase', 'PurchaseResult', PURCHASE_RESULT],
  ['cancellation', 'CancellationResult', CANCELLATION_RESULT],
  ['flightTickets', 'FlightTicketType', FLIGHT_TICKET],
  ['issueSignal', 'IssueSignalResult', ISSUE_SIGNAL_RESULT],
  ['directIssue', 'DirectIssueResult', DIRECT_ISSUE_RESULT],
];

/** Fields of `type` (and of the object types below it) that `set` leaves out, as Type.field. */
function unselected(type: GraphQLObjectType, set: SelectionSetNode | undefined): string[] {
  const selected = new Map<string, SelectionSetNode | undefined>();
  for (const s of set?.selections ?? []) if (s.kind === Kind.FIELD) selected.set(s.name.value, s.selectionSet);
  return Object.values(type.getFields()).flatMap((field) => {
    if (!selected.has(field.name)) return [`${type.name}.${field.name}`];
    const named = getNamedType(field.type);
    return isObjectType(named) ? unselected(named, selected.get(field.name)) : [];
  });
}

const QUERY = `{ ${SELECTIONS.map(([field, , selection]) => `${field} { ${selection} }`).join('\n')} }`;

type Fields = Record<string, unknown>;
/** An offer price as the selections answer it: otherCurrencies still a list. */
type ProbePrice = { otherCurrencies: Fields[] } & Fields;

/** What QUERY answers, as far as the assertions read into it; the rest is compared as it comes. */
interface ProbeData {
  agentReservation: {
    reservation: { pricingRecords: unknown[]; documents: unknown[]; recordLocators: Fields[]; associatedRecords: unknown[] } & Fields;
    tickets: unknown[];
  };
  customerReservation: { tickets: unknown[]; flightReservation: { flightOffers: Array<{ price: ProbePrice; itineraries: unknown[] } & Fields> } & Fields };
  purchase: { complete: boolean; issuance: { documents: unknown[]; recordLocators: unknown[] } & Fields };
  cancellation: unknown;
  flightTickets: unknown[];
  issueSignal: unknown;
  directIssue: unknown;
}

describe('flight reservation GraphQL types', () => {
  let schema: GraphQLSchema;

  beforeAll(async () => {
    schema = await buildSchema({ resolvers: [ReservationTypesProbe], validate: false });
  });

  it.each(SELECTIONS)('the %s selection selects every field of %s', (_field, typeName, selection) => {
    const type = schema.getType(typeName) as GraphQLObjectType;
    const document = parse(`{ ${selection} }`);
    const operation = document.definitions[0];
    expect(operation.kind).toBe(Kind.OPERATION_DEFINITION);
    expect(unselected(type, operation.kind === Kind.OPERATION_DEFINITION ? operation.selectionSet : undefined)).toEqual([]);
  });

  it('answers every field of objects built by the real views, without errors', async () => {
    const result = await execute({ schema, document: parse(QUERY) });
    expect(result.errors).toBeUndefined();
    const data = result.data as unknown as ProbeData;

    const agent = data.agentReservation;
    expect(agent.reservation).toMatchObject({
      id: reservation.id,
      reservationId: reservation.id,
      status: 'TST_CREATED',
      paymentDeadlineAt: DEADLINE.toISOString(),
      paymentTimeLimitInSeconds: 3600,
      expiresAt: DEADLINE.toISOString(),
      ticketIds: ['SFB7K2QX-1'],
      verifyUrl: 'https://api.example.com/api/flight/tickets?ticketId=SFB7K2QX-1',
      priceVersion: 'pv1-abc',
    });
    expect(agent.reservation.pricingRecords[0]).toMatchObject({
      reference: 1,
      tstReference: 11,
      status: 'TST_CREATED',
      supplierPrice: { total: '240.00', brands: [], taxDetails: [{ code: 'TZ' }] },
    });
    expect(agent.reservation.documents[0]).toMatchObject({
      travelerId: '1',
      status: 'EXPECTED',
      ticketNumber: null,
      documentId: null,
      pricingRecordReference: 1,
      tstReference: 11,
    });
    expect(agent.reservation.recordLocators.map((l) => [l.controlNumber, l.type, l.companyId])).toEqual([
      ['ABC123', 'GDS', null],
      ['XYZ789', 'AIRLINE', 'PW'],
    ]);
    expect(agent.reservation.associatedRecords[1]).toEqual({
      reference: 'XYZ789',
      creationDate: '2030-01-10T07:59:00.000Z',
      originSystemCode: 'PW',
      flightOfferId: 'OFFER-1',
    });
    expect(agent.tickets).toHaveLength(2);
    expect(agent.tickets[1]).toEqual({
      ticketId: 'SFB7K2QX-1',
      bookingReference: 'SFB7K2QX',
      paymentReference: 'PAY-SFB7K2QX',
      departureDate: '2030-02-05',
      departureTime: '17:10',
      from: AIRPORTS.ZNZ,
      to: AIRPORTS.DAR,
      price: { total: '240.00', currency: 'USD' },
      passengerSummary: { fullName: 'Amina Mushi' },
      paymentDeadlineAt: DEADLINE.toISOString(),
    });

    const customer = data.customerReservation.flightReservation;
    expect(data.customerReservation.tickets).toHaveLength(2);
    expect(customer).toMatchObject({
      id: reservation.id,
      reservationId: reservation.id,
      status: 'TST_CREATED',
      paymentTimeLimitInSeconds: 3600,
      priceVersion: 'pv1-abc',
    });
    const offer = customer.flightOffers[0];
    expect(offer).toMatchObject({
      type: 'flight-offer',
      id: 'OFFER-1',
      offerReference: reservation.offerReference,
      expiresAt: '2030-01-10T08:20:00.000Z',
      oneWay: false,
      validatingAirlineCodes: ['PW'],
      travelerPricings: [{ travelerId: '1', price: { currency: 'USD', total: '240.00' }, fareDetailsBySegment: [{ class: 'Y' }, { class: 'Y' }] }],
    });
    expect(offer.itineraries).toEqual([
      expect.objectContaining({ segments: [expect.objectContaining({ departure: expect.objectContaining({ iataCode: 'DAR', terminal: '3' }) })] }),
      expect.objectContaining({ segments: [expect.objectContaining({ arrival: expect.objectContaining({ iataCode: 'DAR', terminal: '3' }) })] }),
    ]);
    expect(data.customerReservation.tickets[1]).toMatchObject({
      uuid: tickets[1].uuid,
      reservationId: reservation.id,
      direction: 'RETURN',
      priceScope: 'PASSENGER_JOURNEY',
      boughtByUser: { uuid: 'acc-1', fullName: 'Amina Mushi', externalUserId: 'agent-user-7' },
      passengerDetails: { fullName: 'Amina Mushi', phoneNumber: '+255712345678' },
      issuanceStatus: 'TST_CREATED',
    });
    expect(offer.price).toMatchObject({ grandTotal: '252.00', walletSettlement: { debitTotal: '640000', rounding: { increment: '500' } } });
    expect(offer.price.otherCurrencies.map((c) => c.currency)).toEqual(['KES', 'TZS']);
    expect(offer.price.otherCurrencies[1].walletDebitTotal).toBeNull();
    expect(customer.travelers).toEqual([
      {
        id: '1',
        dateOfBirth: '1990-04-02',
        name: { firstName: 'Amina', lastName: 'Mushi' },
        fullName: 'Amina Mushi',
        gender: 'FEMALE',
        ageCategory: 'ADULT',
        contact: { emailAddress: 'amina@example.com', phones: [{ deviceType: 'MOBILE', countryCallingCode: '255', number: '712345678' }] },
        documents: [
          {
            documentType: 'PASSPORT',
            number: 'TZ1234567',
            expiryDate: '2034-01-01',
            nationality: 'TZ',
            issuanceCountry: 'TZ',
            validityCountry: 'TZ',
            holder: true,
          },
        ],
      },
    ]);

    expect(data.purchase.complete).toBe(true);
    expect(data.purchase.issuance).toMatchObject({ reservationId: reservation.id, status: 'ISSUED', bookingReference: 'SFB7K2QX' });
    expect(data.purchase.issuance.documents[0]).toMatchObject({
      status: 'ISSUED',
      ticketNumber: '0311234567890',
      documentId: 'DOC-1',
      providerElement: 'FA',
      issuedAt: '2030-01-10T08:10:00.000Z',
    });
    expect(data.purchase.issuance.recordLocators).toHaveLength(2);

    expect(data.cancellation).toEqual({
      complete: false,
      cancellation: {
        reservationId: reservation.id,
        state: 'REFUND_PENDING',
        paymentState: 'REFUND_PENDING',
        refundState: 'REFUND_PENDING',
        alreadyCancelled: false,
        ticketId: 'SFB7K2QX-1',
        bookingReference: 'SFB7K2QX',
        cancelledAt: NOW.toISOString(),
      },
    });
    expect(data.flightTickets[0]).toMatchObject({
      uuid: tickets[0].uuid,
      direction: 'RETURN',
      ticketNumber: null,
      priceScope: 'PASSENGER_JOURNEY',
      issuanceStatus: 'TST_CREATED',
      notificationPreferences: { allOtherTripNotification: null },
    });
    expect(data.issueSignal).toMatchObject({ complete: false, signaled: true, workflowId: 'wf-1', issuance: null, ticketUuids: tickets.map((t) => t.uuid) });
    expect(data.directIssue).toMatchObject({
      complete: true,
      issued: true,
      issuance: { status: 'ISSUED' },
      paymentRecovery: { state: 'ISSUED', finalizationIdempotent: true },
    });
  });

  it('lists otherCurrencies of the view price through the federated subgraph schema too', async () => {
    const federated = await buildFederatedSchema({ resolvers: [ReservationTypesProbe] });
    const result = await execute({ schema: federated, document: parse(`{ customerReservation { ${CUSTOMER_RESERVATION} } }`) });
    expect(result.errors).toBeUndefined();
    const price = (result.data as Pick<ProbeData, 'customerReservation'>).customerReservation.flightReservation.flightOffers[0].price;
    expect(price.otherCurrencies.map((c) => c.currency)).toEqual(['KES', 'TZS']);
  });

  it('declares what every reservation needs non-null and the rest nullable, with IntOrString gender and ageCategory', async () => {
    const printed = printType(schema.getType('FlightReservationInput')!);
    expect(printed).toMatch(/passengers: \[FlightPassengerInput!\]!\n/);
    expect(printed).toMatch(/offerReference: ID\n/);
    expect(printed).toMatch(/flightOfferReference: ID\n/);
    expect(printed).toMatch(/selectedOption: FlightFareOption\n/);
    expect(printed.match(/!\n/g)).toHaveLength(1);
    const passenger = printType(schema.getType('FlightPassengerInput')!);
    expect(passenger).toMatch(/gender: IntOrString\n/);
    expect(passenger).toMatch(/ageCategory: IntOrString!\n/);
    expect(passenger).toMatch(/firstName: String!\n/);
    expect(passenger).toMatch(/lastName: String!\n/);
    expect(passenger.match(/!\n/g)).toHaveLength(3);
    for (const name of ['FlightContactInput', 'NotificationPreferencesInput']) expect(printType(schema.getType(name)!)).not.toMatch(/!/);
    expect(printType(schema.getType('PriceAcceptanceInput')!).match(/!\n/g)).toHaveLength(3);
  });

  it('takes a reservation request in variables, gender and ageCategory as integers or strings', async () => {
    const input = {
      offerReference: reservation.offerReference,
      passengers: [
        { firstName: 'Amina', lastName: 'Mushi', gender: 1, ageCategory: 'ADT', email: 'amina@example.com', phoneNumber: '712345678', countryCode: '255' },
        { firstName: 'Baraka', lastName: 'Mushi', gender: 'M', ageCategory: 0, passportNumber: 'TZ7654321', documentType: 'P' },
      ],
      contact: { email: 'family@example.com', phoneNumber: '+255712345678', countryCode: '255' },
      selectedOption: 'FLEXIBLE_FARE',
      notifications: { ticketPurchase: false, allOtherTripNotification: true },
      priceAcceptance: { priceVersion: 'pv2', amount: '640500', currency: 'TZS' },
    };
    const ok = await execute({
      schema,
      document: parse('query ($input: FlightReservationInput) { reservationInput(input: $input) }'),
      variableValues: { input },
    });
    expect(ok.errors).toBeUndefined();
    const echoed = JSON.parse((ok.data as { reservationInput: string }).reservationInput) as {
      passengers: Array<{ gender: unknown; ageCategory: unknown }>;
      priceAcceptance: unknown;
    };
    expect(echoed.passengers.map((p) => [p.gender, p.ageCategory])).toEqual([
      [1, 'ADT'],
      ['M', 0],
    ]);
    expect(echoed.priceAcceptance).toEqual({ priceVersion: 'pv2', amount: '640500', currency: 'TZS' });

    const empty = validate(schema, parse('{ reservationInput(input: {}) }'));
    expect(empty[0].message).toMatch(/FlightReservationInput\.passengers" of required type "\[FlightPassengerInput!\]!" was not provided/);

    const bad = await execute({
      schema,
      document: parse('query ($input: FlightReservationInput) { reservationInput(input: $input) }'),
      variableValues: { input: { passengers: [{ firstName: 'A', lastName: 'B', ageCategory: 0, gender: 1.5 }] } },
    });
    expect(bad.errors?.[0].message).toMatch(/^Variable "\$input" got invalid value 1.5 at "input.passengers\[0\].gender"; IntOrString cannot represent 1.5/);
  });
});
