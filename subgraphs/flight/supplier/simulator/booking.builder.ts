import {
  SupplierError,
  type SupplierBookedSegment,
  type SupplierBooking,
  type SupplierOffer,
  type SupplierPricingRecord,
  type SupplierRecordLocator,
  type SupplierRequiredField,
  type SupplierTicketDocument,
  type SupplierTraveler,
  type SupplierTravelerField,
  type TravelerType,
} from '../flight-supplier.port';
import { cents, mergeTaxes, usd, type Tax } from './fares.calculator';
import { digits, locator } from './hash.calculator';
import { CARRIERS } from './routes.data';

/** A new PNR for the offer as sold; `airlineLocator` gives each carrier's own locator. */
export function newBooking(input: {
  pnr: string;
  offer: SupplierOffer;
  travelers: SupplierTraveler[];
  createdAt: string;
  airlineLocator: (carrier: string) => string;
}): SupplierBooking {
  const { pnr, offer, createdAt } = input;
  const segments: SupplierBookedSegment[] = [];
  offer.itineraries.forEach((itinerary, itineraryIndex) => {
    for (const s of itinerary.segments) {
      const fare = offer.travelerPricings[0].fareDetailsBySegment.find((d) => d.segmentId === s.id);
      segments.push({
        reference: segments.length + 1,
        itineraryIndex,
        segmentId: s.id,
        carrierCode: s.carrierCode,
        number: s.number,
        departure: { ...s.departure },
        arrival: { ...s.arrival },
        cabin: s.cabin,
        bookingClass: fare?.class ?? 'Y',
        status: 'CONFIRMED',
      });
    }
  });
  const carriers = [...new Set(segments.map((s) => s.carrierCode))];
  const recordLocators: SupplierRecordLocator[] = [
    { controlNumber: pnr, type: 'GDS', scope: 'PNR', segmentReferences: segments.map((s) => s.reference) },
    ...carriers.map((carrier) => ({
      controlNumber: input.airlineLocator(carrier),
      type: 'AIRLINE' as const,
      scope: 'SEGMENT' as const,
      companyId: carrier,
      segmentReferences: segments.filter((s) => s.carrierCode === carrier).map((s) => s.reference),
    })),
  ];
  return {
    pnr,
    status: 'CONFIRMED',
    offer,
    recordLocators,
    associatedRecords: recordLocators.map((l) => ({
      reference: l.controlNumber,
      creationDate: createdAt,
      originSystemCode: l.type === 'GDS' ? 'GDS' : l.companyId!,
      flightOfferId: offer.id,
    })),
    segments,
    travelers: input.travelers.map((t, i) => ({ ...t, passengerReference: i + 1 })),
    pricingRecords: [],
    documents: [],
    createdAt,
    cancelledAt: null,
  };
}

/** Draws for an airline locator that differs from the PNR (each equals it about once in 1.5 billion). */
const AIRLINE_LOCATOR_ATTEMPTS = 5;

/** A locator for a carrier that differs from the PNR (they are separate systems' numbers). */
export function airlineLocatorFor(pnr: string, carrier: string): string {
  for (let salt = 0; salt < AIRLINE_LOCATOR_ATTEMPTS; salt += 1) {
    const code = locator(`${pnr}|${carrier}|${salt}`);
    if (code !== pnr) return code;
  }
  throw new SupplierError('RESERVATION_FAILED', `Could not allocate a ${carrier} locator different from PNR ${pnr}`, false);
}

const NEEDED_DOCUMENT_FIELDS: Array<[SupplierTravelerField, string]> = [
  ['document.type', 'Travel document type required by the airline (APIS)'],
  ['document.number', 'Passport number required by the airline (APIS)'],
  ['document.expiryDate', 'Passport expiry date required by the airline (APIS)'],
  ['document.issuingCountry', 'Passport issuing country required by the airline (APIS)'],
  ['document.nationality', 'Nationality required by the airline (APIS)'],
];

/** The fields an airline demanding full APIS data still lacks, per traveler. */
export function missingApisFields(travelers: SupplierTraveler[]): SupplierRequiredField[] {
  const fields: SupplierRequiredField[] = [];
  for (const t of travelers) {
    if (!t.dateOfBirth) fields.push({ travelerId: t.travelerId, field: 'dateOfBirth', message: 'Date of birth required by the airline (APIS)' });
    for (const [field, message] of NEEDED_DOCUMENT_FIELDS) {
      const key = field.slice('document.'.length) as keyof NonNullable<SupplierTraveler['document']>;
      if (!t.document?.[key]) fields.push({ travelerId: t.travelerId, field, message });
    }
  }
  return fields;
}

const TYPE_ORDER: TravelerType[] = ['ADULT', 'CHILD', 'HELD_INFANT'];

/** One TST per passenger type, as a GDS stores fares; `taxesByType` are one traveler's taxes. */
export function pricingRecordsFor(booking: SupplierBooking, taxesByType: Record<TravelerType, Tax[]>, failed: boolean): SupplierPricingRecord[] {
  const segmentReferences = booking.segments.map((s) => s.reference);
  const validatingCarrier = booking.offer.validatingAirlineCodes[0];
  const records: SupplierPricingRecord[] = [];
  for (const type of TYPE_ORDER) {
    const travelers = booking.travelers.filter((t) => t.type === type);
    if (travelers.length === 0) continue;
    const pricings = travelers.map((t) => booking.offer.travelerPricings.find((p) => p.travelerId === t.travelerId)!);
    const total = pricings.reduce((sum, p) => sum + cents(p.price.total), 0);
    const base = pricings.reduce((sum, p) => sum + cents(p.price.base), 0);
    const details = pricings[0].fareDetailsBySegment;
    const reference = records.length + 1;
    records.push({
      reference,
      passengerReferences: travelers.map((t) => t.passengerReference),
      segmentReferences,
      ...(failed ? {} : { tstReference: reference }),
      travelerType: type,
      supplierPrice: {
        currency: 'USD',
        total: usd(total),
        base: usd(base),
        taxes: usd(total - base),
        taxDetails: mergeTaxes(taxesByType[type], travelers.length).map((t) => ({
          amount: usd(t.cents),
          currency: 'USD',
          code: t.code,
          countryCode: t.countryCode,
        })),
        validatingCarrier,
        fareBasis: details.map((d) => d.fareBasis),
        bookingClasses: details.map((d) => d.class),
        baggage: details.map((d) => `${d.includedCheckedBags.quantity}PC`),
      },
      status: failed ? 'FAILED' : 'TST_CREATED',
    });
  }
  return records;
}

/** A traveler's document before issuance. */
export function expectedDocument(booking: SupplierBooking, passengerReference: number): SupplierTicketDocument {
  const traveler = booking.travelers.find((t) => t.passengerReference === passengerReference)!;
  const record = booking.pricingRecords.find((r) => r.passengerReferences.includes(passengerReference))!;
  const segmentReferences = booking.segments.map((s) => s.reference);
  return {
    travelerId: traveler.travelerId,
    passengerReference,
    status: 'EXPECTED',
    validatingCarrier: record.supplierPrice.validatingCarrier,
    pricingRecordReference: record.reference,
    tstReference: record.tstReference,
    segmentReferences,
    coupons: [],
  };
}

/** Candidate 13-digit ticket number (airline prefix + 10 digits); `attempt` moves past a number already used. */
export function ticketNumberFor(validatingCarrier: string, pnr: string, passengerReference: number, attempt: number): string {
  const prefix = CARRIERS[validatingCarrier]?.ticketPrefix ?? '999';
  return `${prefix}${digits(`${pnr}|${passengerReference}|${attempt}`, 10)}`;
}

export function issue(document: SupplierTicketDocument, ticketNumber: string, issuedAt: string): SupplierTicketDocument {
  return {
    ...document,
    status: 'ISSUED',
    ticketNumber,
    documentId: `${ticketNumber.slice(0, 3)}-${ticketNumber.slice(3)}`,
    providerElement: 'FA',
    issuedAt,
    coupons: document.segmentReferences.map((segmentReference) => ({ segmentReference, status: 'OPEN' })),
  };
}
