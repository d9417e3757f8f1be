import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { KeyEncryptionKey, parseKeyEncryptionKey, type KeyEncryptionConfig } from '../config/key-encryption.config';
import type { Logger } from '../logging/logger';

/** A private key as the database keeps it: AES-256-GCM under the key-encryption key named by kekId. */
export interface SealedPrivateKey {
  ciphertext: Buffer;
  nonce: Buffer;
  tag: Buffer;
  kekId: string;
}

/**
 * A private key cannot be opened here: the wrong key-encryption key, or a row that was altered. The message names the
 * kid and the key fingerprints, never key material; a process that meets it at start refuses to start.
 */
export class KeyEncryptionError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'KeyEncryptionError';
  }
}

const NONCE_BYTES = 12;

/**
 * Encrypts private signing keys for the database and decrypts them, with the key-encryption key every replica is given.
 * The kid is authenticated with the ciphertext, so a row's key cannot be moved under another kid.
 */
export class KeyEncryption {
  private key: Promise<KeyEncryptionKey> | undefined;

  constructor(
    private readonly config: KeyEncryptionConfig,
    private readonly logger: Logger,
  ) {}

  /** The fingerprint of this process's key-encryption key: stored with every private key it encrypts. */
  async id(): Promise<string> {
    return fingerprint(await this.resolve());
  }

  async seal(kid: string, plaintext: Buffer): Promise<SealedPrivateKey> {
    const key = await this.resolve();
    const nonce = randomBytes(NONCE_BYTES);
    const cipher = createCipheriv('aes-256-gcm', key.bytes(), nonce);
    cipher.setAAD(additionalData(kid));
    const ciphertext = Buffer.concat([cipher.update(plaintext), cipher.final()]);
    return { ciphertext, nonce, tag: cipher.getAuthTag(), kekId: fingerprint(key) };
  }

  /** The fingerprint of the key being replaced (KEY_ENCRYPTION_KEY_PREVIOUS), or null. */
  previousId(): string | null {
    return this.config.previous ? fingerprint(this.config.previous) : null;
  }

  /** Opens a private key sealed with this process's key-encryption key or with the previous one. */
  async open(kid: string, sealed: SealedPrivateKey): Promise<Buffer> {
    const current = await this.resolve();
    const ours = fingerprint(current);
    const key = sealed.kekId === ours ? current : this.config.previous && sealed.kekId === fingerprint(this.config.previous) ? this.config.previous : null;
    if (!key) {
      const previous = this.previousId();
      throw new KeyEncryptionError(
        `the private key of signing key "${kid}" was encrypted with key-encryption key ${sealed.kekId}, but this process has ${ours}` +
          `${previous ? ` (previous ${previous})` : ''}: ` +
          'give every process the same KEY_ENCRYPTION_KEY (or KEY_ENCRYPTION_KEY_FILE) as the ones that created the keys',
      );
    }
    try {
      const decipher = createDecipheriv('aes-256-gcm', key.bytes(), sealed.nonce);
      decipher.setAAD(additionalData(kid));
      decipher.setAuthTag(sealed.tag);
      return Buffer.concat([decipher.update(sealed.ciphertext), decipher.final()]);
    } catch {
      throw new KeyEncryptionError(
        `the private key of signing key "${kid}" does not decrypt with key-encryption key ${sealed.kekId}: its row was altered or is corrupt`,
      );
    }
  }

  /** The configured key; on a development machine without one, generated once into KEYS_DIR (0600) and reused. */
  private resolve(): Promise<KeyEncryptionKey> {
    this.key ??= this.load().catch((error: unknown) => {
      this.key = undefined;
      throw error;
    });
    return this.key;
  }

  private async load(): Promise<KeyEncryptionKey> {
    if (this.config.key) return this.config.key;
    const file = this.config.file;
    if (this.config.source !== 'development' || !file) throw new KeyEncryptionError('no key-encryption key is configured: set KEY_ENCRYPTION_KEY');
    await fs.mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
    const generated = randomBytes(32);
    // Written aside, then linked into place: link fails if the file exists, and nobody ever reads a half-written key.
    const draft = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    await fs.writeFile(draft, `${generated.toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
    try {
      await fs.link(draft, file);
      this.logger.warn('generated a key-encryption key for this development machine: production needs KEY_ENCRYPTION_KEY', { file });
      return new KeyEncryptionKey(generated);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    } finally {
      await fs.unlink(draft);
    }
    // Another process of this machine generated it first: use that one.
    const key = parseKeyEncryptionKey(await fs.readFile(file, 'utf8'));
    if (!key) throw new KeyEncryptionError(`the key-encryption key ${file} does not hold 32 bytes of base64`);
    return key;
  }
}

/** 16 hex digits that tell key-encryption keys apart without revealing them (an HMAC under the key itself). */
function fingerprint(key: KeyEncryptionKey): string {
  return createHmac('sha256', key.bytes()).update('safiri key-encryption key id').digest('hex').slice(0, 16);
}

function additionalData(kid: string): Buffer {
  return Buffer.from(`signing_key:${kid}`, 'utf8');
}
