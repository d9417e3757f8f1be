import { retryDelayMs, retryWindowOver } from './webhook-retry.policy';

const config = { retryBaseMs: 30_000, retryMaxDelayMs: 6 * 3_600_000, retryWindowMs: 72 * 3_600_000 };

describe('webhook retry policy', () => {
  it('doubles from the base up to the maximum, jittered within ±25%', () => {
    expect(retryDelayMs(1, config, () => 0.5)).toBe(30_000);
    expect(retryDelayMs(2, config, () => 0.5)).toBe(60_000);
    expect(retryDelayMs(5, config, () => 0.5)).toBe(480_000);
    expect(retryDelayMs(40, config, () => 0.5)).toBe(6 * 3_600_000);
    expect(retryDelayMs(1, config, () => 0)).toBe(22_500);
    expect(retryDelayMs(1, config, () => 0.999999)).toBe(37_500);
  });

  it('keeps retrying for the whole window, about twenty attempts at the defaults', () => {
    let elapsed = 0;
    let attempt = 1;
    while (!retryWindowOver(new Date(0), new Date(elapsed), config)) {
      elapsed += retryDelayMs(attempt, config, () => 0.5);
      attempt += 1;
    }
    expect(elapsed).toBeGreaterThanOrEqual(72 * 3_600_000);
    expect(attempt).toBeGreaterThan(15);
    expect(attempt).toBeLessThan(30);
  });
});
