import { daysAhead } from '../../test/support/flight-client';
import { randomUUID } from 'node:crypto';
import type { Platform } from '../../shared/platform/platform.wiring';
import { OutboxRelay } from '../../shared/queue/outbox-relay.service';
import { outboxBacklog } from '../../shared/queue/outbox.repository';
import { SUBGRAPH_MODULES } from '../../subgraphs/subgraph.registry';
import { FLIGHT_ISSUANCE_RECOVERY_JOB } from '../../subgraphs/flight/jobs/issuance-recovery.job';
import { TRAIN_JOBS } from '../../subgraphs/train/jobs/train.jobs';
import { RESERVATION_EXPIRY_JOB } from '../../subgraphs/flight/reservations/reservation-follow-ups.service';
import type { JobDefinition } from '../../shared/queue/worker-host.service';
import type { ScaleSamples } from './scale-samples';
import { platformPurges } from '../../shared/retention/platform.purges';
import type { RetentionPurge } from '../../shared/retention/retention.types';
import { notificationJobs } from '../../shared/notifications/notification.jobs';
import { DISPATCH_JOB } from '../../shared/notifications/notification-request.service';
import { createChannelAdapters } from '../../shared/notifications/channels/channel.factory';

/** One read path a user or a job takes: `run(i)` does it once with the i-th sample. */
export interface ScalePath {
  name: string;
  /** User-facing reads must stay at or under 50 ms at p50; job scans only flat. */
  userFacing: boolean;
  /** Shown but not judged: work that changes the data, measured a few times only. */
  informational?: boolean;
  /** Runs instead of the benchmark's default (paths that delete rows run a few times only). */
  iterations?: number;
  run(i: number): Promise<void>;
}

export interface PathContext {
  baseUrl: string;
  platform: Platform;
  samples: ScaleSamples;
  adminToken: string;
  bigAgentToken: string;
  /** Tokens of other seeded accounts, by email, logged on as the benchmark needs them. */
  logins: string[];
  password: string;
  /** A notification log cursor about 5,000 entries deep. */
  deepCursor: string | null;
}

const pick = <T>(list: T[], i: number): T => {
  if (list.length === 0) throw new Error('no sample for this path');
  return list[i % list.length];
};

async function get(ctx: PathContext, token: string, path: string, expected: number[] = [200]): Promise<unknown> {
  const res = await fetch(`${ctx.baseUrl}${path}`, { headers: { authorization: `Bearer ${token}` } });
  const body = await res.text();
  if (!expected.includes(res.status)) throw new Error(`GET ${path} answered ${res.status}: ${body.slice(0, 300)}`);
  return body ? JSON.parse(body) : null;
}

export async function graphql<T>(ctx: Pick<PathContext, 'baseUrl'>, token: string, query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const res = await fetch(`${ctx.baseUrl}/graphql`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await res.json()) as { data?: T; errors?: unknown };
  if (!res.ok || body.errors) throw new Error(`graphql answered ${res.status}: ${JSON.stringify(body).slice(0, 300)}`);
  return body.data!;
}

/** A page of the notification log, as an operator's screen asks for it. */
export const NOTIFICATION_LOG = `query Log($status: NotificationLogStatus, $channel: NotificationChannel, $type: NotificationMessageType, $ref: String, $after: String, $limit: Int!) {
  notificationLog(status: $status, channel: $channel, messageType: $type, bookingReference: $ref, after: $after, limit: $limit) {
    nextCursor entries { notificationId deliveryId bookingReference messageType status channel recipient detail requestedAt attempts { status } }
  }
}`;

/** "My trips" (issue 26): a page of the registry, then each owner's batched entity read. */
export const MY_TRIPS = `query Trips($filter: TripFilter, $after: String) {
  me { trips(first: 20, after: $after, filter: $filter) { edges { cursor node { id kind status paymentReference from { name } to { name } departure { date time }
    price { amount currency } ... on FlightBooking { pnr } ... on TrainBooking { trainNumber } } } pageInfo { hasNextPage endCursor } } }
}`;

/** The same with the count (up to 1,000 entries), which only a query that selects it pays for. */
export const NOTIFICATION_LOG_COUNTED = NOTIFICATION_LOG.replace('nextCursor entries', 'total totalIsExact nextCursor entries');

const ticket = (ctx: PathContext, token: string, query: Record<string, string>) => get(ctx, token, `/api/ticket?${new URLSearchParams(query)}`);

function job<T extends object>(platform: Platform, subgraph: 'flight' | 'train', name: string): JobDefinition<T> {
  const found = SUBGRAPH_MODULES[subgraph].jobs!(platform).find((j) => j.name === name);
  if (!found) throw new Error(`no job ${subgraph}/${name}`);
  return found as JobDefinition<T>;
}

/** Every path the benchmark measures, in the order it prints them. */
export function scalePaths(ctx: PathContext): ScalePath[] {
  const { samples, platform } = ctx;
  const mine = samples.flight.filter((f) => f.accountId === samples.bigAgentId);
  const myTrains = samples.train.filter((t) => t.accountId === samples.bigAgentId && t.issued);
  const numbered = samples.flight.filter((f) => f.ticketNumber);
  const withEmail = samples.flight.filter((f) => f.email);
  const withPhone = samples.flight.filter((f) => f.phone);
  const flightRecovery = job<object>(platform, 'flight', FLIGHT_ISSUANCE_RECOVERY_JOB);
  const trainRecovery = job<object>(platform, 'train', TRAIN_JOBS.issuanceRecovery.name);
  const flightExpiry = job<{ reservationId: string }>(platform, 'flight', RESERVATION_EXPIRY_JOB);
  const trainExpiry = job<{ reservationId: string }>(platform, 'train', TRAIN_JOBS.reservationExpiry.name);
  const reconcile = job<{ reservationId: string }>(platform, 'train', TRAIN_JOBS.reserveReconcile.name);
  const dispatch = notificationJobs(
    platform,
    Object.values(SUBGRAPH_MODULES).flatMap((m) => m.notificationSources?.(platform) ?? []),
    createChannelAdapters(platform.config.notifications, platform.logger),
  ).find((j) => j.name === DISPATCH_JOB) as JobDefinition<{ notificationId: string }>;
  const relay = new OutboxRelay(platform.dataSource, platform.queues, platform.clock, platform.logger);
  const modules = Object.values(SUBGRAPH_MODULES);
  const purges: RetentionPurge[] = [
    ...platformPurges(
      platform,
      modules.flatMap((m) => m.notificationSources?.(platform) ?? []),
    ),
    ...modules.flatMap((m) => m.retentionPurges?.(platform) ?? []),
  ];
  /** One batch of every purge kind, as a retention run starts each kind. */
  const purgeOnce = async (cutoff: (purge: RetentionPurge) => Date, limit: number) => {
    for (const purge of purges) if (purge.days !== null) await purge.purgeBatch(cutoff(purge), limit, null);
  };
  const dueCutoff = (purge: RetentionPurge) =>
    purge.cutoff ? purge.cutoff(platform.clock.now(), purge.days!) : new Date(platform.clock.now().getTime() - purge.days! * 86_400_000);
  const admin = ctx.adminToken;
  const agent = ctx.bigAgentToken;
  const log = (variables: Record<string, unknown>, query = NOTIFICATION_LOG) => graphql(ctx, admin, query, { limit: 50, ...variables });
  const user = (name: string, run: (i: number) => Promise<unknown>): ScalePath => ({ name, userFacing: true, run: async (i) => void (await run(i)) });
  const scan = (name: string, run: (i: number) => Promise<unknown>): ScalePath => ({ name, userFacing: false, run: async (i) => void (await run(i)) });
  return [
    user('ticket ?ticketId= flight e-ticket (ADMIN)', (i) => ticket(ctx, admin, { ticketId: pick(numbered, i).ticketNumber! })),
    user('ticket ?ticketId= SGR ticket (ADMIN)', (i) => ticket(ctx, admin, { ticketId: pick(samples.train, i).ticketNumber })),
    user('ticket ?paymentReference= (ADMIN)', (i) => ticket(ctx, admin, { paymentReference: pick(samples.flight, i).paymentReference })),
    user('ticket ?bookingReference= flight (ADMIN)', (i) => ticket(ctx, admin, { bookingReference: pick(samples.flight, i).bookingReference })),
    user('ticket ?bookingReference= PNR (ADMIN)', (i) =>
      ticket(ctx, admin, {
        bookingReference: pick(
          samples.train.filter((t) => t.pnr),
          i,
        ).pnr!,
      }),
    ),
    user('ticket ?email= (ADMIN)', (i) => ticket(ctx, admin, { email: pick(withEmail, i).email! })),
    user('ticket ?email= no match (ADMIN)', (i) => ticket(ctx, admin, { email: `nobody${i}@nowhere.example` })),
    user('ticket ?phoneNumber= (ADMIN)', (i) => ticket(ctx, admin, { phoneNumber: pick(withPhone, i).phone! })),
    user('ticket ?email= (agent with 10%)', (i) => ticket(ctx, agent, { email: pick(mine, i).email! })),
    user('ticket ?email= no match (agent with 10%)', (i) => ticket(ctx, agent, { email: `nobody${i}@nowhere.example` })),
    user('ticket ?phoneNumber= (agent with 10%)', (i) => ticket(ctx, agent, { phoneNumber: pick(mine, i).phone! })),
    user('ticket ?bookingReference= (agent with 10%)', (i) => ticket(ctx, agent, { bookingReference: pick(mine, i).bookingReference })),
    user('ticket ?ticketId= (agent with 10%)', (i) => ticket(ctx, agent, { ticketId: pick(mine, i).ticketId })),
    user('flight tickets ?ticketId= (owner)', (i) => get(ctx, agent, `/api/flight/tickets?ticketId=${encodeURIComponent(pick(mine, i).ticketId)}`)),
    user('train issuance status (owner)', (i) => get(ctx, agent, `/api/trip/train/ticket/${pick(myTrains, i).paymentReference}/issuance`)),
    user('my trips, first page (agent with 10%)', () => graphql(ctx, agent, MY_TRIPS)),
    user('my trips, trains only (agent with 10%)', () => graphql(ctx, agent, MY_TRIPS, { filter: { kinds: ['TRAIN'] } })),
    user('my trips, status ISSUED (agent with 10%)', () => graphql(ctx, agent, MY_TRIPS, { filter: { statuses: ['ISSUED'] } })),
    user('my trips, one departure month (agent with 10%)', () =>
      graphql(ctx, agent, MY_TRIPS, { filter: { departureFrom: daysAhead(30), departureTo: daysAhead(60) } }),
    ),
    user('GET /api/trips first page (agent with 10%)', () => get(ctx, agent, '/api/trips?limit=20')),
    user('notification log, first page (ADMIN)', () => log({})),
    user('notification log, first page with its total (ADMIN)', () => log({}, NOTIFICATION_LOG_COUNTED)),
    user('notification log, status FAILED with its total (ADMIN)', () => log({ status: 'FAILED' }, NOTIFICATION_LOG_COUNTED)),
    user('notification log, status SENT (ADMIN)', () => log({ status: 'SENT' })),
    user('notification log, status FAILED (ADMIN)', () => log({ status: 'FAILED' })),
    user('notification log, channel SMS (ADMIN)', () => log({ channel: 'SMS' })),
    user('notification log, type TICKET (ADMIN)', () => log({ type: 'TICKET' })),
    user('notification log, booking reference (ADMIN)', (i) => log({ ref: pick(samples.notified, i) })),
    user('notification log, 5,000 entries deep (ADMIN)', () => log({ after: ctx.deepCursor })),
    user('login (scrypt by design)', (i) =>
      fetch(`${ctx.baseUrl}/api/logon`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: pick(ctx.logins, i), password: ctx.password }),
      }).then(async (res) => {
        if (res.status !== 200) throw new Error(`logon answered ${res.status}: ${await res.text()}`);
      }),
    ),
    scan('wallet admission: hold and release (agent with 10%)', async () => {
      const key = `scale-bench:${randomUUID()}`;
      const admission = await platform.ledger.hold(samples.bigAgentWalletId, { businessKey: key, amount: '1' });
      if (!admission.admitted) throw new Error('the benchmark hold was not admitted');
      await platform.ledger.release(samples.bigAgentWalletId, key);
    }),
    scan('job: flight issuance recovery scan', () => flightRecovery.process({}, undefined as never)),
    scan('job: train issuance recovery scan', () => trainRecovery.process({}, undefined as never)),
    scan('job: flight reservation expiry (one booking)', (i) =>
      flightExpiry.process({ reservationId: pick(samples.flight, i).reservationId }, undefined as never),
    ),
    scan('job: train reservation expiry (one booking)', (i) =>
      trainExpiry.process({ reservationId: pick(samples.train, i).reservationId }, undefined as never),
    ),
    scan('job: train reserve reconciliation (one booking)', (i) =>
      reconcile.process({ reservationId: pick(samples.train, i).reservationId }, undefined as never),
    ),
    // A reminder is a dispatch at its time: it loads the request and its booking, and queues what is still to send.
    scan('job: notification dispatch, as a reminder runs (one request)', (i) =>
      dispatch.process({ notificationId: pick(samples.notifications, i) }, undefined as never),
    ),
    scan('job: outbox relay poll', () => relay.relayOnce()),
    scan('metrics: outbox backlog', () => outboxBacklog(platform.dataSource)),
    // Once caught up, a run every ten minutes finds only what aged meanwhile: its cost is each kind's index probe.
    scan('job: retention purge, caught up (every kind)', () => purgeOnce(() => new Date(86_400_000), 1000)),
    {
      name: 'job: retention purge, 1,000 rows per kind of the backlog (deletes)',
      userFacing: false,
      informational: true,
      iterations: 3,
      run: () => purgeOnce(dueCutoff, 1000),
    },
  ];
}
