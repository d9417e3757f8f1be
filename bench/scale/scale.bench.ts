import 'reflect-metadata';
import { performance } from 'node:perf_hooks';
import { dropDatabase, ensureDatabase, parseDatabaseUrl } from '../../shared/database/data-source.factory';
import { createLogger } from '../../shared/logging/logger';
import { closePlatform, createPlatform } from '../../shared/platform/platform.wiring';
import { loadConfig } from '../../shared/config/platform.config';
import { DATABASE_MODULES } from '../../subgraphs/subgraph.registry';
import { prepareDatabase } from '../../bin/prepare-database.service';
import { adult, daysAhead } from '../../test/support/flight-client';
import { readManifest, seedVolume, VOLUME_PASSWORD, VolumeManifest } from '../volume/volume-seeder';
import { BenchFailure, positiveNumber, runBench } from '../bench-runner';
import { readSamples } from './scale-samples';
import { graphql, NOTIFICATION_LOG, PathContext, ScalePath, scalePaths } from './scale-paths';
import { startScaleStack } from './scale-stack';

/*
 * npm run bench:scale: every read path a user or a job takes, measured side by side (by turns, in one run) on a small
 * and a large seeded database (bench/volume: a year of bookings cloned from real flows). Databases are seeded once and reused
 * (safiri_scale_<bookings> on the server of DATABASE_URL). Prints p50/p99 per path at each size, the growth ratio of
 * the p50s, and the verdict of issue 23: each path within 2× of the small size, user-facing reads at most 50 ms p50.
 *   BENCH_SCALE_SIZES=10000,1000000  bookings of each kind per database (small first: at 10,000 every page the
 *                                    benchmark reads is full, so both sizes do the same work per request)
 *   BENCH_SCALE_ITERATIONS=60        measured runs per path (after 5 warm-up runs), cycling through samples
 *   BENCH_SCALE_RESEED=1             seed again even when a database of that size exists
 */

const SIZES = (process.env.BENCH_SCALE_SIZES ?? '10000,1000000').split(',').map((s) => Number(s.trim()));
const ITERATIONS = Math.round(positiveNumber('BENCH_SCALE_ITERATIONS', 60));
const WARM_UP = 5;
const GROWTH_LIMIT = 2;
const USER_P50_LIMIT_MS = 50;
/** Below this a p50 is within the timer's and the event loop's noise: growth is judged against it, not against 0. */
const NOISE_FLOOR_MS = 1;

interface Timing {
  p50: number;
  p99: number;
}

async function ensureSeeded(serverUrl: string, redisUrl: string, bookings: number): Promise<{ databaseUrl: string; manifest: VolumeManifest }> {
  const databaseUrl = `${serverUrl}/safiri_scale_${bookings}`;
  let manifest = process.env.BENCH_SCALE_RESEED ? null : await readManifest(databaseUrl);
  if (manifest && manifest.bookings === bookings && manifest.samples) {
    console.log(`size ${bookings}: reusing ${databaseUrl.replace(/\/\/[^@]*@/, '//')} (seeded ${manifest.seededAt} in ${manifest.seconds} s)`);
    return { databaseUrl, manifest };
  }
  console.log(`size ${bookings}: seeding ${databaseUrl.replace(/\/\/[^@]*@/, '//')}`);
  await dropDatabase(databaseUrl);
  await ensureDatabase(databaseUrl);
  const platform = await createPlatform(loadConfig({ NODE_ENV: 'development', DATABASE_URL: databaseUrl, REDIS_URL: redisUrl }), DATABASE_MODULES, {
    logger: createLogger('error'),
  });
  try {
    await prepareDatabase(platform);
  } finally {
    await closePlatform(platform);
  }
  manifest = await seedVolume({ bookings, databaseUrl, redisUrl, log: (line) => console.log(`  ${line}`) });
  console.log(`  seeded in ${manifest.seconds} s`);
  return { databaseUrl, manifest };
}

async function logon(baseUrl: string, email: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/logon`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: VOLUME_PASSWORD }),
  });
  if (!res.ok) throw new BenchFailure(`logon of ${email} answered ${res.status}: ${await res.text()}`);
  return ((await res.json()) as { token: string }).token;
}

/** An agent purchase with no worker running: its wallet hold stays open, as one does between admission and debit. */
async function openOneHold(baseUrl: string, token: string): Promise<void> {
  const call = async (path: string, body: unknown) => {
    const res = await fetch(`${baseUrl}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const json = (await res.json()) as Record<string, unknown>;
    if (!res.ok) throw new BenchFailure(`${path} answered ${res.status}: ${JSON.stringify(json).slice(0, 300)}`);
    return json;
  };
  const search = await call('/api/flight/search', { originLocationCode: 'DAR', destinationLocationCode: 'ZNZ', departureDate: daysAhead(30) });
  const offer = (search.data as Array<{ offerReference: string }>)[0];
  const reserved = await call('/api/flight/reserve/agent', {
    offerReference: offer.offerReference,
    passengers: [adult('Mwinyi', { email: 'open.hold@example.com' })],
  });
  await call('/api/flight/purchase/agent', { ticketId: (reserved.reservation as { ticketIds: string[] }).ticketIds[0] });
}

/** A notification log cursor about 5,000 entries deep (or as deep as the log goes). */
async function deepCursor(baseUrl: string, token: string): Promise<string | null> {
  let after: string | null = null;
  for (let page = 0; page < 25; page++) {
    const data: { notificationLog: { nextCursor: string | null } } = await graphql({ baseUrl }, token, NOTIFICATION_LOG, { limit: 200, after });
    if (!data.notificationLog.nextCursor) break;
    after = data.notificationLog.nextCursor;
  }
  return after;
}

/** p50 and p99 of a list of durations. */
function timing(durations: number[]): Timing {
  const sorted = [...durations].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
  return { p50: at(0.5), p99: at(0.99) };
}

/**
 * One path at both sizes, run by turns (small, large, small, …) so that whatever else the machine does at that moment
 * weighs on both alike.
 */
async function timeSideBySide(small: ScalePath, large: ScalePath): Promise<[Timing, Timing]> {
  const iterations = small.iterations ?? ITERATIONS;
  if (!small.iterations) {
    for (let i = 0; i < WARM_UP; i++) {
      await small.run(ITERATIONS + i);
      await large.run(ITERATIONS + i);
    }
  }
  const durations: [number[], number[]] = [[], []];
  for (let i = 0; i < iterations; i++) {
    for (const [side, path] of [small, large].entries()) {
      const started = performance.now();
      await path.run(i);
      durations[side].push(performance.now() - started);
    }
  }
  return [timing(durations[0]), timing(durations[1])];
}

interface SizeRun {
  paths: ScalePath[];
  stop(): Promise<void>;
}

/** A seeded database of this size with its stack started, logged on, one wallet hold open, and its paths. */
async function prepareSize(serverUrl: string, redisUrl: string, bookings: number): Promise<SizeRun> {
  const { databaseUrl, manifest } = await ensureSeeded(serverUrl, redisUrl, bookings);
  console.log(
    `size ${bookings}: ${Object.entries(manifest.rows)
      .map(([table, n]) => `${table} ${n}`)
      .join(', ')}`,
  );
  const stack = await startScaleStack(databaseUrl, redisUrl, `scale_${process.pid}_${bookings}`);
  try {
    const bigAgentToken = await logon(stack.baseUrl, manifest.accounts.bigAgent);
    const adminToken = await logon(stack.baseUrl, manifest.accounts.admin);
    await openOneHold(stack.baseUrl, bigAgentToken);
    const samples = await readSamples(stack.platform.dataSource, manifest);
    const ctx: PathContext = {
      baseUrl: stack.baseUrl,
      platform: stack.platform,
      samples,
      adminToken,
      bigAgentToken,
      // Every seeding has at least ten agents.
      logins: Array.from({ length: 10 }, (_, i) => `agent${i}@volume.example`),
      password: VOLUME_PASSWORD,
      deepCursor: await deepCursor(stack.baseUrl, adminToken),
    };
    return { paths: scalePaths(ctx), stop: stack.stop };
  } catch (error) {
    await stack.stop();
    throw error;
  }
}

const ms = (n: number) => (n < 10 ? n.toFixed(2) : n.toFixed(1));

runBench(async () => {
  const config = loadConfig();
  const server = parseDatabaseUrl(config.databaseUrl).serverUrl.replace(/\/+$/, '');
  if (SIZES.length !== 2 || SIZES.some((s) => !Number.isInteger(s) || s < 100))
    throw new BenchFailure('BENCH_SCALE_SIZES must be two sizes of at least 100, e.g. 1000,1000000');
  console.log(`bench:scale: ${ITERATIONS} runs per path after ${WARM_UP} warm-up runs, sizes ${SIZES.join(' and ')} bookings of each kind`);
  const small = await prepareSize(server, config.redisUrl, SIZES[0]);
  const large = await prepareSize(server, config.redisUrl, SIZES[1]).catch(async (error: unknown) => {
    await small.stop();
    throw error;
  });
  const timings = new Map<string, [Timing, Timing]>();
  try {
    for (const [i, path] of small.paths.entries()) timings.set(path.name, await timeSideBySide(path, large.paths[i]));
  } finally {
    await small.stop();
    await large.stop();
  }
  const width = Math.max(...small.paths.map((p) => p.name.length));
  const header = `${'path'.padEnd(width)}  ${`p50/p99 ms at ${SIZES[0]}`.padStart(22)}  ${`p50/p99 ms at ${SIZES[1]}`.padStart(25)}  growth  verdict`;
  console.log(`\n${header}\n${'-'.repeat(header.length)}`);
  const failures: string[] = [];
  for (const path of small.paths) {
    const [a, b] = timings.get(path.name)!;
    const growth = Math.max(b.p50, NOISE_FLOOR_MS) / Math.max(a.p50, NOISE_FLOOR_MS);
    const problems = path.informational
      ? []
      : [
          growth > GROWTH_LIMIT ? `grows ${growth.toFixed(1)}×` : '',
          path.userFacing && b.p50 > USER_P50_LIMIT_MS && !path.name.startsWith('login') ? `p50 over ${USER_P50_LIMIT_MS} ms` : '',
        ].filter(Boolean);
    if (problems.length) failures.push(`${path.name}: ${problems.join(', ')}`);
    console.log(
      `${path.name.padEnd(width)}  ${`${ms(a.p50)} / ${ms(a.p99)}`.padStart(22)}  ${`${ms(b.p50)} / ${ms(b.p99)}`.padStart(25)}  ${`${growth.toFixed(2)}×`.padStart(6)}  ${path.informational ? 'shown, not judged' : problems.length ? `NOT met (${problems.join(', ')})` : 'met'}`,
    );
  }
  console.log(
    `\ngrowth: p50 at ${SIZES[1]} over p50 at ${SIZES[0]} (each at least ${NOISE_FLOOR_MS} ms); goal ≤ ${GROWTH_LIMIT}×, user-facing reads ≤ ${USER_P50_LIMIT_MS} ms p50 (login's p50 is its password hash, by design)`,
  );
  console.log(failures.length ? `NOT met: ${failures.length} path(s)` : 'every path met the goal');
});
