import { REQUIREMENT_FIELDS, type BookingRequirements, type TravelerRequirement } from '../offers/booking-requirements.policy';
import { ageOn, isCalendarDate } from '../../../shared/time/calendar-date.calculator';
import {
  ageMismatch,
  isAbsent,
  isAfter,
  isBefore,
  NOUNS,
  parseAgeCategory,
  parseCountryCode,
  parseCountryName,
  parseDate,
  parseDocumentNumber,
  parseDocumentType,
  parseGender,
  parseName,
  resolveContact,
  type AgeCategory,
  type ContactInput,
  type DocumentType,
  type Gender,
  type PassengerInput,
  type Parsed,
} from './passenger-fields.validator';

export type { AgeCategory, ContactInput, DocumentType, Gender, PassengerInput } from './passenger-fields.validator';

/**
 * Reservation passengers (OpenAPI `FlightReservationPassenger`, `FlightReservationRequest`,
 * POST /api/flight/reserve/agent rules 2, 3, 8): checked against the offer's travelers and
 * booking requirements, normalized for the supplier. Pure: the caller supplies the dates.
 * Every problem is collected, because the client corrects every listed value and resends.
 */

export interface OfferTraveler {
  travelerId: string;
  travelerType: 'ADULT' | 'CHILD' | 'HELD_INFANT';
}

export interface ValidatedDocument {
  type: DocumentType;
  number: string;
  expiryDate: string;
  issuedDate: string | null;
  issuingCountry: string;
  nationality: string;
}

export interface ValidatedPassenger {
  travelerId: string;
  ageCategory: AgeCategory;
  firstName: string;
  lastName: string;
  email: string;
  /** E.164, e.g. +255712345678. */
  phone: string;
  /** Without "+", e.g. "255". */
  phoneCountryCallingCode: string;
  phoneNationalNumber: string;
  dateOfBirth: string | null;
  gender: Gender | null;
  document: ValidatedDocument | null;
  nationality: string | null;
  nationalityCountry: string | null;
  countryCodeName: string | null;
}

export interface FieldProblem {
  /** The offer's travelerId; the 1-based position when unmatched; "*" for the whole request. */
  travelerId: string;
  /** The request's field name; "contact.<field>" when the bad value came from contact. */
  field: string;
  message: string;
}

export interface PassengerValidationInput {
  passengers: unknown;
  contact?: unknown;
  /** The offer's travelerPricings, in order. */
  travelers: OfferTraveler[];
  requirements: BookingRequirements;
  firstTravelDate: string;
  lastTravelDate: string;
  finalArrivalDate: string;
  today: string;
}

export type PassengerValidationResult = { ok: true; passengers: ValidatedPassenger[] } | { ok: false; fields: FieldProblem[] };

type Field = keyof PassengerInput;

/**
 * The most travelers any offer has: a search allows 9 seats (adults and children) and one infant
 * on each adult's lap. A longer list is refused before any passenger is read, so the answer stays
 * one problem long whatever the client sent.
 */
export const MAX_PASSENGERS = 18;

const CATEGORY_ORDER: AgeCategory[] = ['ADULT', 'CHILD', 'INFANT'];
const DOCUMENT_TRIGGERS: Field[] = ['documentType', 'passportNumber', 'passportExpiryDate', 'passportIssuedDate', 'documentIssuingCountry'];
/** What SupplierTravelerDocument needs: a partial document is useless to the airline. */
const DOCUMENT_COMPLETE: Field[] = ['documentType', 'passportNumber', 'passportExpiryDate', 'documentIssuingCountry', 'nationality'];
const ALWAYS_REQUIRED: Field[] = ['firstName', 'lastName', 'ageCategory'];
const NAMES_ONLY: Omit<TravelerRequirement, 'travelerId' | 'travelerType'> = {
  firstNameRequired: true,
  lastNameRequired: true,
  dateOfBirthRequired: false,
  genderRequired: false,
  documentRequired: false,
  documentTypeRequired: false,
  documentNumberRequired: false,
  documentExpiryDateRequired: false,
  documentIssuingCountryRequired: false,
  nationalityRequired: false,
};

const categoryOf = (t: OfferTraveler): AgeCategory => (t.travelerType === 'HELD_INFANT' ? 'INFANT' : t.travelerType);
const count = (n: number, c: AgeCategory) => `${n} ${NOUNS[c][n === 1 ? 0 : 1]}`;
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export function validatePassengers(input: PassengerValidationInput): PassengerValidationResult {
  for (const key of ['firstTravelDate', 'lastTravelDate', 'finalArrivalDate', 'today'] as const) {
    // Server-supplied: a bad one is a programming error, not something the client can fix.
    if (!isCalendarDate(input[key])) throw new RangeError(`validatePassengers: ${key} "${input[key]}" is not a YYYY-MM-DD date`);
  }
  const problems: FieldProblem[] = [];
  let contact: ContactInput | null = null;
  if (isObject(input.contact)) contact = input.contact;
  else if (input.contact !== undefined && input.contact !== null) problems.push({ travelerId: '*', field: 'contact', message: 'must be an object' });

  if (!Array.isArray(input.passengers) || input.passengers.length === 0) {
    problems.push({ travelerId: '*', field: 'passengers', message: 'must be a non-empty array of passengers, one per traveler in the offer' });
    return { ok: false, fields: problems };
  }
  if (input.passengers.length > MAX_PASSENGERS) {
    const message = `at most ${MAX_PASSENGERS} passengers per reservation (9 seats and one infant on each adult lap); ${input.passengers.length} were given`;
    return { ok: false, fields: [{ travelerId: '*', field: 'passengers', message }] };
  }
  const raws = input.passengers.map((p) => (isObject(p) ? (p as PassengerInput) : null));
  const categories = raws.map((r) => {
    const parsed = r ? parseAgeCategory(r.ageCategory) : null;
    return parsed && 'value' in parsed ? parsed.value : null;
  });
  const matched = matchTravelers(categories, input.travelers);
  raws.forEach((raw, i) => {
    if (!raw) problems.push({ travelerId: String(i + 1), field: 'passengers', message: `passenger ${i + 1} must be an object` });
  });
  problems.push(...matched.problems);

  const validated: ValidatedPassenger[] = [];
  raws.forEach((raw, i) => {
    if (!raw) return;
    const travelerId = matched.ids[i] ?? String(i + 1);
    const requirement = requirementFor(input.requirements, matched.ids[i], categories[i]);
    const one = validateOne(raw, travelerId, requirement, contact, input);
    problems.push(...one.problems.map((p) => ({ travelerId, ...p })));
    if (one.passenger && matched.ids[i]) validated.push(one.passenger);
  });

  const adults = categories.filter((c) => c === 'ADULT').length;
  const infantIndexes = categories.flatMap((c, i) => (c === 'INFANT' ? [i] : []));
  if (infantIndexes.length > adults) {
    const first = infantIndexes[adults];
    problems.push({
      travelerId: matched.ids[first] ?? String(first + 1),
      field: 'passengers',
      message: `each infant travels on an adult's lap: ${count(infantIndexes.length, 'INFANT')} but ${count(adults, 'ADULT')}`,
    });
  }

  if (problems.length > 0) return { ok: false, fields: dedupeContactProblems(problems) };
  // The offer's order, so passengers line up with travelerPricings for the supplier.
  const order = new Map(input.travelers.map((t, i) => [t.travelerId, i]));
  return { ok: true, passengers: validated.sort((a, b) => order.get(a.travelerId)! - order.get(b.travelerId)!) };
}

/**
 * Within each category, passengers in request order fill the offer's travelers in offer order,
 * so clients may list categories in any order. Count problems are reported per category only
 * when every passenger has a usable category; otherwise the ageCategory problems say enough.
 */
function matchTravelers(categories: Array<AgeCategory | null>, travelers: OfferTraveler[]): { ids: Array<string | null>; problems: FieldProblem[] } {
  const ids: Array<string | null> = categories.map(() => null);
  const problems: FieldProblem[] = [];
  const allKnown = categories.every((c) => c !== null);
  for (const category of CATEGORY_ORDER) {
    const slots = travelers.filter((t) => categoryOf(t) === category);
    const given = categories.flatMap((c, i) => (c === category ? [i] : []));
    given.forEach((passengerIndex, k) => {
      if (k < slots.length) ids[passengerIndex] = slots[k].travelerId;
    });
    if (allKnown && given.length !== slots.length) {
      const travelerId = given.length < slots.length ? slots[given.length].travelerId : String(given[slots.length] + 1);
      problems.push({
        travelerId,
        field: 'passengers',
        message: `the offer is for ${count(slots.length, category)} but ${count(given.length, category)} ${given.length === 1 ? 'was' : 'were'} given; passengers must match the searched travelers`,
      });
    }
  }
  if (!allKnown && categories.length !== travelers.length) {
    problems.push({
      travelerId: '*',
      field: 'passengers',
      message: `the offer is for ${travelers.length} travelers but ${categories.length} passengers were given`,
    });
  }
  return { ids, problems };
}

function requirementFor(requirements: BookingRequirements, travelerId: string | null, category: AgeCategory | null): typeof NAMES_ONLY {
  const all = requirements.travelerRequirements;
  // An unmatched passenger is still checked as its category would be, so one resend fixes all.
  return (
    (travelerId !== null ? all.find((r) => r.travelerId === travelerId) : undefined) ??
    (category !== null ? all.find((r) => r.travelerType === category) : undefined) ??
    NAMES_ONLY
  );
}

type Context = Pick<PassengerValidationInput, 'requirements' | 'firstTravelDate' | 'lastTravelDate' | 'finalArrivalDate' | 'today'>;

function validateOne(
  raw: PassengerInput,
  travelerId: string,
  requirement: typeof NAMES_ONLY,
  contact: ContactInput | null,
  ctx: Context,
): { problems: Array<{ field: string; message: string }>; passenger: ValidatedPassenger | null } {
  const problems: Array<{ field: string; message: string }> = [];
  const add: AddProblem = (field, message) => problems.push({ field, message });
  // The fields are read in this order, so the problems are listed in it.
  const take = fieldReader(raw, requirement, add);
  const { firstName, lastName, ageCategory, dateOfBirth } = takeIdentity(take, add, ctx);
  const gender = take('gender', parseGender);
  const { document, nationality } = takeDocument(take, add, ctx);
  const nationalityCountry = take('nationalityCountry', parseCountryName);
  const countryCodeName = take('countryCodeName', parseCountryName);

  const contactValues = resolveContact(raw, contact, ctx.requirements.mobilePhoneNumberRequired);
  problems.push(...contactValues.problems);

  if (problems.length > 0 || !firstName || !lastName || !ageCategory || !contactValues.email || !contactValues.phone) {
    return { problems, passenger: null };
  }
  const { email, phone } = contactValues;
  return {
    problems,
    passenger: {
      travelerId,
      ageCategory,
      firstName,
      lastName,
      email,
      phone: phone.e164,
      phoneCountryCallingCode: phone.callingCode,
      phoneNationalNumber: phone.nationalNumber,
      dateOfBirth,
      gender,
      document,
      nationality,
      nationalityCountry,
      countryCodeName,
    },
  };
}

type AddProblem = (field: string, message: string) => void;
type TakeField = <T>(field: Field, parse: (v: unknown) => Parsed<T>) => T | null;

/** Reads one field: its parsed value, or null with a problem when it is bad, or absent while required. */
function fieldReader(raw: PassengerInput, requirement: typeof NAMES_ONLY, add: AddProblem): TakeField {
  const flagged = new Set<string>(REQUIREMENT_FIELDS.filter(([flag]) => requirement[flag as keyof typeof NAMES_ONLY] === true).map(([, f]) => f));
  const documentGiven = DOCUMENT_TRIGGERS.some((f) => !isAbsent(raw[f]));
  const whyRequired = (field: Field): string | null => {
    if (ALWAYS_REQUIRED.includes(field)) return 'is required';
    if (flagged.has(field)) return 'is required for this itinerary';
    if (DOCUMENT_COMPLETE.includes(field) && requirement.documentRequired) return 'is required for this itinerary';
    if (DOCUMENT_COMPLETE.includes(field) && documentGiven) return 'is required to complete the travel document (other document fields were given)';
    return null;
  };
  return <T>(field: Field, parse: (v: unknown) => Parsed<T>): T | null => {
    if (isAbsent(raw[field])) {
      const why = whyRequired(field);
      if (why) add(field, why);
      return null;
    }
    const parsed = parse(raw[field]);
    if ('error' in parsed) {
      add(field, parsed.error);
      return null;
    }
    return parsed.value;
  };
}

/** Names, age category and date of birth, which must agree with the category on every travel date. */
function takeIdentity(take: TakeField, add: AddProblem, ctx: Context) {
  const firstName = take('firstName', parseName);
  const lastName = take('lastName', parseName);
  const ageCategory = take('ageCategory', parseAgeCategory);
  let dateOfBirth = take('dateOfBirth', parseDate);
  if (dateOfBirth !== null) {
    if (isAfter(dateOfBirth, ctx.today)) {
      add('dateOfBirth', `${dateOfBirth} is in the future`);
      dateOfBirth = null;
    } else if (ageOn(dateOfBirth, ctx.firstTravelDate) > 120) {
      add('dateOfBirth', `${dateOfBirth} makes the passenger older than 120; check the year`);
      dateOfBirth = null;
    }
  }
  if (ageCategory !== null && dateOfBirth !== null) {
    const mismatch = ageMismatch(ageCategory, dateOfBirth, ctx.firstTravelDate, ctx.lastTravelDate);
    if (mismatch) add('ageCategory', mismatch);
  }
  return { firstName, lastName, ageCategory, dateOfBirth };
}

/** The travel document, valid through the final arrival; null unless every part of it is there and good. */
function takeDocument(take: TakeField, add: AddProblem, ctx: Context) {
  const documentType = take('documentType', parseDocumentType);
  const documentNumber = take('passportNumber', parseDocumentNumber);
  const statedExpiry = take('passportExpiryDate', parseDate);
  let expiryDate = statedExpiry;
  if (expiryDate !== null && isBefore(expiryDate, ctx.finalArrivalDate)) {
    add(
      'passportExpiryDate',
      `the document expires on ${expiryDate}, before the final arrival on ${ctx.finalArrivalDate}; it must stay valid through the final arrival date`,
    );
    expiryDate = null;
  }
  let issuedDate = take('passportIssuedDate', parseDate);
  if (issuedDate !== null && isAfter(issuedDate, ctx.today)) {
    add('passportIssuedDate', `${issuedDate} is in the future`);
    issuedDate = null;
  } else if (issuedDate !== null && statedExpiry !== null && !isBefore(issuedDate, statedExpiry)) {
    // Only reachable for an already expired document: a typo'd pair deserves its own message.
    add('passportIssuedDate', `${issuedDate} must be before passportExpiryDate ${statedExpiry}`);
    issuedDate = null;
  }
  const issuingCountry = take('documentIssuingCountry', parseCountryCode);
  const nationality = take('nationality', parseCountryCode);
  const document =
    documentType && documentNumber && expiryDate && issuingCountry && nationality
      ? { type: documentType, number: documentNumber, expiryDate, issuedDate, issuingCountry, nationality }
      : null;
  return { document, nationality };
}

/** A bad contact value hits every passenger it fills: report it once, for the whole request. */
function dedupeContactProblems(problems: FieldProblem[]): FieldProblem[] {
  const seen = new Set<string>();
  return problems.flatMap((p) => {
    if (!p.field.startsWith('contact.')) return [p];
    const key = `${p.field}\u0000${p.message}`;
    if (seen.has(key)) return [];
    seen.add(key);
    return [{ ...p, travelerId: '*' }];
  });
}
