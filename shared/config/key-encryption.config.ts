import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { inspect } from 'node:util';
import type { EnvReader } from './env.reader';

/** The file a development machine's key-encryption key is generated into, inside KEYS_DIR. */
export const DEVELOPMENT_KEY_FILE = 'key-encryption.key';
const KEY_BYTES = 32;

/**
 * The key-encryption key (KEK): 32 bytes that encrypt the private signing keys kept in the database. It prints as a
 * placeholder (JSON, util.inspect), so a configuration that is logged or dumped never shows it.
 */
export class KeyEncryptionKey {
  readonly #bytes: Buffer;

  constructor(bytes: Buffer) {
    this.#bytes = Buffer.from(bytes);
  }

  /** A copy of the 32 bytes, for the cipher (and for handing the same key to a child process in tests). */
  bytes(): Buffer {
    return Buffer.from(this.#bytes);
  }

  toJSON(): string {
    return '[key-encryption key]';
  }

  [inspect.custom](): string {
    return '[key-encryption key]';
  }
}

/** Where the key-encryption key comes from: docs/configuration.md "Signing keys", docs/decisions.md "Keys shared by every replica". */
export interface KeyEncryptionConfig {
  /** env: KEY_ENCRYPTION_KEY; file: KEY_ENCRYPTION_KEY_FILE; development: generated once into KEYS_DIR (not in production). */
  source: 'env' | 'file' | 'development';
  /** The file it is read from (KEY_ENCRYPTION_KEY_FILE, or KEYS_DIR/key-encryption.key); null from the environment. */
  file: string | null;
  /** The key, or null while a development machine has not generated it yet (done at first use, then reused). */
  key: KeyEncryptionKey | null;
  /**
   * The key being replaced while private keys are re-encrypted under `key` (KEY_ENCRYPTION_KEY_PREVIOUS or
   * KEY_ENCRYPTION_KEY_PREVIOUS_FILE): keys it encrypted still open; nothing new is encrypted with it.
   */
  previous: KeyEncryptionKey | null;
}

/** The 32 bytes of a base64 text, or null: never echoes the text (it is a secret). */
export function parseKeyEncryptionKey(text: string): KeyEncryptionKey | null {
  const value = text.trim();
  if (!/^[A-Za-z0-9+/]{43}=$/.test(value)) return null;
  const bytes = Buffer.from(value, 'base64');
  return bytes.length === KEY_BYTES ? new KeyEncryptionKey(bytes) : null;
}

const FORMAT = `32 random bytes in base64 (44 characters, e.g. \`openssl rand -base64 ${KEY_BYTES}\`)`;

/**
 * KEY_ENCRYPTION_KEY (base64) or KEY_ENCRYPTION_KEY_FILE (a file holding it, such as a mounted Secret), one of them;
 * required in production. Elsewhere, with neither, the key of the development machine in KEYS_DIR.
 */
export function readKeyEncryptionConfig(read: EnvReader, production: boolean, keysDir: string, problems: string[]): KeyEncryptionConfig {
  const current = readCurrentKey(read, production, keysDir, problems);
  const previous = readPreviousKey(read, problems);
  if (previous && current.key && previous.bytes().equals(current.key.bytes())) {
    problems.push('KEY_ENCRYPTION_KEY_PREVIOUS is the same key as KEY_ENCRYPTION_KEY: give the key being replaced, or unset it');
  }
  return { ...current, previous };
}

/** KEY_ENCRYPTION_KEY_PREVIOUS (base64) or KEY_ENCRYPTION_KEY_PREVIOUS_FILE, one of them or neither. */
function readPreviousKey(read: EnvReader, problems: string[]): KeyEncryptionKey | null {
  const inline = read.optionalString('KEY_ENCRYPTION_KEY_PREVIOUS');
  const file = read.optionalString('KEY_ENCRYPTION_KEY_PREVIOUS_FILE');
  if (inline !== null && file !== null) {
    problems.push('KEY_ENCRYPTION_KEY_PREVIOUS and KEY_ENCRYPTION_KEY_PREVIOUS_FILE are both set: give the previous key one way only');
    return null;
  }
  if (file !== null) return readKeyFile('KEY_ENCRYPTION_KEY_PREVIOUS_FILE', file, problems);
  if (inline === null) return null;
  const key = parseKeyEncryptionKey(inline);
  if (!key) problems.push(`KEY_ENCRYPTION_KEY_PREVIOUS must be ${FORMAT} (got ${inline.length} characters)`);
  return key;
}

function readCurrentKey(read: EnvReader, production: boolean, keysDir: string, problems: string[]): Omit<KeyEncryptionConfig, 'previous'> {
  const inline = read.optionalString('KEY_ENCRYPTION_KEY');
  const file = read.optionalString('KEY_ENCRYPTION_KEY_FILE');
  if (inline !== null && file !== null) {
    problems.push('KEY_ENCRYPTION_KEY and KEY_ENCRYPTION_KEY_FILE are both set: give the key-encryption key one way only');
    return { source: 'env', file: null, key: null };
  }
  if (inline !== null) {
    const key = parseKeyEncryptionKey(inline);
    if (!key) problems.push(`KEY_ENCRYPTION_KEY must be ${FORMAT} (got ${inline.length} characters)`);
    return { source: 'env', file: null, key };
  }
  if (file !== null) return { source: 'file', file, key: readKeyFile('KEY_ENCRYPTION_KEY_FILE', file, problems) };
  if (production) {
    problems.push(
      `KEY_ENCRYPTION_KEY or KEY_ENCRYPTION_KEY_FILE is required when NODE_ENV=production: every replica must decrypt the signing keys with the same key, ${FORMAT}`,
    );
    return { source: 'env', file: null, key: null };
  }
  const developmentFile = path.join(keysDir, DEVELOPMENT_KEY_FILE);
  return {
    source: 'development',
    file: developmentFile,
    key: existsSync(developmentFile) ? readKeyFile('the key-encryption key', developmentFile, problems) : null,
  };
}

function readKeyFile(what: string, file: string, problems: string[]): KeyEncryptionKey | null {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    problems.push(`${what} cannot be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}): ${file}`);
    return null;
  }
  const key = parseKeyEncryptionKey(text);
  if (!key) problems.push(`${what} (${file}) must hold ${FORMAT}`);
  return key;
}
