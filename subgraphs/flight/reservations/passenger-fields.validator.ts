import { ageOn, compareDates, isCalendarDate } from '../../../shared/time/calendar-date.calculator';
import { Parsed, parseEmail, checkPhoneText, parseCallingCode, parsePhone, Phone } from '../../../shared/validation/contact-fields.validator';

export {
  ISO_COUNTRY_CODES,
  parseCountryCode,
  parseEmail,
  parseCallingCode,
  checkPhoneText,
  parsePhone,
} from '../../../shared/validation/contact-fields.validator';
export type { Parsed, Phone } from '../../../shared/validation/contact-fields.validator';

/**
 * Field-level rules for reservation passengers (OpenAPI `FlightReservationPassenger`):
 * each parser takes one client JSON value and answers the normalized value or one message for
 * the client; also the age-category check and the contact fallback. passenger.validator.ts
 * decides which fields are required, matches travelers and collects the messages.
 */

/** One passenger as the client sent it: JSON, so every field is untrusted. */
export interface PassengerInput {
  firstName?: unknown;
  lastName?: unknown;
  email?: unknown;
  phoneNumber?: unknown;
  countryCode?: unknown;
  dateOfBirth?: unknown;
  gender?: unknown;
  ageCategory?: unknown;
  documentType?: unknown;
  passportNumber?: unknown;
  passportExpiryDate?: unknown;
  passportIssuedDate?: unknown;
  documentIssuingCountry?: unknown;
  nationality?: unknown;
  nationalityCountry?: unknown;
  countryCodeName?: unknown;
}

/** Booking-level fallback: each value fills only a field the passenger left out. */
export interface ContactInput {
  email?: unknown;
  phoneNumber?: unknown;
  countryCode?: unknown;
}

export type AgeCategory = 'ADULT' | 'CHILD' | 'INFANT';
export type Gender = 'MALE' | 'FEMALE' | 'OTHER' | 'UNKNOWN';
export type DocumentType = 'PASSPORT' | 'IDENTITY_CARD' | 'F' | 'A';

/** null, undefined and blank strings count as "not given", so they can be filled or required. */
export function isAbsent(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

const NAME_MAX = 30;

/**
 * 1–30 Latin letters, apostrophes, spaces, hyphens. Accented and non-Latin letters are
 * rejected rather than transliterated: GDS names are ASCII and must match the passport's
 * machine-readable line, which only the traveler knows (Müller may be MUELLER or MULLER).
 */
export function parseName(value: unknown): Parsed<string> {
  if (typeof value !== 'string') return { error: 'must be a string' };
  // Phones autocorrect O'Neil to O’Neil; the typographic apostrophe means the same thing.
  const name = value
    .replace(/[\u2018\u2019\u02BC]/g, "'")
    .trim()
    .replace(/\s+/g, ' ');
  const foreign = name.match(/\P{ASCII}/u);
  if (foreign && /\p{L}/u.test(foreign[0])) {
    return { error: `contains "${foreign[0]}": use plain Latin letters A–Z without accents, as in the passport's machine-readable line (e.g. Jose for José)` };
  }
  if (!/^[A-Za-z' -]+$/.test(name)) return { error: 'may contain only Latin letters A–Z, apostrophes, spaces and hyphens' };
  if (!/[A-Za-z]/.test(name)) return { error: 'must contain at least one letter' };
  if (name.length > NAME_MAX) return { error: `must be at most ${NAME_MAX} characters (it has ${name.length})` };
  return { value: name };
}

const GENDERS: Record<string, Gender> = {
  M: 'MALE',
  MALE: 'MALE',
  F: 'FEMALE',
  FEMALE: 'FEMALE',
  X: 'OTHER',
  OTHER: 'OTHER',
  U: 'UNKNOWN',
  UNKNOWN: 'UNKNOWN',
};
const GENDER_CODES: Gender[] = ['MALE', 'FEMALE'];

export function parseGender(value: unknown): Parsed<Gender> {
  if (typeof value === 'number' && Number.isInteger(value) && GENDER_CODES[value]) return { value: GENDER_CODES[value] };
  if (typeof value === 'string' && GENDERS[value.trim().toUpperCase()]) return { value: GENDERS[value.trim().toUpperCase()] };
  return { error: 'must be 0 (male), 1 (female) or one of M, MALE, F, FEMALE, X, OTHER, U, UNKNOWN' };
}

const CATEGORIES: Record<string, AgeCategory> = { ADT: 'ADULT', ADULT: 'ADULT', CHD: 'CHILD', CHILD: 'CHILD', INF: 'INFANT', INFANT: 'INFANT' };
const CATEGORY_CODES: AgeCategory[] = ['ADULT', 'CHILD', 'INFANT'];

export function parseAgeCategory(value: unknown): Parsed<AgeCategory> {
  if (typeof value === 'number' && Number.isInteger(value) && CATEGORY_CODES[value]) return { value: CATEGORY_CODES[value] };
  if (typeof value === 'string' && CATEGORIES[value.trim().toUpperCase()]) return { value: CATEGORIES[value.trim().toUpperCase()] };
  return { error: 'must be 0 (adult), 1 (child), 2 (infant) or one of ADT, ADULT, CHD, CHILD, INF, INFANT' };
}

export function parseDate(value: unknown): Parsed<string> {
  if (typeof value !== 'string') return { error: 'must be a date string YYYY-MM-DD' };
  const date = value.trim();
  return isCalendarDate(date) ? { value: date } : { error: `"${date}" is not a real date in the form YYYY-MM-DD` };
}

const DOCUMENT_TYPES: Record<string, DocumentType> = {
  P: 'PASSPORT',
  PASSPORT: 'PASSPORT',
  I: 'IDENTITY_CARD',
  IDENTITY_CARD: 'IDENTITY_CARD',
  F: 'F',
  A: 'A',
};

export function parseDocumentType(value: unknown): Parsed<DocumentType> {
  const type = typeof value === 'string' ? DOCUMENT_TYPES[value.trim().toUpperCase()] : undefined;
  return type ? { value: type } : { error: 'must be one of P, PASSPORT, I, IDENTITY_CARD, F, A' };
}

export function parseDocumentNumber(value: unknown): Parsed<string> {
  if (typeof value !== 'string') return { error: 'must be a string' };
  const number = value.trim().toUpperCase();
  // No silent stripping of spaces or dashes: the number must match the document exactly.
  return /^[A-Z0-9]{3,20}$/.test(number) ? { value: number } : { error: 'must be 3–20 Latin letters or digits, without spaces or punctuation' };
}

/** Free-text country names (nationalityCountry, countryCodeName): kept for ticket records only. */
export function parseCountryName(value: unknown): Parsed<string> {
  if (typeof value !== 'string') return { error: 'must be a string' };
  const name = value.trim().replace(/\s+/g, ' ');
  return name.length <= 100 ? { value: name } : { error: 'must be at most 100 characters' };
}

/** ISO dates compare as text; wrapped so callers read as intent. */
export const isBefore = (a: string, b: string) => compareDates(a, b) < 0;
export const isAfter = (a: string, b: string) => compareDates(a, b) > 0;

export const NOUNS: Record<AgeCategory, [string, string]> = { ADULT: ['adult', 'adults'], CHILD: ['child', 'children'], INFANT: ['infant', 'infants'] };
const withArticle = (c: AgeCategory) => `${c === 'CHILD' ? 'a' : 'an'} ${NOUNS[c][0]}`;

/**
 * Adults are 12+ on the first travel date. Children are under 12 on the first travel date (one
 * turning 12 mid-trip stays a child, as carriers price on age at first departure) and 2+ by the
 * last travel date. Infants must be under 2 on the last travel date: one turning 2 before the
 * return flight needs a seat, so travels as a child.
 */
export function ageMismatch(category: AgeCategory, dateOfBirth: string, firstTravelDate: string, lastTravelDate: string): string | null {
  const ageFirst = ageOn(dateOfBirth, firstTravelDate);
  const ageLast = ageOn(dateOfBirth, lastTravelDate);
  if (category === 'ADULT' && ageFirst < 12) {
    return `is ADULT but the passenger is ${ageFirst} on ${firstTravelDate}; adults must be 12 or older on the first travel date (search again with ${withArticle(ageLast < 2 ? 'INFANT' : 'CHILD')})`;
  }
  if (category === 'CHILD' && ageFirst >= 12) {
    return `is CHILD but the passenger is ${ageFirst} on ${firstTravelDate}; children must be under 12 on the first travel date (search again with an adult)`;
  }
  if (category === 'CHILD' && ageLast < 2) {
    return `is CHILD but the passenger is under 2 for the whole trip; book as an infant (search again with an infant)`;
  }
  if (category === 'INFANT' && ageFirst >= 2) {
    return `is INFANT but the passenger is ${ageFirst} on ${firstTravelDate}; infants must be under 2 (search again with ${withArticle(ageFirst >= 12 ? 'ADULT' : 'CHILD')})`;
  }
  if (category === 'INFANT' && ageLast >= 2) {
    return `is INFANT but the passenger turns 2 before the last travel date ${lastTravelDate}; an infant who turns 2 during the trip travels as a child (search again with a child)`;
  }
  return null;
}

type ContactField = keyof ContactInput;

/**
 * Email, phoneNumber and countryCode, each from the passenger or else from contact (rule 8:
 * every passenger ends with an email and a valid international phone number).
 */
export function resolveContact(
  raw: PassengerInput,
  contact: ContactInput | null,
  mobileRequired: boolean,
): { problems: Array<{ field: string; message: string }>; email: string | null; phone: Phone | null } {
  const problems: Array<{ field: string; message: string }> = [];
  const add = (field: string, message: string) => problems.push({ field, message });
  const pick = (name: ContactField): { value: unknown; field: string; fromContact: boolean } | null => {
    if (!isAbsent(raw[name])) return { value: raw[name], field: name, fromContact: false };
    if (contact && !isAbsent(contact[name])) return { value: contact[name], field: `contact.${name}`, fromContact: true };
    return null;
  };
  const parse = <T>(picked: { value: unknown; field: string }, parser: (v: unknown) => Parsed<T>): T | null => {
    const parsed = parser(picked.value);
    if ('error' in parsed) add(picked.field, parsed.error);
    return 'error' in parsed ? null : parsed.value;
  };

  const emailPick = pick('email');
  const email = emailPick ? parse(emailPick, parseEmail) : null;
  if (!emailPick) add('email', 'is required: give it on the passenger or in contact');

  const phonePick = pick('phoneNumber');
  let codePick = pick('countryCode');
  const text = phonePick ? parse(phonePick, checkPhoneText) : null;
  // contact.countryCode goes with contact.phoneNumber; it does not constrain a passenger's own +number.
  if (text?.international && phonePick && !phonePick.fromContact && codePick?.fromContact) codePick = null;
  const callingCode = codePick ? parse(codePick, parseCallingCode) : null;

  let phone: Phone | null = null;
  if (!phonePick) add('phoneNumber', 'is required: give it on the passenger or in contact');
  else if (text?.international) {
    phone = parse({ ...phonePick, value: text.text }, (t) => parsePhone(t as string, null, mobileRequired));
    if (phone && codePick && callingCode !== null && callingCode !== phone.callingCode) {
      add(codePick.field, `+${callingCode} does not match the calling code +${phone.callingCode} of ${phonePick.field}`);
      phone = null;
    }
  } else if (text) {
    if (!codePick) add('countryCode', 'is required when phoneNumber is not in international +format: give it on the passenger or in contact');
    else if (callingCode !== null) phone = parse({ ...phonePick, value: text.text }, (t) => parsePhone(t as string, callingCode, mobileRequired));
  }
  return { problems, email, phone };
}
