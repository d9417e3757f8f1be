import type { EnvReader } from './env.reader';
import { readOutboundAllowPrivate } from './outbound.config';

/** Webhook delivery (docs/configuration.md "Webhooks"): timing of attempts and the bounds of an account's endpoints. */
export interface WebhookConfig {
  /** One attempt's limit: connect, send, and the receiver's answer. */
  timeoutMs: number;
  /** The first retry's delay; each next one doubles, up to retryMaxDelayMs, each with ±25% jitter. */
  retryBaseMs: number;
  retryMaxDelayMs: number;
  /** Retried this long from the first attempt; after it the delivery is FAILED, and an endpoint failing this long is disabled. */
  retryWindowMs: number;
  maxEndpointsPerAccount: number;
  /** Loopback and private receivers (tests, local development; refused in production). Endpoints stay HTTPS; a callbackUrl may be http. */
  allowPrivate: boolean;
}

export function readWebhookConfig(read: EnvReader, production: boolean, problems: string[]): WebhookConfig {
  return {
    timeoutMs: read.integer('WEBHOOK_TIMEOUT_MS', 10_000, 100, 30_000),
    retryBaseMs: read.integer('WEBHOOK_RETRY_BASE_MS', 30_000, 10, 3_600_000),
    retryMaxDelayMs: read.integer('WEBHOOK_RETRY_MAX_DELAY_MS', 6 * 3_600_000, 10, 24 * 3_600_000),
    retryWindowMs: read.integer('WEBHOOK_RETRY_WINDOW_MS', 72 * 3_600_000, 100, 30 * 86_400_000),
    maxEndpointsPerAccount: read.integer('WEBHOOK_MAX_ENDPOINTS_PER_ACCOUNT', 20, 1, 100),
    allowPrivate: readOutboundAllowPrivate(read, production, problems),
  };
}
