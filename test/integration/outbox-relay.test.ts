import { Queue, QueueEvents } from 'bullmq';
import type { Platform } from '../../shared/platform/platform';
import { OutboxRelay } from '../../shared/queue/outbox-relay';
import { outboxJobId } from '../../shared/queue/outbox.service';
import { WorkerHost } from '../../shared/queue/worker-host';
import { OutboxMessageEntity } from '../../shared/queue/entities/outbox-message.entity';
import { createTestPlatform } from '../support/test-platform';

const QUEUE = 'outbox-test';

describe('outbox relay (real MariaDB and Redis)', () => {
  let env: Awaited<ReturnType<typeof createTestPlatform>>;
  let platform: Platform;
  let relay: OutboxRelay;
  let queue: Queue;

  beforeAll(async () => {
    env = await createTestPlatform();
    platform = env.platform;
    relay = new OutboxRelay(platform.dataSource, platform.queues, platform.clock, platform.logger);
    queue = platform.queues.get(QUEUE);
  });
  afterAll(() => env.close());
  beforeEach(async () => {
    await queue.obliterate({ force: true });
    await platform.dataSource.query('DELETE FROM outbox_message');
  });

  const enqueueCommitted = (payload: object) =>
    platform.dataSource.transaction((m) => platform.outbox.enqueue(m, { queue: QUEUE, name: 'ping', payload }));

  it('relays a committed row as a job whose id is the outbox id', async () => {
    const id = await enqueueCommitted({ bookingId: 'b-1' });
    expect(await relay.relayOnce()).toBe(1);
    const job = await queue.getJob(outboxJobId(id));
    expect(job?.data).toEqual({ bookingId: 'b-1' });
    expect(job?.name).toBe('ping');
    expect(await relay.relayOnce()).toBe(0);
  });

  it('a rolled-back transaction enqueues nothing', async () => {
    await expect(
      platform.dataSource.transaction(async (m) => {
        await platform.outbox.enqueue(m, { queue: QUEUE, name: 'ping', payload: { bookingId: 'never' } });
        throw new Error('business step failed');
      }),
    ).rejects.toThrow('business step failed');
    expect(await relay.relayOnce()).toBe(0);
    expect(await queue.getJobCounts('waiting', 'delayed', 'active', 'completed')).toEqual({ waiting: 0, delayed: 0, active: 0, completed: 0 });
  });

  it('refuses to write outside a transaction', async () => {
    await expect(platform.outbox.enqueue(platform.dataSource.manager, { queue: QUEUE, name: 'ping', payload: {} })).rejects.toThrow(/inside the transaction/);
  });

  it('a relay killed after publishing and before marking still delivers exactly once', async () => {
    const id = await enqueueCommitted({ bookingId: 'b-2' });
    // The first relay dies between "job is in Redis" and "row is marked relayed".
    await expect(
      relay.relayOnce({
        afterPublish: async () => {
          throw new Error('relay process killed');
        },
      }),
    ).rejects.toThrow('relay process killed');
    const [row] = await platform.dataSource.getRepository(OutboxMessageEntity).findBy({ id });
    expect(row.relayedAt).toBeNull();

    // A restarted relay publishes the same job id again, which BullMQ ignores.
    expect(await relay.relayOnce()).toBe(1);
    expect(await queue.getJobCounts('waiting')).toEqual({ waiting: 1 });

    const processed: string[] = [];
    const workerConnection = platform.queueRedis.duplicate();
    const eventsConnection = platform.queueRedis.duplicate();
    const host = new WorkerHost(workerConnection, platform.config.queuePrefix, platform.logger);
    const events = new QueueEvents(QUEUE, { connection: eventsConnection, prefix: platform.config.queuePrefix });
    await events.waitUntilReady();
    const done = new Promise<void>((resolve) => events.on('completed', () => resolve()));
    host.start([{ queue: QUEUE, name: 'ping', process: async (payload: { bookingId: string }) => void processed.push(payload.bookingId) }]);
    await done;
    await host.close();
    await events.close();
    workerConnection.disconnect();
    eventsConnection.disconnect();
    expect(processed).toEqual(['b-2']);
    expect((await platform.dataSource.getRepository(OutboxMessageEntity).findOneByOrFail({ id })).relayedAt).not.toBeNull();
  });

  it('two relays racing over the same rows publish each row once', async () => {
    const ids = await Promise.all(Array.from({ length: 25 }, (_, i) => enqueueCommitted({ bookingId: `race-${i}` })));
    const second = new OutboxRelay(platform.dataSource, platform.queues, platform.clock, platform.logger);
    const counts = await Promise.all([relay.relayOnce({ batchSize: 10 }), second.relayOnce({ batchSize: 10 }), relay.relayOnce({ batchSize: 10 }), second.relayOnce({ batchSize: 10 })]);
    while ((await relay.relayOnce()) > 0);
    expect(counts.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(25);
    const jobs = await queue.getJobs(['waiting']);
    expect(jobs.map((j) => j.id).sort()).toEqual(ids.map(outboxJobId).sort());
  });

  it('a row with notBefore becomes a delayed job', async () => {
    const notBefore = new Date(platform.clock.now().getTime() + 60_000);
    await platform.dataSource.transaction((m) => platform.outbox.enqueue(m, { queue: QUEUE, name: 'expire', payload: { id: 'x' }, notBefore }));
    await relay.relayOnce();
    expect(await queue.getJobCounts('delayed', 'waiting')).toEqual({ delayed: 1, waiting: 0 });
  });
});
