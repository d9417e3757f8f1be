/** Deterministic variation: every "random" choice of the simulator is a hash of its inputs. */
import { code, hash32 } from '../../../../shared/simulation/deterministic-hash.calculator';

export { digits, hash32, pick } from '../../../../shared/simulation/deterministic-hash.calculator';

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const ALNUM = `${LETTERS}0123456789`;

/** A record locator: `length` characters A-Z0-9, starting with a letter as GDS locators do; 26 × 36^5 six-character values. */
export function locator(seed: string, length = 6): string {
  return code(seed, [LETTERS, ...Array<string>(length - 1).fill(ALNUM)]);
}

export function hex(seed: string): string {
  return hash32(seed).toString(16).padStart(8, '0') + hash32(`${seed}~`).toString(16).padStart(8, '0');
}
