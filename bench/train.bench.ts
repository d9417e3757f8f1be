import { performance } from 'node:perf_hooks';
import { trainRoutes } from '../gateway/rest/routes/train.routes';
import { todayIn } from '../shared/time/calendar-date.calculator';
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
  positiveNumber,
  runBench,
  type Run,
  SERVER_NODE_ENV,
  startServer,
  subgraphOperation,
  summarize,
  type Summary,
  tableLines,
  TOPOLOGY,
  WARM_UP_SECONDS,
} from './bench-runner';

/**
 * SGR train, side by side: (g) the trainSearch query straight to the train subgraph, (h) GET
 * /api/trip/train/search through the gateway's REST layer, the same search and selection, in
 * interleaved rounds. Then seat holds through REST as bursts of parallel requests: 20 customers
 * each holding a different seat of one train (all must be held), and 20 customers racing for one
 * seat (exactly one must win, the other 19 must get SEAT_ALREADY_BOOKED). Every hold is released.
 * The servers run in a forked child (bench-server) so that autocannon does not steal their event loop.
 *
 * (g) sends the REST route's own operation less the fields the train subgraph does not resolve:
 * the operator's Company is the admin subgraph's entity, of which the train subgraph knows only the
 * key (uuid). Those fields are what the gateway adds by a second fetch, to the admin subgraph.
 */

/** Each pass runs g h h g: with the default 2 passes, 4 rounds per target. */
const PASSES = Math.round(positiveNumber('BENCH_PASSES', 2));
/** Bursts of each kind (after one warm-up burst of each, not counted). */
const HOLD_BURSTS = Math.round(positiveNumber('BENCH_HOLD_BURSTS', 5));
/** Parallel holds a burst (the issue asks for 20), each by its own customer account. */
const BURST_SIZE = Math.round(positiveNumber('BENCH_HOLD_PARALLEL', 20));
/** A hold unanswered this long fails the bench (the servers are wedged) rather than hanging it. */
const HOLD_TIMEOUT_MS = positiveNumber('BENCH_HOLD_TIMEOUT_SECONDS', 30) * 1000;
const GOAL_H_OVER_G = 0.5;

const FROM = 'DAR:SGR:0';
const TO = 'DOD:SGR:0';
const TIME_ZONE = 'Africa/Dar_es_Salaam';

/** A date next month on day 5 (no simulator trigger falls on it), as test/e2e/train-holds does. */
function travelDate(now = new Date()): string {
  const [y, m] = todayIn(TIME_ZONE, now).split('-').map(Number);
  return `${m === 12 ? y + 1 : y}-${String((m % 12) + 1).padStart(2, '0')}-05`;
}

type TargetKey = 'g' | 'h';

interface Target {
  key: TargetKey;
  label: string;
  url: string;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string;
  /** The parsed body's trips, or a description of what is wrong with it. */
  trips(json: unknown): unknown[] | string;
}

/** A response check cheap enough for autocannon's loop, with a full parse only when it fails. */
interface Check {
  verify(body: string): boolean;
  slowAccepted: number;
}

interface Row extends Summary {
  label: string;
}

const nameOf = (target: Target): string => `(${target.key}) ${target.label}`;

function tripsIn(result: unknown, where: string): unknown[] | string {
  const r = result as { meta?: { count?: unknown }; data?: unknown } | null | undefined;
  if (!r || !Array.isArray(r.data)) return `${where}.data is not an array`;
  if (r.data.length === 0) return `${where}.data is empty: ${FROM} to ${TO} should have trains`;
  if (r.meta?.count !== r.data.length) return `${where}.meta.count (${String(r.meta?.count)}) is not the number of trips (${r.data.length})`;
  return r.data;
}

async function targetsFor(t: BenchTargets, date: string): Promise<{ targets: Target[]; dropped: string[] }> {
  const route = trainRoutes.find((r) => r.method === 'GET' && r.path === '/api/trip/train/search');
  if (!route) throw new BenchFailure('no REST route GET /api/trip/train/search');
  const query = new URLSearchParams({ from: FROM, to: TO, date });
  // The REST route's own operation builder: (g) sends the query and variables (h) runs.
  const operation = route.operation({ params: {}, query, body: undefined, headers: {} });
  const { query: subgraphQuery, dropped } = await subgraphOperation('(g) train subgraph', t.trainGraphqlUrl, operation.query);
  const auth = { authorization: `Bearer ${t.token}` };
  return {
    dropped,
    targets: [
      {
        key: 'g',
        label: 'train subgraph',
        url: t.trainGraphqlUrl,
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({ operationName: 'TrainSearch', query: subgraphQuery, variables: operation.variables }),
        trips: (json) => {
          const body = json as { data?: { trainSearch?: unknown }; errors?: unknown } | null;
          if (body?.errors) return `GraphQL errors: ${JSON.stringify(body.errors).slice(0, 500)}`;
          return tripsIn(body?.data?.trainSearch, 'data.trainSearch');
        },
      },
      {
        key: 'h',
        label: 'gateway REST',
        url: `${t.gatewayUrl}/api/trip/train/search?${query}`,
        method: 'GET',
        headers: auth,
        trips: (json) => tripsIn(json, 'the body'),
      },
    ],
  };
}

async function searchOnce(target: Target): Promise<{ text: string; trips: unknown[] }> {
  const { text, json } = await fetchJson(nameOf(target), target.url, { method: target.method, headers: target.headers, body: target.body });
  const trips = target.trips(json);
  if (typeof trips === 'string') throw new BenchFailure(`${nameOf(target)}: ${trips}`);
  return { text, trips };
}

/**
 * Two plain searches before any load. Only meta.createdAt (a fixed-width ISO instant) differs
 * between two answers, so a real result has the same length, opening and ending; a body that fails
 * that is parsed and accepted only if it still holds the same trips.
 */
async function sanityCheck(target: Target): Promise<{ check: Check; trips: unknown[] }> {
  const first = await searchOnce(target);
  await new Promise((resolve) => setTimeout(resolve, 5));
  const second = await searchOnce(target);
  if (first.text.length !== second.text.length) {
    throw new BenchFailure(`${nameOf(target)}: two identical searches gave bodies of ${first.text.length} and ${second.text.length} characters`);
  }
  const shared = commonPrefix(first.text, second.text);
  const prefix = shared.slice(0, shared.lastIndexOf('"') + 1);
  const sharedEnd = commonSuffix(first.text, second.text);
  const suffix = sharedEnd.slice(Math.max(sharedEnd.indexOf('"'), 0));
  const length = first.text.length;
  const ids = tripIds(first.trips).join();
  const check: Check = {
    slowAccepted: 0,
    verify(body: string): boolean {
      if (body.length === length && body.startsWith(prefix) && body.endsWith(suffix)) return true;
      try {
        const trips = target.trips(JSON.parse(body));
        if (typeof trips === 'string' || tripIds(trips).join() !== ids) return false;
      } catch {
        return false;
      }
      check.slowAccepted++;
      return true;
    },
  };
  return { check, trips: first.trips };
}

const tripIds = (trips: unknown[]): string[] => trips.map((t) => String((t as { trip?: { timeTableTrainSetId?: unknown } }).trip?.timeTableTrainSetId));

async function load(target: Target, check: Check, seconds: number): Promise<Run> {
  const result = await measure(`${nameOf(target)}, ${CONNECTIONS} connections`, {
    url: target.url,
    method: target.method,
    headers: target.headers,
    body: target.body,
    connections: CONNECTIONS,
    duration: seconds,
    // GraphQL errors come back as 200: checking bodies is what proves every response was a real result.
    verifyBody: (body) => (typeof body === 'string' ? check.verify(body) : check.verify(body?.toString('utf8') ?? '')),
  });
  return { requestsPerSecond: result.requests.average, p99Ms: result.latency.p99 };
}

// ---------------------------------------------------------------------------------------------
// Holds

interface Train {
  number: string;
  timeTableTrainSetId: number;
  departureStopPartnerId: number;
  arrivalStopPartnerId: number;
  /** Free seats (type SEAT) as the details endpoint shows them, in car and grid order. */
  seats: Array<{ carId: number; seat: number }>;
}

interface Answer {
  status: number;
  /** The parsed JSON body, null when nothing answered; read through holdAnswer or the endpoint's own shape. */
  body: unknown;
  ms: number;
}

/** What the bench reads of a hold or release answer: the hold on 200, the error code (and its seat) otherwise. */
interface HoldAnswer {
  data?: { hold?: { key?: unknown; status?: unknown } };
  errorCode?: unknown;
  error?: { seatId?: unknown };
}

const holdAnswer = (a: Answer): HoldAnswer | null => a.body as HoldAnswer | null;

/** A station as the search shows it: the bench needs its RAIL/SGR partner id. */
interface SearchStop {
  partners?: Array<{ provider: string; service: string; id: unknown }>;
}

/** A train of the REST search answer, as far as the bench reads it. */
interface SearchTrip {
  trip: { number: string; timeTableTrainSetId: number };
  departure: { stop?: SearchStop };
  arrival: { stop?: SearchStop };
}

/** A car of the REST details answer with its seat grid. */
interface DetailsCar {
  carId: number;
  seats: Array<{ id: string; type: string; available: boolean }>;
}

interface Burst {
  wallMs: number;
  latencies: number[];
}

interface BurstSummary {
  bursts: number;
  requests: number;
  wallMs: number[];
  meanWallMs: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
}

/** Holds not yet released, with their owner's token: released at the end, even after a failure. */
const outstanding = new Map<string, string>();

function partnerId(stop: SearchStop | undefined, where: string): number {
  const partner = (stop?.partners ?? []).find((p) => p.provider === 'RAIL' && p.service === 'SGR');
  if (typeof partner?.id !== 'number') throw new BenchFailure(`the search item's ${where} stop has no RAIL/SGR partner id`);
  return partner.id;
}

async function request(gatewayUrl: string, token: string, method: 'GET' | 'POST', path: string, body?: unknown): Promise<Answer> {
  const started = performance.now();
  let response: Response;
  let text: string;
  try {
    response = await fetch(`${gatewayUrl}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(HOLD_TIMEOUT_MS),
    });
    text = await response.text();
  } catch (error) {
    if ((error as Error).name !== 'TimeoutError') throw error;
    return { status: 0, body: null, ms: performance.now() - started };
  }
  const ms = performance.now() - started;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new BenchFailure(`${method} ${path} answered ${response.status} non-JSON: ${text.slice(0, 300)}`);
  }
  return { status: response.status, body: json, ms };
}

/** The train the holds go to (the first ORD train, as the e2e test picks) and its free seats, via POST /api/trip/train/details. */
async function trainFor(t: BenchTargets, searchTrips: unknown[]): Promise<Train> {
  const trips = searchTrips as SearchTrip[];
  const item = trips.find((trip) => String(trip.trip?.number).startsWith('ORD')) ?? trips[0];
  const details = await request(t.gatewayUrl, t.token, 'POST', '/api/trip/train/details', { trip: item });
  if (details.status !== 200) throw new BenchFailure(`POST /api/trip/train/details answered ${details.status}: ${JSON.stringify(details.body).slice(0, 300)}`);
  const seats = (details.body as { data: { train: { cars: DetailsCar[] } } }).data.train.cars.flatMap((car) =>
    car.seats.filter((s) => s.type === 'SEAT' && s.available).map((s) => ({ carId: car.carId, seat: Number(s.id) })),
  );
  return {
    number: item.trip.number,
    timeTableTrainSetId: item.trip.timeTableTrainSetId,
    departureStopPartnerId: partnerId(item.departure.stop, 'departure'),
    arrivalStopPartnerId: partnerId(item.arrival.stop, 'arrival'),
    seats,
  };
}

function holdBody(train: Train, seat: { carId: number; seat: number }) {
  return {
    departureStopPartnerId: train.departureStopPartnerId,
    arrivalStopPartnerId: train.arrivalStopPartnerId,
    timeTableTrainSetId: train.timeTableTrainSetId,
    carId: seat.carId,
    seat: seat.seat,
  };
}

/** Sends one hold per (token, seat) pair, all at once; the wall time runs from the first sent to the last answered. */
async function burst(t: BenchTargets, train: Train, pairs: Array<[string, { carId: number; seat: number }]>): Promise<{ answers: Answer[]; wallMs: number }> {
  const started = performance.now();
  const answers = await Promise.all(pairs.map(([token, seat]) => request(t.gatewayUrl, token, 'POST', '/api/trip/train/seat/hold', holdBody(train, seat))));
  const wallMs = performance.now() - started;
  for (const [i, a] of answers.entries()) {
    const key = holdAnswer(a)?.data?.hold?.key;
    if (a.status === 200 && typeof key === 'string') outstanding.set(key, pairs[i][0]);
  }
  const unanswered = answers.filter((a) => a.status === 0).length;
  if (unanswered) {
    throw new BenchFailure(
      `${pairs.length} parallel holds: ${unanswered} unanswered after ${HOLD_TIMEOUT_MS / 1000}s (${describe(answers)}). ` +
        'The train subgraph looks wedged; a likely cause: each hold keeps a transaction (one pooled connection) open while the rail simulator ' +
        'claims the seat in a transaction of its own on a second connection, so 10 holds at once (the pool size) wait for an 11th for ever.',
    );
  }
  return { answers, wallMs };
}

async function release(t: BenchTargets, key: string, token: string): Promise<void> {
  const answer = await request(t.gatewayUrl, token, 'GET', `/api/trip/train/seat/release?key=${encodeURIComponent(key)}`);
  if (answer.status !== 200 || holdAnswer(answer)?.data?.hold?.status !== 'RELEASED') {
    throw new BenchFailure(`releasing hold ${key} answered ${answer.status}: ${JSON.stringify(answer.body).slice(0, 300)}`);
  }
  outstanding.delete(key);
}

async function releaseAll(t: BenchTargets): Promise<void> {
  await Promise.all([...outstanding].map(([key, token]) => release(t, key, token)));
}

const describe = (answers: Answer[]): string => {
  const counts = new Map<string, number>();
  for (const a of answers) {
    const what = a.status === 0 ? 'no answer' : a.status === 200 ? '200' : `${a.status} ${holdAnswer(a)?.errorCode ?? ''}`.trim();
    counts.set(what, (counts.get(what) ?? 0) + 1);
  }
  return [...counts].map(([what, n]) => `${n} x ${what}`).join(', ');
};

/** BURST_SIZE customers, as many different seats: every hold must be HELD. */
async function distinctSeatsBurst(t: BenchTargets, train: Train, seats: Train['seats']): Promise<Burst> {
  const { answers, wallMs } = await burst(
    t,
    train,
    seats.map((seat, i) => [t.customerTokens[i], seat]),
  );
  if (!answers.every((a) => a.status === 200 && holdAnswer(a)?.data?.hold?.status === 'HELD')) {
    throw new BenchFailure(`${BURST_SIZE} holds of ${BURST_SIZE} distinct seats: expected ${BURST_SIZE} x 200 HELD, got ${describe(answers)}`);
  }
  await releaseAll(t);
  return { wallMs, latencies: answers.map((a) => a.ms) };
}

/** BURST_SIZE customers, one seat: exactly one 200, and the rest SEAT_ALREADY_BOOKED naming that seat. */
async function oneSeatBurst(t: BenchTargets, train: Train, seat: Train['seats'][number]): Promise<Burst> {
  const { answers, wallMs } = await burst(
    t,
    train,
    t.customerTokens.slice(0, BURST_SIZE).map((token) => [token, seat]),
  );
  const won = answers.filter((a) => a.status === 200 && holdAnswer(a)?.data?.hold?.status === 'HELD');
  const refused = answers.filter((a) => a.status === 400 && holdAnswer(a)?.errorCode === 'SEAT_ALREADY_BOOKED' && holdAnswer(a)?.error?.seatId === seat.seat);
  if (won.length !== 1 || refused.length !== BURST_SIZE - 1) {
    throw new BenchFailure(
      `${BURST_SIZE} holds of one seat (car ${seat.carId}, seat ${seat.seat}): expected 1 x 200 and ${BURST_SIZE - 1} x 400 SEAT_ALREADY_BOOKED, got ${describe(answers)}`,
    );
  }
  await releaseAll(t);
  return { wallMs, latencies: answers.map((a) => a.ms) };
}

/** Nearest-rank percentile. */
function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)];
}

const ms1 = (ms: number): number => Math.round(ms * 10) / 10;

function summarizeBursts(bursts: Burst[]): BurstSummary {
  const all = bursts.flatMap((b) => b.latencies);
  const walls = bursts.map((b) => b.wallMs);
  return {
    bursts: bursts.length,
    requests: all.length,
    wallMs: walls.map(ms1),
    meanWallMs: ms1(walls.reduce((s, v) => s + v, 0) / walls.length),
    p50Ms: ms1(percentile(all, 50)),
    p99Ms: ms1(percentile(all, 99)),
    maxMs: ms1(Math.max(...all)),
  };
}

async function holdBursts(t: BenchTargets, train: Train): Promise<{ distinct: BurstSummary; oneSeat: BurstSummary; seatsBefore: number; seatsAfter: number }> {
  // Each burst on fresh seats: one warm-up burst of each kind, then HOLD_BURSTS of each.
  const needed = (HOLD_BURSTS + 1) * (BURST_SIZE + 1);
  if (train.seats.length < needed) throw new BenchFailure(`train ${train.number} has ${train.seats.length} free seats; ${needed} are needed`);
  let next = 0;
  const fresh = (n: number) => train.seats.slice(next, (next += n));

  process.stderr.write(`warm-up: one burst of each kind on ${train.number}\n`);
  await distinctSeatsBurst(t, train, fresh(BURST_SIZE));
  await oneSeatBurst(t, train, fresh(1)[0]);

  const distinct: Burst[] = [];
  const oneSeat: Burst[] = [];
  for (let i = 0; i < HOLD_BURSTS; i++) {
    // Alternate which kind goes first, as the search rounds do.
    const kinds = i % 2 === 0 ? (['distinct', 'one'] as const) : (['one', 'distinct'] as const);
    for (const kind of kinds) {
      if (kind === 'distinct') {
        const b = await distinctSeatsBurst(t, train, fresh(BURST_SIZE));
        distinct.push(b);
        process.stderr.write(
          `[${i + 1}/${HOLD_BURSTS}] ${BURST_SIZE} holds, ${BURST_SIZE} distinct seats: wall ${b.wallMs.toFixed(1)} ms, max ${Math.max(...b.latencies).toFixed(1)} ms\n`,
        );
      } else {
        const b = await oneSeatBurst(t, train, fresh(1)[0]);
        oneSeat.push(b);
        process.stderr.write(
          `[${i + 1}/${HOLD_BURSTS}] ${BURST_SIZE} holds, one seat (1 won, ${BURST_SIZE - 1} SEAT_ALREADY_BOOKED): wall ${b.wallMs.toFixed(1)} ms, max ${Math.max(...b.latencies).toFixed(1)} ms\n`,
        );
      }
    }
  }
  const seatsAfter = (await trainFor(t, [await searchItem(t, train)])).seats.length;
  return { distinct: summarizeBursts(distinct), oneSeat: summarizeBursts(oneSeat), seatsBefore: train.seats.length, seatsAfter };
}

/** The train's search item again (for its details after the bursts). */
async function searchItem(t: BenchTargets, train: Train): Promise<unknown> {
  const date = travelDate();
  const answer = await request(t.gatewayUrl, t.token, 'GET', `/api/trip/train/search?${new URLSearchParams({ from: FROM, to: TO, date })}`);
  const item = ((answer.body as { data?: SearchTrip[] } | null)?.data ?? []).find((trip) => trip.trip?.timeTableTrainSetId === train.timeTableTrainSetId);
  if (answer.status !== 200 || !item) throw new BenchFailure(`the search after the holds answered ${answer.status} without train ${train.number}`);
  return item;
}

// ---------------------------------------------------------------------------------------------

type Holds = Awaited<ReturnType<typeof holdBursts>>;

/** Prints the table and the JSON line; `holds` is the failure's message when the holds failed (the search figures still stand). */
function report(info: { date: string; trips: number; dropped: string[]; g: Row; h: Row; train: Train; holds: Holds | string; slowAccepted: number }): void {
  const { g, h, holds } = info;
  const hOverG = Number((h.requestsPerSecond / g.requestsPerSecond).toFixed(3));
  const met = hOverG >= GOAL_H_OVER_G;
  const split = TOPOLOGY === 'split';
  const burstLine = (what: string, s: BurstSummary): string =>
    `${what}: ${s.bursts} bursts, wall ms ${s.wallMs.join(' / ')} (mean ${s.meanWallMs}); latency over ${s.requests} requests p50 ${s.p50Ms} ms, p99 ${s.p99Ms} ms, max ${s.maxMs} ms`;
  const lines = [
    `train search ${FROM} -> ${TO} ${info.date} (${info.trips} trains), ${DURATION_SECONDS}s x ${g.rounds.length} rounds per target at ${CONNECTIONS} connections (mean req/s, max p99), servers NODE_ENV=${SERVER_NODE_ENV}, ${split ? 'gateway in its own process' : 'everything in one process'}`,
    `(g) is the REST route's trainSearch operation less ${info.dropped.join(', ')} (the admin subgraph's, fetched by the gateway for (h))`,
    ...tableLines(
      [
        [`(g) train subgraph, ${CONNECTIONS} conn`, g],
        [`(h) gateway REST, ${CONNECTIONS} conn`, h],
      ],
      7,
    ),
    `ratio (req/s, ${CONNECTIONS} connections): h/g ${hOverG.toFixed(2)}`,
    `target h/g ≥ ${GOAL_H_OVER_G}: ${met ? 'met' : 'NOT met'} (h/g = ${hOverG.toFixed(2)})`,
    `seat holds through REST on ${info.train.number} (${info.train.seats.length} free seats), ${BURST_SIZE} parallel POST /api/trip/train/seat/hold by ${BURST_SIZE} customers, each burst on fresh seats, released after it:`,
    ...(typeof holds === 'string'
      ? [`  FAILED: ${holds}`]
      : [
          `  ${burstLine(`${BURST_SIZE} distinct seats, all 200`, holds.distinct)}`,
          `  ${burstLine(`one seat, 1 x 200 + ${BURST_SIZE - 1} x SEAT_ALREADY_BOOKED`, holds.oneSeat)}`,
          `  free seats on ${info.train.number} before ${holds.seatsBefore}, after every release ${holds.seatsAfter}`,
        ]),
  ];
  if (info.slowAccepted > 0) lines.push(`responses checked by a full parse: ${info.slowAccepted}`);
  console.log(lines.join('\n'));
  const target = (r: Row) => ({
    label: r.label,
    connections: CONNECTIONS,
    reqPerSec: Math.round(r.requestsPerSecond),
    p99Ms: r.p99Ms,
    roundsReqPerSec: r.rounds.map(Math.round),
  });
  console.log(
    JSON.stringify({
      bench: 'train',
      route: `${FROM}-${TO}`,
      date: info.date,
      trains: info.trips,
      connections: CONNECTIONS,
      durationSeconds: DURATION_SECONDS,
      nodeEnv: SERVER_NODE_ENV,
      topology: TOPOLOGY,
      rounds: g.rounds.length,
      subgraphOperationOmits: info.dropped,
      targets: { g: target(g), h: target(h) },
      ratios: { 'h/g': hOverG },
      goal: { 'h/g': GOAL_H_OVER_G, met },
      holds: {
        train: info.train.number,
        parallel: BURST_SIZE,
        ...(typeof holds === 'string'
          ? { failed: holds }
          : {
              distinctSeats: holds.distinct,
              oneSeat: { ...holds.oneSeat, won: 1, seatAlreadyBooked: BURST_SIZE - 1 },
              freeSeatsBefore: holds.seatsBefore,
              freeSeatsAfter: holds.seatsAfter,
            }),
      },
    }),
  );
}

async function main(): Promise<void> {
  process.stderr.write('starting the stack in a child process...\n');
  const started = await startServer({ BENCH_CUSTOMERS: String(BURST_SIZE) });
  if (started.customerTokens.length !== BURST_SIZE)
    throw new BenchFailure(`bench-server made ${started.customerTokens.length} customer accounts, not ${BURST_SIZE}`);
  const date = travelDate();
  const { targets, dropped } = await targetsFor(started, date);
  const [g, h] = targets;

  const sanityG = await sanityCheck(g);
  const sanityH = await sanityCheck(h);
  if (tripIds(sanityG.trips).join() !== tripIds(sanityH.trips).join()) {
    throw new BenchFailure(`(g) and (h) answered different trains: ${tripIds(sanityG.trips).join()} vs ${tripIds(sanityH.trips).join()}`);
  }

  for (const target of [g, h]) {
    process.stderr.write(`warm-up ${nameOf(target)} ${WARM_UP_SECONDS}s\n`);
    await load(target, target === g ? sanityG.check : sanityH.check, WARM_UP_SECONDS);
  }
  const steps = [
    { target: g, check: sanityG.check },
    { target: h, check: sanityH.check },
  ];
  const [runsG, runsH] = await interleavedRounds(
    steps,
    (step) => `${nameOf(step.target)}, ${CONNECTIONS} connections`,
    (step) => load(step.target, step.check, DURATION_SECONDS),
    PASSES,
  );

  // Holds after the search load: they change the seat counts the search answers show.
  const train = await trainFor(started, sanityH.trips);
  let holds: Holds | BenchFailure;
  try {
    holds = await holdBursts(started, train);
    if (holds.seatsAfter !== holds.seatsBefore) {
      holds = new BenchFailure(`${train.number} had ${holds.seatsBefore} free seats before the holds and ${holds.seatsAfter} after releasing them all`);
    }
  } catch (error) {
    if (!(error instanceof BenchFailure) || error.message === 'interrupted') throw error;
    holds = error;
  } finally {
    await releaseAll(started).catch((e) => process.stderr.write(`releasing the holds left failed: ${(e as Error).message}\n`));
  }

  // The search figures are printed even when the holds failed; the bench still fails then.
  report({
    date,
    trips: sanityH.trips.length,
    dropped,
    g: { label: g.label, ...summarize(runsG) },
    h: { label: h.label, ...summarize(runsH) },
    train,
    holds: holds instanceof BenchFailure ? holds.message : holds,
    slowAccepted: sanityG.check.slowAccepted + sanityH.check.slowAccepted,
  });
  if (holds instanceof BenchFailure) throw holds;
}

if (require.main === module) runBench(main);
