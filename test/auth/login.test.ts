import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { createLocalJWKSet, decodeProtectedHeader, jwtVerify, type JSONWebKeySet } from 'jose';
import { startTestStack } from '../support/test-platform';
import type { ErrorAnswer } from '../support/rest-bodies';
import { AccountStatus } from '../../shared/auth/entities/account.entity';
import { AccountService } from '../../subgraphs/admin/services/account.service';
import { createAccountService } from '../../subgraphs/admin/admin.wiring';

const PASSWORD = 'a long enough password';
const MAX_FAILURES = 3;

let env: Awaited<ReturnType<typeof startTestStack>>;
let accounts: AccountService;

interface Answer {
  status: number;
  headers: Headers;
  text: string;
  /** The parsed JSON, undefined when the body is not JSON; read through tokenOf / errorOf. */
  body: unknown;
}

/** The token of a successful logon. */
const tokenOf = (answer: Answer): string => (answer.body as { token: string }).token;
/** The error answer of a refused request. */
const errorOf = (answer: Answer): ErrorAnswer => answer.body as ErrorAnswer;

/** Every answer of the gateway, whatever it is, must carry a request id. */
async function call(path: string, init: RequestInit = {}): Promise<Answer> {
  const response = await fetch(`${env.baseUrl}${path}`, init);
  const text = await response.text();
  expect(response.headers.get('x-request-id')).toMatch(/^[A-Za-z0-9._-]{8,64}$/);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  return { status: response.status, headers: response.headers, text, body };
}

function logon(body: unknown, headers: Record<string, string> = { 'content-type': 'application/json' }): Promise<Answer> {
  return call('/api/logon', { method: 'POST', headers, body: typeof body === 'string' ? body : JSON.stringify(body) });
}

let counter = 0;
async function newAccount(role = 'CUSTOMER'): Promise<{ id: string; email: string }> {
  const email = `login${++counter}-${randomUUID().slice(0, 8)}@example.co.tz`;
  const summary = await accounts.create({ email, password: PASSWORD, role });
  return { id: summary.id, email };
}

function unknownEmail(): string {
  return `nobody-${randomUUID().slice(0, 8)}@example.co.tz`;
}

function companies(authorization?: string): Promise<Answer> {
  return call('/api/companies', { headers: authorization === undefined ? {} : { authorization } });
}

beforeAll(async () => {
  // Every request here comes from 127.0.0.1: the per-address limits (login-throttle.test) are lifted
  // so that this file checks the per-(email, address) rule alone.
  env = await startTestStack({
    LOGIN_MAX_FAILURES: String(MAX_FAILURES),
    LOGIN_ADDRESS_MAX_FAILURES: '1000',
    LOGIN_ADDRESS_MAX_ATTEMPTS: '1000',
    MAX_BODY_BYTES: '2048',
  });
  accounts = createAccountService(env.stack.platform);
});

afterAll(async () => {
  await env?.close();
});

describe('POST /api/logon', () => {
  test('correct credentials give an RS256 token that verifies against /api/uts/jwk and has no expiry', async () => {
    const { id, email } = await newAccount('SERVICE_AGENT');
    const answer = await logon({ email, password: PASSWORD });
    expect(answer.status).toBe(200);
    expect(Object.keys(answer.body as object)).toEqual(['token']);
    const { token } = answer.body as { token: string };
    expect(answer.headers.get('cache-control')).toBe('no-store');

    const jwk = await call('/api/uts/jwk');
    expect(jwk.status).toBe(200);
    const { keys } = jwk.body as JSONWebKeySet;
    expect(keys.length).toBeGreaterThanOrEqual(1);
    for (const key of keys) {
      expect(key).toMatchObject({ kty: 'RSA', use: 'sig', alg: 'RS256' });
      expect(key.kid).toEqual(expect.any(String));
      expect(key.e).toMatch(/^[A-Za-z0-9_-]+$/);
      expect(key.n).toMatch(/^[A-Za-z0-9_-]{300,}$/); // a 2048-bit modulus is 342 base64url characters
      expect(key).not.toHaveProperty('d');
    }

    const header = decodeProtectedHeader(token);
    expect(header.alg).toBe('RS256');
    expect(keys.map((k) => k.kid)).toContain(header.kid);

    const { payload, protectedHeader } = await jwtVerify(token, createLocalJWKSet({ keys }), { algorithms: ['RS256'] });
    expect(protectedHeader.kid).toBe(header.kid);
    expect(payload.sub).toBe(id);
    expect(payload.jti).toEqual(expect.any(String));
    expect(payload).not.toHaveProperty('exp');
    expect(payload.role).toBe('SERVICE_AGENT');

    // And the platform accepts it.
    expect((await companies(`Bearer ${token}`)).status).toBe(200);
  });

  test('the email is matched case-insensitively and trimmed', async () => {
    const { email } = await newAccount();
    const answer = await logon({ email: `  ${email.toUpperCase()} `, password: PASSWORD });
    expect(answer.status).toBe(200);
    expect(tokenOf(answer)).toEqual(expect.any(String));
  });

  test('a wrong password and an unknown email give the same 401 body', async () => {
    const { email } = await newAccount();
    const wrong = await logon({ email, password: 'not the password at all' });
    const unknown = await logon({ email: unknownEmail(), password: PASSWORD });

    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toMatchObject({ errorCode: 'LOGIN_FAILED', status: 401 });
    expect(unknown.body).toEqual(wrong.body);
    expect(unknown.text).toBe(wrong.text);
    expect(wrong.body).not.toHaveProperty('token');
  });

  test('a disabled account with the right password gets that same 401 body', async () => {
    const { email } = await newAccount('SERVICE_AGENT');
    expect((await logon({ email, password: PASSWORD })).status).toBe(200);
    const reference = await logon({ email: unknownEmail(), password: PASSWORD });

    await accounts.setStatus(email, AccountStatus.DISABLED);
    const disabled = await logon({ email, password: PASSWORD });
    expect(disabled.status).toBe(401);
    expect(disabled.body).toEqual(reference.body);
    expect(disabled.text).toBe(reference.text);

    await accounts.setStatus(email, AccountStatus.ACTIVE);
    expect((await logon({ email, password: PASSWORD })).status).toBe(200);
  });

  test(`after ${MAX_FAILURES} failures an email is throttled (429, Retry-After), even with the right password; other emails are not`, async () => {
    const target = await newAccount();
    const bystander = await newAccount();

    for (let i = 0; i < MAX_FAILURES; i++) {
      const failed = await logon({ email: target.email, password: `wrong password ${i}` });
      expect(failed.status).toBe(401);
      expect(errorOf(failed).errorCode).toBe('LOGIN_FAILED');
    }
    const throttled = await logon({ email: target.email, password: PASSWORD });
    expect(throttled.status).toBe(429);
    expect(throttled.body).toMatchObject({ errorCode: 'LOGIN_THROTTLED', status: 429 });
    expect(throttled.body).not.toHaveProperty('token');
    const retryAfter = Number(throttled.headers.get('retry-after'));
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(env.config.login.failureWindowSeconds);
    expect(errorOf(throttled).data.retryAfterSeconds).toBe(retryAfter);

    // Another spelling of the same email is the same email.
    expect((await logon({ email: target.email.toUpperCase(), password: PASSWORD })).status).toBe(429);

    const other = await logon({ email: bystander.email, password: PASSWORD });
    expect(other.status).toBe(200);
    expect(tokenOf(other)).toEqual(expect.any(String));
  });

  test('a successful login before the limit clears the failure count', async () => {
    const { email } = await newAccount();
    for (let i = 0; i < MAX_FAILURES - 1; i++) expect((await logon({ email, password: 'wrong password!' })).status).toBe(401);
    expect((await logon({ email, password: PASSWORD })).status).toBe(200);
    for (let i = 0; i < MAX_FAILURES - 1; i++) expect((await logon({ email, password: 'wrong password!' })).status).toBe(401);
    expect((await logon({ email, password: PASSWORD })).status).toBe(200);
  });

  test('an unknown email is throttled the same way, so throttling reveals nothing', async () => {
    const known = await newAccount();
    const unknown = unknownEmail();
    const answers: Record<string, Answer[]> = { known: [], unknown: [] };
    for (let i = 0; i <= MAX_FAILURES; i++) {
      answers.known.push(await logon({ email: known.email, password: 'wrong password!' }));
      answers.unknown.push(await logon({ email: unknown, password: 'wrong password!' }));
    }
    const shape = (a: Answer) => ({ status: a.status, errorCode: errorOf(a).errorCode, errorMessage: errorOf(a).errorMessage });
    expect(answers.unknown.map(shape)).toEqual(answers.known.map(shape));
    expect(answers.unknown.map((a) => a.status)).toEqual([...Array(MAX_FAILURES).fill(401), 429]);
    expect(Number(answers.unknown[MAX_FAILURES].headers.get('retry-after'))).toBeGreaterThan(0);
  });

  test('missing fields are a 400 BAD_REQUEST naming the field', async () => {
    const noEmail = await logon({});
    expect(noEmail.status).toBe(400);
    expect(noEmail.body).toMatchObject({ errorCode: 'BAD_REQUEST', status: 400, data: { field: 'email' } });
    expect(errorOf(noEmail).errorMessage).toContain('email');

    const noPassword = await logon({ email: unknownEmail() });
    expect(noPassword.status).toBe(400);
    expect(noPassword.body).toMatchObject({ errorCode: 'BAD_REQUEST', data: { field: 'password' } });
    expect(errorOf(noPassword).errorMessage).toContain('password');

    const notAString = await logon({ email: unknownEmail(), password: 12345678901 });
    expect(notAString.status).toBe(400);
    expect(notAString.body).toMatchObject({ errorCode: 'BAD_REQUEST', data: { field: 'password' } });

    const array = await logon([]);
    expect(array.status).toBe(400);
    expect(errorOf(array).errorCode).toBe('BAD_REQUEST');
  });

  test('a body that is not JSON is a 400 INVALID_JSON', async () => {
    const answer = await logon('{"email": "a@b.co", "password": ');
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ errorCode: 'INVALID_JSON', status: 400 });
  });

  test('a text/plain body is a 415 UNSUPPORTED_MEDIA_TYPE, even when it holds good credentials', async () => {
    const { email } = await newAccount();
    const answer = await logon({ email, password: PASSWORD }, { 'content-type': 'text/plain' });
    expect(answer.status).toBe(415);
    expect(answer.body).toMatchObject({ errorCode: 'UNSUPPORTED_MEDIA_TYPE', status: 415 });
    expect(answer.body).not.toHaveProperty('token');
    // Control: the same body as JSON logs in.
    expect((await logon({ email, password: PASSWORD })).status).toBe(200);
  });

  test('a body larger than MAX_BODY_BYTES is a 413 PAYLOAD_TOO_LARGE', async () => {
    const { email } = await newAccount();
    const padded = (size: number) => {
      const base = JSON.stringify({ email, password: PASSWORD, pad: '' });
      return JSON.stringify({ email, password: PASSWORD, pad: 'x'.repeat(size - base.length) });
    };
    // Control: just under the limit, the same request logs in.
    const under = padded(2000);
    expect(Buffer.byteLength(under)).toBe(2000);
    expect((await logon(under)).status).toBe(200);

    const over = padded(5000);
    expect(Buffer.byteLength(over)).toBe(5000);
    const answer = await logon(over);
    expect(answer.status).toBe(413);
    expect(answer.body).toMatchObject({ errorCode: 'PAYLOAD_TOO_LARGE', status: 413 });
  });
});

describe('GET /api/companies needs a valid bearer token', () => {
  test('no Authorization header is a 401 UNAUTHENTICATED', async () => {
    const answer = await companies();
    expect(answer.status).toBe(401);
    expect(answer.body).toMatchObject({ errorCode: 'UNAUTHENTICATED', status: 401 });
  });

  test.each([['Bearer garbage'], ['Bearer a.b.c'], ['Basic dXNlcjpwYXNz'], ['Bearer']])('"%s" is a 401 UNAUTHENTICATED', async (authorization) => {
    const answer = await companies(authorization);
    expect(answer.status).toBe(401);
    expect(answer.body).toMatchObject({ errorCode: 'UNAUTHENTICATED', status: 401 });
  });

  test('a revoked token is a 401; a new login works', async () => {
    const { email } = await newAccount();
    const token = tokenOf(await logon({ email, password: PASSWORD }));
    const ok = await companies(`Bearer ${token}`);
    expect(ok.status).toBe(200);
    expect(Array.isArray(ok.body)).toBe(true);
    expect((ok.body as unknown[]).length).toBeGreaterThan(0);

    expect((await accounts.revokeTokens(email)).revoked).toBe(1);
    const revoked = await companies(`Bearer ${token}`);
    expect(revoked.status).toBe(401);
    expect(revoked.body).toMatchObject({ errorCode: 'UNAUTHENTICATED', status: 401 });

    const fresh = tokenOf(await logon({ email, password: PASSWORD }));
    expect((await companies(`Bearer ${fresh}`)).status).toBe(200);
  });

  test('a valid x-request-id is echoed back; an invalid one is replaced', async () => {
    const given = `test-${randomUUID()}`;
    const echoed = await call('/api/companies', { headers: { 'x-request-id': given } });
    expect(echoed.status).toBe(401);
    expect(echoed.headers.get('x-request-id')).toBe(given);

    const replaced = await call('/api/companies', { headers: { 'x-request-id': 'bad id with spaces' } });
    expect(replaced.headers.get('x-request-id')).not.toBe('bad id with spaces');
  });
});

describe('stored passwords', () => {
  test('are scrypt hashes that do not contain the password', async () => {
    const { email } = await newAccount();
    const other = await newAccount();
    const rows: Array<{ email: string; password_hash: string }> = await env.stack.platform.dataSource.query(
      'SELECT email, password_hash FROM account WHERE email IN (?, ?)',
      [email, other.email],
    );
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row.password_hash.startsWith('scrypt$')).toBe(true);
      expect(row.password_hash).not.toContain(PASSWORD);
      expect(row.password_hash).not.toContain(Buffer.from(PASSWORD).toString('base64url'));
    }
    // Salted: the same password never gives the same hash.
    expect(rows[0].password_hash).not.toBe(rows[1].password_hash);
  });
});
