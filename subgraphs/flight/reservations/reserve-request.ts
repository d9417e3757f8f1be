import type { NotificationPreferences } from '../../../shared/notifications/notification.types';
import { FlightException } from '../errors/flight.exception';
import type { PriceAcceptance } from '../pricing/flight-pricing';

/** The reservation request as it arrives (GraphQL input or REST body). */
export interface ReserveInput {
  offerReference?: string | null;
  flightOfferReference?: string | null;
  passengers?: unknown[] | null;
  contact?: unknown;
  selectedOption?: string | null;
  notifications?: NotificationPreferences | null;
  priceAcceptance?: { priceVersion?: string | null; amount?: string | null; currency?: string | null } | null;
}

export interface ReserveRequest {
  offerReference: string;
  passengers: unknown[];
  contact: unknown;
  selectedOption: 'FLEXIBLE_FARE' | 'NON_REFUNDABLE_FARE';
  notifications: Required<{ [K in keyof NotificationPreferences]: boolean }>;
  priceAcceptance: PriceAcceptance | null;
  externalUserId: string | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Shape checks that answer 400 before anything is looked up. */
export function parseReserveRequest(input: ReserveInput, externalUserId: string | null | undefined): ReserveRequest {
  const fields: Array<{ field: string; message: string }> = [];
  const offerReference = (input.offerReference ?? input.flightOfferReference ?? '').trim();
  if (!offerReference) fields.push({ field: 'offerReference', message: 'is required (or flightOffer with its offerReference)' });
  else if (!UUID.test(offerReference)) fields.push({ field: 'offerReference', message: 'must be the uuid a search returned' });
  if (!Array.isArray(input.passengers) || input.passengers.length === 0)
    fields.push({ field: 'passengers', message: 'is required: one entry per traveler of the offer' });
  const selectedOption = input.selectedOption ?? 'NON_REFUNDABLE_FARE';
  if (selectedOption !== 'FLEXIBLE_FARE' && selectedOption !== 'NON_REFUNDABLE_FARE') {
    fields.push({ field: 'selectedOption', message: 'must be FLEXIBLE_FARE or NON_REFUNDABLE_FARE' });
  }
  let priceAcceptance: PriceAcceptance | null = null;
  if (input.priceAcceptance) {
    const { priceVersion, amount, currency } = input.priceAcceptance;
    if (!priceVersion || !amount || !currency) fields.push({ field: 'priceAcceptance', message: 'needs priceVersion, amount and currency' });
    else priceAcceptance = { priceVersion, amount, currency: currency.toUpperCase() };
  }
  const external = externalUserId?.trim() || null;
  if (external && external.length > 128) fields.push({ field: 'X-External-User-Id', message: 'must be at most 128 characters' });
  if (fields.length) throw FlightException.invalidRequest(`Invalid reservation request: ${fields.map((f) => `${f.field} ${f.message}`).join('; ')}`, fields);
  const prefs = input.notifications ?? {};
  return {
    offerReference: offerReference.toLowerCase(),
    passengers: input.passengers!,
    contact: input.contact ?? null,
    selectedOption: selectedOption as ReserveRequest['selectedOption'],
    notifications: {
      ticketPurchase: prefs.ticketPurchase !== false,
      allOtherTripNotification: prefs.allOtherTripNotification !== false,
      serviceAccountCreation: prefs.serviceAccountCreation !== false,
    },
    priceAcceptance,
    externalUserId: external,
  };
}

/** Rule 1 of /reserve/agent: a retry must not change the external user, the option or the notification settings. */
export function retryConflict(
  existing: { externalUserId: string | null; selectedOption: string; notifications: NotificationPreferences },
  request: ReserveRequest,
): string | null {
  if ((existing.externalUserId ?? null) !== request.externalUserId) return 'X-External-User-Id differs from the first attempt for this offer';
  if (existing.selectedOption !== request.selectedOption) return 'selectedOption differs from the first attempt for this offer';
  const before = existing.notifications;
  for (const key of ['ticketPurchase', 'allOtherTripNotification', 'serviceAccountCreation'] as const) {
    if ((before[key] !== false) !== request.notifications[key]) return `notifications.${key} differs from the first attempt for this offer`;
  }
  return null;
}
