import type { WebhookConfig } from '../config/webhook.config';

/**
 * The delay before attempt `failedAttempt + 1`: the base doubled per failure up to the maximum, with ±25% jitter so
 * the deliveries of one outage do not all come back at once. Defaults: 30 s, 1 min, 2 min, … 6 h, for 72 h in all.
 */
export function retryDelayMs(failedAttempt: number, config: Pick<WebhookConfig, 'retryBaseMs' | 'retryMaxDelayMs'>, random = Math.random): number {
  const exponent = Math.min(Math.max(failedAttempt - 1, 0), 30);
  const plain = Math.min(config.retryBaseMs * 2 ** exponent, config.retryMaxDelayMs);
  return Math.round(plain * (0.75 + random() * 0.5));
}

/** Whether a failure at `now` ends the delivery: its first attempt is at least the retry window ago. */
export function retryWindowOver(firstAttemptAt: Date, now: Date, config: Pick<WebhookConfig, 'retryWindowMs'>): boolean {
  return now.getTime() - firstAttemptAt.getTime() >= config.retryWindowMs;
}
