/** Deterministic variation for the sandbox simulators: every "random" choice is a hash of its inputs. */
import { createHash } from 'node:crypto';

/** FNV-1a, 32 bits. Fine for picking among a few options; too weakly mixed for identifiers (see `code`). */
export function hash32(input: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < input.length; i += 1) {
    h ^= input.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** A value in [0, n) derived from the parts. */
export function pick(n: number, ...parts: Array<string | number>): number {
  return hash32(parts.join('|')) % n;
}

/**
 * SHA-256 of the seed: every bit depends on the whole seed. FNV-1a of seeds that differ only in their last character
 * keeps their low bits related, so identifiers built from it (one hash per position) took 96 values for the rail PNRs.
 */
const mixed = (seed: string): Buffer => createHash('sha256').update(seed).digest();

/**
 * An identifier derived from the seed: character i from alphabets[i] (at most 8 positions), each from its own 4 bytes
 * of one SHA-256, so the positions are independent and every combination can come out.
 */
export function code(seed: string, alphabets: readonly string[]): string {
  if (alphabets.length > 8) throw new Error('code: at most 8 characters');
  const bytes = mixed(seed);
  return alphabets.map((alphabet, i) => alphabet[bytes.readUInt32BE(i * 4) % alphabet.length]).join('');
}

/** `length` decimal digits (at most 70) derived from the whole seed. */
export function digits(seed: string, length: number): string {
  if (length > 70) throw new Error('digits: at most 70');
  return (BigInt(`0x${mixed(seed).toString('hex')}`) % 10n ** BigInt(length)).toString().padStart(length, '0');
}
