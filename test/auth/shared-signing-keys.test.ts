import 'reflect-metadata';
import { generateKeyPairSync, randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { decodeProtectedHeader, SignJWT } from 'jose';
import { createTestPlatform, startSideRole, startTestStack } from '../support/test-platform';
import { bootOutcome, RoleProcess, startRoleProcess } from '../support/role.process';
import { subgraphUrlsOf } from '../support/gateway.process';
import { runCli } from '../support/cli';
import { sqlDuring } from '../support/sql-during';
import { waitFor } from '../support/wait';
import { createAccountService } from '../../subgraphs/admin/admin.wiring';
import { KeyEncryption } from '../../shared/auth/key-encryption.service';
import { DEVELOPMENT_KEY_FILE, parseKeyEncryptionKey } from '../../shared/config/key-encryption.config';
import { createLogger } from '../../shared/logging/logger';

const KEK = randomBytes(32).toString('base64');
const PASSWORD = 'a long enough password';
const EMAIL = `keys-${randomUUID().slice(0, 8)}@example.co.tz`;
/** The tests log on again and again from 127.0.0.1 while they wait for a kid: the per-address limits are lifted. */
const MANY_LOGONS = { LOGIN_ADDRESS_MAX_FAILURES: '1000', LOGIN_ADDRESS_MAX_ATTEMPTS: '100000' };

let a: Awaited<ReturnType<typeof startTestStack>>;
/** Replica B: an admin and a gateway process with a KEYS_DIR of their own (another host's disk). */
let keysDirB: string;
let adminB: RoleProcess;
let gatewayB: RoleProcess;
const scratch: string[] = [];
/** How long each change took to reach replica B, printed at the end (a record, not an assertion). */
const measured: string[] = [];

function tempDir(prefix: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  scratch.push(dir);
  return dir;
}

async function logon(baseUrl: string): Promise<{ status: number; token: string }> {
  const res = await fetch(`${baseUrl}/api/logon`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: EMAIL, password: PASSWORD }),
  });
  const body = (await res.json()) as { token?: string };
  return { status: res.status, token: body.token ?? '' };
}

/** The status of an authenticated read: 200 when the replica accepts the token, 401 when it refuses it. */
async function statusWith(baseUrl: string, token: string): Promise<number> {
  return (await fetch(`${baseUrl}/api/companies`, { headers: { authorization: `Bearer ${token}` } })).status;
}

const kidOf = (token: string) => decodeProtectedHeader(token).kid as string;
const signingKeyRows = (where = '1 = 1', params: unknown[] = []) =>
  a.stack.platform.dataSource.query(
    `SELECT kid, kek_id, HEX(private_key_ciphertext) AS ciphertext, retired_at FROM signing_key WHERE ${where}`,
    params,
  ) as Promise<Array<{ kid: string; kek_id: string | null; ciphertext: string | null; retired_at: Date | null }>>;

beforeAll(async () => {
  a = await startTestStack({ KEY_ENCRYPTION_KEY: KEK, ...MANY_LOGONS });
  await createAccountService(a.stack.platform).create({ email: EMAIL, password: PASSWORD, role: 'CUSTOMER' });
  keysDirB = tempDir('safiri-keys-b-');
  // Its own reverse-proxy repository too, as another host has (an empty folder: initialised at start).
  adminB = await startRoleProcess(a.config, 'admin', { KEYS_DIR: keysDirB, REVERSE_PROXY_REPO: tempDir('safiri-rproxy-b-'), ...MANY_LOGONS });
  gatewayB = await startRoleProcess(a.config, 'gateway', { KEYS_DIR: keysDirB, ...subgraphUrlsOf(a.stack.subgraphs), ADMIN_URL: adminB.url });
}, 180_000);

afterAll(async () => {
  await gatewayB?.stop();
  await adminB?.stop();
  await a?.close();
  for (const dir of scratch) rmSync(dir, { recursive: true, force: true });
  if (measured.length) process.stderr.write(`reached replica B in: ${measured.join(', ')}\n`);
});

// In order: rotation and retirement change which key signs, and the import makes the newest key.
describe('signing keys shared by every replica through the database', () => {
  test('no private key material is written to disk when the key-encryption key comes from the environment', () => {
    expect(readdirSync(a.config.keysDir)).toEqual([]);
    expect(readdirSync(keysDirB)).toEqual([]);
  });

  test('a token signed by one replica verifies on the other, both ways', async () => {
    const fromA = await logon(a.baseUrl);
    const fromB = await logon(gatewayB.url);
    expect([fromA.status, fromB.status]).toEqual([200, 200]);
    expect(kidOf(fromB.token)).toBe(kidOf(fromA.token));
    expect(await statusWith(gatewayB.url, fromA.token)).toBe(200);
    expect(await statusWith(a.baseUrl, fromB.token)).toBe(200);
    // Positive control of the 401 path: a token signed by a key no replica has.
    const stranger = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
    const forged = await new SignJWT({ role: 'CUSTOMER' })
      .setProtectedHeader({ alg: 'RS256', kid: kidOf(fromA.token), typ: 'JWT' })
      .setSubject('x')
      .setJti(randomUUID())
      .setIssuer(a.config.publicBaseUrl)
      .sign(stranger);
    expect(await statusWith(gatewayB.url, forged)).toBe(401);
  });

  test('`keys rotate`: the other replica signs with the new kid without a restart, earlier tokens keep verifying; `keys retire` stops them', async () => {
    const before = (await logon(gatewayB.url)).token;
    const oldKid = kidOf(before);
    const rotated = runCli('keys', ['rotate'], a.config);
    expect(rotated.status).toBe(0);
    const newKid = rotated.json.kid as string;
    expect(newKid).not.toBe(oldKid);

    // Within seconds (the bus at once, the key list's 5 s lifetime at the latest): a bound, not a timing assertion.
    const rotatedAt = Date.now();
    const after = await waitFor(
      () => logon(gatewayB.url),
      (answer) => kidOf(answer.token) === newKid,
      20_000,
    );
    measured.push(`rotation announced ${Date.now() - rotatedAt} ms`);
    await waitFor(
      () => logon(a.baseUrl),
      (answer) => kidOf(answer.token) === newKid,
      20_000,
    );
    expect(await statusWith(gatewayB.url, before)).toBe(200);
    expect(await statusWith(a.baseUrl, before)).toBe(200);
    expect(await statusWith(a.baseUrl, after.token)).toBe(200);

    const retired = runCli('keys', ['retire', '--kid', oldKid], a.config);
    expect(retired.status).toBe(0);
    await waitFor(
      () => statusWith(gatewayB.url, before),
      (status) => status === 401,
      40_000,
    );
    expect(await statusWith(a.baseUrl, before)).toBe(401);
    expect(await statusWith(gatewayB.url, after.token)).toBe(200);
  }, 120_000);

  test('a replica that missed the announcement still signs with a rotated key within seconds', async () => {
    const current = kidOf((await logon(gatewayB.url)).token);
    // Another queue prefix is another bus channel: nobody here hears this rotation announced.
    const rotated = runCli('keys', ['rotate'], a.config, { QUEUE_PREFIX: `${a.config.queuePrefix}_elsewhere` });
    expect(rotated.status).toBe(0);
    expect(rotated.json.kid).not.toBe(current);
    const rotatedAt = Date.now();
    await waitFor(
      () => logon(gatewayB.url),
      (answer) => kidOf(answer.token) === rotated.json.kid,
      20_000,
    );
    measured.push(`rotation not announced ${Date.now() - rotatedAt} ms`);
  });

  test('tokens naming unknown kids do not each send a query for the key', async () => {
    const { platform } = a.stack;
    const stranger = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
    const tokens = await Promise.all(
      Array.from({ length: 200 }, () =>
        new SignJWT({})
          .setProtectedHeader({ alg: 'RS256', kid: `random-${randomUUID()}`, typ: 'JWT' })
          .setSubject('x')
          .setJti(randomUUID())
          .sign(stranger),
      ),
    );
    const queries = await sqlDuring(
      platform.dataSource,
      async () => {
        for (const token of tokens) await expect(platform.tokens.verify(token)).rejects.toMatchObject({ status: 401 });
      },
      (query) => /signing_key/.test(query),
    );
    // Reloads for unknown kids: a burst of 3, then one a second (and the list's 5 s lifetime): a handful, not one per token.
    expect(queries.length).toBeLessThan(20);
  });

  test('a wrong key-encryption key stops the start with a message naming both keys and no key material', async () => {
    const wrong = randomBytes(32).toString('base64');
    const outcome = await bootOutcome(a.config, 'admin', { KEYS_DIR: tempDir('safiri-keys-wrong-'), KEY_ENCRYPTION_KEY: wrong });
    expect(outcome.status).toBe(1);
    expect(outcome.output).toMatch(
      /failed to start: the private key of signing key "[^"]+" was encrypted with key-encryption key [0-9a-f]{16}, but this process has [0-9a-f]{16}/,
    );
    expect(outcome.output).toContain('KEY_ENCRYPTION_KEY');
    expect(outcome.output).not.toContain(wrong);
    expect(outcome.output).not.toContain(KEK);
    expect(outcome.output).not.toMatch(/PRIVATE KEY/);
  });

  test('production without a key-encryption key refuses to boot, naming the setting', async () => {
    const outcome = await bootOutcome(a.config, 'admin', {
      NODE_ENV: 'production',
      KEY_ENCRYPTION_KEY: '',
      KEY_ENCRYPTION_KEY_FILE: '',
      PUBLIC_BASE_URL: 'https://api.safiri.test',
      NOTIFICATION_SINK_ALLOWED: 'true',
      SGR_TICKET_PDF_OWNER_PASSWORD: 'owner-pw',
    });
    expect(outcome.status).toBe(2);
    const lines = outcome.output.trim().split('\n');
    expect(lines[0]).toBe('Invalid configuration:');
    expect(lines).toContainEqual(expect.stringMatching(/^ {2}- KEY_ENCRYPTION_KEY or KEY_ENCRYPTION_KEY_FILE is required when NODE_ENV=production/));
  });

  test("private key files in today's KEYS_DIR layout are imported on first start, once; a file of another key is not", async () => {
    const { platform } = a.stack;
    const legacyDir = tempDir('safiri-keys-legacy-');
    const makeLegacy = (kid: string, createdAt: Date, fileKey?: ReturnType<typeof generateKeyPairSync>['privateKey']) => {
      const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
      const jwk = publicKey.export({ format: 'jwk' });
      // As the file-keeping version wrote them: <kid>.pem, PKCS#8, 0600; the public half in signing_key.
      writeFileSync(path.join(legacyDir, `${kid}.pem`), (fileKey ?? privateKey).export({ format: 'pem', type: 'pkcs8' }), { mode: 0o600 });
      return platform.dataSource.query('INSERT INTO signing_key (kid, public_jwk, created_at) VALUES (?, ?, ?)', [
        kid,
        JSON.stringify({ kty: 'RSA', kid, use: 'sig', alg: 'RS256', n: jwk.n, e: jwk.e }),
        createdAt,
      ]);
    };
    const legacyKid = `20250101-${randomBytes(4).toString('hex')}`;
    const mismatchedKid = `20250102-${randomBytes(4).toString('hex')}`;
    // The mismatched one is older: it must never be what signs.
    await makeLegacy(mismatchedKid, new Date(Date.now() - 60_000), generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey);
    await makeLegacy(legacyKid, new Date(Date.now() + 60_000));

    const first = await startSideRole(a.config, 'admin', { KEYS_DIR: legacyDir });
    await first.stop();
    const [imported] = await signingKeyRows('kid = ?', [legacyKid]);
    expect(imported.kek_id).toBe(await new KeyEncryption(a.config.keyEncryption, createLogger('error')).id());
    expect(imported.ciphertext).toMatch(/^[0-9A-F]{200,}$/);
    expect((await signingKeyRows('kid = ?', [mismatchedKid]))[0].ciphertext).toBeNull();

    // A second start changes nothing.
    const second = await startSideRole(a.config, 'admin', { KEYS_DIR: legacyDir });
    await second.stop();
    expect((await signingKeyRows('kid = ?', [legacyKid]))[0].ciphertext).toBe(imported.ciphertext);

    // The imported key is the newest: every replica signs with it, and its tokens verify on the one that never had the file.
    const signed = await waitFor(
      () => logon(a.baseUrl),
      (answer) => kidOf(answer.token) === legacyKid,
      20_000,
    );
    expect(await statusWith(gatewayB.url, signed.token)).toBe(200);
    await waitFor(
      () => logon(gatewayB.url),
      (answer) => kidOf(answer.token) === legacyKid,
      20_000,
    );
  }, 120_000);

  test('`keys reencrypt` moves every private key to a new key-encryption key; the replicas keep signing through the change', async () => {
    const NEW = randomBytes(32).toString('base64');
    const fingerprintOf = (key: string) =>
      new KeyEncryption({ source: 'env', file: null, key: parseKeyEncryptionKey(key), previous: null }, createLogger('error')).id();
    const sealed = (await signingKeyRows('private_key_ciphertext IS NOT NULL')).map((row) => row.kid).sort();
    expect(sealed.length).toBeGreaterThan(1);

    // With the new key only, nothing opens yet: the start is refused, as with any wrong key.
    expect((await bootOutcome(a.config, 'admin', { KEYS_DIR: tempDir('safiri-keys-new-'), KEY_ENCRYPTION_KEY: NEW })).status).toBe(1);

    const moved = runCli('keys', ['reencrypt'], a.config, { KEY_ENCRYPTION_KEY: NEW, KEY_ENCRYPTION_KEY_PREVIOUS: KEK });
    expect({ status: moved.status, stderr: moved.status === 0 ? '' : moved.stderr }).toEqual({ status: 0, stderr: '' });
    expect([...(moved.json.reencrypted as string[])].sort()).toEqual(sealed);
    const newId = await fingerprintOf(NEW);
    expect(moved.json.kekId).toBe(newId);
    expect(new Set((await signingKeyRows('private_key_ciphertext IS NOT NULL')).map((row) => row.kek_id))).toEqual(new Set([newId]));
    // Once more: nothing left to do.
    expect(runCli('keys', ['reencrypt'], a.config, { KEY_ENCRYPTION_KEY: NEW, KEY_ENCRYPTION_KEY_PREVIOUS: KEK }).json.reencrypted).toEqual([]);

    // A process given only the new key starts and signs; one given only the old key is refused.
    expect((await bootOutcome(a.config, 'admin', { KEYS_DIR: tempDir('safiri-keys-new-'), KEY_ENCRYPTION_KEY: NEW })).status).toBeNull();
    const old = await bootOutcome(a.config, 'admin', { KEYS_DIR: tempDir('safiri-keys-old-'), KEY_ENCRYPTION_KEY: KEK });
    expect(old.status).toBe(1);
    expect(old.output).toContain(`was encrypted with key-encryption key ${newId}`);
    // The replicas already running keep the private key they opened: logins go on through the change.
    expect((await logon(gatewayB.url)).status).toBe(200);

    // Back to the stack's own key, so what follows runs as before.
    const back = runCli('keys', ['reencrypt'], a.config, { KEY_ENCRYPTION_KEY: KEK, KEY_ENCRYPTION_KEY_PREVIOUS: NEW });
    expect([...(back.json.reencrypted as string[])].sort()).toEqual(sealed);
  }, 120_000);
});

describe('a development machine without KEY_ENCRYPTION_KEY', () => {
  test('generates the key once into KEYS_DIR (0600), and every process of that machine reuses it', async () => {
    const env = await createTestPlatform();
    try {
      const file = path.join(env.config.keysDir, DEVELOPMENT_KEY_FILE);
      expect(env.config.keyEncryption).toMatchObject({ source: 'development', file });
      expect(statSync(file).mode & 0o777).toBe(0o600);
      // No private key file beside it: only the key-encryption key.
      expect(readdirSync(env.config.keysDir)).toEqual([DEVELOPMENT_KEY_FILE]);
      const rotated = runCli('keys', ['rotate'], env.config);
      expect(rotated.status).toBe(0);
      const rows = (await env.platform.dataSource.query('SELECT DISTINCT kek_id FROM signing_key')) as Array<{ kek_id: string }>;
      expect(rows).toHaveLength(1);
      expect(rows[0].kek_id).toMatch(/^[0-9a-f]{16}$/);
      expect(readdirSync(env.config.keysDir)).toEqual([DEVELOPMENT_KEY_FILE]);
      await expect(env.platform.keys.signingKey()).resolves.toMatchObject({ kid: rotated.json.kid });
    } finally {
      await env.close();
    }
  });
});
