import { createPrivateKey, createPublicKey, generateKeyPair, KeyObject, randomUUID } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { LRUCache } from 'lru-cache';
import type { DataSource } from 'typeorm';
import type { Clock } from '../time/clock.port';
import type { Logger } from '../logging/logger';
import { PlatformException } from '../errors/app-error.exception';
import type { SigningKeyEntity } from './entities/signing-key.entity';
import { SigningKeyRepository } from './signing-key.repository';
import type { InvalidationBus } from '../cache/invalidation-bus.service';
import { InvalidatedCache } from '../cache/invalidated.cache';
import { AUTH_TOPIC, authKeys, SIGNING_KEYS_TOPIC } from './auth-invalidation.contract';
import { KeyEncryption, KeyEncryptionError, type SealedPrivateKey } from './key-encryption.service';

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
/** The longest a process signs or verifies with a key list it did not reload: the backstop of a missed bus message. */
export const KEY_RING_TTL_MS = 5_000;
/**
 * A kid this process does not know reloads the list (a key made elsewhere a moment ago), a burst of 3 reloads and then
 * one a second: tokens with random kids cost a read a second, not a read each.
 */
const UNKNOWN_KID_RELOAD_BURST = 3;
export const UNKNOWN_KID_RELOAD_MS = 1_000;
/** Active keys at most: rotation is refused beyond, so every active key is always in the list. */
export const MAX_ACTIVE_KEYS = 100;
/** Retired keys the list keeps (newest retirements), so their tokens are refused as retired rather than unknown. */
const RETIRED_KEYS_KEPT = 100;
const KID = /^[A-Za-z0-9_-]{1,64}$/;
const PEM_FILE = /^([A-Za-z0-9_-]{1,64})\.pem$/;
/** Private keys re-encrypted per read (`keys reencrypt`). */
const REENCRYPT_BATCH = 100;
/** Files of KEYS_DIR looked at for an import at most (a folder of keys, not of anything). */
const MAX_KEY_FILES = 1_000;

/** The signing keys as one process knows them: loaded from signing_key, kept at most KEY_RING_TTL_MS. */
interface KeyRing {
  /** Active keys, newest first. */
  active: SigningKeyEntity[];
  byKid: Map<string, SigningKeyEntity>;
}

/**
 * RSA signing keys, shared by every replica through the database: the newest key that is not retired and whose
 * private half is stored signs new tokens; every key that is not retired verifies. Private keys are kept encrypted
 * under the key-encryption key (KeyEncryption); the files older versions kept in KEYS_DIR are imported at start.
 * Each process caches the list; a change reaches the others by the bus at once and by KEY_RING_TTL_MS at the latest.
 */
export class KeyStore {
  private readonly keys: SigningKeyRepository;
  private readonly ringCache: InvalidatedCache<string, KeyRing>;
  private reloading: Promise<KeyRing> | undefined;
  /** Reloads an unknown kid may still start now (a token bucket: UNKNOWN_KID_RELOAD_BURST, one more per second). */
  private reloadAllowance = UNKNOWN_KID_RELOAD_BURST;
  private reloadAllowanceAt = Date.now();
  /** Parsed keys by kid: a kid's key material never changes, so these need no invalidation, only a bound. */
  private readonly publicKeys = new LRUCache<string, KeyObject>({ max: MAX_ACTIVE_KEYS + RETIRED_KEYS_KEPT });
  private readonly privateKeys = new LRUCache<string, KeyObject>({ max: 8 });

  constructor(
    dataSource: DataSource,
    private readonly keysDir: string,
    private readonly clock: Clock,
    private readonly bus: InvalidationBus,
    private readonly encryption: KeyEncryption,
    private readonly logger: Logger,
  ) {
    this.keys = new SigningKeyRepository(dataSource);
    this.ringCache = new InvalidatedCache<string, KeyRing>(bus, { topic: SIGNING_KEYS_TOPIC, max: 1, ttlMs: KEY_RING_TTL_MS });
  }

  /**
   * Imports KEYS_DIR's private files, then creates the first key when no key can sign; safe when several processes
   * start at once. Refuses (KeyEncryptionError) when the keys in the database were encrypted with another key.
   */
  async ensureSigningKey(): Promise<string> {
    const result = await this.withLock(async () => {
      const imported = await this.importLocked();
      const current = await this.keys.current();
      if (current) {
        await this.openPrivateKey(current);
        return { kid: current.kid, changed: imported.length > 0 };
      }
      return { kid: await this.createKey(), changed: true };
    });
    if (result.changed) await this.announce();
    return result.kid;
  }

  /**
   * What every role does at start: imports KEYS_DIR's private files the database lacks, and proves that this process's
   * key-encryption key opens the signing key, so a wrong one stops the start instead of failing logins later.
   */
  async prepare(): Promise<void> {
    await this.importFileKeys();
    const current = await this.keys.current();
    if (current) await this.openPrivateKey(current);
  }

  /**
   * Encrypts into the database each private file of KEYS_DIR whose active key has none there yet; idempotent. A
   * retired key never signs again: its file is left out.
   */
  async importFileKeys(): Promise<string[]> {
    const files = await this.keyFiles();
    if (files.size === 0) return [];
    const missing = await this.keys.activeKidsWithoutPrivateKey();
    if (!missing.some((kid) => files.has(kid))) return [];
    const imported = await this.withLock(() => this.importLocked());
    if (imported.length) await this.announce();
    return imported;
  }

  async rotate(): Promise<{ kid: string; previousKid: string | null }> {
    const rotated = await this.withLock(async () => {
      if ((await this.keys.activeCount()) >= MAX_ACTIVE_KEYS) {
        throw PlatformException.badRequest(`${MAX_ACTIVE_KEYS} keys are active: retire older keys before rotating again`);
      }
      const previous = await this.keys.current();
      const kid = await this.createKey();
      return { kid, previousKid: previous?.kid ?? null };
    });
    await this.announce();
    return rotated;
  }

  /** Retires a key: tokens signed with it stop verifying. The last active key cannot be retired. */
  async retire(kid: string): Promise<{ kid: string; retiredAt: Date; signingKid: string }> {
    const retired = await this.withLock(async () => {
      const row = await this.keys.byKid(kid);
      if (!row) throw PlatformException.notFound(`no signing key with kid "${kid}"`);
      if (row.retiredAt) throw PlatformException.badRequest(`key "${kid}" was already retired at ${row.retiredAt.toISOString()}`);
      const active = await this.keys.activeCount();
      if (active <= 1) throw PlatformException.badRequest(`key "${kid}" is the only active key: rotate first, then retire it`);
      // Another active key must be able to sign once this one is gone.
      const signing = (await this.keys.active(MAX_ACTIVE_KEYS)).find((other) => other.kid !== kid && other.privateKeyCiphertext !== null);
      if (!signing) throw PlatformException.badRequest(`key "${kid}" is the only key that can sign: rotate first, then retire it`);
      row.retiredAt = this.clock.now();
      await this.keys.markRetired(kid, row.retiredAt);
      return { kid, retiredAt: row.retiredAt, signingKid: signing.kid };
    });
    // Every process forgets the tokens of that key it had verified, and reloads its keys.
    await this.bus.publish(AUTH_TOPIC, authKeys.key(kid));
    await this.announce();
    return retired;
  }

  /**
   * Re-encrypts every private key under this process's key-encryption key (`keys reencrypt`), opening each with the key
   * it was sealed with (this one or KEY_ENCRYPTION_KEY_PREVIOUS). Idempotent; a key no configured key opens stops it
   * with the fingerprints, before anything is written for that key.
   */
  async reencrypt(): Promise<{ kekId: string; reencrypted: string[] }> {
    const kekId = await this.encryption.id();
    const reencrypted = await this.withLock(async () => {
      const done: string[] = [];
      // In batches: each re-encrypted key leaves the set, so the next batch holds only keys not yet done.
      for (let batch = await this.keys.sealedWithOther(kekId, REENCRYPT_BATCH); batch.length; batch = await this.keys.sealedWithOther(kekId, REENCRYPT_BATCH)) {
        for (const row of batch) {
          const sealed = sealedOf(row)!;
          const der = await this.encryption.open(row.kid, sealed);
          try {
            await this.keys.reseal(row.kid, sealed.kekId, await this.encryption.seal(row.kid, der));
            done.push(row.kid);
          } finally {
            der.fill(0);
          }
        }
      }
      return done;
    });
    if (reencrypted.length) {
      this.logger.info('re-encrypted private signing keys under the current key-encryption key', { kekId, kids: reencrypted });
      await this.announce();
    }
    return { kekId, reencrypted };
  }

  async activeJwks(): Promise<PublicJwk[]> {
    const ring = await this.ring();
    return ring.active.map((row) => JSON.parse(row.publicJwk) as PublicJwk);
  }

  async listKeys(): Promise<Array<{ kid: string; createdAt: Date; retiredAt: Date | null }>> {
    const rows = await this.keys.all();
    return rows.map(({ kid, createdAt, retiredAt }) => ({ kid, createdAt, retiredAt }));
  }

  async signingKey(): Promise<SigningKey> {
    const ring = await this.ring();
    const row = ring.active.find((candidate) => candidate.privateKeyCiphertext !== null);
    if (!row) throw PlatformException.unavailable('no signing key exists yet: start the platform once or run `npm run keys -- rotate`');
    let privateKey = this.privateKeys.get(row.kid);
    if (!privateKey) {
      privateKey = await this.openPrivateKey(row);
      this.privateKeys.set(row.kid, privateKey);
    }
    return { kid: row.kid, privateKey };
  }

  /** The public key for a kid, whether or not it is retired (status is checked with the token). */
  async publicKey(kid: string): Promise<KeyObject | undefined> {
    if (!KID.test(kid)) return undefined;
    let ring = await this.ring();
    // A key made elsewhere since the last load (its announcement missed or not yet here): reload, within the allowance.
    if (!ring.byKid.has(kid) && (this.reloading || this.mayReloadForUnknownKid())) ring = await this.reload();
    const row = ring.byKid.get(kid);
    if (!row) return undefined;
    const cached = this.publicKeys.get(kid);
    if (cached) return cached;
    let key: KeyObject;
    try {
      key = createPublicKey({ key: JSON.parse(row.publicJwk), format: 'jwk' });
    } catch {
      return undefined;
    }
    this.publicKeys.set(kid, key);
    return key;
  }

  private ring(): Promise<KeyRing> {
    return this.ringCache.getOrLoad('ring', () => this.loadRing());
  }

  /** Loads the list now and keeps it (unless it changed meanwhile); concurrent callers share one load. */
  private reload(): Promise<KeyRing> {
    if (!this.reloading) {
      const version = this.ringCache.version();
      this.reloading = this.loadRing()
        .then((ring) => {
          this.ringCache.set('ring', ring, version);
          return ring;
        })
        .finally(() => (this.reloading = undefined));
    }
    return this.reloading;
  }

  private mayReloadForUnknownKid(): boolean {
    const now = Date.now();
    this.reloadAllowance = Math.min(UNKNOWN_KID_RELOAD_BURST, this.reloadAllowance + (now - this.reloadAllowanceAt) / UNKNOWN_KID_RELOAD_MS);
    this.reloadAllowanceAt = now;
    if (this.reloadAllowance < 1) return false;
    this.reloadAllowance -= 1;
    return true;
  }

  private async loadRing(): Promise<KeyRing> {
    const [active, retired] = await Promise.all([this.keys.active(MAX_ACTIVE_KEYS), this.keys.recentlyRetired(RETIRED_KEYS_KEPT)]);
    return { active, byKid: new Map([...active, ...retired].map((row) => [row.kid, row])) };
  }

  private async openPrivateKey(row: SigningKeyEntity): Promise<KeyObject> {
    const sealed = sealedOf(row);
    if (!sealed) throw new KeyEncryptionError(`signing key "${row.kid}" has no private key in the database`);
    const der = await this.encryption.open(row.kid, sealed);
    try {
      return createPrivateKey({ key: der, format: 'der', type: 'pkcs8' });
    } finally {
      der.fill(0);
    }
  }

  /** Tells every process (this one included) to reload its keys. */
  private async announce(): Promise<void> {
    await this.bus.publish(SIGNING_KEYS_TOPIC);
  }

  /** Under the lock: a key with a private file here and none in the database gets it, encrypted. */
  private async importLocked(): Promise<string[]> {
    const files = await this.keyFiles();
    if (files.size === 0) return [];
    const imported: string[] = [];
    for (const kid of await this.keys.activeKidsWithoutPrivateKey()) {
      const file = files.get(kid);
      if (!file) continue;
      const row = await this.keys.byKid(kid);
      if (!row) continue;
      let privateKey: KeyObject;
      try {
        privateKey = createPrivateKey(await fs.readFile(file, 'utf8'));
      } catch (error) {
        this.logger.warn('a private key file of KEYS_DIR cannot be read as a key: not imported', {
          kid,
          reason: (error as NodeJS.ErrnoException).code ?? 'invalid key',
        });
        continue;
      }
      if (!samePublicKey(privateKey, row.publicJwk)) {
        this.logger.warn('a private key file of KEYS_DIR does not belong to the public key of its kid: not imported', { kid });
        continue;
      }
      await this.assertOneKeyEncryptionKey();
      const der = privateKey.export({ format: 'der', type: 'pkcs8' });
      const sealed = await this.encryption.seal(kid, der);
      der.fill(0);
      if (await this.keys.storePrivateKey(kid, sealed)) {
        imported.push(kid);
        this.logger.info('imported a private signing key from KEYS_DIR into the database', { kid });
      }
    }
    return imported;
  }

  /** The private key files of KEYS_DIR by kid (today's layout: <kid>.pem); none when the folder does not exist. */
  private async keyFiles(): Promise<Map<string, string>> {
    let names: string[];
    try {
      names = await fs.readdir(this.keysDir);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return new Map();
      throw error;
    }
    const files = new Map<string, string>();
    for (const name of names.slice(0, MAX_KEY_FILES)) {
      const kid = PEM_FILE.exec(name)?.[1];
      if (kid) files.set(kid, path.join(this.keysDir, name));
    }
    return files;
  }

  /**
   * A new key encrypted with this process's key-encryption key would not open on the replicas that have another. Keys
   * under the previous key are no obstacle: a process given both is in the middle of a re-encryption.
   */
  private async assertOneKeyEncryptionKey(): Promise<void> {
    const ours = await this.encryption.id();
    const previous = this.encryption.previousId();
    const others = (await this.keys.activeKekIds()).filter((id) => id !== ours && id !== previous);
    if (others.length) {
      throw new KeyEncryptionError(
        `the active signing keys were encrypted with key-encryption key ${others.join(', ')}, but this process has ${ours}: ` +
          'give every process the same KEY_ENCRYPTION_KEY (or KEY_ENCRYPTION_KEY_FILE)',
      );
    }
  }

  private async createKey(): Promise<string> {
    await this.assertOneKeyEncryptionKey();
    const { publicKey, privateKey } = await new Promise<{ publicKey: KeyObject; privateKey: KeyObject }>((resolve, reject) =>
      generateKeyPair('rsa', { modulusLength: 2048 }, (err, pub, priv) => (err ? reject(err) : resolve({ publicKey: pub, privateKey: priv }))),
    );
    const kid = `${this.clock.now().toISOString().slice(0, 10).replace(/-/g, '')}-${randomUUID().slice(0, 8)}`;
    const jwk = publicKey.export({ format: 'jwk' }) as { n: string; e: string };
    const publicJwk: PublicJwk = { kty: 'RSA', kid, use: 'sig', alg: 'RS256', n: jwk.n, e: jwk.e };
    const der = privateKey.export({ format: 'der', type: 'pkcs8' });
    const sealed = await this.encryption.seal(kid, der);
    der.fill(0);
    await this.keys.insert({ kid, publicJwk: JSON.stringify(publicJwk), createdAt: this.clock.now(), sealed });
    return kid;
  }

  /** A MySQL named lock: key creation is rare, and two starting processes must not both create one. */
  private async withLock<T>(fn: () => Promise<T>): Promise<T> {
    const locked = await this.keys.withKeyLock(LOCK_NAME, 30, fn);
    if (!locked.acquired) throw PlatformException.unavailable('timed out waiting for the signing-key lock');
    return locked.value;
  }
}

function sealedOf(row: SigningKeyEntity): SealedPrivateKey | null {
  const { privateKeyCiphertext: ciphertext, privateKeyNonce: nonce, privateKeyTag: tag, kekId } = row;
  return ciphertext && nonce && tag && kekId ? { ciphertext, nonce, tag, kekId } : null;
}

function samePublicKey(privateKey: KeyObject, publicJwk: string): boolean {
  try {
    const stored = JSON.parse(publicJwk) as { n?: string; e?: string };
    const derived = createPublicKey(privateKey).export({ format: 'jwk' });
    return stored.n === derived.n && stored.e === derived.e;
  } catch {
    return false;
  }
}
