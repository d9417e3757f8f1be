import 'reflect-metadata';
import { Queue, Worker } from 'bullmq';
import { startTestStack } from '../support/test-platform';
import { runCli } from '../support/cli';
import { waitFor } from '../support/wait';

const PASSWORD = 'long password 1';
const TEST_QUEUE = 'ops-test';

let env: Awaited<ReturnType<typeof startTestStack>>;
let queue: Queue;
let worker: Worker;
/** The test worker fails every job while this is true. */
let failing = true;

const queuesCli = (...args: string[]) => runCli('queues', args, env.config);
const accountsCli = (...args: string[]) => runCli('accounts', args, env.config);

function expectSuccess(result: ReturnType<typeof runCli>) {
  expect({ status: result.status, stderr: result.stderr }).toEqual({ status: 0, stderr: '' });
  expect(result.stdout.trim().split('\n')).toHaveLength(1);
  return result.json;
}

beforeAll(async () => {
  env = await startTestStack();
  const connection = env.stack.platform.queueRedis;
  queue = new Queue(TEST_QUEUE, { connection, prefix: env.config.queuePrefix });
  worker = new Worker(
    TEST_QUEUE,
    async (job) => {
      if (failing) throw new Error(`supplier down for ${job.id}`);
      return 'done';
    },
    { connection: connection.duplicate(), prefix: env.config.queuePrefix },
  );
  for (const [email, role] of [
    ['ops@x.co.tz', 'ADMIN'],
    ['root@x.co.tz', 'SUDO'],
    ['agent@x.co.tz', 'SERVICE_AGENT'],
  ]) {
    expectSuccess(accountsCli('create', '--email', email, '--password', PASSWORD, '--role', role));
  }
});

afterAll(async () => {
  await worker?.close();
  await queue?.close();
  await env?.close();
});

async function failJobs(...ids: string[]) {
  failing = true;
  for (const id of ids) await queue.add('sync-fares', { fareId: id }, { jobId: id, attempts: 1 });
  await waitFor(
    () => queue.getFailedCount(),
    (n) => n >= ids.length,
  );
}

describe('queues CLI', () => {
  test('list shows every queue under the prefix with its counts', async () => {
    await failJobs('fare-1');
    const json = expectSuccess(queuesCli('list'));
    expect(json).toMatchObject({ action: 'queues-listed', prefix: env.config.queuePrefix });
    const names = json.queues.map((q: { name: string }) => q.name);
    // The stack's own queue (account creation sends a welcome message) and the test's.
    expect(names).toEqual(expect.arrayContaining(['notifications', TEST_QUEUE]));
    expect(json.queues.find((q: { name: string }) => q.name === TEST_QUEUE)).toMatchObject({ paused: false, counts: { failed: 1, completed: 0 } });
  });

  test('failed shows the failed job and why', () => {
    const json = expectSuccess(queuesCli('failed', '--queue', TEST_QUEUE));
    expect(json).toMatchObject({ action: 'failed-jobs', queue: TEST_QUEUE, total: 1 });
    expect(json.jobs).toEqual([
      expect.objectContaining({ id: 'fare-1', name: 'sync-fares', data: { fareId: 'fare-1' }, failedReason: 'supplier down for fare-1', attemptsMade: 1 }),
    ]);
  });

  test('retry runs the failed job again', async () => {
    failing = false;
    expect(expectSuccess(queuesCli('retry', '--queue', TEST_QUEUE, '--job', 'fare-1'))).toEqual({
      action: 'job-retried',
      queue: TEST_QUEUE,
      jobId: 'fare-1',
      name: 'sync-fares',
    });
    await waitFor(
      () => queue.getJobState('fare-1'),
      (state) => state === 'completed',
    );
    expect(await queue.getFailedCount()).toBe(0);
  });

  test('retry refuses a job that has not failed, and an unknown job or queue', () => {
    const completed = queuesCli('retry', '--queue', TEST_QUEUE, '--job', 'fare-1');
    expect(completed.status).toBe(1);
    expect(completed.stderr).toMatch(/is completed, not failed/);
    const unknownJob = queuesCli('retry', '--queue', TEST_QUEUE, '--job', 'nope');
    expect(unknownJob.status).toBe(1);
    expect(unknownJob.stderr).toMatch(/no job "nope"/);
    const unknownQueue = queuesCli('failed', '--queue', 'no-such-queue');
    expect(unknownQueue.status).toBe(1);
    expect(unknownQueue.stderr).toMatch(/no queue "no-such-queue"/);
  });

  test('retry-all-failed runs every failed job again', async () => {
    await failJobs('fare-2', 'fare-3');
    failing = false;
    expect(expectSuccess(queuesCli('retry-all-failed', '--queue', TEST_QUEUE))).toEqual({ action: 'failed-jobs-retried', queue: TEST_QUEUE, retried: 2 });
    await waitFor(
      async () => [await queue.getJobState('fare-2'), await queue.getJobState('fare-3')],
      (states) => states.every((s) => s === 'completed'),
    );
  });

  test('completed shows the newest finished jobs and what they returned: the retention run the stack made at start', async () => {
    await waitFor(
      () => env.stack.platform.queues.get('retention').getCompletedCount(),
      (n) => n >= 1,
    );
    const json = expectSuccess(queuesCli('completed', '--queue', 'retention', '--limit', '1'));
    expect(json).toMatchObject({ action: 'completed-jobs', queue: 'retention' });
    expect(json.jobs).toEqual([
      expect.objectContaining({
        name: 'retention-purge',
        returnValue: expect.objectContaining({ enabled: true, kinds: expect.objectContaining({ outbox: expect.objectContaining({ days: 30, removed: 0 }) }) }),
      }),
    ]);
  });

  test('bad arguments exit 2', () => {
    for (const args of [[], ['frobnicate'], ['failed'], ['retry', '--queue', TEST_QUEUE], ['failed', '--queue', TEST_QUEUE, '--limit', '999']]) {
      const result = queuesCli(...args);
      expect({ args, status: result.status }).toEqual({ args, status: 2 });
      expect(result.stderr).toMatch(/^error: .*\n\nusage: npm run queues/);
    }
  });
});

describe('queue dashboard at /admin/queues', () => {
  const origin = () => new URL(env.baseUrl).origin;

  async function logIn(email: string, headers: Record<string, string> = { origin: origin() }) {
    return fetch(`${env.baseUrl}/admin/queues/login`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      body: new URLSearchParams({ email, password: PASSWORD }).toString(),
    });
  }

  async function sessionCookie(email: string): Promise<string> {
    const response = await logIn(email);
    expect(response.status).toBe(303);
    return response.headers.get('set-cookie')!.split(';')[0];
  }

  test('without a login: pages redirect to the login form, the API answers 401', async () => {
    const page = await fetch(`${env.baseUrl}/admin/queues`, { redirect: 'manual' });
    expect(page.status).toBe(303);
    expect(page.headers.get('location')).toBe('/admin/queues/login');
    // Like every gateway answer, the redirect names its request (README "Try it with curl").
    expect(page.headers.get('x-request-id')).toMatch(/\S/);
    const api = await fetch(`${env.baseUrl}/admin/queues/api/queues`);
    expect(api.status).toBe(401);
    expect(await api.json()).toMatchObject({ errorCode: 'UNAUTHENTICATED' });
    const form = await fetch(`${env.baseUrl}/admin/queues/login`);
    expect(form.status).toBe(200);
    expect(await form.text()).toMatch(/<form method="post" action="\/admin\/queues\/login">/);
  });

  test('a wrong password and a non-admin account get no session', async () => {
    const wrong = await fetch(`${env.baseUrl}/admin/queues/login`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: origin() },
      body: 'email=ops%40x.co.tz&password=wrong+password+1',
    });
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get('set-cookie')).toBeNull();
    expect(await wrong.text()).toMatch(/Email or password is incorrect/);

    const agent = await logIn('agent@x.co.tz');
    expect(agent.status).toBe(403);
    expect(agent.headers.get('set-cookie')).toBeNull();
    expect(await agent.text()).toMatch(/for ADMIN and SUDO accounts/);
  });

  test('a login form posted from another site is refused', async () => {
    const response = await logIn('ops@x.co.tz', { origin: 'https://evil.example' });
    expect(response.status).toBe(403);
    expect(response.headers.get('set-cookie')).toBeNull();
    expect((await logIn('ops@x.co.tz', {})).status).toBe(403);
  });

  test('ADMIN and SUDO log in: an HttpOnly SameSite=Strict session cookie opens the board and its API', async () => {
    for (const email of ['ops@x.co.tz', 'root@x.co.tz']) {
      const response = await logIn(email);
      expect(response.status).toBe(303);
      expect(response.headers.get('location')).toBe('/admin/queues');
      const setCookie = response.headers.get('set-cookie')!;
      expect(setCookie).toMatch(/^safiri_queues=[\w-]{40,}; Path=\/admin\/queues; Max-Age=3600; HttpOnly; SameSite=Strict$/);
      const cookie = setCookie.split(';')[0];

      const page = await fetch(`${env.baseUrl}/admin/queues`, { headers: { cookie } });
      expect(page.status).toBe(200);
      expect(await page.text()).toMatch(/Safiri queues/);

      const api = await fetch(`${env.baseUrl}/admin/queues/api/queues?activeQueue=${TEST_QUEUE}&status=latest&page=1&jobsPerPage=10`, { headers: { cookie } });
      expect(api.status).toBe(200);
      const body = (await api.json()) as { queues: Array<{ name: string }> };
      expect(body.queues.map((q) => q.name)).toEqual(expect.arrayContaining(['notifications', TEST_QUEUE]));
    }
  });

  test('a retry through the board needs a same-origin request', async () => {
    await failJobs('fare-4');
    const cookie = await sessionCookie('ops@x.co.tz');
    const retry = (headers: Record<string, string>) =>
      fetch(`${env.baseUrl}/admin/queues/api/queues/${TEST_QUEUE}/fare-4/retry`, { method: 'PUT', headers: { cookie, ...headers } });
    expect((await retry({ origin: 'https://evil.example' })).status).toBe(403);
    expect(await queue.getJobState('fare-4')).toBe('failed');
    failing = false;
    expect((await retry({ origin: origin() })).status).toBe(204);
    await waitFor(
      () => queue.getJobState('fare-4'),
      (state) => state === 'completed',
    );
  });

  test('the role is checked on every request: revoked tokens end the session at once', async () => {
    const cookie = await sessionCookie('root@x.co.tz');
    expect((await fetch(`${env.baseUrl}/admin/queues/api/queues`, { headers: { cookie } })).status).toBe(200);
    expectSuccess(accountsCli('revoke-tokens', '--email', 'root@x.co.tz'));
    expect((await fetch(`${env.baseUrl}/admin/queues/api/queues`, { headers: { cookie } })).status).toBe(401);
  });

  test('logout ends the session', async () => {
    const cookie = await sessionCookie('ops@x.co.tz');
    const out = await fetch(`${env.baseUrl}/admin/queues/logout`, { method: 'POST', redirect: 'manual', headers: { cookie, origin: origin() } });
    expect(out.status).toBe(303);
    expect(out.headers.get('set-cookie')).toMatch(/^safiri_queues=; .*Max-Age=0/);
    expect((await fetch(`${env.baseUrl}/admin/queues/api/queues`, { headers: { cookie } })).status).toBe(401);
  });
});
