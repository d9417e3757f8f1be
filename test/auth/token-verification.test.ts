import 'reflect-metadata';
import { createHmac, createPublicKey, generateKeyPairSync, KeyObject, randomUUID } from 'node:crypto';
import { decodeJwt, decodeProtectedHeader, SignJWT } from 'jose';
import { createTestPlatform } from '../support/test-platform';
import type { Platform } from '../../shared/platform/platform.wiring';
import { AccountStatus } from '../../shared/auth/entities/account.entity';
import { AppError } from '../../shared/errors/app-error.exception';
import { RequestContext } from '../../shared/context/request.context';
import { AccountService } from '../../subgraphs/admin/services/account.service';
import { createAccountService } from '../../subgraphs/admin/admin.wiring';

const PASSWORD = 'correct horse battery';

let env: Awaited<ReturnType<typeof createTestPlatform>>;
let platform: Platform;
let accounts: AccountService;

const b64url = (value: string | Buffer) => Buffer.from(value).toString('base64url');
const json64 = (value: unknown) => b64url(JSON.stringify(value));

/** Resolves to the rejection of p, or fails the test if p resolves. */
async function rejection(p: Promise<unknown>): Promise<unknown> {
  return p.then(
    (value) => {
      throw new Error(`expected a rejection, got ${JSON.stringify(value)}`);
    },
    (error) => error,
  );
}

async function expectUnauthenticated(p: Promise<unknown>): Promise<void> {
  const error = await rejection(p);
  expect(error).toBeInstanceOf(AppError);
  expect(error).toMatchObject({ errorCode: 'UNAUTHENTICATED', status: 401 });
}

async function expectAppError(p: Promise<unknown>, status: number): Promise<void> {
  const error = await rejection(p);
  expect(error).toBeInstanceOf(AppError);
  expect((error as AppError).status).toBe(status);
}

let counter = 0;
/** A fresh account of its own for each test, with a freshly issued token. */
async function newAccount(role = 'CUSTOMER') {
  const email = `tv${++counter}-${randomUUID().slice(0, 8)}@example.co.tz`;
  const summary = await accounts.create({ email, password: PASSWORD, role });
  const token = await platform.tokens.issue(summary);
  return { summary, email, token };
}

function segments(token: string): [string, string, string] {
  const parts = token.split('.');
  expect(parts).toHaveLength(3);
  return parts as [string, string, string];
}

function freshRsaKey(): KeyObject {
  return generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
}

/** Signs the claims of a real token again, with any key and header. */
async function resign(token: string, key: KeyObject, kid: string): Promise<string> {
  const claims = decodeJwt(token);
  return new SignJWT({ ...claims }).setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT' }).sign(key);
}

async function currentKid(): Promise<string> {
  return (await platform.keys.signingKey()).kid;
}

beforeAll(async () => {
  env = await createTestPlatform();
  platform = env.platform;
  accounts = createAccountService(platform);
});

afterAll(async () => {
  await env?.close();
});

describe('TokenService.verify', () => {
  test('a valid token verifies to the right principal (positive control)', async () => {
    const agent = await newAccount('SERVICE_AGENT');
    const customer = await newAccount('CUSTOMER');

    await expect(platform.tokens.verify(agent.token)).resolves.toEqual({
      accountId: agent.summary.id,
      email: agent.email,
      role: 'SERVICE_AGENT',
      permissionLevel: 222,
      tokenId: decodeJwt(agent.token).jti,
    });
    await expect(platform.tokens.verify(customer.token)).resolves.toEqual({
      accountId: customer.summary.id,
      email: customer.email,
      role: 'CUSTOMER',
      permissionLevel: null,
      tokenId: decodeJwt(customer.token).jti,
    });
    expect(decodeProtectedHeader(agent.token)).toMatchObject({ alg: 'RS256', kid: await currentKid() });
  });

  test('principalOrNull: the principal for a verified bearer header, null for none, another scheme or a bad token', async () => {
    const agent = await newAccount('SERVICE_AGENT');
    await expect(platform.tokens.principalOrNull(`Bearer ${agent.token}`)).resolves.toMatchObject({ accountId: agent.summary.id });
    await expect(platform.tokens.principalOrNull(undefined)).resolves.toBeNull();
    await expect(platform.tokens.principalOrNull(`Basic ${agent.token}`)).resolves.toBeNull();
    await expect(platform.tokens.principalOrNull(`Bearer ${agent.token}x`)).resolves.toBeNull();
  });

  test('alg "none" with a real kid and a real payload is refused', async () => {
    const { token } = await newAccount();
    await expect(platform.tokens.verify(token)).resolves.toBeDefined();
    const [, payload] = segments(token);
    const kid = decodeProtectedHeader(token).kid;

    await expectUnauthenticated(platform.tokens.verify(`${json64({ alg: 'none', kid })}.${payload}.`));
    await expectUnauthenticated(platform.tokens.verify(`${json64({ alg: 'none', kid, typ: 'JWT' })}.${payload}.`));
    await expectUnauthenticated(platform.tokens.verify(`${json64({ alg: 'None', kid })}.${payload}.`));
  });

  test('HS256 signed with the public key (PEM or raw n) as HMAC secret is refused', async () => {
    const { token } = await newAccount();
    const [, payload] = segments(token);
    const kid = decodeProtectedHeader(token).kid as string;
    const jwk = (await platform.keys.activeJwks()).find((k) => k.kid === kid);
    expect(jwk).toBeDefined();
    const publicKey = createPublicKey({ key: { kty: 'RSA', n: jwk!.n, e: jwk!.e }, format: 'jwk' });
    const secrets: Array<string | Buffer> = [
      publicKey.export({ type: 'spki', format: 'pem' }) as string,
      publicKey.export({ type: 'pkcs1', format: 'pem' }) as string,
      (publicKey.export({ type: 'spki', format: 'pem' }) as string).trim(),
      jwk!.n,
      Buffer.from(jwk!.n, 'base64url'),
    ];
    for (const secret of secrets) {
      for (const header of [
        { alg: 'HS256', kid },
        { alg: 'HS256', kid, typ: 'JWT' },
      ]) {
        const signingInput = `${json64(header)}.${payload}`;
        const signature = createHmac('sha256', secret).update(signingInput).digest('base64url');
        await expectUnauthenticated(platform.tokens.verify(`${signingInput}.${signature}`));
      }
    }
    // The untouched token still verifies: only the algorithm swap is refused.
    await expect(platform.tokens.verify(token)).resolves.toMatchObject({ tokenId: decodeJwt(token).jti });
  });

  test('a token signed by our key for another issuer, or for none, is refused', async () => {
    const { token, summary } = await newAccount();
    const { iss, ...claims } = decodeJwt(token);
    expect(iss).toBe(env.config.publicBaseUrl);
    const { kid, privateKey } = await platform.keys.signingKey();
    const sign = (payload: Record<string, unknown>) => new SignJWT(payload).setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT' }).sign(privateKey);
    // Control: the same claims, our key and our issuer verify.
    await expect(platform.tokens.verify(await sign({ ...claims, iss }))).resolves.toMatchObject({ accountId: summary.id });

    await expectUnauthenticated(platform.tokens.verify(await sign({ ...claims, iss: 'https://staging.safiri.example' })));
    await expectUnauthenticated(platform.tokens.verify(await sign({ ...claims, iss: `${iss}/` })));
    await expectUnauthenticated(platform.tokens.verify(await sign(claims)));
  });

  test('a kid that names no key is refused', async () => {
    const { token } = await newAccount();
    const forged = await resign(token, freshRsaKey(), 'nope-123');
    expect(decodeProtectedHeader(forged).kid).toBe('nope-123');
    await expectUnauthenticated(platform.tokens.verify(forged));
    // Kids that could never be stored ones (path-like, huge) are refused the same way.
    await expectUnauthenticated(platform.tokens.verify(await resign(token, freshRsaKey(), '../../etc/passwd')));
    await expectUnauthenticated(platform.tokens.verify(await resign(token, freshRsaKey(), 'k'.repeat(500))));
  });

  test('a real kid with a signature from a different RSA key is refused', async () => {
    const { token } = await newAccount();
    const kid = decodeProtectedHeader(token).kid as string;
    // Control: re-signing the same claims with the real key under the real kid verifies.
    const { privateKey } = await platform.keys.signingKey();
    await expect(platform.tokens.verify(await resign(token, privateKey, kid))).resolves.toBeDefined();

    await expectUnauthenticated(platform.tokens.verify(await resign(token, freshRsaKey(), kid)));
  });

  test('a tampered payload (role changed to ADMIN) with the original signature is refused', async () => {
    const { token, summary } = await newAccount();
    const [header, payload, signature] = segments(token);
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    expect(claims.role).toBe('CUSTOMER');

    await expectUnauthenticated(platform.tokens.verify(`${header}.${json64({ ...claims, role: 'ADMIN' })}.${signature}`));
    const other = await newAccount();
    await expectUnauthenticated(platform.tokens.verify(`${header}.${json64({ ...claims, sub: other.summary.id })}.${signature}`));
    // A one-character change of the signature is refused too.
    const flipped = signature.slice(0, -2) + (signature.at(-2) === 'A' ? 'B' : 'A') + signature.at(-1);
    await expectUnauthenticated(platform.tokens.verify(`${header}.${payload}.${flipped}`));

    await expect(platform.tokens.verify(token)).resolves.toMatchObject({ accountId: summary.id, role: 'CUSTOMER' });
  });

  test.each([
    ['abc', 'abc'],
    ['two parts', 'a.b'],
    ['three junk parts', 'a.b.c'],
    ['empty string', ''],
    ['only dots', '..'],
  ])('a malformed token (%s) is refused', async (_name, token) => {
    await expectUnauthenticated(platform.tokens.verify(token));
  });

  test('a real token with a fourth part, or a header that is not JSON, is refused', async () => {
    const { token } = await newAccount();
    const [, payload, signature] = segments(token);
    await expectUnauthenticated(platform.tokens.verify(`${token}.x`));
    await expectUnauthenticated(platform.tokens.verify(`${token}.`));
    await expectUnauthenticated(platform.tokens.verify(`${b64url('not json')}.${payload}.${signature}`));
    await expectUnauthenticated(platform.tokens.verify(`${json64(['RS256'])}.${payload}.${signature}`));
  });

  test('a correctly signed token whose jti is not in access_token is refused', async () => {
    const { token, summary } = await newAccount();
    const { kid, privateKey } = await platform.keys.signingKey();
    const sign = (jti: string) =>
      new SignJWT({ role: summary.role })
        .setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT' })
        .setSubject(summary.id)
        .setJti(jti)
        .setIssuer(env.config.publicBaseUrl)
        .setIssuedAt()
        .sign(privateKey);

    // Control: the same hand-made token carrying the jti of a real issued token verifies.
    const realJti = decodeJwt(token).jti as string;
    await expect(platform.tokens.verify(await sign(realJti))).resolves.toMatchObject({ accountId: summary.id, tokenId: realJti });

    await expectUnauthenticated(platform.tokens.verify(await sign(randomUUID())));
    // A real jti presented with another account's sub is refused as well.
    const other = await newAccount();
    const mismatched = await new SignJWT({ role: 'CUSTOMER' })
      .setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT' })
      .setSubject(other.summary.id)
      .setJti(realJti)
      .sign(privateKey);
    await expectUnauthenticated(platform.tokens.verify(mismatched));
    // And a signed token without jti or sub.
    const bare = await new SignJWT({ role: 'CUSTOMER' }).setProtectedHeader({ alg: 'RS256', kid }).setSubject(summary.id).sign(privateKey);
    await expectUnauthenticated(platform.tokens.verify(bare));
  });

  test('revokeTokens refuses the old token; a new login token works', async () => {
    const { token, email, summary } = await newAccount();
    const second = await platform.tokens.issue(summary);
    await expect(platform.tokens.verify(token)).resolves.toMatchObject({ accountId: summary.id });

    const { revoked } = await accounts.revokeTokens(email);
    expect(revoked).toBe(2);
    await expectUnauthenticated(platform.tokens.verify(token));
    await expectUnauthenticated(platform.tokens.verify(second));

    const fresh = await platform.tokens.issue(summary);
    await expect(platform.tokens.verify(fresh)).resolves.toMatchObject({ accountId: summary.id, email });
    // The old one stays revoked.
    await expectUnauthenticated(platform.tokens.verify(token));
  });

  test('a disabled account is refused; enabled again, it is accepted', async () => {
    const { token, email, summary } = await newAccount('SERVICE_AGENT');
    await expect(platform.tokens.verify(token)).resolves.toMatchObject({ accountId: summary.id });

    await accounts.setStatus(email, AccountStatus.DISABLED);
    await expectUnauthenticated(platform.tokens.verify(token));
    await expectUnauthenticated(platform.tokens.verify(await platform.tokens.issue(summary)));

    await accounts.setStatus(email, AccountStatus.ACTIVE);
    await expect(platform.tokens.verify(token)).resolves.toMatchObject({ accountId: summary.id, role: 'SERVICE_AGENT', permissionLevel: 222 });
  });
});

describe('RequestContext', () => {
  test('a non-Bearer Authorization header is a 401', async () => {
    const context = new RequestContext({ authorization: 'Basic xyz' }, platform.tokens, platform.logger);
    await expectUnauthenticated(context.principal());
    await expectUnauthenticated(context.optionalPrincipal());
  });

  test('no Authorization header: optionalPrincipal is null and principal is a 401', async () => {
    const context = new RequestContext({}, platform.tokens, platform.logger);
    await expect(context.optionalPrincipal()).resolves.toBeNull();
    await expectUnauthenticated(context.principal());
  });

  test('a bad bearer token is a 401 and a good one gives the principal (control)', async () => {
    await expectUnauthenticated(new RequestContext({ authorization: 'Bearer garbage' }, platform.tokens, platform.logger).principal());
    const { token, summary } = await newAccount();
    const context = new RequestContext({ authorization: `Bearer ${token}` }, platform.tokens, platform.logger);
    await expect(context.principal()).resolves.toMatchObject({ accountId: summary.id, role: 'CUSTOMER' });
    await expect(context.optionalPrincipal()).resolves.toMatchObject({ accountId: summary.id });
  });
});

// These change which keys are active: they run last, in this order.
describe('signing keys', () => {
  test('rotation: older tokens still verify, new tokens carry the new kid, both kids are published', async () => {
    const { token: before, summary } = await newAccount();
    const oldKid = decodeProtectedHeader(before).kid as string;
    expect(oldKid).toBe(await currentKid());

    const { kid: newKid, previousKid } = await platform.keys.rotate();
    expect(newKid).not.toBe(oldKid);
    expect(previousKid).toBe(oldKid);

    await expect(platform.tokens.verify(before)).resolves.toMatchObject({ accountId: summary.id });
    const after = await platform.tokens.issue(summary);
    expect(decodeProtectedHeader(after).kid).toBe(newKid);
    await expect(platform.tokens.verify(after)).resolves.toMatchObject({ accountId: summary.id });

    const kids = (await platform.keys.activeJwks()).map((k) => k.kid);
    expect(kids).toEqual(expect.arrayContaining([oldKid, newKid]));
  });

  test('retirement: tokens of the retired kid are refused, others verify; the last active key and unknown kids cannot be retired', async () => {
    const { token: oldToken, summary } = await newAccount();
    const oldKid = decodeProtectedHeader(oldToken).kid as string;
    const { kid: newKid } = await platform.keys.rotate();
    const newToken = await platform.tokens.issue(summary);
    expect(decodeProtectedHeader(newToken).kid).toBe(newKid);
    await expect(platform.tokens.verify(oldToken)).resolves.toBeDefined();

    const retired = await platform.keys.retire(oldKid);
    expect(retired).toMatchObject({ kid: oldKid, signingKid: newKid });
    await expectUnauthenticated(platform.tokens.verify(oldToken));
    await expect(platform.tokens.verify(newToken)).resolves.toMatchObject({ accountId: summary.id });
    expect((await platform.keys.activeJwks()).map((k) => k.kid)).not.toContain(oldKid);
    // A retired key is not used for signing either.
    expect(decodeProtectedHeader(await platform.tokens.issue(summary)).kid).toBe(newKid);
    // Retiring it twice is refused.
    await expectAppError(platform.keys.retire(oldKid), 400);

    // Retire every other active key, then the last one must be refused.
    for (const { kid } of await platform.keys.activeJwks()) if (kid !== newKid) await platform.keys.retire(kid);
    expect((await platform.keys.activeJwks()).map((k) => k.kid)).toEqual([newKid]);
    await expectAppError(platform.keys.retire(newKid), 400);
    expect((await platform.keys.activeJwks()).map((k) => k.kid)).toEqual([newKid]);
    await expect(platform.tokens.verify(newToken)).resolves.toBeDefined();

    await expectAppError(platform.keys.retire('no-such-kid'), 404);
  });
});
