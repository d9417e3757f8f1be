import type { CarClass, RailFare, RailLuggageOption, RailNationalityOption, RailTicketTypeOption } from '../rail-provider.port';

/**
 * Operator fares in TZS: a rate per kilometre by class (DAR–DOD, 444 km: economy 40,000, business 70,000,
 * royal 120,000), rounded up to 500 with a minimum; children pay half. Express and ordinary cost the same, as
 * on the SGR. Luggage is a flat price by weight; nationality does not change the fare.
 */

const RATE_PER_KM: Record<CarClass, number> = { ECONOMY: 90, BUSINESS: 158, ROYAL_CLASS: 270 };
const MINIMUM: Record<CarClass, number> = { ECONOMY: 2000, BUSINESS: 4000, ROYAL_CLASS: 8000 };

export const ADULT = 4;
export const CHILD = 3;
export const NO_LUGGAGE = 5;

export const TICKET_TYPES: readonly RailTicketTypeOption[] = [
  { id: ADULT, code: 'ADULT', title: 'Adult' },
  { id: CHILD, code: 'CHILD', title: 'Child (4–11 years)' },
];

const SHARE: Record<number, number> = { [ADULT]: 1, [CHILD]: 0.5 };

export const LUGGAGE_OPTIONS: readonly RailLuggageOption[] = [
  { id: NO_LUGGAGE, name: 'No luggage', description: 'Hand luggage only', weightKg: 0, price: '0', isActive: true, configurationItemId: 905 },
  { id: 6, name: 'Luggage up to 10 kg', description: 'One checked bag up to 10 kg', weightKg: 10, price: '3000', isActive: true, configurationItemId: 906 },
  { id: 7, name: 'Luggage up to 20 kg', description: 'Checked luggage up to 20 kg', weightKg: 20, price: '6000', isActive: true, configurationItemId: 907 },
  { id: 8, name: 'Luggage up to 30 kg', description: 'Checked luggage up to 30 kg', weightKg: 30, price: '10000', isActive: true, configurationItemId: 908 },
];

export const NATIONALITY_OPTIONS: readonly RailNationalityOption[] = [
  { id: 1, code: 'TZ', title: 'Tanzanian' },
  { id: 2, code: 'EAC', title: 'East African (Kenya, Uganda, Rwanda, Burundi, South Sudan, DR Congo, Somalia)' },
  { id: 3, code: 'RESIDENT', title: 'Foreign resident of Tanzania' },
  { id: 4, code: 'FOREIGNER', title: 'Foreigner (non-resident)' },
];

const roundUp500 = (amount: number): number => Math.ceil(amount / 500) * 500;

/** The adult fare of a class over a distance, whole TZS. */
export function adultFare(carClass: CarClass, km: number): number {
  return Math.max(MINIMUM[carClass], roundUp500(km * RATE_PER_KM[carClass]));
}

/** The fare of a ticket type, whole TZS; null for an unknown type. */
export function fare(carClass: CarClass, km: number, ticketTypeId: number): number | null {
  const share = SHARE[ticketTypeId];
  return share === undefined ? null : roundUp500(adultFare(carClass, km) * share);
}

export function luggagePrice(luggageId: number): number | null {
  const option = LUGGAGE_OPTIONS.find((o) => o.id === luggageId && o.isActive);
  return option ? Number(option.price) : null;
}

export function faresFor(classes: readonly CarClass[], km: number): RailFare[] {
  return classes.flatMap((carClass) =>
    TICKET_TYPES.map((t) => ({
      ticketTypeId: t.id,
      ticketTypeCode: t.code,
      ticketTypeName: t.title,
      carClass,
      amount: String(fare(carClass, km, t.id)),
    })),
  );
}
