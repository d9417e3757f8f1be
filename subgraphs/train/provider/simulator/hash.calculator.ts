/** Deterministic variation: every "random" choice of the rail simulator is a hash of its inputs. */
import { code } from '../../../../shared/simulation/deterministic-hash.calculator';

export { digits, hash32, pick } from '../../../../shared/simulation/deterministic-hash.calculator';

const LETTERS = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const ALNUM = `${LETTERS}23456789`;

/**
 * A record locator: a letter then `length - 1` letters or digits (no I, O, 0, 1, which read alike); 24 × 32^5
 * (about 805 million) six-character values.
 */
export function locator(seed: string, length = 6): string {
  return code(seed, [LETTERS, ...Array<string>(length - 1).fill(ALNUM)]);
}
