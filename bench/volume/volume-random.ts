/** A small seeded generator (mulberry32): the same seed gives the same volume database. */
export class Random {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** Uniform in [0, 1). */
  next(): number {
    let t = (this.state = (this.state + 0x6d2b79f5) >>> 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An index below `size`, small ones far more often: u^power puts a tenth of the draws in the first 0.1% for power 3. */
  skewed(size: number, power: number): number {
    return Math.floor(size * this.next() ** power);
  }
}

/** Draws items with a skew; with `firstShare`, the first item is drawn that often on its own (the agent with 10%). */
export class SkewedPick<T> {
  constructor(
    private readonly items: T[],
    private readonly random: Random,
    private readonly firstShare: number,
    private readonly power: number,
  ) {}

  pick(): T {
    if (this.firstShare === 0 || this.items.length === 1) return this.items[this.random.skewed(this.items.length, this.power)];
    // The first item's share is exactly firstShare: the others are drawn from the rest.
    if (this.random.next() < this.firstShare) return this.items[0];
    return this.items[1 + this.random.skewed(this.items.length - 1, this.power)];
  }
}
