import { convertComponents, usableRate } from '../../../shared/money/component-conversion.calculator';
import type { RateLookup } from '../../../shared/money/exchange-rates.port';
import { currencyPrecision, Decimal, fitsCurrency, formatAmount, isCurrencyCode, parseAmount, roundFor } from '../../../shared/money/money.calculator';
import { isTrainPricingContext, TRAIN_PRICING_POLICY, TrainFeeRecipient, TrainFeeType, TrainPricingContext, TrainPricingPolicy } from './train-pricing.policy';

export { isTrainPricingContext, TRAIN_PRICING_CONTEXTS, TRAIN_PRICING_POLICY } from './train-pricing.policy';
export type { TrainBookingFees, TrainFeeRecipient, TrainFeeType, TrainPricingContext, TrainPricingPolicy } from './train-pricing.policy';

/*
 * The Train price object and the car prices of the spec ("Train price", "Train details"),
 * built from an operator fare in TZS. Amounts come from train-pricing.policy.ts.
 *
 * - Top level (`currency`, `total`, `fees`, ...) is in the base currency (TZS): it is what is
 *   settled and debited, so it never depends on a display currency.
 * - "Fare" below means TRANSPORTER = `total`: the operator fare plus the operator's luggage
 *   charge when one is chosen. `basePrice` is that figure in TZS (what the rail operator is
 *   settled); booking fees are never part of it.
 * - otherCurrencies (our reading of the spec wording): one entry per requested display
 *   currency. `amount`/`formatted` always describe the fare only, never grandTotal.
 *     * Rate available: `amount`/`formatted` are the converted fare (= the entry's `total`),
 *       plus `currency`, `total`, `bookingFeeTotal`, `grandTotal`, `fees[]`, each component
 *       converted and rounded on its own, totals summed from the rounded components.
 *     * No rate: only `amount`/`formatted`, and they are the fare in the BASE currency
 *       (e.g. 22500 / "TZS 22,500"), which is why the spec says clients then show
 *       baseCurrency. We never put a number in a currency we could not convert to.
 *   A requested code that is not a currency code gets no entry (it cannot be a map key
 *   a client asked for on purpose).
 */

export interface TrainFee {
  type: TrainFeeType;
  /** Decimal string with the currency's decimals; zero components are present as "0". */
  amount: string;
  recipient: TrainFeeRecipient;
}

/** An otherCurrencies entry that could not be converted: the fare in the base currency. */
export interface TrainFareDisplay {
  amount: number;
  formatted: string;
}

/** An otherCurrencies entry with a rate: the fare plus every component in that currency. */
export interface TrainConvertedPrice extends TrainFareDisplay {
  currency: string;
  total: string;
  bookingFeeTotal: string;
  grandTotal: string;
  fees: TrainFee[];
}

export type TrainOtherCurrency = TrainFareDisplay | TrainConvertedPrice;

export interface TrainPrice {
  pricingContext: TrainPricingContext;
  /** Base fare currency (TZS). */
  currency: string;
  /** Operator fare (TRANSPORTER). */
  total: string;
  /** FACILITATION + SERVICE_COMMISSION. */
  bookingFeeTotal: string;
  /** total + bookingFeeTotal = sum of fees = wallet debit per ticket. */
  grandTotal: string;
  fees: TrainFee[];
  baseCurrency: string;
  /** The fare (= total) in baseCurrency. */
  basePrice: string;
  otherCurrencies: Record<string, TrainOtherCurrency>;
}

export interface PriceTrainFareInput {
  /** Operator fare, a decimal string in the policy base currency (TZS). */
  fare: string;
  pricingContext: TrainPricingContext;
  displayCurrencies: readonly string[];
  rates: RateLookup;
  /** Chosen luggage option's price in TZS; absent or "0" for none. */
  luggagePrice?: string;
  /** Defaults to TRAIN_PRICING_POLICY; injectable so tests and future policies need no code change. */
  policy?: TrainPricingPolicy;
}

export function isFullyConverted(entry: TrainOtherCurrency): entry is TrainConvertedPrice {
  return 'grandTotal' in entry;
}

/** The rate pairs `priceTrainFare` may look up, for prefetching with `snapshotRates`. */
export function trainRatePairs(displayCurrencies: readonly string[], policy: TrainPricingPolicy = TRAIN_PRICING_POLICY): Array<[string, string]> {
  const base = policy.baseCurrency;
  const targets = [...new Set(displayCurrencies)].filter((c) => isCurrencyCode(c) && c !== base);
  return targets.map((c) => [base, c]);
}

export function priceTrainFare(input: PriceTrainFareInput): TrainPrice {
  const policy = input.policy ?? TRAIN_PRICING_POLICY;
  const context = input.pricingContext;
  if (!isTrainPricingContext(context)) throw new RangeError(`unknown pricing context ${String(context)}`);
  const base = policy.baseCurrency;

  const fare = baseAmount(input.fare, 'fare', base);
  const luggage = input.luggagePrice === undefined ? new Decimal(0) : baseAmount(input.luggagePrice, 'luggage price', base);
  const fees = policy.bookingFees[context];
  // Key order is the order of fees[].
  const components: Record<TrainFeeType, Decimal> = {
    TRANSPORTER: policy.luggageInTransporter ? fare.plus(luggage) : fare,
    FACILITATION: baseAmount(fees.FACILITATION, `${context} FACILITATION`, base),
    SERVICE_COMMISSION: baseAmount(fees.SERVICE_COMMISSION, `${context} SERVICE_COMMISSION`, base),
  };

  const main = view(components, new Decimal(1), base, policy);
  const baseFare: TrainFareDisplay = { amount: Number(main.total), formatted: formattedPrice(main.total, base) };

  const otherCurrencies: Record<string, TrainOtherCurrency> = {};
  for (const code of input.displayCurrencies) {
    if (!isCurrencyCode(code) || Object.prototype.hasOwnProperty.call(otherCurrencies, code)) continue;
    const rate = code === base ? new Decimal(1) : usableRate(input.rates(base, code));
    otherCurrencies[code] = rate ? view(components, rate, code, policy) : { ...baseFare };
  }

  return {
    pricingContext: context,
    currency: base,
    total: main.total,
    bookingFeeTotal: main.bookingFeeTotal,
    grandTotal: main.grandTotal,
    fees: main.fees,
    baseCurrency: base,
    basePrice: main.total,
    otherCurrencies,
  };
}

/** The price in one currency: components converted one by one, totals summed from them. */
function view(components: Record<TrainFeeType, Decimal>, rate: Decimal, currency: string, policy: TrainPricingPolicy): TrainConvertedPrice {
  const { components: c, sum } = convertComponents(components, rate, currency);
  const fmt = (amount: Decimal) => formatAmount(amount, currency);
  return {
    amount: Number(fmt(c.TRANSPORTER)),
    formatted: formattedPrice(c.TRANSPORTER, currency),
    currency,
    total: fmt(c.TRANSPORTER),
    bookingFeeTotal: fmt(c.FACILITATION.plus(c.SERVICE_COMMISSION)),
    grandTotal: fmt(sum),
    fees: (Object.keys(c) as TrainFeeType[]).map((type) => ({ type, amount: fmt(c[type]), recipient: policy.recipients[type] })),
  };
}

const numberFormats = new Map<number, Intl.NumberFormat>();

/**
 * "TZS 24,500", "USD 9.25": code, a plain space, digits grouped with the currency's decimals.
 * The locale is fixed to 'en-US' so the text does not depend on the server's locale; the code
 * prefix (not style 'currency') avoids symbols and no-break spaces that differ by ICU version.
 * The decimal string is formatted as a string, which Node 20's Intl does exactly (no float).
 */
export function formattedPrice(amount: Decimal | string, currency: string): string {
  const decimals = currencyPrecision(currency);
  let format = numberFormats.get(decimals);
  if (!format) {
    format = new Intl.NumberFormat('en-US', { minimumFractionDigits: decimals, maximumFractionDigits: decimals, useGrouping: true });
    numberFormats.set(decimals, format);
  }
  const value = typeof amount === 'string' ? parseAmount(amount) : amount;
  // lib.es2022 types format() as number-only; the string overload is Intl.NumberFormat v3.
  return `${currency} ${format.format(formatAmount(roundFor(value, currency), currency) as unknown as number)}`;
}

export interface TrainTicketFare {
  ticketTypeId: number;
  ticketTypeCode: string;
  ticketTypeName: string;
  /** Operator fare in TZS (decimal string) for this car's class. */
  amount: string;
}

export interface TrainLuggageChoice {
  id: number;
  name: string;
  /** TZS decimal string. */
  price: string;
  isActive?: boolean;
}

export interface TrainCarPrice {
  ticketTypeId: number;
  ticketTypeCode: string;
  ticketTypeName: string;
  pricingContext: TrainPricingContext;
  total: string;
  bookingFeeTotal: string;
  grandTotal: string;
  fees: TrainFee[];
  /** The fare (= total) formatted in `currency`, like every `formatted` in the spec. */
  formattedPrice: string;
  currency: string;
  otherCurrencies: Record<string, TrainOtherCurrency>;
  /** Null for the no-luggage entry. */
  luggageTypeId: number | null;
  luggageTypeName: string | null;
  /** In TZS; 0 for the no-luggage entry. */
  luggagePrice: number;
}

export interface CarPricesInput {
  /** Fares of the car's class, one per ticket type. */
  fares: readonly TrainTicketFare[];
  luggageOptions?: readonly TrainLuggageChoice[];
  pricingContext: TrainPricingContext;
  displayCurrencies: readonly string[];
  rates: RateLookup;
  policy?: TrainPricingPolicy;
}

/**
 * One entry per ticket type × luggage choice: first "no luggage", then every active luggage
 * option in the given order (inactive options cannot be bought, so they are not priced).
 */
export function carPrices(input: CarPricesInput): TrainCarPrice[] {
  const luggageChoices: Array<TrainLuggageChoice | null> = [null, ...(input.luggageOptions ?? []).filter((o) => o.isActive !== false)];
  const result: TrainCarPrice[] = [];
  for (const fare of input.fares) {
    for (const luggage of luggageChoices) {
      const price = priceTrainFare({
        fare: fare.amount,
        pricingContext: input.pricingContext,
        displayCurrencies: input.displayCurrencies,
        rates: input.rates,
        luggagePrice: luggage?.price,
        policy: input.policy,
      });
      result.push({
        ticketTypeId: fare.ticketTypeId,
        ticketTypeCode: fare.ticketTypeCode,
        ticketTypeName: fare.ticketTypeName,
        pricingContext: price.pricingContext,
        total: price.total,
        bookingFeeTotal: price.bookingFeeTotal,
        grandTotal: price.grandTotal,
        fees: price.fees,
        formattedPrice: formattedPrice(price.total, price.currency),
        currency: price.currency,
        otherCurrencies: price.otherCurrencies,
        luggageTypeId: luggage ? luggage.id : null,
        luggageTypeName: luggage ? luggage.name : null,
        luggagePrice: luggage ? parseAmount(luggage.price).toNumber() : 0,
      });
    }
  }
  return result;
}

/** A non-negative amount already in the base currency's precision: fares are settlement figures, so we refuse to round them. */
function baseAmount(value: string, what: string, currency: string): Decimal {
  const amount = parseAmount(value);
  if (amount.isNegative()) throw new RangeError(`${what} ${value} is negative`);
  if (!fitsCurrency(amount, currency)) throw new RangeError(`${what} ${value} has more decimals than ${currency} allows`);
  return amount;
}
