/** Deterministic variation for the sandbox simulators: every "random" choice is a hash of its inputs. */

/** FNV-1a, 32 bits. */
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

/** `length` decimal digits derived from the seed. */
export function digits(seed: string, length: number): string {
  let out = '';
  for (let i = 0; out.length < length; i += 1) out += String(hash32(`${seed}#${i}`) % 100000).padStart(5, '0');
  return out.slice(0, length);
}
