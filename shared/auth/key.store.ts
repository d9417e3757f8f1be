import { createPrivateKey, createPublicKey, generateKeyPair, KeyObject, randomUUID } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { DataSource } from 'typeorm';
import type { Clock } from '../time/clock.port';
import { PlatformException } from '../errors/app-error.exception';
import type { SigningKeyEntity } from './entities/signing-key.entity';
import { SigningKeyRepository } from './signing-key.repository';
import type { InvalidationBus } from '../cache/invalidation-bus.service';
import { AUTH_TOPIC, authKeys } from './auth-invalidation.contract';

export interface PublicJwk {
  kty: 'RSA';
  kid: string;
  use: 'sig';
  alg: 'RS256';
  n: string;
  e: string;
}

export interface SigningKey {
  kid: string;
  privateKey: KeyObject;
}

const LOCK_NAME = 'safiri_signing_keys';

/**
 * RSA signing keys. The newest key that is not retired signs new tokens; every key that is not
 * retired verifies. Private keys live as 0600 files in KEYS_DIR (a volume in containers).
 */
export class KeyStore {
  private readonly publicKeys = new Map<string, KeyObject>();
  private readonly privateKeys = new Map<string, KeyObject>();
  private readonly keys: SigningKeyRepository;

  constructor(
    dataSource: DataSource,
    private readonly keysDir: string,
    private readonly clock: Clock,
    private readonly bus: InvalidationBus,
  ) {
    this.keys = new SigningKeyRepository(dataSource);
  }

  /** Creates the first key when there is none usable; safe when several processes start at once. */
  async ensureSigningKey(): Promise<string> {
    return this.withLock(async () => {
      const current = await this.currentRow();
      if (current && (await this.privateFileExists(current.kid))) return current.kid;
      return this.createKey();
    });
  }

  async rotate(): Promise<{ kid: string; previousKid: string | null }> {
    return this.withLock(async () => {
      const previous = await this.currentRow();
      const kid = await this.createKey();
      return { kid, previousKid: previous?.kid ?? null };
    });
  }

  /** Retires a key: tokens signed with it stop verifying. The last active key cannot be retired. */
  async retire(kid: string): Promise<{ kid: string; retiredAt: Date; signingKid: string }> {
    const retired = await this.withLock(async () => {
      const row = await this.keys.byKid(kid);
      if (!row) throw PlatformException.notFound(`no signing key with kid "${kid}"`);
      if (row.retiredAt) throw PlatformException.badRequest(`key "${kid}" was already retired at ${row.retiredAt.toISOString()}`);
      const active = await this.keys.activeCount();
      if (active <= 1) throw PlatformException.badRequest(`key "${kid}" is the only active key: rotate first, then retire it`);
      row.retiredAt = this.clock.now();
      await this.keys.markRetired(kid, row.retiredAt);
      const signing = await this.currentRow();
      return { kid, retiredAt: row.retiredAt, signingKid: signing!.kid };
    });
    // Every process forgets the tokens of that key it had verified.
    await this.bus.publish(AUTH_TOPIC, authKeys.key(kid));
    return retired;
  }

  async activeJwks(): Promise<PublicJwk[]> {
    const rows = await this.keys.active();
    return rows.map((row) => JSON.parse(row.publicJwk) as PublicJwk);
  }

  async listKeys(): Promise<Array<{ kid: string; createdAt: Date; retiredAt: Date | null }>> {
    const rows = await this.keys.all();
    return rows.map(({ kid, createdAt, retiredAt }) => ({ kid, createdAt, retiredAt }));
  }

  async signingKey(): Promise<SigningKey> {
    const row = await this.currentRow();
    if (!row) throw PlatformException.unavailable('no signing key exists yet: start the platform once or run `npm run keys -- rotate`');
    let privateKey = this.privateKeys.get(row.kid);
    if (!privateKey) {
      const pem = await fs.readFile(this.privatePath(row.kid), 'utf8').catch(() => {
        throw PlatformException.unavailable(`the private key for kid "${row.kid}" is missing from KEYS_DIR`);
      });
      privateKey = createPrivateKey(pem);
      this.privateKeys.set(row.kid, privateKey);
    }
    return { kid: row.kid, privateKey };
  }

  /** The public key for a kid, whether or not it is retired (status is checked with the token). */
  async publicKey(kid: string): Promise<KeyObject | undefined> {
    const cached = this.publicKeys.get(kid);
    if (cached) return cached;
    if (!/^[A-Za-z0-9_-]{1,64}$/.test(kid)) return undefined;
    const row = await this.keys.byKid(kid);
    if (!row) return undefined;
    const key = createPublicKey({ key: JSON.parse(row.publicJwk), format: 'jwk' });
    this.publicKeys.set(kid, key);
    return key;
  }

  private async currentRow(): Promise<SigningKeyEntity | null> {
    return this.keys.current();
  }

  private async createKey(): Promise<string> {
    const { publicKey, privateKey } = await new Promise<{ publicKey: KeyObject; privateKey: KeyObject }>((resolve, reject) =>
      generateKeyPair('rsa', { modulusLength: 2048 }, (err, pub, priv) => (err ? reject(err) : resolve({ publicKey: pub, privateKey: priv }))),
    );
    const kid = `${this.clock.now().toISOString().slice(0, 10).replace(/-/g, '')}-${randomUUID().slice(0, 8)}`;
    const jwk = publicKey.export({ format: 'jwk' }) as { n: string; e: string };
    const publicJwk: PublicJwk = { kty: 'RSA', kid, use: 'sig', alg: 'RS256', n: jwk.n, e: jwk.e };
    await fs.mkdir(this.keysDir, { recursive: true, mode: 0o700 });
    await fs.writeFile(this.privatePath(kid), privateKey.export({ format: 'pem', type: 'pkcs8' }), { mode: 0o600, flag: 'wx' });
    await this.keys.insert({ kid, publicJwk: JSON.stringify(publicJwk), createdAt: this.clock.now() });
    return kid;
  }

  private privatePath(kid: string): string {
    return path.join(this.keysDir, `${kid}.pem`);
  }

  private async privateFileExists(kid: string): Promise<boolean> {
    return fs.access(this.privatePath(kid)).then(
      () => true,
      () => false,
    );
  }

  /** A MySQL named lock: key creation is rare, and two starting processes must not both create one. */
  private async withLock<T>(fn: () => Promise<T>): Promise<T> {
    const locked = await this.keys.withKeyLock(LOCK_NAME, 30, fn);
    if (!locked.acquired) throw PlatformException.unavailable('timed out waiting for the signing-key lock');
    return locked.value;
  }
}
