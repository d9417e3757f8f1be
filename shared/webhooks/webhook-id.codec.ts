import { randomBytes } from 'node:crypto';

/** Public ids with a kind prefix (Stripe's and Duffel's habit): `whe_…` endpoint, `evt_…` event, `whd_…` delivery. */
export const newEndpointId = (): string => `whe_${randomBytes(12).toString('hex')}`;
export const newEventId = (): string => `evt_${randomBytes(12).toString('hex')}`;
export const newDeliveryId = (): string => `whd_${randomBytes(12).toString('hex')}`;
/** A signing secret: 32 random bytes, shown once. */
export const newSigningSecret = (): string => `whsec_${randomBytes(32).toString('base64url')}`;

export const ENDPOINT_ID_PATTERN = /^whe_[0-9a-f]{24}$/;
export const DELIVERY_ID_PATTERN = /^whd_[0-9a-f]{24}$/;
