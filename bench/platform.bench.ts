import type { BenchTargets } from './bench-server';
import {
  BenchFailure,
  CONNECTIONS,
  DURATION_SECONDS,
  fetchJson,
  interleavedRounds,
  measure,
  runBench,
  type Run,
  SERVER_NODE_ENV,
  startServer,
  summarize,
  type Summary,
  tableLines,
  TOPOLOGY,
  WARM_UP_SECONDS,
} from './bench-runner';

/**
 * Companies query, side by side: (a) bare node:http with the same bytes, (b) the admin subgraph,
 * (c) the gateway's /graphql, (d) the gateway's REST layer. The servers run in a forked child so
 * that autocannon does not steal their event loop.
 */

const GOAL_D_OVER_B = 0.5;

type TargetKey = 'a' | 'b' | 'c' | 'd';

interface Target {
  key: TargetKey;
  label: string;
  url: string;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string;
  /** Returns what is wrong with a parsed response body, or undefined when it is a real companies list. */
  problem(json: unknown): string | undefined;
}

interface TargetSummary extends Summary {
  key: TargetKey;
  label: string;
}

function companiesProblem(list: unknown, where: string): string | undefined {
  if (!Array.isArray(list)) return `${where} is not an array`;
  if (list.length < 10) return `${where} has ${list.length} items, expected at least 10`;
  return undefined;
}

function graphqlProblem(json: unknown): string | undefined {
  const body = json as { data?: { companies?: unknown }; errors?: unknown } | null;
  if (body?.errors) return `GraphQL errors: ${JSON.stringify(body.errors)}`;
  return companiesProblem(body?.data?.companies, 'data.companies');
}

function targetsFor(t: BenchTargets): Target[] {
  const auth = { authorization: `Bearer ${t.token}` };
  const graphql = { ...auth, 'content-type': 'application/json' };
  const body = JSON.stringify({ operationName: 'Companies', query: t.companiesQuery });
  return [
    { key: 'a', label: 'bare node:http', url: t.bareUrl, method: 'GET', headers: {}, problem: graphqlProblem },
    { key: 'b', label: 'admin subgraph', url: t.adminGraphqlUrl, method: 'POST', headers: graphql, body, problem: graphqlProblem },
    { key: 'c', label: 'gateway /graphql', url: `${t.gatewayUrl}/graphql`, method: 'POST', headers: graphql, body, problem: graphqlProblem },
    {
      key: 'd',
      label: 'gateway REST',
      url: `${t.gatewayUrl}/api/companies`,
      method: 'GET',
      headers: auth,
      problem: (json) => companiesProblem(json, 'the body'),
    },
  ];
}

const nameOf = (target: { key: TargetKey; label: string }): string => `(${target.key}) ${target.label}`;

/** One plain request before any load; returns the body every loaded response must then equal. */
async function sanityCheck(target: Target): Promise<string> {
  const { text, json } = await fetchJson(nameOf(target), target.url, { method: target.method, headers: target.headers, body: target.body });
  const problem = target.problem(json);
  if (problem) throw new BenchFailure(`${nameOf(target)}: ${problem}`);
  return text;
}

async function load(target: Target, expectBody: string, seconds: number): Promise<Run> {
  const result = await measure(nameOf(target), {
    url: target.url,
    method: target.method,
    headers: target.headers,
    body: target.body,
    connections: CONNECTIONS,
    duration: seconds,
    // GraphQL errors come back as 200: comparing bodies is what proves every response was a real result.
    expectBody,
  });
  return { requestsPerSecond: result.requests.average, p99Ms: result.latency.p99 };
}

function ratio(summaries: Map<TargetKey, TargetSummary>, top: TargetKey, bottom: TargetKey): number {
  return Number((summaries.get(top)!.requestsPerSecond / summaries.get(bottom)!.requestsPerSecond).toFixed(3));
}

function report(summaries: Map<TargetKey, TargetSummary>): void {
  const rows = [...summaries.values()];
  const ratios = { 'c/b': ratio(summaries, 'c', 'b'), 'd/b': ratio(summaries, 'd', 'b'), 'b/a': ratio(summaries, 'b', 'a') };
  const met = ratios['d/b'] >= GOAL_D_OVER_B;

  const lines = [
    `companies query, ${CONNECTIONS} connections, ${DURATION_SECONDS}s x ${rows[0].rounds.length} rounds per target (mean req/s, max p99), servers NODE_ENV=${SERVER_NODE_ENV}, ${TOPOLOGY === 'single' ? 'everything in one process' : 'gateway in its own process'}`,
    ...tableLines(
      rows.map((s) => [nameOf(s), s]),
      9,
    ),
    `ratios (req/s): c/b ${ratios['c/b'].toFixed(2)}  d/b ${ratios['d/b'].toFixed(2)}  b/a ${ratios['b/a'].toFixed(2)}`,
    `target d/b ≥ ${GOAL_D_OVER_B}: ${met ? 'met' : 'NOT met'} (d/b = ${ratios['d/b'].toFixed(2)})`,
  ];
  console.log(lines.join('\n'));
  console.log(
    JSON.stringify({
      bench: 'companies',
      connections: CONNECTIONS,
      durationSeconds: DURATION_SECONDS,
      nodeEnv: SERVER_NODE_ENV,
      topology: TOPOLOGY,
      rounds: rows[0].rounds.length,
      targets: Object.fromEntries(
        rows.map((s) => [s.key, { label: s.label, reqPerSec: Math.round(s.requestsPerSecond), p99Ms: s.p99Ms, roundsReqPerSec: s.rounds.map(Math.round) }]),
      ),
      ratios,
      goal: { 'd/b': GOAL_D_OVER_B, met },
    }),
  );
}

async function main(): Promise<void> {
  process.stderr.write('starting the stack in a child process...\n');
  const targets = targetsFor(await startServer());
  const expected = new Map<TargetKey, string>();
  for (const target of targets) expected.set(target.key, await sanityCheck(target));

  for (const target of targets) {
    process.stderr.write(`warm-up ${nameOf(target)} ${WARM_UP_SECONDS}s\n`);
    await load(target, expected.get(target.key)!, WARM_UP_SECONDS);
  }

  // A B C D then D C B A.
  const runs = await interleavedRounds(targets, nameOf, (target) => load(target, expected.get(target.key)!, DURATION_SECONDS));
  report(new Map(targets.map((t, i) => [t.key, { key: t.key, label: t.label, ...summarize(runs[i]) }])));
}

runBench(main);
