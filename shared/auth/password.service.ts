import { randomBytes, scrypt as scryptCb, timingSafeEqual } from 'node:crypto';

/** scrypt (memory-hard, in Node's standard library): N=2^15, r=8, p=1, about 50-100 ms a hash. */
const N = 2 ** 15;
const R = 8;
const P = 1;
const KEY_LENGTH = 32;
const MAX_MEMORY = 64 * 1024 * 1024;

/**
 * Every scrypt this process has started, how many run now and the most that ran at once: the
 * expensive step of login, counted where it happens so that its bounds can be checked from outside.
 */
export const scryptActivity = { started: 0, running: 0, peak: 0 };

function scrypt(password: string, salt: Buffer, n: number, r: number, p: number): Promise<Buffer> {
  scryptActivity.started++;
  scryptActivity.peak = Math.max(scryptActivity.peak, ++scryptActivity.running);
  return new Promise<Buffer>((resolve, reject) =>
    // Bad parameters (a corrupt stored hash) throw synchronously: the executor turns that into a rejection.
    scryptCb(password, salt, KEY_LENGTH, { N: n, r, p, maxmem: MAX_MEMORY }, (err, key) => (err ? reject(err) : resolve(key))),
  ).finally(() => scryptActivity.running--);
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, N, R, P);
  return `scrypt$${N}$${R}$${P}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const actual = await scrypt(password, Buffer.from(salt, 'base64url'), Number(n), Number(r), Number(p));
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** A real hash of a random password, so an unknown email costs the same time as a wrong password. */
let decoy: Promise<string> | undefined;
export function decoyHash(): Promise<string> {
  decoy ??= hashPassword(randomBytes(12).toString('hex'));
  return decoy;
}

export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 200;

export function passwordProblem(password: string): string | undefined {
  if (password.length < PASSWORD_MIN_LENGTH) return `password must have at least ${PASSWORD_MIN_LENGTH} characters`;
  if (password.length > PASSWORD_MAX_LENGTH) return `password must have at most ${PASSWORD_MAX_LENGTH} characters`;
  return undefined;
}
