import { RailProviderError, type RailReservationPassenger } from '../rail-provider.port';
import type { LineStation } from './timetable.data';

/**
 * Sandbox triggers, documented in docs/sandbox.md ("SGR rail provider (simulator)"). Booking triggers are
 * passenger names (whole name, case-insensitive, any passenger of the reservation); search triggers are dates
 * on searches from or to Makutupora (MKP), so the main DAR–DOD line is never affected by them.
 */
export type PassengerTrigger = 'REJECTED' | 'NOWORKFLOW' | 'LOSTANSWER' | 'NOANSWER' | 'PAYOUTFAIL' | 'PAYOUTRETRY' | 'ISSUEFAIL';

export function hasTrigger(passengers: ReadonlyArray<{ name: string }>, trigger: PassengerTrigger): boolean {
  return passengers.some((p) => p.name.trim().toUpperCase() === trigger);
}

/** The station whose searches carry the search triggers. */
export const SANDBOX_STATION = 'MKP';

/** Day of the month of the searched date → failure, on searches from or to the sandbox station only. */
const SEARCH_FAULT_BY_DAY: Record<number, () => RailProviderError> = {
  13: () => new RailProviderError('PROVIDER_UNAVAILABLE', 'SGR timetable service temporarily unavailable', true, 'SGR-5030'),
  15: () => new RailProviderError('TIMEOUT', 'SGR timetable service did not answer in time', true),
};

export function searchFault(from: LineStation, to: LineStation, date: string): RailProviderError | null {
  if (from.code !== SANDBOX_STATION && to.code !== SANDBOX_STATION) return null;
  return SEARCH_FAULT_BY_DAY[Number(date.slice(8, 10))]?.() ?? null;
}

/** The ordinary 11:00 from Dar es Salaam: the provider never has its stop times (stopTimes null). */
export const NO_STOP_TIMES_TRAIN = 203;

/** Customer-correctable refusals with the provider's own code, checked before anything is reserved. */
export function passengerRejection(passengers: readonly RailReservationPassenger[]): RailProviderError | null {
  if (hasTrigger(passengers, 'REJECTED')) {
    return new RailProviderError('PROVIDER_REJECTED', 'Passenger name not allowed', false, 'SGR-4001');
  }
  return null;
}
