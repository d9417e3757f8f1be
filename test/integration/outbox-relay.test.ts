import { Queue, QueueEvents } from 'bullmq';
import type { Platform } from '../../shared/platform/platform.wiring';
import { OutboxRelay } from '../../shared/queue/outbox-relay.service';
import { outboxJobId } from '../../shared/queue/outbox.service';
import { WorkerHost } from '../../shared/queue/worker-host.service';
import { OutboxMessageEntity } from '../../shared/queue/entities/outbox-message.entity';
import { createTestPlatform } from '../support/test-platform';
import { waitFor } from '../support/wait';

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

  const enqueueCommitted = (payload: object) => platform.dataSource.transaction((m) => platform.outbox.enqueue(m, { queue: QUEUE, name: 'ping', payload }));

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
    const counts = await Promise.all([
      relay.relayOnce({ batchSize: 10 }),
      second.relayOnce({ batchSize: 10 }),
      relay.relayOnce({ batchSize: 10 }),
      second.relayOnce({ batchSize: 10 }),
    ]);
    while ((await relay.relayOnce()) > 0);
    expect(counts.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(25);
    const jobs = await queue.getJobs(['waiting']);
    expect(jobs.map((j) => j.id).sort()).toEqual(ids.map(outboxJobId).sort());
  });

  describe('rows with a job id of their own', () => {
    const keyed = (jobId: string, notBefore: Date, payload: object = { id: 'k' }) =>
      platform.dataSource.transaction((m) =>
        platform.outbox.enqueue(m, { queue: QUEUE, name: 'settle', payload, notBefore, jobId, retry: { attempts: 3, backoffMs: 100 } }),
      );
    const inSeconds = (s: number) => new Date(platform.clock.now().getTime() + s * 1000);
    const rows = (jobId: string) => platform.dataSource.getRepository(OutboxMessageEntity).findBy({ jobId });
    /** When BullMQ will run a delayed job: its score in the delayed set. */
    const dueAt = async (jobId: string) => Number(await platform.queueRedis.zscore(`${platform.config.queuePrefix}:${QUEUE}:delayed`, jobId)) / 0x1000;

    it('become one job with that id and its own retry policy; writing the id again adds no row and no job', async () => {
      const first = await keyed('settle-a', inSeconds(60));
      expect(await keyed('settle-a', inSeconds(90))).toBe(first);
      expect(await rows('settle-a')).toHaveLength(1);
      while ((await relay.relayOnce()) > 0);
      expect(await keyed('settle-a', inSeconds(120))).toBe(first);
      while ((await relay.relayOnce()) > 0);
      const jobs = await queue.getJobs(['delayed', 'waiting']);
      expect(jobs.map((j) => j.id)).toEqual(['settle-a']);
      expect(jobs[0].opts).toMatchObject({ attempts: 3, backoff: { type: 'exponential', delay: 100 } });
      // The earliest time asked for stands.
      expect(Math.abs((await dueAt('settle-a')) - inSeconds(60).getTime())).toBeLessThan(2_000);
    });

    it('an earlier time brings the waiting job forward; a relay that publishes the row again changes nothing', async () => {
      await keyed('settle-b', inSeconds(3600));
      while ((await relay.relayOnce()) > 0);
      await keyed('settle-b', inSeconds(30));
      const [row] = await rows('settle-b');
      expect(row.relayedAt).toBeNull();
      while ((await relay.relayOnce()) > 0);
      expect(Math.abs((await dueAt('settle-b')) - inSeconds(30).getTime())).toBeLessThan(2_000);
      // As after a relay killed before marking: published again, still one job, same time.
      await platform.dataSource.query('UPDATE outbox_message SET relayed_at = NULL WHERE job_id = ?', ['settle-b']);
      while ((await relay.relayOnce()) > 0);
      expect((await queue.getJobs(['delayed', 'waiting'])).map((j) => j.id)).toEqual(['settle-b']);
      expect(Math.abs((await dueAt('settle-b')) - inSeconds(30).getTime())).toBeLessThan(2_000);
    });

    it('a finished job is not started again by a later write of its id', async () => {
      await keyed('settle-c', inSeconds(0), { id: 'c' });
      while ((await relay.relayOnce()) > 0);
      const runs: string[] = [];
      const workerConnection = platform.queueRedis.duplicate();
      const host = new WorkerHost(workerConnection, platform.config.queuePrefix, platform.logger);
      host.start([{ queue: QUEUE, name: 'settle', process: async (payload: { id: string }) => void runs.push(payload.id) }]);
      try {
        await waitFor(
          () => queue.getJobState('settle-c'),
          (state) => state === 'completed',
          10_000,
        );
        await keyed('settle-c', inSeconds(-10), { id: 'c' });
        while ((await relay.relayOnce()) > 0);
        await new Promise((r) => setTimeout(r, 500));
      } finally {
        await host.close();
        workerConnection.disconnect();
      }
      expect(runs).toEqual(['c']);
      expect(await queue.getJobCounts('completed', 'waiting', 'delayed')).toEqual({ completed: 1, waiting: 0, delayed: 0 });
    });

    it('refuses ids BullMQ would refuse or that look like the outbox ids', async () => {
      for (const jobId of ['settle:1', '12345', 'outbox-7', '']) {
        await expect(keyed(jobId, inSeconds(1))).rejects.toThrow(/job id/);
      }
    });
  });

  it('a row with notBefore becomes a delayed job', async () => {
    const notBefore = new Date(platform.clock.now().getTime() + 60_000);
    await platform.dataSource.transaction((m) => platform.outbox.enqueue(m, { queue: QUEUE, name: 'expire', payload: { id: 'x' }, notBefore }));
    await relay.relayOnce();
    expect(await queue.getJobCounts('delayed', 'waiting')).toEqual({ delayed: 1, waiting: 0 });
  });
});
