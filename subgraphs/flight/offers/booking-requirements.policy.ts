import type { SupplierOffer } from '../supplier/flight-supplier.port';

/**
 * OpenAPI `FlightBookingRequirements`: what must be collected per traveler for an offer. Domestic
 * itineraries need no document, and adults need no date of birth or gender there; children
 * and infants always need a date of birth (age category is checked against it); any border
 * crossing needs the full travel document. Some carriers ask for more than the itinerary rule
 * (CARRIER_OVERRIDE); the supplier may escalate at booking time (PROVIDER_ESCALATION).
 */

export interface TravelerRequirement {
  travelerId: string;
  travelerType: 'ADULT' | 'CHILD' | 'INFANT';
  firstNameRequired: boolean;
  lastNameRequired: boolean;
  dateOfBirthRequired: boolean;
  genderRequired: boolean;
  documentRequired: boolean;
  documentTypeRequired: boolean;
  documentNumberRequired: boolean;
  documentExpiryDateRequired: boolean;
  documentIssuingCountryRequired: boolean;
  nationalityRequired: boolean;
}

export interface BookingRequirements {
  profileVersion: number;
  journeyType: 'DOMESTIC' | 'INTERNATIONAL';
  domesticCountryCode: string | null;
  operatingCarrierCodes: string[];
  source: 'ITINERARY_DEFAULT' | 'CARRIER_OVERRIDE' | 'PROVIDER_ESCALATION';
  providerRequiredFields: string[];
  emailAddressRequired: boolean;
  phoneCountryCodeRequired: boolean;
  mobilePhoneNumberRequired: boolean;
  phoneNumberRequired: boolean;
  travelerRequirements: TravelerRequirement[];
}

/** Carriers that want the travel document even on domestic flights (their own policy). */
export const DOCUMENT_ALWAYS_CARRIERS: ReadonlySet<string> = new Set(['ET']);

/** The reservation fields each requirement maps to (OpenAPI `FlightTravelerRequirement` to `FlightReservationPassenger`). */
export const REQUIREMENT_FIELDS: ReadonlyArray<[keyof TravelerRequirement, string]> = [
  ['firstNameRequired', 'firstName'],
  ['lastNameRequired', 'lastName'],
  ['dateOfBirthRequired', 'dateOfBirth'],
  ['genderRequired', 'gender'],
  ['documentTypeRequired', 'documentType'],
  ['documentNumberRequired', 'passportNumber'],
  ['documentExpiryDateRequired', 'passportExpiryDate'],
  ['documentIssuingCountryRequired', 'documentIssuingCountry'],
  ['nationalityRequired', 'nationality'],
];

export function bookingRequirementsFor(offer: SupplierOffer, countryOf: (iata: string) => string | undefined): BookingRequirements {
  const airports = offer.itineraries.flatMap((i) => i.segments.flatMap((s) => [s.departure.iataCode, s.arrival.iataCode]));
  const countries = new Set(airports.map((code) => countryOf(code) ?? `?${code}`));
  const domestic = countries.size === 1 && ![...countries][0].startsWith('?');
  const operatingCarrierCodes = [...new Set(offer.itineraries.flatMap((i) => i.segments.map((s) => s.operatingCarrierCode)))].sort();
  // The supplier's own word (Duffel's passenger_identity_documents_required) overrides the itinerary rule too.
  const override = domestic && (offer.documentsRequired === true || operatingCarrierCodes.some((c) => DOCUMENT_ALWAYS_CARRIERS.has(c)));
  const needsDocument = !domestic || override;

  const travelerRequirements = offer.travelerPricings.map((t): TravelerRequirement => {
    const travelerType = t.travelerType === 'HELD_INFANT' ? 'INFANT' : t.travelerType;
    const minor = travelerType !== 'ADULT';
    return {
      travelerId: t.travelerId,
      travelerType,
      firstNameRequired: true,
      lastNameRequired: true,
      dateOfBirthRequired: needsDocument || minor,
      genderRequired: needsDocument,
      documentRequired: needsDocument,
      documentTypeRequired: needsDocument,
      documentNumberRequired: needsDocument,
      documentExpiryDateRequired: needsDocument,
      documentIssuingCountryRequired: needsDocument,
      nationalityRequired: needsDocument,
    };
  });
  return {
    profileVersion: 1,
    journeyType: domestic ? 'DOMESTIC' : 'INTERNATIONAL',
    domesticCountryCode: domestic ? [...countries][0] : null,
    operatingCarrierCodes,
    source: override ? 'CARRIER_OVERRIDE' : 'ITINERARY_DEFAULT',
    providerRequiredFields: needsDocument ? ['passportNumber', 'passportExpiryDate', 'documentIssuingCountry', 'nationality'] : [],
    emailAddressRequired: true,
    phoneCountryCodeRequired: true,
    mobilePhoneNumberRequired: true,
    phoneNumberRequired: true,
    travelerRequirements,
  };
}

/**
 * The requirements after the supplier asked for more at booking time: the listed fields become
 * required for the listed travelers, and the profile version moves on so clients notice.
 */
export function escalate(base: BookingRequirements, fields: Array<{ travelerId: string; field: string }>, version: number): BookingRequirements {
  const byField = new Map(REQUIREMENT_FIELDS.map(([flag, field]) => [field, flag]));
  return {
    ...base,
    profileVersion: version,
    source: 'PROVIDER_ESCALATION',
    providerRequiredFields: [...new Set([...base.providerRequiredFields, ...fields.map((f) => f.field)])],
    travelerRequirements: base.travelerRequirements.map((t) => {
      const next = { ...t };
      for (const f of fields.filter((x) => x.travelerId === t.travelerId)) {
        const flag = byField.get(f.field);
        if (flag) (next as Record<string, unknown>)[flag] = true;
        if (flag && flag.startsWith('document')) next.documentRequired = true;
      }
      return next;
    }),
  };
}
