/** Deterministic variation: every "random" choice of the rail simulator is a hash of its inputs. */
import { hash32 } from '../../../../shared/simulation/deterministic-hash';

export { digits, hash32, pick } from '../../../../shared/simulation/deterministic-hash';

const LETTERS = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const ALNUM = `${LETTERS}23456789`;

/** A record locator: a letter then `length - 1` letters or digits (no I, O, 0, 1, which read alike). */
export function locator(seed: string, length = 6): string {
  let out = LETTERS[hash32(`${seed}#0`) % LETTERS.length];
  for (let i = 1; i < length; i += 1) out += ALNUM[hash32(`${seed}#${i}`) % ALNUM.length];
  return out;
}
