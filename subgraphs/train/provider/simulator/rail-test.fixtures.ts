import { RailProviderError, type RailProvider, type RailReservationPassenger, type RailTrip } from '../rail-provider.port';
import { createRailSimulator, type RailSimulatorOptions } from '../rail-simulator.adapter';

/** Monday 1 March 2027, 07:00 in Dar es Salaam: before every date the tests search. */
export const NOW = new Date('2027-03-01T04:00:00Z');
/** A Wednesday with trains. */
export const DATE = '2027-03-10';

export const stop = (code: string): string => `${code}:SGR:0`;

export const PARTNER: Record<string, number> = { DAR: 101, MOR: 106, DOD: 111, MKP: 112, KLS: 108, PUG: 102 };

export function simulator(options: RailSimulatorOptions = {}): RailProvider {
  return createRailSimulator({ now: () => NOW, ...options });
}

export async function search(sim: RailProvider, from: string, to: string, date = DATE): Promise<RailTrip[]> {
  return sim.searchTrips({ fromStopId: stop(from), toStopId: stop(to), date });
}

export async function trainOn(sim: RailProvider, number: string, from: string, to: string, date = DATE): Promise<RailTrip> {
  const trip = (await search(sim, from, to, date)).find((t) => t.number === number);
  if (!trip) throw new Error(`${number} does not run ${from}→${to} on ${date}`);
  return trip;
}

export function passenger(overrides: Partial<RailReservationPassenger> = {}): RailReservationPassenger {
  return { name: 'Neema Mushi', phone: '712345678', ticketTypeId: 4, nationalityTypeId: 1, identityNo: '', gender: 'Female', ...overrides };
}

/** The error a promise rejects with (fails the test if it resolves). */
export async function failure(promise: Promise<unknown>): Promise<RailProviderError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof RailProviderError) return error;
    throw error;
  }
  throw new Error('expected a RailProviderError');
}
