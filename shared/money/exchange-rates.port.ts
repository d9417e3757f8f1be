import { Decimal, isCurrencyCode } from './money.calculator';

/**
 * Where conversion rates come from. `rate(from, to)` answers how many units of `to` one unit
 * of `from` buys, or null when the pair cannot be quoted (callers turn that into their own
 * "currency unavailable" error). Async because a real provider is a network call; pricing
 * itself stays synchronous by taking a snapshot first (see `snapshotRates`).
 */
export interface ExchangeRates {
  rate(from: string, to: string): Promise<Decimal | null>;
}

/** A synchronous view of rates already fetched: what pure pricing functions take. */
export type RateLookup = (from: string, to: string) => Decimal | null;

/**
 * Units of each currency per 1 USD. Fixed on purpose: tests, local runs and demos must price
 * identically every time. Covers what a Tanzanian / East African traveller meets: the EAC and
 * neighbours, the Gulf and Turkish/Egyptian hubs, and the usual source markets. Currencies
 * whose ISO minor unit the money module does not model (JPY, KWD, BHD, OMR ...) are left out
 * rather than shown with the wrong number of decimals.
 */
export const SIMULATED_USD_RATES: Readonly<Record<string, string>> = Object.freeze({
  USD: '1',
  // East African Community and neighbours
  TZS: '2650',
  KES: '129.5',
  UGX: '3720',
  RWF: '1415',
  BIF: '2950',
  SSP: '4550',
  CDF: '2850',
  ETB: '128',
  SOS: '571',
  DJF: '177.7',
  MWK: '1735',
  ZMW: '26.5',
  MZN: '63.9',
  ZAR: '18.2',
  XAF: '603.48',
  // Hubs and source markets
  EUR: '0.92',
  GBP: '0.79',
  CHF: '0.88',
  AED: '3.6725',
  SAR: '3.75',
  QAR: '3.64',
  EGP: '48.5',
  TRY: '34.2',
  CNY: '7.1',
  INR: '84',
  CAD: '1.36',
  AUD: '1.52',
});

/**
 * Deterministic rates from a USD-based table; any other pair is a cross rate through USD.
 * A currency missing from the table has no rate (null), except that a valid code always
 * converts to itself at 1.
 */
export function createSimulatedExchangeRates(usdTable: Readonly<Record<string, string>> = SIMULATED_USD_RATES): ExchangeRates {
  const perUsd = new Map<string, Decimal>();
  for (const [code, value] of Object.entries(usdTable)) {
    const rate = new Decimal(value);
    // A zero or negative entry would make every cross rate through it meaningless.
    if (!isCurrencyCode(code) || !rate.isFinite() || rate.lte(0)) throw new RangeError(`bad simulated rate ${code}=${value}`);
    perUsd.set(code, rate);
  }
  return {
    async rate(from: string, to: string): Promise<Decimal | null> {
      if (!isCurrencyCode(from) || !isCurrencyCode(to)) return null;
      if (from === to) return new Decimal(1);
      const fromPerUsd = perUsd.get(from);
      const toPerUsd = perUsd.get(to);
      if (!fromPerUsd || !toPerUsd) return null;
      return toPerUsd.div(fromPerUsd);
    },
  };
}

/**
 * Fetches the given pairs once and returns a synchronous lookup over them, so one pricing run
 * uses one consistent set of rates. Pairs not fetched (or without a rate) look up as null.
 */
export async function snapshotRates(source: ExchangeRates, pairs: ReadonlyArray<readonly [string, string]>): Promise<RateLookup> {
  const table = new Map<string, Decimal | null>();
  for (const [from, to] of pairs) {
    const key = `${from}>${to}`;
    if (!table.has(key)) table.set(key, await source.rate(from, to));
  }
  return (from, to) => (from === to && isCurrencyCode(from) ? new Decimal(1) : (table.get(`${from}>${to}`) ?? null));
}
