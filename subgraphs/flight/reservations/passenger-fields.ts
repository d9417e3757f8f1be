import { getCountries, getCountryCallingCode, parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { ageOn, compareDates, isCalendarDate } from '../../../shared/time/calendar-date';

/**
 * Field-level rules for reservation passengers (flight.md "Reservation passenger (request)"):
 * each parser takes one client JSON value and answers the normalized value or one message for
 * the client; also the age-category check and the contact fallback. passenger-validation.ts
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

export type Parsed<T> = { value: T } | { error: string };

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
  const name = value.replace(/[\u2018\u2019\u02BC]/g, "'").trim().replace(/\s+/g, ' ');
  const foreign = name.match(/[^\x00-\x7F]/u);
  if (foreign && /\p{L}/u.test(foreign[0])) {
    return { error: `contains "${foreign[0]}": use plain Latin letters A–Z without accents, as in the passport's machine-readable line (e.g. Jose for José)` };
  }
  if (!/^[A-Za-z' -]+$/.test(name)) return { error: 'may contain only Latin letters A–Z, apostrophes, spaces and hyphens' };
  if (!/[A-Za-z]/.test(name)) return { error: 'must contain at least one letter' };
  if (name.length > NAME_MAX) return { error: `must be at most ${NAME_MAX} characters (it has ${name.length})` };
  return { value: name };
}

const GENDERS: Record<string, Gender> = { M: 'MALE', MALE: 'MALE', F: 'FEMALE', FEMALE: 'FEMALE', X: 'OTHER', OTHER: 'OTHER', U: 'UNKNOWN', UNKNOWN: 'UNKNOWN' };
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

const DOCUMENT_TYPES: Record<string, DocumentType> = { P: 'PASSPORT', PASSPORT: 'PASSPORT', I: 'IDENTITY_CARD', IDENTITY_CARD: 'IDENTITY_CARD', F: 'F', A: 'A' };

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

/**
 * ISO 3166-1 alpha-2 officially assigned codes (249). Embedded because Intl.DisplayNames
 * names non-country codes too (ZZ, EU, UN, YU on Node 20 / ICU 78), so it cannot tell them
 * apart. User-assigned XK (Kosovo) is not ISO and is not accepted.
 */
export const ISO_COUNTRY_CODES: ReadonlySet<string> = new Set(
  (
    'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ ' +
    'CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR ' +
    'GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP ' +
    'KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT ' +
    'MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW ' +
    'SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ ' +
    'UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW'
  ).split(' '),
);

export function parseCountryCode(value: unknown): Parsed<string> {
  if (typeof value !== 'string') return { error: 'must be a two-letter ISO 3166-1 country code such as TZ' };
  const code = value.trim().toUpperCase();
  if (code.length !== 2) return { error: 'must be exactly 2 characters, an ISO 3166-1 country code such as TZ' };
  return ISO_COUNTRY_CODES.has(code) ? { value: code } : { error: `"${code}" is not an ISO 3166-1 country code` };
}

/** Free-text country names (nationalityCountry, countryCodeName): kept for ticket records only. */
export function parseCountryName(value: unknown): Parsed<string> {
  if (typeof value !== 'string') return { error: 'must be a string' };
  const name = value.trim().replace(/\s+/g, ' ');
  return name.length <= 100 ? { value: name } : { error: 'must be at most 100 characters' };
}

/** local@domain.tld in ASCII: what GDS contact elements carry. Not a full RFC 5322 parser. */
export function parseEmail(value: unknown): Parsed<string> {
  if (typeof value !== 'string') return { error: 'must be a string' };
  const email = value.trim();
  const bad: Parsed<string> = { error: 'is not a valid email address (expected name@domain.tld)' };
  if (email.length > 254) return { error: 'must be at most 254 characters' };
  const at = email.lastIndexOf('@');
  if (at < 1) return bad;
  const local = email.slice(0, at);
  const domain = email.slice(at + 1).toLowerCase();
  if (local.length > 64 || !/^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/.test(local)) return bad;
  const labels = domain.split('.');
  const labelOk = (l: string) => /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/.test(l);
  const tld = labels[labels.length - 1];
  if (labels.length < 2 || !labels.every(labelOk) || !/^([a-z]{2,63}|xn--[a-z0-9-]{1,59})$/.test(tld)) return bad;
  return { value: `${local}@${domain}` };
}

/** Calling codes of real countries ("1", "255", ...); non-geographic ones (+800, +881) are no passenger's phone. */
const CALLING_CODES: ReadonlySet<string> = new Set(getCountries().map((c) => getCountryCallingCode(c) as string));

/** "255", "+255" or "00255" → "255". */
export function parseCallingCode(value: unknown): Parsed<string> {
  if (typeof value !== 'string') return { error: 'must be a string international calling code such as "255" or "+255"' };
  const m = /^(?:\+|00)?(\d{1,3})$/.exec(value.trim());
  if (!m) return { error: 'must be an international calling code such as "255", "+255" or "00255"' };
  return CALLING_CODES.has(m[1]) ? { value: m[1] } : { error: `"+${m[1]}" is not a country's international calling code` };
}

export interface Phone {
  e164: string;
  callingCode: string;
  nationalNumber: string;
}

/** Raw shape check before parsing: letters would let libphonenumber read extensions or vanity words. */
export function checkPhoneText(value: unknown): Parsed<{ text: string; international: boolean }> {
  if (typeof value !== 'string') return { error: 'must be a string' };
  const text = value.trim();
  if (!/^\+?[0-9 ().-]+$/.test(text) || !/\d/.test(text)) return { error: 'may contain only digits, spaces, hyphens, dots, parentheses and a leading +' };
  return { value: { text, international: text.startsWith('+') } };
}

/** Not reachable by SMS or a traveler's own line: refused when the requirements ask for a mobile. */
const NOT_MOBILE = new Set(['FIXED_LINE', 'TOLL_FREE', 'PREMIUM_RATE', 'SHARED_COST', 'UAN', 'VOICEMAIL', 'PAGER']);

/**
 * A subscriber number with its calling code (national trunk prefix dropped: 0712 345 678 with
 * 255 is +255712345678), or an E.164 number when callingCode is null. The max metadata checks
 * real number ranges, not just lengths, and tells mobile from fixed-line numbers.
 */
export function parsePhone(text: string, callingCode: string | null, mobileRequired: boolean): Parsed<Phone> {
  const number = callingCode === null ? parsePhoneNumberFromString(text) : parsePhoneNumberFromString(text, { defaultCallingCode: callingCode });
  const where = callingCode === null ? 'international phone number' : `phone number for calling code +${callingCode}`;
  if (!number || !number.isValid()) return { error: `is not a valid ${where}` };
  const type = number.getType();
  if (mobileRequired && type && NOT_MOBILE.has(type)) {
    return { error: `is a ${type.toLowerCase().replace(/_/g, '-')} number; a mobile number is required for this booking` };
  }
  return { value: { e164: number.number, callingCode: number.countryCallingCode, nationalNumber: number.nationalNumber } };
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
