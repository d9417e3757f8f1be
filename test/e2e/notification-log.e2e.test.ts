import { readSink } from '../../shared/notifications/channels/sink.channel';
import { createAccountService } from '../../subgraphs/admin/admin.wiring';
import { startTestStack } from '../support/test-platform';
import { json } from '../support/http';
import type { GraphQLAnswer } from '../support/rest-bodies';
import { runCli } from '../support/cli';

/** A page of the notification log, as LOG_QUERY selects it. */
interface LogPage {
  total: number;
  entries: Array<{ messageType: string; providerMessageId: string; [field: string]: unknown }>;
}

/**
 * The whole stack: creating an account queues its welcome message, the stack's own worker sends
 * it to the local mail sink, and an administrator reads the log through the gateway.
 */
describe('notification log end to end', () => {
  let env: Awaited<ReturnType<typeof startTestStack>>;
  let adminToken: string;
  let customerToken: string;
  let agentId: string;

  beforeAll(async () => {
    env = await startTestStack();
    const accounts = createAccountService(env.stack.platform);
    await accounts.create({ email: 'ops.admin@safiri.test', password: 'admin password 123', role: 'ADMIN' });
    await accounts.create({ email: 'kwame.customer@safiri.test', password: 'customer password 123', role: 'CUSTOMER' });
    agentId = (await accounts.create({ email: 'zawadi.agent@safiri.test', password: 'agent password 123', role: 'SERVICE_AGENT', fullName: 'Zawadi Agent' }))
      .id;
    adminToken = await logon('ops.admin@safiri.test', 'admin password 123');
    customerToken = await logon('kwame.customer@safiri.test', 'customer password 123');
  });
  afterAll(() => env.close());

  async function logon(email: string, password: string): Promise<string> {
    const res = await fetch(`${env.baseUrl}/api/logon`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
    return (await json<{ token: string }>(res)).token;
  }

  const LOG_QUERY = `query Log($ref: String, $type: NotificationMessageType, $status: NotificationLogStatus, $limit: Int) {
    notificationLog(bookingReference: $ref, messageType: $type, status: $status, limit: $limit) {
      total
      entries { bookingKind bookingReference messageType channel recipient status provider providerMessageId attemptCount sentAt
                attempts { attempt status provider providerMessageId } }
    }
  }`;
  const queryLog = (variables: Record<string, unknown>, token?: string) =>
    fetch(`${env.baseUrl}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify({ query: LOG_QUERY, variables }),
    }).then(json<GraphQLAnswer<{ notificationLog: LogPage }>>);

  async function sentWelcome(reference: string) {
    const until = Date.now() + 30_000;
    for (;;) {
      const body = await queryLog({ ref: reference, status: 'SENT' }, adminToken);
      if (body.data?.notificationLog.total === 1 || Date.now() > until) return body;
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  it('an administrator finds the welcome email by booking reference, message type and status', async () => {
    const body = await sentWelcome(agentId);
    expect(body.errors).toBeUndefined();
    expect(body.data.notificationLog.entries).toEqual([
      expect.objectContaining({
        bookingKind: 'account',
        bookingReference: agentId,
        messageType: 'ACCOUNT_CREATION',
        channel: 'EMAIL',
        recipient: 'z***@safiri.test',
        status: 'SENT',
        provider: 'sink',
        attemptCount: 1,
        attempts: [expect.objectContaining({ attempt: 1, status: 'SENT' })],
      }),
    ]);
    const email = (await readSink(env.config.notifications.sinkDir, 'EMAIL')).find((m) => m.content.includes('zawadi.agent@safiri.test'));
    expect(email?.content).toMatch(/Subject: Welcome to Safiri/);
    expect(email?.content).toContain(body.data.notificationLog.entries[0].providerMessageId.replace(/^sink-/, ''));
  });

  it('filters combine: the message type narrows, another status finds nothing', async () => {
    await sentWelcome(agentId);
    const welcomes = await queryLog({ type: 'ACCOUNT_CREATION', status: 'SENT', limit: 200 }, adminToken);
    expect(welcomes.data.notificationLog.total).toBe(3);
    expect(welcomes.data.notificationLog.entries.every((e) => e.messageType === 'ACCOUNT_CREATION')).toBe(true);
    const tickets = await queryLog({ type: 'TICKET' }, adminToken);
    expect(tickets.data.notificationLog).toEqual({ total: 0, entries: [] });
    const failed = await queryLog({ ref: agentId, status: 'FAILED' }, adminToken);
    expect(failed.data.notificationLog.total).toBe(0);
  });

  it('pages with limit and the nextCursor each page answers, to the same entries as one page', async () => {
    await sentWelcome(agentId);
    const PAGE_QUERY = `query Page($after: String) {
      notificationLog(messageType: ACCOUNT_CREATION, status: SENT, limit: 1, after: $after) { total nextCursor entries { notificationId } }
    }`;
    const page = (after: string | null) =>
      fetch(`${env.baseUrl}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${adminToken}` },
        body: JSON.stringify({ query: PAGE_QUERY, variables: { after } }),
      }).then(json<GraphQLAnswer<{ notificationLog: { total: number; nextCursor: string | null; entries: { notificationId: string }[] } }>>);
    const seen: string[] = [];
    let after: string | null = null;
    do {
      const body = await page(after);
      expect(body.errors).toBeUndefined();
      seen.push(...body.data.notificationLog.entries.map((e) => e.notificationId));
      after = body.data.notificationLog.nextCursor;
    } while (after && seen.length < 10);
    expect(seen).toHaveLength(3);
    expect(new Set(seen).size).toBe(3);
    const bad = await page('bm90LWEtY3Vyc29y');
    expect(bad.errors![0].extensions).toMatchObject({ code: 'BAD_REQUEST' });
  });

  it('is for administrators only: 401 without a token, 403 for a customer', async () => {
    const anonymous = await queryLog({});
    expect(anonymous.errors![0].extensions).toMatchObject({ code: 'UNAUTHENTICATED' });
    const customer = await queryLog({}, customerToken);
    expect(customer.errors![0].extensions).toMatchObject({ code: 'FORBIDDEN' });
    expect(customer.data).toBeNull();
  });

  it('rejects a page size out of range with a clear error', async () => {
    const body = await queryLog({ limit: 500 }, adminToken);
    expect(body.errors![0].message).toMatch(/limit must be from 1 to 200/);
    expect(body.errors![0].extensions).toMatchObject({ code: 'BAD_REQUEST' });
  });

  it('the operator CLI prints the same log, and refuses unknown filter values', async () => {
    await sentWelcome(agentId);
    const listed = runCli('notifications', ['log', '--reference', agentId, '--status', 'SENT'], env.config);
    expect(listed.status).toBe(0);
    expect(listed.json).toMatchObject({
      action: 'notification-log',
      total: 1,
      entries: [{ messageType: 'ACCOUNT_CREATION', channel: 'EMAIL', recipient: 'z***@safiri.test' }],
    });
    const bad = runCli('notifications', ['log', '--status', 'LOST'], env.config);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/--status must be one of PENDING/);
  });
});
