import { randomUUID } from 'node:crypto';
import { Agent, request } from 'node:http';
import { BenchFailure, fetchJson, measure, positiveNumber, runBench, SERVER_NODE_ENV, startServer, TOPOLOGY } from './bench-runner';

/**
 * A bystander during a login spray: GET /api/companies latency with nothing else running, while
 * SPRAY_CONNECTIONS clients post wrong passwords for unknown emails from one address (twice: the
 * second phase starts with that address's allowance spent), and while they do it from a new
 * loopback address each time (which no per-address rule sees).
 * Run: npx tsc -p tsconfig.build.json && node dist/bench/login-spray.bench.js
 */

const PHASE_SECONDS = positiveNumber('BENCH_DURATION', 10);
const SPRAY_CONNECTIONS = Math.round(positiveNumber('SPRAY_CONNECTIONS', 20));
const BYSTANDER_CONNECTIONS = Math.round(positiveNumber('BYSTANDER_CONNECTIONS', 1));

type SprayMode = 'none' | 'one address' | 'many addresses';

interface SprayResult {
  requests: number;
  statuses: Record<string, number>;
}

/** Posts a wrong password for a fresh unknown email, from `localAddress`, and resolves with the status. */
function sprayOnce(url: URL, agent: Agent | false, localAddress: string): Promise<number> {
  const body = JSON.stringify({ email: `spray-${randomUUID()}@example.com`, password: 'not the password' });
  return new Promise((resolve) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        path: '/api/logon',
        method: 'POST',
        agent,
        localAddress,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', () => resolve(0));
    req.end(body);
  });
}

/** SPRAY_CONNECTIONS loops, each sending its next request as soon as the last is answered, until `until`. */
async function spray(gatewayUrl: string, mode: Exclude<SprayMode, 'none'>, until: Promise<unknown>): Promise<SprayResult> {
  const url = new URL(gatewayUrl);
  const agent = mode === 'one address' ? new Agent({ keepAlive: true, maxSockets: SPRAY_CONNECTIONS }) : false;
  const result: SprayResult = { requests: 0, statuses: {} };
  let done = false;
  void until.then(() => (done = true));
  let next = 0;
  // 127.0.1.0 to 127.0.255.255: a fresh source address for each request, all of them loopback.
  const source = () => (mode === 'one address' ? '127.0.0.1' : `127.0.${1 + (Math.floor(next / 250) % 255)}.${1 + (next++ % 250)}`);
  await Promise.all(
    Array.from({ length: SPRAY_CONNECTIONS }, async () => {
      while (!done) {
        const status = await sprayOnce(url, agent, source());
        result.requests++;
        result.statuses[status] = (result.statuses[status] ?? 0) + 1;
      }
    }),
  );
  if (agent) agent.destroy();
  return result;
}

async function phase(targets: { gatewayUrl: string; token: string }, mode: SprayMode, expectBody: string) {
  const bystander = measure(`bystander (${mode})`, {
    url: `${targets.gatewayUrl}/api/companies`,
    headers: { authorization: `Bearer ${targets.token}` },
    connections: BYSTANDER_CONNECTIONS,
    duration: PHASE_SECONDS,
    expectBody,
  });
  const sprayed = mode === 'none' ? undefined : await spray(targets.gatewayUrl, mode, bystander);
  const result = await bystander;
  const line = {
    spray: mode,
    bystanderReqPerSec: Math.round(result.requests.average),
    bystanderP50Ms: result.latency.p50,
    bystanderP99Ms: result.latency.p99,
    bystanderMaxMs: result.latency.max,
    sprayReqPerSec: sprayed ? Math.round(sprayed.requests / PHASE_SECONDS) : 0,
    sprayStatuses: sprayed?.statuses ?? {},
  };
  process.stderr.write(`${JSON.stringify(line)}\n`);
  return line;
}

async function main(): Promise<void> {
  process.stderr.write('starting the stack in a child process...\n');
  const targets = await startServer();
  const { text } = await fetchJson('GET /api/companies', `${targets.gatewayUrl}/api/companies`, { headers: { authorization: `Bearer ${targets.token}` } });
  if (!text.startsWith('[')) throw new BenchFailure('GET /api/companies is not a list');
  await phase(targets, 'none', text);
  const lines = [];
  // The address's allowance of failures is spent in the first one-address phase: the second shows the spray once it is refused.
  for (const mode of ['none', 'one address', 'one address', 'none', 'many addresses', 'none'] as const) lines.push(await phase(targets, mode, text));
  console.log(
    `login spray: ${SPRAY_CONNECTIONS} spraying connections, bystander ${BYSTANDER_CONNECTIONS} connection(s) on GET /api/companies, ${PHASE_SECONDS}s a phase, servers NODE_ENV=${SERVER_NODE_ENV}, ${TOPOLOGY === 'single' ? 'everything in one process' : 'gateway in its own process'}`,
  );
  for (const line of lines) console.log(JSON.stringify(line));
}

runBench(main);
