import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { KeyEncryptionKey, type KeyEncryptionConfig } from '../config/key-encryption.config';
import { createLogger } from '../logging/logger';
import { KeyEncryption, KeyEncryptionError } from './key-encryption.service';

const logger = createLogger('error');
const withKey = (bytes: Buffer, previous?: Buffer): KeyEncryption =>
  new KeyEncryption({ source: 'env', file: null, key: new KeyEncryptionKey(bytes), previous: previous ? new KeyEncryptionKey(previous) : null }, logger);

describe('KeyEncryption', () => {
  const plaintext = Buffer.from('a private key, as PKCS#8 DER');
  const kek = randomBytes(32);

  it('opens what it sealed, under the same kid and key', async () => {
    const sealed = await withKey(kek).seal('kid-1', plaintext);
    expect(sealed.ciphertext.equals(plaintext)).toBe(false);
    expect(sealed.nonce).toHaveLength(12);
    expect(sealed.tag).toHaveLength(16);
    expect(sealed.kekId).toMatch(/^[0-9a-f]{16}$/);
    expect((await withKey(Buffer.from(kek)).open('kid-1', sealed)).equals(plaintext)).toBe(true);
    // A fresh nonce each time: the same key sealed twice gives two ciphertexts.
    expect((await withKey(kek).seal('kid-1', plaintext)).ciphertext.equals(sealed.ciphertext)).toBe(false);
  });

  it('names a wrong key-encryption key by its fingerprint, without key material', async () => {
    const sealed = await withKey(kek).seal('kid-1', plaintext);
    const other = withKey(randomBytes(32));
    const error = await other.open('kid-1', sealed).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(KeyEncryptionError);
    expect((error as Error).message).toContain(`encrypted with key-encryption key ${sealed.kekId}, but this process has ${await other.id()}`);
    expect((error as Error).message).not.toContain(kek.toString('base64'));
  });

  it('while its key replaces a previous one, opens keys sealed with either and seals with its own only', async () => {
    const old = randomBytes(32);
    const sealedOld = await withKey(old).seal('kid-1', plaintext);
    const rolling = withKey(kek, old);
    expect(rolling.previousId()).toBe(sealedOld.kekId);
    expect((await rolling.open('kid-1', sealedOld)).equals(plaintext)).toBe(true);
    const resealed = await rolling.seal('kid-1', plaintext);
    expect(resealed.kekId).toBe(await withKey(kek).id());
    expect((await withKey(kek).open('kid-1', resealed)).equals(plaintext)).toBe(true);
    // A third key is still refused, named with both fingerprints this process has.
    const stranger = await withKey(randomBytes(32)).seal('kid-1', plaintext);
    await expect(rolling.open('kid-1', stranger)).rejects.toThrow(`(previous ${sealedOld.kekId})`);
  });

  it('refuses a ciphertext moved under another kid or altered', async () => {
    const sealed = await withKey(kek).seal('kid-1', plaintext);
    await expect(withKey(kek).open('kid-2', sealed)).rejects.toThrow(/"kid-2" does not decrypt .*altered or is corrupt/);
    const altered = { ...sealed, ciphertext: Buffer.from(sealed.ciphertext) };
    altered.ciphertext[0] ^= 1;
    await expect(withKey(kek).open('kid-1', altered)).rejects.toThrow(KeyEncryptionError);
  });

  it('on a development machine, generates the key once (0600) and every instance reuses it', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'safiri-kek-'));
    try {
      const config: KeyEncryptionConfig = { source: 'development', file: path.join(dir, 'keys', 'key-encryption.key'), key: null, previous: null };
      const [first, second] = [new KeyEncryption(config, logger), new KeyEncryption(config, logger)];
      const [a, b] = await Promise.all([first.id(), second.id()]);
      expect(a).toBe(b);
      expect(statSync(config.file!).mode & 0o777).toBe(0o600);
      expect(readFileSync(config.file!, 'utf8')).toMatch(/^[A-Za-z0-9+/]{43}=\n$/);
      // Nothing else is left in the folder (each draft is linked into place or not, then removed).
      expect(readdirSync(path.dirname(config.file!))).toEqual(['key-encryption.key']);
      const sealed = await first.seal('k', plaintext);
      expect((await new KeyEncryption(config, logger).open('k', sealed)).equals(plaintext)).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
