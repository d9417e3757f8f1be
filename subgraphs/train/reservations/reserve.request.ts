import { createHash } from 'node:crypto';
import { PlatformException } from '../../../shared/errors/app-error.exception';
import { checkTrainTripRef, type TrainTripRef } from '../../../shared/api-contract/train-trip-ref.validator';
import type { PassengerFieldError } from './train-reservation.exception';
import type { RawTrainPassenger } from './passenger.validator';

/** A selected train by its identifiers only (the rest of the client's object is never trusted). */
export interface TrainJourneyRef {
  timeTableTrainSetId?: number | null;
  departureStopId?: string | null;
  arrivalStopId?: string | null;
  departureDate?: string | null;
}

export interface TrainReserveInput {
  outbound?: TrainJourneyRef | null;
  return?: TrainJourneyRef | null;
  passengers?: RawTrainPassenger[] | null;
  notifications?: { ticketPurchase?: boolean | null } | null;
  issuerDeviceInfo?: Record<string, unknown> | null;
}

/** What the reservation keeps of the request's headers: the booking channel (X-Authentication-Context) and the language. */
export interface TrainReserveHeaders {
  authenticationContext?: string | null;
  language: 'en' | 'sw';
}

/** A journey's identifiers as read (each as given, trimmed, even when malformed: its problems are listed apart). */
export type ParsedJourneyRef = TrainTripRef;

export interface TrainReserveRequest {
  outbound: ParsedJourneyRef;
  return: ParsedJourneyRef | null;
  passengers: unknown;
  /** Effective value: omitted means true (rule 4 compares this). */
  ticketPurchase: boolean;
  issuerDeviceInfo: Record<string, unknown> | null;
  /** Every hold key the passengers name, sorted: with the account, it identifies the reservation. */
  holdKeys: string[];
}

const MAX_DEVICE_INFO_BYTES = 4096;

/**
 * The request's shape: a missing outbound is a 400 (the body is unusable); malformed journey identifiers are
 * listed with the passenger problems in the 422 (passengerIndex null), as seat references depend on them.
 */
export function parseReserveRequest(input: TrainReserveInput): { request: TrainReserveRequest; journeyErrors: PassengerFieldError[] } {
  if (!input.outbound || typeof input.outbound !== 'object') {
    throw PlatformException.badRequest('"outbound" is required: send the selected train details object', {
      fields: [{ field: 'outbound', message: 'is required (an object)' }],
    });
  }
  const journeyErrors: PassengerFieldError[] = [];
  const outbound = journeyRef(input.outbound, 'outbound', journeyErrors);
  const back = input.return ? journeyRef(input.return, 'return', journeyErrors) : null;
  const info = input.issuerDeviceInfo ?? null;
  if (info !== null && (typeof info !== 'object' || Array.isArray(info)))
    throw PlatformException.badRequest('"issuerDeviceInfo" must be an object', { field: 'issuerDeviceInfo' });
  if (info !== null && JSON.stringify(info).length > MAX_DEVICE_INFO_BYTES) {
    throw PlatformException.badRequest(`"issuerDeviceInfo" must be at most ${MAX_DEVICE_INFO_BYTES} bytes of JSON`, { field: 'issuerDeviceInfo' });
  }
  const passengers = input.passengers ?? null;
  const holdKeys = Array.isArray(passengers)
    ? passengers
        .flatMap((p) => (p && typeof p === 'object' ? [p.outboundSeatHoldKey, back ? p.returnSeatHoldKey : undefined] : []))
        .filter((k): k is string => typeof k === 'string' && k.trim() !== '')
        .map((k) => k.trim())
        .sort()
    : [];
  return {
    request: { outbound, return: back, passengers, ticketPurchase: input.notifications?.ticketPurchase !== false, issuerDeviceInfo: info, holdKeys },
    journeyErrors,
  };
}

/** The journey's identifiers by the trip-ref validator (as details checks them), its problems listed in the 422. */
function journeyRef(ref: TrainJourneyRef, name: 'outbound' | 'return', errors: PassengerFieldError[]): ParsedJourneyRef {
  const { ref: parsed, problems } = checkTrainTripRef(ref, name);
  errors.push(...problems.map((p) => ({ passengerIndex: null, ...p })));
  return parsed;
}

/** One reservation per account and set of holds: a retry of the same request lands on the same row (rule 4). */
export function idempotencyKeyOf(accountId: string, holdKeys: readonly string[]): string {
  return createHash('sha256')
    .update(`train-reserve|${accountId}|${[...holdKeys].sort().join(',')}`)
    .digest('hex');
}

/** What must not change on a retry besides ticketPurchase: the journeys and passengers as sent (device info may). */
export function fingerprintOf(request: TrainReserveRequest): string {
  return createHash('sha256')
    .update(stableJson({ outbound: request.outbound, return: request.return, passengers: request.passengers }))
    .digest('hex');
}

function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined && v !== null);
    return `{${entries
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`)
      .join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}
