import { flightRoutes } from '../gateway/rest/routes/flight.routes';
import { addDays, todayIn } from '../shared/time/calendar-date.calculator';
import type { BenchTargets } from './bench-server';
import {
  commonPrefix,
  commonSuffix,
  BenchFailure,
  CONNECTIONS,
  DURATION_SECONDS,
  fetchJson,
  interleavedRounds,
  measure,
  mib,
  positiveNumber,
  runBench,
  type Run as BaseRun,
  SERVER_NODE_ENV,
  serverMemory,
  showMib,
  startServer,
  summarize,
  type Summary,
  tableLines,
  TOPOLOGY,
  WARM_UP_SECONDS,
} from './bench-runner';

/**
 * Flight search, side by side: (e) the searchFlights mutation straight to the flight subgraph,
 * (f) POST /api/flight/search through the gateway's REST layer, the same search and selection.
 * Then (f) at 50 connections for its p99, and the servers' RSS after 10,000 searches through (f).
 * The servers run in a forked child (bench-server) so that autocannon does not steal their event loop.
 *
 * Every search is real work: the supplier answer comes from the Redis search cache (the subgraph's
 * FLIGHT_SEARCH_CACHE_SECONDS, default 60 s, so the simulator runs about once a minute), and every
 * search prices the offers for the customer and stores them in MySQL under fresh offerReferences.
 */

const HIGH_CONNECTIONS = Math.round(positiveNumber('BENCH_HIGH_CONNECTIONS', 50));
/** The issue asks for the RSS after 10,000 searches; lower only for a quick trial of the bench itself. */
const RSS_SEARCHES = Math.round(positiveNumber('BENCH_RSS_SEARCHES', 10_000));
const GOAL_F_OVER_E = 0.5;

/** The simulator's busiest route, one adult, one way, 30 days out (the origin's calendar). */
const ORIGIN = 'DAR';
const DESTINATION = 'NBO';
const ORIGIN_TIME_ZONE = 'Africa/Dar_es_Salaam';
const DAYS_AHEAD = 30;

type TargetKey = 'e' | 'f';

interface Target {
  key: TargetKey;
  label: string;
  url: string;
  headers: Record<string, string>;
  body: string;
  /** The parsed body's offers, or a description of what is wrong with it. */
  offers(json: unknown): unknown[] | string;
}

/** A response check cheap enough for autocannon's loop, with a full parse only when it fails. */
interface Check {
  verify(body: string): boolean;
  /** Responses the cheap check could not vouch for but a full parse accepted (a refreshed supplier answer). */
  slowAccepted: number;
}

interface Run extends BaseRun {
  searches: number;
  seconds: number;
}

interface Row extends Summary {
  label: string;
  connections: number;
}

interface Memory {
  server: number;
  gateway: number | null;
  searches: number;
}

/** Successful searches the stack has answered so far (sanity checks and loads). */
let searches = 0;

function searchBody(now = new Date()): Record<string, unknown> {
  return {
    originLocationCode: ORIGIN,
    destinationLocationCode: DESTINATION,
    departureDate: addDays(todayIn(ORIGIN_TIME_ZONE, now), DAYS_AHEAD),
    adults: 1,
  };
}

function offersIn(result: unknown, where: string): unknown[] | string {
  const r = result as { meta?: { count?: unknown }; data?: unknown } | null | undefined;
  if (!r || !Array.isArray(r.data)) return `${where}.data is not an array`;
  if (r.data.length === 0) return `${where}.data is empty: the route should have offers ${DAYS_AHEAD} days out`;
  if (r.meta?.count !== r.data.length) return `${where}.meta.count (${String(r.meta?.count)}) is not the number of offers (${r.data.length})`;
  return r.data;
}

function targetsFor(t: BenchTargets, search: Record<string, unknown>): Target[] {
  const route = flightRoutes.find((r) => r.path === '/api/flight/search');
  if (!route) throw new BenchFailure('no REST route POST /api/flight/search');
  // The REST route's own operation builder: (e) sends exactly the mutation and selection (f) runs.
  const operation = route.operation({ params: {}, query: new URLSearchParams(), body: search, headers: {} });
  const headers = { authorization: `Bearer ${t.token}`, 'content-type': 'application/json' };
  return [
    {
      key: 'e',
      label: 'flight subgraph',
      url: t.flightGraphqlUrl,
      headers,
      body: JSON.stringify({ operationName: 'Search', query: operation.query, variables: operation.variables }),
      offers: (json) => {
        const body = json as { data?: { searchFlights?: unknown }; errors?: unknown } | null;
        if (body?.errors) return `GraphQL errors: ${JSON.stringify(body.errors)}`;
        return offersIn(body?.data?.searchFlights, 'data.searchFlights');
      },
    },
    {
      key: 'f',
      label: 'gateway REST',
      url: `${t.gatewayUrl}/api/flight/search`,
      headers,
      body: JSON.stringify(search),
      offers: (json) => offersIn(json, 'the body'),
    },
  ];
}

async function searchOnce(target: Target): Promise<{ text: string; offers: unknown[] }> {
  const { text, json } = await fetchJson(`(${target.key}) ${target.label}`, target.url, { method: 'POST', headers: target.headers, body: target.body });
  const offers = target.offers(json);
  if (typeof offers === 'string') throw new BenchFailure(`(${target.key}) ${target.label}: ${offers}`);
  searches++;
  return { text, offers };
}

/**
 * Two plain searches before any load. Every search has fresh offerReferences and expiresAt, so
 * bodies differ; but both are fixed-width (UUIDs, ISO instants), so a real result has the same
 * length, the same opening (meta and count, up to the first reference) and the same ending. A body
 * that fails that is parsed and accepted only if it still holds the same number of offers.
 */
async function sanityCheck(target: Target): Promise<{ check: Check; offerIds: string[] }> {
  const first = await searchOnce(target);
  const second = await searchOnce(target);
  // Cut back to the quote that opens (or closes) the varying string, in case the two values happen
  // to share their first (or last) characters.
  const shared = commonPrefix(first.text, second.text);
  const prefix = shared.slice(0, shared.lastIndexOf('"') + 1);
  const sharedEnd = commonSuffix(first.text, second.text);
  const suffix = sharedEnd.slice(Math.max(sharedEnd.indexOf('"'), 0));
  if (first.text.length !== second.text.length) {
    throw new BenchFailure(`(${target.key}) ${target.label}: two identical searches gave bodies of ${first.text.length} and ${second.text.length} characters`);
  }
  if (shared.length === first.text.length) {
    throw new BenchFailure(`(${target.key}) ${target.label}: two searches gave the same offerReferences`);
  }
  const length = first.text.length;
  const count = first.offers.length;
  const check: Check = {
    slowAccepted: 0,
    verify(body: string): boolean {
      if (body.length === length && body.startsWith(prefix) && body.endsWith(suffix)) return true;
      try {
        const offers = target.offers(JSON.parse(body));
        if (typeof offers === 'string' || offers.length !== count) return false;
      } catch {
        return false;
      }
      check.slowAccepted++;
      return true;
    },
  };
  return { check, offerIds: first.offers.map((o) => String((o as { id?: unknown }).id)) };
}

const stepName = (target: Target, connections: number): string => `(${target.key}) ${target.label}, ${connections} connections`;

async function load(target: Target, check: Check, options: { connections: number; seconds?: number; amount?: number }): Promise<Run> {
  const result = await measure(stepName(target, options.connections), {
    url: target.url,
    method: 'POST',
    headers: target.headers,
    body: target.body,
    connections: options.connections,
    ...(options.amount !== undefined ? { amount: options.amount } : { duration: options.seconds }),
    // GraphQL errors come back as 200: checking bodies is what proves every response was a real result.
    verifyBody: (body) => (typeof body === 'string' ? check.verify(body) : check.verify(body?.toString('utf8') ?? '')),
  });
  searches += result['2xx'];
  return { requestsPerSecond: result.requests.average, p99Ms: result.latency.p99, searches: result['2xx'], seconds: result.duration };
}

/** The servers' resident set sizes, with the number of searches served so far. */
async function memory(): Promise<Memory> {
  const message = await serverMemory();
  return { server: message.serverRss, gateway: message.gatewayRss, searches };
}

function row(label: string, connections: number, runs: Run[]): Row {
  return { label, connections, ...summarize(runs) };
}

function report(info: {
  departureDate: string;
  offers: number;
  cacheSeconds: number;
  e: Row;
  f: Row;
  f50: Row;
  rssRun: Run;
  atStart: Memory;
  afterRssRun: Memory;
  atEnd: Memory;
  slowAccepted: number;
}): void {
  const { e, f, f50, rssRun, atStart, afterRssRun, atEnd } = info;
  const fOverE = Number((f.requestsPerSecond / e.requestsPerSecond).toFixed(3));
  const met = fOverE >= GOAL_F_OVER_E;
  const split = TOPOLOGY === 'split';
  const rows: Array<[string, Row]> = [
    [`(e) flight subgraph, ${e.connections} conn`, e],
    [`(f) gateway REST, ${f.connections} conn`, f],
    [`(f) gateway REST, ${f50.connections} conn`, f50],
  ];
  const memoryLine = (m: Memory): string =>
    split ? `subgraphs process ${showMib(m.server)}, gateway process ${showMib(m.gateway)}` : `the one process ${showMib(m.server)}`;

  const lines = [
    `flight search ${ORIGIN}-${DESTINATION} ${info.departureDate} (1 adult, one way, ${info.offers} offers), ${DURATION_SECONDS}s x ${e.rounds.length} rounds per target (mean req/s, max p99), servers NODE_ENV=${SERVER_NODE_ENV}, ${split ? 'gateway in its own process' : 'everything in one process'}, supplier answer cached in Redis for ${info.cacheSeconds}s (FLIGHT_SEARCH_CACHE_SECONDS default), offers stored in Redis on every search`,
    ...tableLines(rows, 7),
    `ratio (req/s, ${CONNECTIONS} connections): f/e ${fOverE.toFixed(2)}`,
    `target f/e ≥ ${GOAL_F_OVER_E}: ${met ? 'met' : 'NOT met'} (f/e = ${fOverE.toFixed(2)})`,
    `search p99 through REST at ${f50.connections} connections: ${f50.p99Ms} ms`,
    `RSS at start, before any search: ${memoryLine(atStart)}`,
    `RSS after ${rssRun.searches} searches through (f) (${CONNECTIONS} connections, ${rssRun.requestsPerSecond.toFixed(0)} req/s, p99 ${rssRun.p99Ms} ms; ${afterRssRun.searches} searches served in all): ${memoryLine(afterRssRun)}`,
    `RSS at the end (${atEnd.searches} searches served in all): ${memoryLine(atEnd)}`,
  ];
  if (info.slowAccepted > 0) lines.push(`responses checked by a full parse (supplier answer refreshed mid-run): ${info.slowAccepted}`);
  console.log(lines.join('\n'));
  const memoryJson = (m: Memory) => ({ searches: m.searches, serverRssMiB: mib(m.server), gatewayRssMiB: mib(m.gateway) });
  const target = (r: Row) => ({
    label: r.label,
    connections: r.connections,
    reqPerSec: Math.round(r.requestsPerSecond),
    p99Ms: r.p99Ms,
    roundsReqPerSec: r.rounds.map(Math.round),
  });
  console.log(
    JSON.stringify({
      bench: 'flight-search',
      route: `${ORIGIN}-${DESTINATION}`,
      departureDate: info.departureDate,
      offers: info.offers,
      connections: CONNECTIONS,
      durationSeconds: DURATION_SECONDS,
      nodeEnv: SERVER_NODE_ENV,
      topology: TOPOLOGY,
      rounds: e.rounds.length,
      flightSearchCacheSeconds: info.cacheSeconds,
      targets: { e: target(e), f: target(f), [`f@${f50.connections}`]: target(f50) },
      ratios: { 'f/e': fOverE },
      goal: { 'f/e': GOAL_F_OVER_E, met },
      p99MsAtHighConnections: { connections: f50.connections, p99Ms: f50.p99Ms },
      rss: {
        atStart: memoryJson(atStart),
        [`after${rssRun.searches}`]: { ...memoryJson(afterRssRun), reqPerSec: Math.round(rssRun.requestsPerSecond), p99Ms: rssRun.p99Ms },
        atEnd: memoryJson(atEnd),
      },
    }),
  );
}

async function main(): Promise<void> {
  process.stderr.write('starting the stack in a child process...\n');
  const started = await startServer();
  const atStart = await memory();
  const search = searchBody();
  const [e, f] = targetsFor(started, search);

  const sanityE = await sanityCheck(e);
  const sanityF = await sanityCheck(f);
  if (sanityE.offerIds.join() !== sanityF.offerIds.join()) {
    throw new BenchFailure(`(e) and (f) answered different offers: ${sanityE.offerIds.length} vs ${sanityF.offerIds.length}`);
  }

  // First, exactly RSS_SEARCHES searches through REST on a fresh stack, then the servers' RSS.
  process.stderr.write(`${RSS_SEARCHES} searches through (f) ${f.label}, ${CONNECTIONS} connections\n`);
  const rssRun = await load(f, sanityF.check, { connections: CONNECTIONS, amount: RSS_SEARCHES });
  const afterRssRun = await memory();
  process.stderr.write(
    `  ${rssRun.searches} in ${rssRun.seconds.toFixed(1)}s, ${rssRun.requestsPerSecond.toFixed(0)} req/s, p99 ${rssRun.p99Ms} ms; RSS subgraphs ${showMib(afterRssRun.server)}, gateway ${showMib(afterRssRun.gateway)}\n`,
  );

  process.stderr.write(`warm-up (e) ${e.label} ${WARM_UP_SECONDS}s\n`);
  await load(e, sanityE.check, { connections: CONNECTIONS, seconds: WARM_UP_SECONDS });

  // e f f50, then f50 f e.
  const steps: Array<{ target: Target; check: Check; connections: number }> = [
    { target: e, check: sanityE.check, connections: CONNECTIONS },
    { target: f, check: sanityF.check, connections: CONNECTIONS },
    { target: f, check: sanityF.check, connections: HIGH_CONNECTIONS },
  ];
  const [runsE, runsF, runsF50] = await interleavedRounds(
    steps,
    (step) => stepName(step.target, step.connections),
    (step) => load(step.target, step.check, { connections: step.connections, seconds: DURATION_SECONDS }),
  );
  const atEnd = await memory();

  report({
    departureDate: String(search.departureDate),
    offers: sanityF.offerIds.length,
    cacheSeconds: started.flightSearchCacheSeconds,
    e: row(e.label, CONNECTIONS, runsE),
    f: row(f.label, CONNECTIONS, runsF),
    f50: row(f.label, HIGH_CONNECTIONS, runsF50),
    rssRun,
    atStart,
    afterRssRun,
    atEnd,
    slowAccepted: sanityE.check.slowAccepted + sanityF.check.slowAccepted,
  });
}

if (require.main === module) runBench(main);
