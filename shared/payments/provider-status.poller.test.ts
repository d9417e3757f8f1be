import type { Logger } from '../logging/logger';
import { ManualClock } from '../time/clock.port';
import type { PaymentGateway } from './payment-gateway.port';
import { PendingCharge, PolledPayments, ProviderStatusPoller, STATUS_POLL_BATCH } from './provider-status.poller';

const NOW = new Date('2026-11-28T12:00:00.000Z');
const HOUR = 3_600_000;
const config = { intervalSeconds: 60, afterSeconds: 120, maxPendingHours: 24 };

const logger: Logger = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined, child: () => logger };
const gateway = (sandbox: boolean) => ({ provider: sandbox ? 'sandbox' : 'flutterwave', sandbox }) as PaymentGateway;

/** A kind's pending charges in memory: what the provider says of each (or that it cannot be asked), and what was done. */
function payments(charges: Array<PendingCharge & { provider: string | Error }>) {
  const calls = { listed: [] as Array<{ provider: string; before: Date; limit: number }>, polled: [] as string[], gaveUp: [] as Array<[string, string]> };
  const store: PolledPayments = {
    pendingAtProvider: async (provider, before, limit) => {
      calls.listed.push({ provider, before, limit });
      return charges.map(({ id, createdAt }) => ({ id, createdAt }));
    },
    notePolled: async (id) => void calls.polled.push(id),
    settleWithProvider: async (id) => {
      const said = charges.find((c) => c.id === id)!.provider;
      if (said instanceof Error) throw said;
      return said;
    },
    giveUp: async (id, reason) => {
      calls.gaveUp.push([id, reason]);
      return true;
    },
  };
  return { store, calls };
}

describe('ProviderStatusPoller', () => {
  it('does nothing at the sandbox, whose charges its confirm call settles', async () => {
    const { store, calls } = payments([{ id: 'a', createdAt: new Date(NOW.getTime() - 48 * HOUR), provider: 'PENDING' }]);
    const poller = new ProviderStatusPoller(gateway(true), store, config, new ManualClock(NOW), logger);
    expect(await poller.run()).toEqual({ asked: 0, settled: 0, gaveUp: 0 });
    expect(calls).toEqual({ listed: [], polled: [], gaveUp: [] });
  });

  it('asks about charges untouched for afterSeconds, in one bounded batch, and counts the ones the provider settled', async () => {
    const { store, calls } = payments([
      { id: 'confirmed', createdAt: new Date(NOW.getTime() - HOUR), provider: 'CONFIRMED' },
      { id: 'declined', createdAt: new Date(NOW.getTime() - HOUR), provider: 'CANCELLED' },
      { id: 'pending', createdAt: new Date(NOW.getTime() - HOUR), provider: 'PENDING' },
    ]);
    const poller = new ProviderStatusPoller(gateway(false), store, config, new ManualClock(NOW), logger);
    expect(await poller.run()).toEqual({ asked: 3, settled: 2, gaveUp: 0 });
    expect(calls.listed).toEqual([{ provider: 'flutterwave', before: new Date(NOW.getTime() - 120_000), limit: STATUS_POLL_BATCH }]);
    expect(calls.polled).toEqual(['confirmed', 'declined', 'pending']);
    expect(calls.gaveUp).toEqual([]);
  });

  it('gives up a charge still pending, or not answerable, maxPendingHours after it was made, with a reason starting "timeout"', async () => {
    const { store, calls } = payments([
      { id: 'old-pending', createdAt: new Date(NOW.getTime() - 24 * HOUR - 1), provider: 'PENDING' },
      { id: 'old-unreachable', createdAt: new Date(NOW.getTime() - 30 * HOUR), provider: new Error('Flutterwave did not answer') },
      { id: 'young-unreachable', createdAt: new Date(NOW.getTime() - 23 * HOUR), provider: new Error('Flutterwave did not answer') },
      { id: 'old-confirmed', createdAt: new Date(NOW.getTime() - 30 * HOUR), provider: 'CONFIRMED' },
    ]);
    const poller = new ProviderStatusPoller(gateway(false), store, config, new ManualClock(NOW), logger);
    expect(await poller.run()).toEqual({ asked: 4, settled: 1, gaveUp: 2 });
    expect(calls.gaveUp).toEqual([
      ['old-pending', expect.stringMatching(/^timeout: /)],
      ['old-unreachable', expect.stringMatching(/^timeout: /)],
    ]);
  });
});
