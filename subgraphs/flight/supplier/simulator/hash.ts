/** Deterministic variation: every "random" choice of the simulator is a hash of its inputs. */
import { hash32 } from '../../../../shared/simulation/deterministic-hash';

export { digits, hash32, pick } from '../../../../shared/simulation/deterministic-hash';

const CODE_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** A record locator: `length` characters A-Z0-9, starting with a letter as GDS locators do. */
export function locator(seed: string, length = 6): string {
  let out = '';
  for (let i = 0; i < length; i += 1) {
    const alphabet = i === 0 ? CODE_ALPHABET.slice(0, 26) : CODE_ALPHABET;
    out += alphabet[hash32(`${seed}#${i}`) % alphabet.length];
  }
  return out;
}

export function hex(seed: string): string {
  return hash32(seed).toString(16).padStart(8, '0') + hash32(`${seed}~`).toString(16).padStart(8, '0');
}
