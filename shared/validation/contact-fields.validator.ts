import { getCountries, getCountryCallingCode, parsePhoneNumberFromString } from 'libphonenumber-js/max';

/**
 * Contact details every booking kind collects (flight passengers, train passengers): country
 * codes, email addresses, calling codes and phone numbers. Each parser takes one client JSON
 * value and answers the normalized value or one message for the client.
 */

export type Parsed<T> = { value: T } | { error: string };

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
  /** ISO 3166-1 alpha-2 of the number's range (null for non-geographic numbers). */
  country: string | null;
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
  return { value: { e164: number.number, callingCode: number.countryCallingCode, nationalNumber: number.nationalNumber, country: number.country ?? null } };
}
