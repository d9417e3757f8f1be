import { Decimal, roundFor } from './money.calculator';

/*
 * Converting a price that is made of parts. Each part is converted and rounded on its own and
 * every total is a sum of rounded parts, never a converted total: converting a total separately
 * can differ from the sum by a minor unit, and then "parts sum to the total" breaks in the
 * converted view.
 */

/** A usable rate is finite and positive; anything else (null, 0, NaN, negative) counts as "no rate". */
export function usableRate(rate: Decimal | null | undefined): Decimal | null {
  return rate && rate.isFinite() && rate.gt(0) ? rate : null;
}

/** amount × rate, rounded half up to the target currency's precision. */
export function convertAmount(amount: Decimal, rate: Decimal, currency: string): Decimal {
  return roundFor(amount.mul(rate), currency);
}

/** Sum of amounts (0 for none). */
export function sumAmounts(amounts: Iterable<Decimal>): Decimal {
  let sum = new Decimal(0);
  for (const amount of amounts) sum = sum.plus(amount);
  return sum;
}

/**
 * Converts every named component on its own (rounded in `currency`) and sums the rounded
 * results. Key order is kept, so callers can rely on it when listing the parts.
 */
export function convertComponents<K extends string>(
  components: Readonly<Record<K, Decimal>>,
  rate: Decimal,
  currency: string,
): { components: Record<K, Decimal>; sum: Decimal } {
  const converted = {} as Record<K, Decimal>;
  for (const key of Object.keys(components) as K[]) converted[key] = convertAmount(components[key], rate, currency);
  return { components: converted, sum: sumAmounts(Object.values<Decimal>(converted)) };
}
