import { convertComponents, usableRate } from '../../../shared/money/component-conversion.calculator';
import type { RateLookup } from '../../../shared/money/exchange-rates.port';
import { Decimal, formatAmount, roundFor } from '../../../shared/money/money.calculator';
import type { BusRoute, VehicleClass } from './bus-network.service';
import type { BusStopRecord } from './bus-stop.service';

export type FareComponent = VehicleClass | 'agentCommission';
export type ClassPrices = Record<FareComponent, Decimal>;

/** How much more each class costs than ORDINARY, before rounding up to the route's fare step. */
const CLASS_FACTORS: Record<VehicleClass, string> = { ORDINARY: '1', SEMI_LUXURY: '1.2', LUXURY: '1.4', VIP: '1.7', VVIP: '2.2' };

/** Display currencies every fare rule is also given in (besides a Content-Currency asked for). */
export const BUS_DISPLAY_CURRENCIES: readonly string[] = ['TZS', 'USD', 'KES', 'UGX'];

/**
 * A route's fares are a distance tariff (as LATRA sets them): ORDINARY per km with a minimum,
 * the other classes a factor above it, all rounded up to the route's fare step (500 TZS,
 * 0.5 USD); the agent commission is the operator's percentage of the ORDINARY fare.
 */
export function farePrices(route: BusRoute, km: number): ClassPrices {
  const { perKm, step, minimum, currency } = route.fare;
  const up = (x: Decimal) => x.div(step).ceil().mul(step);
  const ordinary = up(Decimal.max(new Decimal(minimum), new Decimal(perKm).mul(km)));
  const prices = {} as ClassPrices;
  for (const [cls, factor] of Object.entries(CLASS_FACTORS) as Array<[VehicleClass, string]>) prices[cls] = up(ordinary.mul(factor));
  prices.agentCommission = roundFor(ordinary.mul(route.operator.agentCommissionPercent).div(100), currency);
  return prices;
}

export interface FareRuleView {
  id: string;
  originId: string;
  destinationId: string;
  originCity: string;
  destinationCity: string;
  baseCurrency: string;
  prices: Record<FareComponent, number>;
  otherCurrencies: Array<{ code: string; currency: string; prices: Record<FareComponent, number> }>;
}

/** API numbers from exact decimals: the string with the currency's decimals, then Number (exact for these magnitudes). */
function asNumbers(prices: ClassPrices, currency: string): Record<FareComponent, number> {
  return Object.fromEntries(Object.entries(prices).map(([k, v]) => [k, Number(formatAmount(v as Decimal, currency))])) as Record<FareComponent, number>;
}

/** A fare rule between two stops of a route; each component converted and rounded on its own (0 decimals for TZS/KES/UGX/XAF/RWF). */
export function fareRule(
  route: BusRoute,
  origin: BusStopRecord,
  destination: BusStopRecord,
  km: number,
  currencies: readonly string[],
  rates: RateLookup,
): FareRuleView {
  const base = route.fare.currency;
  const prices = farePrices(route, km);
  const otherCurrencies = currencies
    .filter((code) => code !== base)
    .flatMap((code) => {
      const rate = usableRate(rates(base, code));
      // A currency without a rate is left out rather than shown in the base currency under its code.
      return rate ? [{ code, currency: code, prices: asNumbers(convertComponents(prices, rate, code).components, code) }] : [];
    });
  return {
    id: fareRuleId(route, origin, destination),
    originId: origin.stopId,
    destinationId: destination.stopId,
    originCity: origin.stopName,
    destinationCity: destination.stopName,
    baseCurrency: base,
    prices: asNumbers(prices, base),
    otherCurrencies,
  };
}

/** A fare rule's id: the route and the two stops decide the distance, so the whole rule within one search. */
export const fareRuleId = (route: BusRoute, origin: BusStopRecord, destination: BusStopRecord): string => `${route.id}:${origin.stopId}>${destination.stopId}`;

export function fareRatePairs(bases: Iterable<string>, currencies: readonly string[]): Array<[string, string]> {
  return [...new Set(bases)].flatMap((base) => currencies.filter((c) => c !== base).map((c): [string, string] => [base, c]));
}
