import { randomBytes, randomUUID } from 'node:crypto';

/**
 * Public ids with a kind prefix (Stripe's and Duffel's habit) around a uuid: `whe_…` endpoint, `evt_…` event,
 * `whd_…` delivery.
 */
export const newEndpointId = (): string => `whe_${randomUUID()}`;
export const newEventId = (): string => `evt_${randomUUID()}`;
export const newDeliveryId = (): string => `whd_${randomUUID()}`;
/** A signing secret: 32 random bytes, shown once. */
export const newSigningSecret = (): string => `whsec_${randomBytes(32).toString('base64url')}`;

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
export const ENDPOINT_ID_PATTERN = new RegExp(`^whe_${UUID}$`);
export const DELIVERY_ID_PATTERN = new RegExp(`^whd_${UUID}$`);
