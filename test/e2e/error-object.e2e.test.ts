import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startTestStack } from '../support/test-platform';
import { FlightClient } from '../support/flight-client';

/**
 * The spec's error object (OpenAPI `ErrorBody`) always has `error`, an object (`{}` when there is nothing to
 * add), on every REST error: one of each kind of refusal on the routes that used to leave it out. It reads the raw
 * bodies itself, so it holds with or without the contract check of the test setup.
 */
describe('every REST error carries the error object', () => {
  const repo = mkdtempSync(path.join(os.tmpdir(), 'safiri-error-object-'));
  let env: Awaited<ReturnType<typeof startTestStack>>;
  let customer: FlightClient;
  let admin: FlightClient;

  beforeAll(async () => {
    env = await startTestStack({ REVERSE_PROXY_REPO: repo });
    [customer, admin] = await Promise.all([
      FlightClient.create(env.baseUrl, env.stack.platform, 'errors.customer@safiri.test', 'CUSTOMER'),
      FlightClient.create(env.baseUrl, env.stack.platform, 'errors.admin@safiri.test', 'ADMIN'),
    ]);
  });

  afterAll(async () => {
    await env?.close();
    rmSync(repo, { recursive: true, force: true });
  });

  /** One request with the raw answer; `token` null sends none. */
  async function send(method: string, p: string, token: string | null, body?: unknown, headers: Record<string, string> = {}) {
    const res = await fetch(`${env.baseUrl}${p}`, {
      method,
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  }

  function expectErrorObject(answer: { status: number; body: Record<string, unknown> }, status: number, errorCode?: string) {
    expect(answer.status).toBe(status);
    expect(answer.body).toMatchObject({ status, errorCode: errorCode ?? expect.any(String), errorMessage: expect.any(String) });
    expect(answer.body).toHaveProperty('error');
    expect(typeof answer.body.error).toBe('object');
    expect(answer.body.error).not.toBeNull();
    expect(Array.isArray(answer.body.error)).toBe(false);
  }

  it('train search without from: FROM_STOP_ID_REQUIRED', async () => {
    expectErrorObject(await send('GET', '/api/trip/train/search?to=DOD:SGR:0&date=2030-01-10', customer.token), 400, 'FROM_STOP_ID_REQUIRED');
  });

  it('bus search without from', async () => {
    expectErrorObject(await send('GET', '/api/trip/search?to=ARUSHA:RGN:0&date=2030-01-10', customer.token), 400, 'FROM_STOP_ID_REQUIRED');
  });

  it('ticket lookup without a filter: TICKET_LOOKUP_FILTER_REQUIRED', async () => {
    expectErrorObject(await send('GET', '/api/ticket', customer.token), 400, 'TICKET_LOOKUP_FILTER_REQUIRED');
  });

  it('companies: mini=maybe is a 400, no token a 401', async () => {
    expectErrorObject(await send('GET', '/api/companies?mini=maybe', customer.token), 400);
    expectErrorObject(await send('GET', '/api/companies', null), 401);
  });

  it('reverse proxy: 403 for a non-administrator, 404 for an unknown domain, 428 for a PATCH without If-Match', async () => {
    expectErrorObject(await send('GET', '/api/admin/reverse-proxy/configs', customer.token), 403);
    expectErrorObject(await send('GET', '/api/admin/reverse-proxy/configs/nowhere.co.tz', admin.token), 404);
    expectErrorObject(await send('PATCH', '/api/admin/reverse-proxy/configs/nowhere.co.tz', admin.token, { metadata: {} }), 428);
  });

  it('login with a wrong password', async () => {
    expectErrorObject(await send('POST', '/api/logon', null, { email: 'errors.customer@safiri.test', password: 'not the password' }), 401, 'LOGIN_FAILED');
  });
});
