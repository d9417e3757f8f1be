import {
  SupplierError,
  type FlightSupplier,
  type SupplierOffer,
  type SupplierSearchCriteria,
  type SupplierTraveler,
  type TravelerType,
} from '../flight-supplier.port';
import { createGdsSimulator } from '../gds-simulator.adapter';

/** Shared by the GDS simulator tests (support code, not a test file itself). */

// A Monday morning in Dar es Salaam; 2027-03-10 is a Wednesday, 2027-03-11 a Thursday.
export const NOW = new Date('2027-03-01T06:00:00Z');

/** A fresh in-memory simulator whose clock stands at NOW. */
export const simulator = (): FlightSupplier => createGdsSimulator({ now: () => NOW });

/** One adult, DAR-NBO on 2027-03-10, any number of stops. */
export function criteria(overrides: Partial<SupplierSearchCriteria> = {}): SupplierSearchCriteria {
  return { origin: 'DAR', destination: 'NBO', departureDate: '2027-03-10', adults: 1, children: 0, infants: 0, nonStop: false, max: 200, ...overrides };
}

/** The SupplierError a promise rejects with; throws if it resolves or rejects with anything else. */
export async function failure(promise: Promise<unknown>): Promise<SupplierError> {
  const outcome = await promise.then(
    () => null,
    (error: unknown) => error,
  );
  if (!(outcome instanceof SupplierError)) throw new Error(`expected a SupplierError, got ${String(outcome)}`);
  return outcome;
}

/** Travelers for an offer's slots; `lastNames` (in slot order) carry the triggers. */
export function travelersFor(offer: SupplierOffer, lastNames: string[] = [], extra: Partial<SupplierTraveler> = {}): SupplierTraveler[] {
  return offer.travelerPricings.map((p, i) => ({
    travelerId: p.travelerId,
    type: p.travelerType as TravelerType,
    firstName: ['Amina', 'Baraka', 'Neema', 'Juma'][i % 4],
    lastName: lastNames[i] ?? 'Mushi',
    email: `traveler${i + 1}@example.com`,
    phone: `+2557120000${String(i).padStart(2, '0')}`,
    ...extra,
  }));
}

/** The first offer a search finds; throws when there is none. */
export async function firstOffer(sim: FlightSupplier, overrides: Partial<SupplierSearchCriteria> = {}): Promise<SupplierOffer> {
  const [offer] = await sim.search(criteria(overrides));
  if (!offer) throw new Error('no offer');
  return offer;
}
