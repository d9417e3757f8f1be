import { type FlightProblem, UUID_PATTERN } from './flight-reservation.contract';

/*
 * The one validator of what a reservation starts from: the offer review's reference (OpenAPI `postFlightOffer`, GraphQL
 * `reviewFlightOffer`) and a reservation request's own members (`postFlightReserve` and `postFlightReserveAgent`,
 * GraphQL `reserveFlight` and `reserveFlightAsAgent`): the offer, that passengers are given, the fare option, a price
 * acceptance and the agent's X-External-User-Id. The flight subgraph runs it on the arguments before it looks anything
 * up (a reservation once the caller may reserve); the REST layer runs it on a body GraphQL could not carry. One 400
 * lists every problem. The passengers themselves are checked against the offer (its travelers, dates and booking
 * requirements), which only the subgraph reads: its 422 FLIGHT_PASSENGER_DATA_INVALID.
 */

export const FARE_OPTIONS = ['FLEXIBLE_FARE', 'NON_REFUNDABLE_FARE'] as const;
export type FareOption = (typeof FARE_OPTIONS)[number];
export const EXTERNAL_USER_ID_MAX_LENGTH = 128;
/** A price version is `pv1-` and 32 hex digits, an amount a decimal string, a currency an ISO 4217 code: room to spare. */
export const PRICE_ACCEPTANCE_MAX_LENGTH = { priceVersion: 64, amount: 32, currency: 3 } as const;

/** An offer review without a reference (none, or a blank one): its message and its one field. */
const OFFER_REFERENCE_MISSING = {
  message: 'offerReference is required (or flightOffer with its offerReference)',
  fields: [{ field: 'offerReference', message: 'is required' }],
} as const;

/** The review's reference: a uuid (any case, spaces around it ignored), answered in lower case. */
export function checkOfferReference(reference: unknown): { offerReference: string } | { problems: FlightProblem[] } {
  const text = typeof reference === 'string' ? reference.trim() : reference;
  if (text === undefined || text === null || text === '') return { problems: [...OFFER_REFERENCE_MISSING.fields] };
  if (typeof text !== 'string' || !UUID_PATTERN.test(text)) return { problems: [{ field: 'offerReference', message: 'must be a uuid' }] };
  return { offerReference: text.toLowerCase() };
}

/** The message of the review's 400. */
export const offerReferenceMessage = (problems: FlightProblem[]) =>
  problems[0]?.message === OFFER_REFERENCE_MISSING.fields[0].message ? OFFER_REFERENCE_MISSING.message : 'offerReference must be the uuid a search returned';

/** The request as a client sends it (GraphQL input, or a REST body with flightOffer's reference as flightOfferReference). */
export interface ReservationRequestInput {
  offerReference?: unknown;
  flightOfferReference?: unknown;
  passengers?: unknown;
  contact?: unknown;
  selectedOption?: unknown;
  notifications?: unknown;
  priceAcceptance?: unknown;
}

export interface ReservationRequest {
  offerReference: string;
  passengers: unknown[];
  contact: unknown;
  selectedOption: FareOption;
  notifications: { ticketPurchase: boolean; allOtherTripNotification: boolean; serviceAccountCreation: boolean };
  priceAcceptance: { priceVersion: string; amount: string; currency: string } | null;
  externalUserId: string | null;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Both routes to the offer given and naming different offers: the spec asks for exactly one (the same offer twice is one). */
function namesAnotherOffer(input: ReservationRequestInput): boolean {
  const { offerReference, flightOfferReference } = input;
  if (typeof offerReference !== 'string' || typeof flightOfferReference !== 'string') return false;
  return offerReference.trim().toLowerCase() !== flightOfferReference.trim().toLowerCase();
}

/** Every problem of the request's own members at once; or the request with its defaults. */
export function checkReservationRequest(
  input: ReservationRequestInput,
  externalUserId?: unknown,
): { request: ReservationRequest } | { problems: FlightProblem[] } {
  const problems: FlightProblem[] = [];
  const given = input.offerReference ?? input.flightOfferReference;
  const offerReference = typeof given === 'string' ? given.trim() : '';
  if (given === undefined || given === null || (typeof given === 'string' && !offerReference))
    problems.push({ field: 'offerReference', message: 'is required (or flightOffer with its offerReference)' });
  else if (!UUID_PATTERN.test(offerReference)) problems.push({ field: 'offerReference', message: 'must be the uuid a search returned' });
  else if (namesAnotherOffer(input)) problems.push({ field: 'flightOffer', message: 'names another offer than offerReference: send one of the two' });
  const passengers = input.passengers;
  if (!Array.isArray(passengers) || passengers.length === 0)
    problems.push({ field: 'passengers', message: 'is required: one entry per traveler of the offer' });
  const selectedOption = input.selectedOption ?? 'NON_REFUNDABLE_FARE';
  if (!(FARE_OPTIONS as readonly unknown[]).includes(selectedOption))
    problems.push({ field: 'selectedOption', message: `must be ${FARE_OPTIONS.join(' or ')}` });
  const priceAcceptance = acceptanceOf(input.priceAcceptance, problems);
  const external = (typeof externalUserId === 'string' && externalUserId.trim()) || null;
  if (external && external.length > EXTERNAL_USER_ID_MAX_LENGTH)
    problems.push({ field: 'X-External-User-Id', message: `must be at most ${EXTERNAL_USER_ID_MAX_LENGTH} characters` });
  if (problems.length) return { problems };
  const prefs = isObject(input.notifications) ? input.notifications : {};
  return {
    request: {
      offerReference: offerReference.toLowerCase(),
      passengers: passengers as unknown[],
      contact: input.contact ?? null,
      selectedOption: selectedOption as FareOption,
      notifications: {
        ticketPurchase: prefs.ticketPurchase !== false,
        allOtherTripNotification: prefs.allOtherTripNotification !== false,
        serviceAccountCreation: prefs.serviceAccountCreation !== false,
      },
      priceAcceptance,
      externalUserId: external,
    },
  };
}

/** The message of the 400 that lists the problems. */
export const reservationProblemsMessage = (problems: FlightProblem[]) =>
  `Invalid reservation request: ${problems.map((p) => `${p.field} ${p.message}`).join('; ')}`;

/** A price acceptance needs all three members, each within its bound; the currency is compared in upper case. */
function acceptanceOf(value: unknown, problems: FlightProblem[]): ReservationRequest['priceAcceptance'] {
  if (value === undefined || value === null) return null;
  const members = isObject(value) ? value : {};
  const member = (name: keyof typeof PRICE_ACCEPTANCE_MAX_LENGTH) => (typeof members[name] === 'string' ? (members[name] as string) : '');
  const accepted = { priceVersion: member('priceVersion'), amount: member('amount'), currency: member('currency') };
  if (!accepted.priceVersion || !accepted.amount || !accepted.currency) {
    problems.push({ field: 'priceAcceptance', message: 'needs priceVersion, amount and currency' });
    return null;
  }
  const long = (Object.keys(accepted) as Array<keyof typeof accepted>).filter((name) => accepted[name].length > PRICE_ACCEPTANCE_MAX_LENGTH[name]);
  for (const name of long) problems.push({ field: `priceAcceptance.${name}`, message: `must be at most ${PRICE_ACCEPTANCE_MAX_LENGTH[name]} characters` });
  return long.length ? null : { ...accepted, currency: accepted.currency.toUpperCase() };
}
