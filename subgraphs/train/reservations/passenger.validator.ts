import { getCountryCallingCode, type CountryCode } from 'libphonenumber-js/max';
// The flight passenger parsers are pure and already proven (phone ranges, calling codes, ISO codes, email); reused, not copied.
import { checkPhoneText, parseCallingCode, parseCountryCode, parseEmail, parsePhone } from '../../../shared/validation/contact-fields.validator';
import { decodeTrainSetId } from '../search/dated-trainset.codec';
import type { PassengerFieldError } from './train-reservation.exception';
import type { HeldSeat } from '../holds/seat-hold.repository';
import type { Journey, JourneySelection, SeatChoice, StoredPassenger } from './reservation.types';

/** One passenger as the client sent it: every field is untrusted. */
export interface RawTrainPassenger {
  passengerName?: unknown;
  identityNo?: unknown;
  gender?: unknown;
  ageCategory?: unknown;
  phone?: unknown;
  countryCode?: unknown;
  countryCodeName?: unknown;
  email?: unknown;
  nationalityTypeId?: unknown;
  isDisabledPassenger?: unknown;
  ticketTypeId?: unknown;
  outboundSeatHoldKey?: unknown;
  outboundCarId?: unknown;
  outboundCarTypeId?: unknown;
  outboundSeatId?: unknown;
  returnSeatHoldKey?: unknown;
  returnCarId?: unknown;
  returnCarTypeId?: unknown;
  returnSeatId?: unknown;
}

/** A hold as train_seat_hold keeps it, already limited to the caller's account. */
export interface OwnHold extends HeldSeat {
  holdKey: string;
  status: string;
  expiresAt: Date;
}

/** One selected train as the provider describes it now. */
export interface JourneyCheck {
  selection: JourneySelection;
  /** carId → its number in the train (orderNo), its type and its bookable seats (seatId → label). */
  cars: Map<number, { orderNo: number; typeId: number; carClass: string; seats: Map<number, string> }>;
}

export interface ValidationContext {
  journeys: { OUTBOUND: JourneyCheck; RETURN: JourneyCheck | null };
  /** The caller's own holds by key; a key missing here belongs to nobody or to another account. */
  holds: Map<string, OwnHold>;
  nationalityIds: readonly number[];
  ticketTypeIds: readonly number[];
  now: Date;
  /** Sent to the provider for an international number (it accepts Tanzanian mobiles only). */
  fallbackPhone: string;
  /** Each passenger needs a seat hold of their own, and an account keeps at most this many (SGR_MAX_ACTIVE_HOLDS). */
  maxPassengers: number;
}

export type ValidationResult = { ok: true; passengers: StoredPassenger[] } | { ok: false; fields: PassengerFieldError[] };

const AGE_OF_TICKET_TYPE: Record<number, 'Adult' | 'Child'> = { 4: 'Adult', 3: 'Child' };
const TANZANIA_CALLING_CODE = '255';
/** The provider's national format: 9 digits starting 6 or 7 (mobile numbers), no leading zero. */
const TZ_MOBILE = /^[67]\d{8}$/;

export const isAbsent = (v: unknown): boolean => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/** A positive whole number given as a number or a digit string (REST clients send both). */
export function wholeNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isSafeInteger(value) && value > 0 ? value : null;
  if (typeof value === 'string' && /^\d{1,9}$/.test(value.trim())) return Number(value.trim()) > 0 ? Number(value.trim()) : null;
  return null;
}

/**
 * Rule 1 of POST /api/trip/train/seat/reserve: every passenger and seat reference is checked before the
 * provider is called, and every problem is listed (passengerIndex, field, message), not just the first.
 */
export function validateTrainPassengers(raw: unknown, ctx: ValidationContext): ValidationResult {
  const fields: PassengerFieldError[] = [];
  if (!Array.isArray(raw) || raw.length === 0) {
    return { ok: false, fields: [{ passengerIndex: null, field: 'passengers', message: 'is required: at least one passenger' }] };
  }
  // Refused before any passenger is read, so the answer stays one problem long whatever the client sent.
  if (raw.length > ctx.maxPassengers) {
    const message = `at most ${ctx.maxPassengers} passengers: each needs its own seat hold, and an account keeps at most ${ctx.maxPassengers} at once; ${raw.length} were given`;
    return { ok: false, fields: [{ passengerIndex: null, field: 'passengers', message }] };
  }
  const usedKeys = new Map<string, number>();
  const passengers: StoredPassenger[] = [];
  raw.forEach((item, index) => {
    const passenger = checkPassenger(item, ctx, usedKeys, index, (field, message) => fields.push({ passengerIndex: index, field, message }));
    if (passenger) passengers.push(passenger);
  });
  return fields.length ? { ok: false, fields } : { ok: true, passengers };
}

/** One passenger of the reserve body, every field checked in order; the passenger to store when none had a problem. */
function checkPassenger(item: unknown, ctx: ValidationContext, usedKeys: Map<string, number>, index: number, report: Add): StoredPassenger | null {
  let problems = 0;
  const add: Add = (field, message) => {
    problems++;
    report(field, message);
  };
  if (typeof item !== 'object' || item === null || Array.isArray(item)) {
    add('passenger', 'must be an object');
    return null;
  }
  const p = item as RawTrainPassenger;
  const { name, identityNo, gender } = checkIdentity(p, add);
  const { ticketTypeId, derivedAge } = checkTicketType(p, ctx, add);
  const phone = checkPhone(p, add, ctx.fallbackPhone);

  let email: string | null = null;
  if (!isAbsent(p.email)) {
    const parsed = parseEmail(p.email);
    if ('error' in parsed) add('email', parsed.error);
    else email = parsed.value;
  }

  const nationalityTypeId = wholeNumber(p.nationalityTypeId);
  if (isAbsent(p.nationalityTypeId)) add('nationalityTypeId', `is required (one of ${ctx.nationalityIds.join(', ')})`);
  else if (nationalityTypeId === null || !ctx.nationalityIds.includes(nationalityTypeId))
    add('nationalityTypeId', `must be one of ${ctx.nationalityIds.join(', ')}`);

  if (!isAbsent(p.isDisabledPassenger) && typeof p.isDisabledPassenger !== 'boolean') add('isDisabledPassenger', 'must be true or false');

  const outbound = checkSeat(p, 'OUTBOUND', ctx.journeys.OUTBOUND, ctx, usedKeys, index, add);
  let back: SeatChoice | null = null;
  if (ctx.journeys.RETURN) back = checkSeat(p, 'RETURN', ctx.journeys.RETURN, ctx, usedKeys, index, add);
  else {
    for (const f of ['returnSeatHoldKey', 'returnCarId', 'returnCarTypeId', 'returnSeatId'] as const) {
      if (!isAbsent(p[f])) add(f, 'must not be sent without a return journey (send "return" for a round trip)');
    }
  }

  if (problems > 0 || !phone || !outbound || !derivedAge) return null;
  return {
    passengerName: name,
    identityNo,
    gender,
    ageCategory: derivedAge,
    ...phone,
    email,
    nationalityTypeId: nationalityTypeId!,
    isDisabledPassenger: p.isDisabledPassenger === true,
    ticketTypeId: ticketTypeId!,
    outbound,
    return: back,
  };
}

function checkIdentity(p: RawTrainPassenger, add: Add): { name: string; identityNo: string; gender: 'Male' | 'Female' | null } {
  const name = typeof p.passengerName === 'string' ? p.passengerName.trim().replace(/\s+/g, ' ') : '';
  if (isAbsent(p.passengerName)) add('passengerName', 'is required');
  else if (typeof p.passengerName !== 'string') add('passengerName', 'must be a string');
  else if (name.length > 100) add('passengerName', 'must be at most 100 characters');
  else if (!/\p{L}/u.test(name)) add('passengerName', 'must contain letters');

  let identityNo = '';
  if (!isAbsent(p.identityNo)) {
    if (typeof p.identityNo !== 'string' || p.identityNo.trim().length > 50) add('identityNo', 'must be a string of at most 50 characters');
    else identityNo = p.identityNo.trim();
  }

  let gender: 'Male' | 'Female' | null = null;
  if (!isAbsent(p.gender)) {
    const g = typeof p.gender === 'string' ? p.gender.trim().toLowerCase() : '';
    if (g === 'male' || g === 'female') gender = g === 'male' ? 'Male' : 'Female';
    else add('gender', 'must be Male or Female');
  }
  return { name, identityNo, gender };
}

/** The ticket type, and the age category it implies (which a given ageCategory must match). */
function checkTicketType(p: RawTrainPassenger, ctx: ValidationContext, add: Add) {
  const ticketTypeId = wholeNumber(p.ticketTypeId);
  if (isAbsent(p.ticketTypeId)) add('ticketTypeId', `is required (one of ${ctx.ticketTypeIds.join(', ')}: 4 adult, 3 child)`);
  else if (ticketTypeId === null || !ctx.ticketTypeIds.includes(ticketTypeId) || !AGE_OF_TICKET_TYPE[ticketTypeId]) {
    add('ticketTypeId', `must be one of ${ctx.ticketTypeIds.join(', ')} (4 adult, 3 child)`);
  }
  const derivedAge = ticketTypeId !== null ? AGE_OF_TICKET_TYPE[ticketTypeId] : undefined;
  if (!isAbsent(p.ageCategory)) {
    const a = typeof p.ageCategory === 'string' ? p.ageCategory.trim().toLowerCase() : '';
    if (a !== 'adult' && a !== 'child') add('ageCategory', 'must be Adult or Child');
    else if (derivedAge && a !== derivedAge.toLowerCase()) add('ageCategory', `must be ${derivedAge} for ticketTypeId ${ticketTypeId} (4 adult, 3 child)`);
  }
  return { ticketTypeId, derivedAge };
}

type Add = (field: string, message: string) => void;
type PhoneFields = Pick<StoredPassenger, 'phone' | 'countryCode' | 'countryCodeName' | 'providerPhone'>;

/**
 * E.164 as given, or a local number with countryCode or countryCodeName (spec: countryCodeName is required for a
 * local-format phone when countryCode is omitted). Tanzanian numbers must be mobiles, as the provider only takes
 * those; any other country's number is replaced by the fallback in the provider request (rule 6).
 */
function checkPhone(p: RawTrainPassenger, add: Add, fallbackPhone: string): PhoneFields | null {
  let iso: string | null = null;
  if (!isAbsent(p.countryCodeName)) {
    const parsed = parseCountryCode(p.countryCodeName);
    if ('error' in parsed) add('countryCodeName', parsed.error);
    else iso = parsed.value;
  }
  let callingCode: string | null = null;
  if (!isAbsent(p.countryCode)) {
    const parsed = parseCallingCode(typeof p.countryCode === 'number' ? String(p.countryCode) : p.countryCode);
    if ('error' in parsed) add('countryCode', parsed.error);
    else callingCode = parsed.value;
  }
  if (isAbsent(p.phone)) {
    add('phone', 'is required');
    return null;
  }
  const text = checkPhoneText(typeof p.phone === 'number' ? String(p.phone) : p.phone);
  if ('error' in text) {
    add('phone', text.error);
    return null;
  }
  const international = text.value.international || text.value.text.startsWith('00');
  const plain = text.value.text.startsWith('00') ? `+${text.value.text.slice(2)}` : text.value.text;
  let code = international ? null : callingCode;
  if (!international && code === null) {
    if (iso === null) {
      if (isAbsent(p.countryCodeName) && isAbsent(p.countryCode))
        add('phone', 'is in local format: give countryCodeName (e.g. "tz") or countryCode (e.g. "255"), or send it as +255…');
      return null;
    }
    code = getCountryCallingCode(iso as CountryCode);
  }
  const parsed = parsePhone(plain, code, false);
  if ('error' in parsed) {
    add('phone', parsed.error);
    return null;
  }
  const phone = parsed.value;
  if (callingCode !== null && callingCode !== phone.callingCode) {
    add('countryCode', `+${callingCode} does not match the phone's calling code +${phone.callingCode}`);
    return null;
  }
  if (iso !== null && getCountryCallingCode(iso as CountryCode) !== phone.callingCode) {
    add('countryCodeName', `"${iso.toLowerCase()}" does not match the phone's calling code +${phone.callingCode}`);
    return null;
  }
  const tanzanian = phone.callingCode === TANZANIA_CALLING_CODE;
  if (tanzanian && !TZ_MOBILE.test(phone.nationalNumber)) {
    add('phone', 'must be a Tanzanian mobile number (07xx or 06xx…): the railway sends tickets by SMS');
    return null;
  }
  return {
    phone: phone.e164,
    countryCode: phone.callingCode,
    countryCodeName: (iso ?? (tanzanian ? 'TZ' : '')).toLowerCase(),
    providerPhone: tanzanian ? phone.nationalNumber : fallbackPhone,
  };
}

/** One journey's seat reference: complete, and one of the caller's live holds on that very train, car and seat. */
function checkSeat(
  p: RawTrainPassenger,
  journey: Journey,
  check: JourneyCheck,
  ctx: ValidationContext,
  used: Map<string, number>,
  index: number,
  add: Add,
): SeatChoice | null {
  const prefix = journey === 'OUTBOUND' ? 'outbound' : 'return';
  const keyField = `${prefix}SeatHoldKey` as const;
  const rawKey = p[keyField];
  const holdKey = typeof rawKey === 'string' ? rawKey.trim() : '';
  if (isAbsent(rawKey)) add(keyField, 'is required: the key of your seat hold');
  else if (typeof rawKey !== 'string') add(keyField, 'must be a string');
  const num = (suffix: 'CarId' | 'CarTypeId' | 'SeatId'): number | null => {
    const field = `${prefix}${suffix}` as keyof RawTrainPassenger;
    const value = wholeNumber(p[field]);
    if (isAbsent(p[field])) add(field, 'is required (a number)');
    else if (value === null) add(field, 'must be a positive whole number');
    return value;
  };
  const carId = num('CarId');
  const carTypeId = num('CarTypeId');
  const seatId = num('SeatId');
  if (!holdKey || carId === null || carTypeId === null || seatId === null) return null;

  const car = check.cars.get(carId);
  let ok = true;
  const fail = (field: string, message: string) => {
    add(field, message);
    ok = false;
  };
  if (!car) fail(`${prefix}CarId`, `is not a car of the selected ${prefix} train`);
  else {
    if (car.typeId !== carTypeId) fail(`${prefix}CarTypeId`, `does not match car ${carId} (its carTypeId is ${car.typeId})`);
    if (!car.seats.has(seatId)) fail(`${prefix}SeatId`, `is not a seat of car ${carId}`);
  }
  const other = used.get(holdKey);
  if (other !== undefined) fail(keyField, `is already used by passenger ${other}`);
  else used.set(holdKey, index);

  const hold = ctx.holds.get(holdKey);
  if (!hold) fail(keyField, 'is not a seat hold of your account');
  else if (hold.status !== 'HELD') fail(keyField, hold.status === 'RESERVED' ? 'is already reserved' : 'was released; hold the seat again');
  else if (hold.expiresAt.getTime() <= ctx.now.getTime()) fail(keyField, 'has expired; hold the seat again');
  else {
    const dated = decodeTrainSetId(hold.timeTableTrainSetId);
    const s = check.selection;
    if (
      !dated ||
      dated.providerId !== s.providerId ||
      hold.travelDate !== s.date ||
      hold.fromPartnerId !== s.fromPartnerId ||
      hold.toPartnerId !== s.toPartnerId
    ) {
      fail(keyField, `holds a seat on another train or journey than the selected ${prefix} one`);
    } else {
      if (hold.carId !== carId) fail(`${prefix}CarId`, `does not match the hold (car ${hold.carId})`);
      if (hold.seatId !== seatId) fail(`${prefix}SeatId`, `does not match the hold (seat ${hold.seatId})`);
    }
  }
  return ok ? { holdKey, carId, carTypeId, seatId } : null;
}
