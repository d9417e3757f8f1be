import { randomUUID } from 'node:crypto';
import type { SupplierBooking, SupplierPricingRecord, SupplierTicketDocument } from '../supplier/flight-supplier.port';
import type { OfferView } from '../offers/offer.view';
import type { FlightReservation, FlightTicketRow, PricingRecord, RecordLocator, StoredPassenger, TicketDocument } from './reservation.types';
import type { AccountContact } from '../../../shared/auth/account-directory.port';

/** Ticket rows at TST time: one per passenger and itinerary, all EXPECTED until issued. */
export function buildTicketRows(r: FlightReservation, airportName: (code: string) => string): FlightTicketRow[] {
  const booking = r.supplierBooking!;
  const passengers = r.passengers ?? [];
  const perTraveler = new Map(r.supplierOffer.travelerPricings.map((t) => [t.travelerId, t.price]));
  return passengers.flatMap((p, index) => {
    const bookedTraveler = booking.travelers.find((t) => t.travelerId === p.travelerId);
    const passengerReference = bookedTraveler?.passengerReference ?? index + 1;
    const travelerPrice = perTraveler.get(p.travelerId);
    return r.supplierOffer.itineraries.map((itinerary, itineraryIndex): FlightTicketRow => {
      const first = itinerary.segments[0];
      const last = itinerary.segments[itinerary.segments.length - 1];
      return {
        uuid: randomUUID(),
        ticketId: `${r.bookingReference}-${p.travelerId}`,
        reservationId: r.id,
        bookingReference: r.bookingReference,
        paymentReference: r.paymentReference,
        travelerId: p.travelerId,
        passengerReference,
        itineraryIndex,
        direction: itineraryIndex === 0 ? 'OUTBOUND' : 'RETURN',
        departureDate: first.departure.at.slice(0, 10),
        departureTime: first.departure.at.slice(11, 16),
        fromCode: first.departure.iataCode,
        toCode: last.arrival.iataCode,
        from: airportName(first.departure.iataCode),
        to: airportName(last.arrival.iataCode),
        // PASSENGER_JOURNEY: the passenger's whole-journey total, repeated on each itinerary row.
        priceTotal: travelerPrice?.total ?? '0',
        priceCurrency: travelerPrice?.currency ?? r.supplierOffer.price.currency,
        providerSegmentReferences: booking.segments.filter((s) => s.itineraryIndex === itineraryIndex).map((s) => s.reference),
        ticketNumber: null,
        documentId: null,
        documentStatus: 'EXPECTED',
        providerDocumentElement: null,
        validatingCarrier: r.supplierOffer.validatingAirlineCodes[0] ?? null,
        tstReference: null,
        pricingRecordReference: null,
        coupons: [],
        issuedAt: null,
        status: r.status,
      };
    });
  });
}

export function toPricingRecords(records: SupplierPricingRecord[]): PricingRecord[] {
  return records.map((p) => ({
    reference: p.reference,
    passengerReferences: p.passengerReferences,
    segmentReferences: p.segmentReferences,
    tstReference: p.tstReference ?? null,
    status: p.status,
    supplierPrice: {
      currency: p.supplierPrice.currency,
      total: p.supplierPrice.total,
      base: p.supplierPrice.base,
      taxes: p.supplierPrice.taxes,
      validatingCarrier: p.supplierPrice.validatingCarrier,
      fareBasis: p.supplierPrice.fareBasis,
      bookingClasses: p.supplierPrice.bookingClasses,
      brands: [],
      taxDetails: p.supplierPrice.taxDetails,
      baggage: p.supplierPrice.baggage,
      fareRestrictions: [],
    },
  }));
}

/** Documents before issuance: one EXPECTED per traveler, tied to its pricing record. */
export function expectedDocuments(booking: SupplierBooking, records: SupplierPricingRecord[]): TicketDocument[] {
  return booking.travelers.map((t) => {
    const record = records.find((p) => p.passengerReferences.includes(t.passengerReference));
    return {
      travelerId: t.travelerId,
      passengerReference: t.passengerReference,
      status: 'EXPECTED',
      pricingRecordReference: record?.reference ?? null,
      segmentReferences: record?.segmentReferences ?? [],
      tstReference: record?.tstReference ?? null,
      validatingCarrier: record?.supplierPrice.validatingCarrier ?? null,
    };
  });
}

export function toDocuments(docs: SupplierTicketDocument[]): TicketDocument[] {
  return docs.map((d) => ({
    travelerId: d.travelerId,
    passengerReference: d.passengerReference,
    status: d.status,
    documentId: d.documentId ?? null,
    pricingRecordReference: d.pricingRecordReference,
    segmentReferences: d.segmentReferences,
    tstReference: d.tstReference ?? null,
    ticketNumber: d.ticketNumber ?? null,
    providerElement: d.providerElement ?? null,
    validatingCarrier: d.validatingCarrier,
    issuedAt: d.issuedAt ?? null,
  }));
}

/** Locators as observed: first seen when the PNR was created, last seen at the latest supplier exchange. */
export function recordLocatorsOf(r: FlightReservation): RecordLocator[] {
  const booking = r.supplierBooking;
  if (!booking) return [];
  const first = new Date(booking.createdAt).toISOString();
  const last = r.updatedAt.toISOString();
  return booking.recordLocators.map((l) => ({ ...l, firstObservedAt: first, lastObservedAt: last < first ? first : last }) as RecordLocator);
}

function secondsLeft(r: FlightReservation, now: Date): number {
  return r.paymentDeadlineAt ? Math.max(0, Math.floor((r.paymentDeadlineAt.getTime() - now.getTime()) / 1000)) : 0;
}

/** tickets[] of the reserve responses: one item per ticket row. */
export function ticketSummaries(r: FlightReservation, tickets: FlightTicketRow[]) {
  const names = new Map((r.passengers ?? []).map((p) => [p.travelerId, `${p.firstName} ${p.lastName}`]));
  return tickets.map((t) => ({
    ticketId: t.ticketId,
    bookingReference: t.bookingReference,
    paymentReference: t.paymentReference,
    departureDate: t.departureDate,
    departureTime: t.departureTime,
    from: t.from,
    to: t.to,
    price: { total: t.priceTotal, currency: t.priceCurrency },
    passengerSummary: { fullName: names.get(t.travelerId) ?? '' },
    paymentDeadlineAt: r.paymentDeadlineAt?.toISOString() ?? null,
  }));
}

/** The agent reserve answer (REST 201 of POST /api/flight/reserve/agent). */
export type AgentReservationView = ReturnType<typeof agentReservationView>;
/** The customer reserve answer: flight tickets and the reservation with its offer. */
export type CustomerReservationView = ReturnType<typeof customerReservationView>;
/** The issuance answer of purchase, issue signal and direct issuance. */
export type IssuanceView = ReturnType<typeof issuanceView>;
/** One flight ticket (OpenAPI `FlightTicket`). */
export type FlightTicketView = ReturnType<typeof flightTicketView>;
/** One row of the agent answer's tickets[]. */
export type TicketSummaryView = ReturnType<typeof ticketSummaries>[number];

export function agentReservationView(r: FlightReservation, tickets: FlightTicketRow[], now: Date, publicBaseUrl: string) {
  const ticketIds = [...new Set(tickets.map((t) => t.ticketId))];
  return {
    reservation: {
      id: r.id,
      reservationId: r.id,
      bookingReference: r.bookingReference,
      paymentReference: r.paymentReference,
      status: r.status,
      paymentDeadlineAt: r.paymentDeadlineAt?.toISOString() ?? null,
      paymentTimeLimitInSeconds: secondsLeft(r, now),
      expiresAt: (r.paymentDeadlineAt ?? r.offerExpiresAt).toISOString(),
      ticketIds,
      verifyUrl: `${publicBaseUrl}/api/flight/tickets?ticketId=${encodeURIComponent(ticketIds[0] ?? r.bookingReference)}`,
      priceVersion: r.priceVersion,
      pricingRecords: r.pricingRecords ?? [],
      documents: r.documents ?? [],
      recordLocators: recordLocatorsOf(r),
      associatedRecords: r.supplierBooking?.associatedRecords ?? [],
    },
    tickets: ticketSummaries(r, tickets),
  };
}

/** The account that booked, as a flight ticket names its buyer. */
export type TicketBuyer = { id: string; full_name: string; email: string } | undefined;

/** The buyer of a ticket from the account directory's answer (AccountDirectory.contactOf). */
export function ticketBuyer(contact: AccountContact | null): TicketBuyer {
  return contact ? { id: contact.id, full_name: contact.fullName, email: contact.email } : undefined;
}

/**
 * The customer reservation answer: tickets[] are flight tickets (OpenAPI `FlightTicket`), and flightOffers[] the
 * full offer as reserved (OpenAPI `FlightOffer`) with its current authoritative price.
 */
export function customerReservationView(r: FlightReservation, tickets: FlightTicketRow[], now: Date, offer: OfferView, buyer: TicketBuyer) {
  return {
    tickets: tickets.map((t) => flightTicketView(r, t, buyer)),
    flightReservation: {
      id: r.id,
      reservationId: r.id,
      status: r.status,
      expiresAt: (r.paymentDeadlineAt ?? r.offerExpiresAt).toISOString(),
      paymentTimeLimitInSeconds: secondsLeft(r, now),
      priceVersion: r.priceVersion,
      associatedRecords: r.supplierBooking?.associatedRecords ?? [],
      recordLocators: recordLocatorsOf(r),
      flightOffers: [{ ...offer, offerReference: r.offerReference, expiresAt: r.offerExpiresAt, price: r.price }],
      travelers: (r.passengers ?? []).map(travelerView),
      pricingRecords: r.pricingRecords ?? [],
      documents: r.documents ?? [],
    },
  };
}

function travelerView(p: StoredPassenger) {
  const match = /^\+(\d{1,3})(\d+)$/.exec(p.phone);
  return {
    id: p.travelerId,
    dateOfBirth: p.dateOfBirth,
    name: { firstName: p.firstName, lastName: p.lastName },
    fullName: `${p.firstName} ${p.lastName}`,
    gender: p.gender === 'MALE' || p.gender === 'FEMALE' ? p.gender : null,
    ageCategory: p.ageCategory,
    contact: {
      emailAddress: p.email,
      phones: [
        {
          deviceType: 'MOBILE',
          countryCallingCode: (p as { phoneCountryCallingCode?: string }).phoneCountryCallingCode ?? match?.[1] ?? '',
          number: (p as { phoneNationalNumber?: string }).phoneNationalNumber ?? match?.[2] ?? p.phone,
        },
      ],
    },
    documents: p.document
      ? [
          {
            documentType: p.document.type,
            number: p.document.number,
            expiryDate: p.document.expiryDate,
            nationality: p.document.nationality,
            issuanceCountry: p.document.issuingCountry,
            validityCountry: p.document.issuingCountry,
            holder: true,
          },
        ]
      : [],
  };
}

/** The issuance response: status and every document. */
export function issuanceView(r: FlightReservation) {
  return {
    reservationId: r.id,
    status: r.status,
    documents: r.documents ?? [],
    bookingReference: r.bookingReference,
    recordLocators: recordLocatorsOf(r),
  };
}

/** One flight ticket (OpenAPI `FlightTicket`): GET /api/flight/tickets and the customer reservation answer. */
export function flightTicketView(r: FlightReservation, t: FlightTicketRow, buyer: TicketBuyer) {
  const passenger = r.passengers?.find((p) => p.travelerId === t.travelerId);
  return {
    uuid: t.uuid,
    ticketId: t.ticketId,
    bookingReference: t.bookingReference,
    paymentReference: t.paymentReference,
    reservationId: r.id,
    externalUserId: r.externalUserId,
    recordLocators: recordLocatorsOf(r),
    providerSystem: 'GDS',
    providerOfficeId: 'DARTZ2100',
    lastProviderSyncAt: r.updatedAt.toISOString(),
    issuedAt: t.issuedAt,
    travelerId: t.travelerId,
    passengerReference: t.passengerReference,
    tstReference: t.tstReference,
    pricingRecordReference: t.pricingRecordReference,
    itineraryIndex: t.itineraryIndex,
    direction: t.direction,
    providerSegmentReferences: t.providerSegmentReferences,
    documentId: t.documentId,
    ticketNumber: t.ticketNumber,
    documentStatus: t.documentStatus,
    validatingCarrier: t.validatingCarrier,
    providerDocumentElement: t.providerDocumentElement,
    coupons: t.coupons,
    departureDate: t.departureDate,
    departureTime: t.departureTime,
    from: t.from,
    to: t.to,
    price: { total: t.priceTotal, currency: t.priceCurrency },
    priceScope: 'PASSENGER_JOURNEY',
    boughtByUser: { uuid: r.accountId, fullName: buyer?.full_name ?? null, email: buyer?.email ?? null, externalUserId: r.externalUserId },
    passengerDetails: passenger
      ? {
          fullName: `${passenger.firstName} ${passenger.lastName}`,
          firstName: passenger.firstName,
          lastName: passenger.lastName,
          email: passenger.email,
          phoneNumber: passenger.phone,
        }
      : null,
    notificationPreferences: {
      ticketPurchase: r.notifications.ticketPurchase !== false,
      allOtherTripNotification: r.notifications.allOtherTripNotification !== false,
      serviceAccountCreation: r.notifications.serviceAccountCreation !== false,
    },
    status: t.status,
    issuanceStatus: r.status,
  };
}
