import { createClient, type Client } from 'graphql-sse';
import Redis from 'ioredis';
import { startTestStack } from '../support/test-platform';
import { FlightClient } from '../support/flight-client';
import { startGatewayProcess, subgraphUrlsOf, type GatewayProcess } from '../support/gateway.process';
import { BOOKING_UPDATED, collectUpdates, MY_UPDATES, tripIdOf } from '../support/live-stream';
import { nextMonthDay, reserveSeat, selectExpressTrain } from '../support/train-trip';
import { waitFor } from '../support/wait';
import { decodeTripId } from '../../shared/trips/trip-id.codec';
import { bookingChannel, parseLiveUpdate, type LiveBookingUpdate } from '../../shared/live/live-update.contract';

/**
 * Live booking status with two gateway processes on one database and Redis, as replicas behind a balancer run
 * (issue 26 item 3): a stream open on one sees a change made through the other, and an update published while a
 * replica's Redis subscriber was cut off is not lost to its client, whose retry starts at the current status.
 */
describe('live booking status across gateway replicas', () => {
  let env: Awaited<ReturnType<typeof startTestStack>>;
  let replica: GatewayProcess;
  let agent: FlightClient;
  const clients: Client[] = [];
  const redis: Redis[] = [];

  const streamOn = (baseUrl: string, options: Partial<Parameters<typeof createClient>[0]> = {}) => {
    const made = createClient({ url: `${baseUrl}/graphql/stream`, headers: { authorization: `Bearer ${agent.token}` }, retryAttempts: 0, ...options });
    clients.push(made);
    return made;
  };
  /** A train booking reserved through the first gateway: its global trip id and what its live channel is called. */
  const reservedTrain = async (day: number) => {
    const train = await selectExpressTrain(agent, nextMonthDay(day));
    const { paymentReference } = await reserveSeat(agent, train, train.seats[0]);
    const tripId = await tripIdOf(env.baseUrl, agent.token, paymentReference);
    const { bookingId } = decodeTripId(tripId)!;
    return { paymentReference, tripId, channel: bookingChannel(env.config.queuePrefix, 'TRAIN', bookingId) };
  };
  const issue = async (paymentReference: string) => {
    const issued = await agent.call('POST', `/api/trip/train/ticket/${paymentReference}/issue`, {});
    expect(issued.status).toBe(202);
  };

  beforeAll(async () => {
    env = await startTestStack();
    agent = await FlightClient.create(env.baseUrl, env.stack.platform, 'replicas@stream.test', 'SERVICE_AGENT', {
      currency: 'TZS',
      openingBalance: '20000000',
    });
    replica = await startGatewayProcess(env.config, subgraphUrlsOf(env.stack.subgraphs));
  });
  afterAll(async () => {
    for (const c of clients) c.dispose();
    for (const r of redis) r.disconnect();
    await replica?.stop();
    await env?.close();
  });

  it('a stream on one gateway sees the change made through the other', async () => {
    const { paymentReference, tripId } = await reservedTrain(9);
    const own = collectUpdates(streamOn(replica.url), BOOKING_UPDATED, { id: tripId });
    const mine = collectUpdates(streamOn(replica.url), MY_UPDATES);
    await waitFor(
      async () => own.messages.length + own.errors.length,
      (n) => n >= 1,
    );
    expect(own.messages[0]).toMatchObject({ tripId, status: 'RESERVED', eventType: null });

    await issue(paymentReference);
    await waitFor(
      async () => own.messages.map((m) => m.status),
      (s) => s.includes('ISSUED'),
    );
    expect(own.messages[own.messages.length - 1]).toMatchObject({ tripId, status: 'ISSUED', eventType: 'train.issuance.issued' });
    await waitFor(
      async () => mine.messages.map((m) => `${m.tripId} ${m.status}`),
      (s) => s.includes(`${tripId} ISSUED`),
    );
    expect(own.errors).toEqual([]);
    own.stop();
    mine.stop();
  });

  it("an update published while the replica's subscriber was cut off reaches its client: the stream breaks off and the retry starts at the current status", async () => {
    const { paymentReference, tripId, channel } = await reservedTrain(10);
    // The test's own subscriber on the booking's channel shows when the ISSUED update went out (to no stream on the replica).
    const published: LiveBookingUpdate[] = [];
    const listener = new Redis(env.config.redisUrl);
    redis.push(listener);
    listener.on('message', (_channel: string, message: string) => {
      const update = parseLiveUpdate(message);
      if (update) published.push(update);
    });
    await listener.subscribe(channel);

    // The client's retry waits until the test lets it go, so the update is published while no stream listens.
    let retries = 0;
    let letRetry = () => undefined as void;
    const retryHeld = new Promise<void>((resolve) => (letRetry = resolve));
    const watch = collectUpdates(
      streamOn(replica.url, {
        retryAttempts: 3,
        retry: async () => {
          retries++;
          await retryHeld;
        },
      }),
      BOOKING_UPDATED,
      { id: tripId },
    );
    await waitFor(
      async () => watch.messages.length,
      (n) => n >= 1,
    );
    expect(watch.messages[0]).toMatchObject({ tripId, status: 'RESERVED', eventType: null });

    // Cut the replica's Redis subscriber (named safiri-live:<queue prefix>:<pid>; it reconnects by itself).
    const admin = new Redis(env.config.redisUrl);
    redis.push(admin);
    const name = `safiri-live:${env.config.queuePrefix}:${replica.pid}`;
    const line = ((await admin.client('LIST')) as string).split('\n').find((l) => l.includes(` name=${name} `));
    expect(line).toBeDefined();
    await admin.client('KILL', 'ID', /\bid=(\d+)/.exec(line!)![1]);
    await waitFor(
      async () => retries,
      (n) => n >= 1,
    );

    await issue(paymentReference);
    await waitFor(
      async () => published.map((u) => u.status),
      (s) => s.includes('ISSUED'),
    );
    // Only the reservation's own states came (its creation event may arrive after the first message); ISSUED did not.
    const beforeRetry = watch.messages.length;
    expect(watch.messages.map((m) => m.status)).not.toContain('ISSUED');

    letRetry();
    await waitFor(
      async () => watch.messages.length,
      (n) => n > beforeRetry,
    );
    expect(watch.messages[beforeRetry]).toMatchObject({ tripId, status: 'ISSUED', eventType: null });
    expect(watch.errors).toEqual([]);
    watch.stop();
  });
});
