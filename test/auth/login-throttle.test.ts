import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { request } from 'node:http';
import { startTestStack } from '../support/test-platform';
import { startGatewayProcess, subgraphUrlsOf, type GatewayProcess } from '../support/gateway.process';
import { runCli } from '../support/cli';
import { decoyHash, scryptActivity } from '../../shared/auth/password.service';
import { AccountService } from '../../subgraphs/admin/services/account.service';
import { createAccountService } from '../../subgraphs/admin/admin.wiring';
import type { ErrorAnswer } from '../support/rest-bodies';

/**
 * Login throttling seen from the client's side of the socket. Every test sends from loopback
 * addresses of its own (127.0.0.0/8 all reach the gateway on 127.0.0.1), so that each one is a
 * different client address to the gateway and the tests share no counters.
 */

const PASSWORD = 'a long enough password';
const PAIR_MAX_FAILURES = 3;
const PAIR_WINDOW_SECONDS = 900;
const ADDRESS_MAX_FAILURES = 10;
const ADDRESS_FAILURE_WINDOW_SECONDS = 3600;
const ADDRESS_MAX_ATTEMPTS = 15;
const ADDRESS_ATTEMPT_WINDOW_SECONDS = 60;
const HASH_CONCURRENCY = 2;
const HASH_QUEUE = 4;
const LOGIN_ENV = {
  LOGIN_MAX_FAILURES: String(PAIR_MAX_FAILURES),
  LOGIN_FAILURE_WINDOW_SECONDS: String(PAIR_WINDOW_SECONDS),
  LOGIN_ADDRESS_MAX_FAILURES: String(ADDRESS_MAX_FAILURES),
  LOGIN_ADDRESS_FAILURE_WINDOW_SECONDS: String(ADDRESS_FAILURE_WINDOW_SECONDS),
  LOGIN_ADDRESS_MAX_ATTEMPTS: String(ADDRESS_MAX_ATTEMPTS),
  LOGIN_ADDRESS_ATTEMPT_WINDOW_SECONDS: String(ADDRESS_ATTEMPT_WINDOW_SECONDS),
  LOGIN_HASH_CONCURRENCY: String(HASH_CONCURRENCY),
  LOGIN_HASH_QUEUE: String(HASH_QUEUE),
};

let env: Awaited<ReturnType<typeof startTestStack>>;
let accounts: AccountService;

interface Answer {
  status: number;
  retryAfter: string | undefined;
  /** The parsed JSON: a token, or an error answer. */
  body: unknown;
}

/** POST /api/logon over a socket bound to `from`, so the gateway (the stack's, or the one at `via`) sees that client address. */
function logonFrom(from: string, email: string, password: string, headers: Record<string, string> = {}, via = env.baseUrl): Promise<Answer> {
  const payload = JSON.stringify({ email, password });
  const { hostname, port } = new URL(via);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: hostname,
        port,
        localAddress: from,
        method: 'POST',
        path: '/api/logon',
        agent: false,
        headers: { 'content-type': 'application/json', ...headers },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => (text += chunk));
        res.on('end', () => {
          const retryAfter = res.headers['retry-after'];
          resolve({ status: res.statusCode ?? 0, retryAfter: typeof retryAfter === 'string' ? retryAfter : undefined, body: JSON.parse(text) });
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

let counter = 0;
async function newAccount(): Promise<string> {
  const email = `throttle${++counter}-${randomUUID().slice(0, 8)}@example.co.tz`;
  await accounts.create({ email, password: PASSWORD, role: 'SERVICE_AGENT' });
  return email;
}

const unknownEmail = () => `nobody-${randomUUID().slice(0, 8)}@example.co.tz`;
const statuses = (answers: Answer[]) => answers.map((a) => a.status);
const count = (answers: Answer[], status: number) => answers.filter((a) => a.status === status).length;

function expectThrottled(answer: Answer, maxRetryAfter: number): void {
  expect(answer.status).toBe(429);
  expect(answer.body).toMatchObject({ errorCode: 'LOGIN_THROTTLED', status: 429 });
  expect(answer.body).not.toHaveProperty('token');
  const retryAfter = Number(answer.retryAfter);
  expect(Number.isInteger(retryAfter)).toBe(true);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(maxRetryAfter);
  expect((answer.body as ErrorAnswer).data.retryAfterSeconds).toBe(retryAfter);
}

beforeAll(async () => {
  env = await startTestStack(LOGIN_ENV);
  accounts = createAccountService(env.stack.platform);
  // The decoy hash is made once per process: made here, it does not show up in a test's count.
  await decoyHash();
});

afterAll(async () => {
  await env?.close();
});

describe('a stranger cannot lock an agent out', () => {
  test('wrong passwords for the victim from address A throttle A only: the victim logs in from address B', async () => {
    const victim = await newAccount();
    const [attacker, office] = ['127.0.0.11', '127.0.0.12'];

    const spray: Answer[] = [];
    for (let i = 0; i < PAIR_MAX_FAILURES + 5; i++) spray.push(await logonFrom(attacker, victim, `wrong password ${i}`));
    expect(statuses(spray)).toEqual([...Array(PAIR_MAX_FAILURES).fill(401), ...Array(5).fill(429)]);
    expectThrottled(spray[PAIR_MAX_FAILURES], PAIR_WINDOW_SECONDS);
    // The attacker, now holding the right password, is still refused from A.
    expect((await logonFrom(attacker, victim, PASSWORD)).status).toBe(429);

    const fromOffice = await logonFrom(office, victim, PASSWORD);
    expect(fromOffice.status).toBe(200);
    expect((fromOffice.body as { token: string }).token).toEqual(expect.any(String));
  });
});

describe('the per-address limit', () => {
  test('one guess each at 30 emails from one address is throttled, whatever forwarding headers the client sends', async () => {
    const [sprayer, other] = ['127.0.0.21', '127.0.0.22'];
    const emails = Array.from({ length: 30 }, unknownEmail);
    const answers: Answer[] = [];
    for (const [i, email] of emails.entries()) {
      // Headers a client could send to pose as many addresses: none of them may count.
      const forged = { 'x-forwarded-for': `198.51.100.${i + 1}`, 'x-safiri-client-address': `203.0.113.${i + 1}`, 'x-real-ip': `192.0.2.${i + 1}` };
      answers.push(await logonFrom(sprayer, email, 'wrong password!', forged));
    }
    expect(statuses(answers.slice(0, ADDRESS_MAX_FAILURES))).toEqual(Array(ADDRESS_MAX_FAILURES).fill(401));
    for (const answer of answers.slice(ADDRESS_MAX_FAILURES)) {
      expectThrottled(answer, ADDRESS_FAILURE_WINDOW_SECONDS);
    }

    // Per address, not per email: the same emails from another address are still checked (401).
    expect((await logonFrom(other, emails[0], 'wrong password!')).status).toBe(401);
    expect((await logonFrom(other, emails[29], 'wrong password!')).status).toBe(401);
    // 30 attempts are over the per-minute attempt budget (a flood guard counting every outcome): the address waits
    // out the minute whoever logs in; from elsewhere the agent logs in.
    const agent = await newAccount();
    expectThrottled(await logonFrom(sprayer, agent, PASSWORD), ADDRESS_ATTEMPT_WINDOW_SECONDS);
    expect((await logonFrom(other, agent, PASSWORD)).status).toBe(200);
  });
});

describe('behind one address (an office or carrier NAT)', () => {
  test("others' failures never refuse the right password of an agent who has not failed: the failing traffic is refused", async () => {
    const office = '127.0.0.51';
    const agents = [await newAccount(), await newAccount()];
    // Someone in the office guesses at many emails: the address goes over its failure limit.
    const spray: Answer[] = [];
    for (let i = 0; i < ADDRESS_MAX_FAILURES + 2; i++) spray.push(await logonFrom(office, unknownEmail(), 'wrong password!'));
    expect(statuses(spray)).toEqual([...Array(ADDRESS_MAX_FAILURES).fill(401), 429, 429]);
    expectThrottled(spray[ADDRESS_MAX_FAILURES], ADDRESS_FAILURE_WINDOW_SECONDS);

    // The agents log in from the same address (within its attempt budget: 14 of 15 attempts).
    for (const agent of agents) {
      const answer = await logonFrom(office, agent, PASSWORD);
      expect([agent, answer.status]).toEqual([agent, 200]);
      expect((answer.body as { token: string }).token).toEqual(expect.any(String));
    }
  });

  test('a spray from an address over its failure limit is still throttled: one check per email, none for an email that failed', async () => {
    const sprayer = '127.0.0.52';
    const [victim, bystander] = [await newAccount(), await newAccount()];
    const tried = Array.from({ length: ADDRESS_MAX_FAILURES + 1 }, unknownEmail);
    const spray: Answer[] = [];
    for (const email of tried) spray.push(await logonFrom(sprayer, email, 'wrong password!'));
    expect(statuses(spray)).toEqual([...Array(ADDRESS_MAX_FAILURES).fill(401), 429]);

    // A wrong guess at a real account is checked once and refused like an unchecked one: a 429, never a 401, so
    // the address learns nothing but a success; the body is the same as for an unknown email.
    let hashes = scryptActivity.started;
    const guess = await logonFrom(sprayer, victim, 'wrong password!');
    expectThrottled(guess, ADDRESS_FAILURE_WINDOW_SECONDS);
    const shape = (answer: Answer) => ({ errorCode: (answer.body as ErrorAnswer).errorCode, errorMessage: (answer.body as ErrorAnswer).errorMessage });
    expect(shape(guess)).toEqual(shape(spray[ADDRESS_MAX_FAILURES]));
    expect(scryptActivity.started - hashes).toBe(1);

    // That account has now failed from here: further attempts are refused without hashing, the right password too,
    // and so is another guess at an email already tried.
    hashes = scryptActivity.started;
    expectThrottled(await logonFrom(sprayer, victim, PASSWORD), ADDRESS_FAILURE_WINDOW_SECONDS);
    expectThrottled(await logonFrom(sprayer, tried[ADDRESS_MAX_FAILURES], 'another password!'), ADDRESS_FAILURE_WINDOW_SECONDS);
    expect(scryptActivity.started - hashes).toBe(0);

    // An account nobody tried from here still logs in (15th attempt: the attempt budget is not over).
    expect((await logonFrom(sprayer, bystander, PASSWORD)).status).toBe(200);
    // From another address the victim is not refused: it failed once, from the sprayer's address only.
    expect((await logonFrom('127.0.0.53', victim, PASSWORD)).status).toBe(200);
  });
});

describe('a spray cannot starve other requests', () => {
  test('attempts over the per-address limit are refused without hashing', async () => {
    const before = scryptActivity.started;
    const answers = await Promise.all(Array.from({ length: 40 }, () => logonFrom('127.0.0.31', unknownEmail(), 'wrong password!')));
    const hashes = scryptActivity.started - before;

    expect(answers.every((a) => [401, 429, 503].includes(a.status))).toBe(true);
    // Only attempts within the attempt budget may hash: each 401, and once the address is over its failure limit
    // the one check an email gets there (answered 429); busy answers and the attempts over the budget cost none.
    expect(hashes).toBeGreaterThanOrEqual(count(answers, 401));
    expect(hashes).toBeLessThanOrEqual(ADDRESS_MAX_ATTEMPTS - count(answers, 503));
    expect(count(answers, 401)).toBeLessThanOrEqual(ADDRESS_MAX_FAILURES);
    expect(count(answers, 429)).toBeGreaterThanOrEqual(40 - ADDRESS_MAX_ATTEMPTS);
  });

  test('attempts over the per-address budget are answered by the gateway: they never reach the login service', async () => {
    const address = '127.0.0.41';
    const answers: Answer[] = [];
    for (let i = 0; i < ADDRESS_MAX_ATTEMPTS * 3; i++) answers.push(await logonFrom(address, unknownEmail(), 'wrong password!'));
    for (const answer of answers.slice(ADDRESS_MAX_ATTEMPTS)) expectThrottled(answer, ADDRESS_ATTEMPT_WINDOW_SECONDS);
    // The login service's own attempt counter (Redis) saw only the attempts within the budget.
    const seen = await env.stack.platform.redis.get(`${env.config.queuePrefix}:login-attempts:${address}`);
    expect(Number(seen)).toBe(ADDRESS_MAX_ATTEMPTS);
  });

  test(`a spray from many addresses never runs more than ${HASH_CONCURRENCY} hashes at once; the overflow is refused fast with 503`, async () => {
    const victim = await newAccount();
    expect(scryptActivity.running).toBe(0);
    scryptActivity.peak = 0;
    const before = scryptActivity.started;
    // One request from each of 40 addresses: no per-address limit applies, only the hashing bound.
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => logonFrom(`127.0.1.${i + 1}`, i % 2 ? victim : unknownEmail(), 'wrong password!')));
    const hashes = scryptActivity.started - before;

    expect(scryptActivity.peak).toBeLessThanOrEqual(HASH_CONCURRENCY);
    expect(answers.every((a) => a.status === 401 || a.status === 503)).toBe(true);
    expect(hashes).toBe(count(answers, 401));
    for (const busy of answers.filter((a) => a.status === 503)) {
      expect(busy.body).toMatchObject({ errorCode: 'SERVICE_UNAVAILABLE', status: 503 });
      expect(Number(busy.retryAfter)).toBeGreaterThan(0);
    }
    // Afterwards nothing is left running and the victim still logs in.
    expect(scryptActivity.running).toBe(0);
    expect((await logonFrom('127.0.0.32', victim, PASSWORD)).status).toBe(200);
  });
});

describe('accounts unlock reaches every gateway', () => {
  let replica: GatewayProcess;
  beforeAll(async () => {
    // A second gateway process with the same login settings, on the same Redis, admin subgraph and database.
    replica = await startGatewayProcess(env.config, subgraphUrlsOf(env.stack.subgraphs), LOGIN_ENV);
  });
  afterAll(async () => {
    await replica?.stop();
  });

  test('an address over its attempt budget through one gateway is refused by both; `accounts unlock --address` reopens both', async () => {
    const address = '127.0.0.61';
    const agent = await newAccount();
    // Every attempt counts, successes too: the budget used up by the agent's own logins through the first gateway.
    for (let i = 0; i < ADDRESS_MAX_ATTEMPTS; i++) expect((await logonFrom(address, agent, PASSWORD)).status).toBe(200);
    expectThrottled(await logonFrom(address, agent, PASSWORD), ADDRESS_ATTEMPT_WINDOW_SECONDS);
    expectThrottled(await logonFrom(address, agent, PASSWORD, {}, replica.url), ADDRESS_ATTEMPT_WINDOW_SECONDS);

    const unlocked = runCli('accounts', ['unlock', '--email', agent, '--address', address], env.config);
    expect(unlocked.status).toBe(0);
    expect(unlocked.json).toMatchObject({ action: 'login-unlocked', email: agent });

    expect((await logonFrom(address, agent, PASSWORD)).status).toBe(200);
    expect((await logonFrom(address, agent, PASSWORD, {}, replica.url)).status).toBe(200);
  });
});
