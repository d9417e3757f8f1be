import { createHash } from 'node:crypto';
import type { RateLookup } from '../../../shared/money/exchange-rates.port';
import { Decimal, formatAmount, isCurrencyCode, parseAmount, roundFor } from '../../../shared/money/money.calculator';
import { bookingFeesFor } from './booking-fee.policy';
import { applyCashRounding } from './cash-rounding.policy';
import { FLIGHT_PRICING_POLICY, FlightPricingPolicy, isAgentContext, PRICING_CONTEXTS, PricingContext } from './pricing.policy';

export { FLIGHT_PRICING_POLICY, isAgentContext, PRICING_CONTEXTS } from './pricing.policy';
export type { CashRoundingRule, FlightPricingPolicy, PricingContext } from './pricing.policy';

/*
 * The offer price object of the spec ("Offer price object"), built from the supplier price.
 *
 * How the numbers are made (see pricing.policy.ts for the rates and increments):
 * 1. Booking fees are computed in the supplier currency and rounded to its precision.
 * 2. Every component (fare total, base, supplier fees, each booking fee) is converted to each
 *    target currency on its own and rounded there (half up); totals are sums of those rounded
 *    components and are never converted themselves, so every view adds up exactly.
 * 3. Agents: the wallet payable is fare total + SERVICE_COMMISSION in the wallet currency, then
 *    rounded up to the cash increment. The uplift is added to SERVICE_COMMISSION in every view
 *    (converted at the same implied rate outside the wallet currency) and reported as its
 *    `roundingAdjustment`.
 * Supplier `fees[]` are informational: they are already inside the supplier total.
 */

export type BookingFeeType = 'SERVICE_COMMISSION' | 'AGENT_COMMISSION';
export type BookingFeeRecipient = 'SERVICE' | 'SERVICE_AGENT';

export interface BookingFee {
  amount: string;
  currency: string;
  type: BookingFeeType;
  recipient: BookingFeeRecipient;
  /** Cash-rounding uplift already included in `amount` (SERVICE_COMMISSION only). */
  roundingAdjustment?: string;
}

export interface PriceFee {
  amount: string;
  type: string;
}

export interface WalletSettlement {
  currency: string;
  unroundedDebit: string;
  debitTotal: string;
  /** Absent when the wallet currency has no cash-rounding policy. */
  rounding?: { policyVersion: string; increment: string; adjustment: string };
}

/** One display conversion (otherCurrencies value). */
export interface CurrencyPrice {
  currency: string;
  total: string;
  bookingFeeTotal: string;
  grandTotal: string;
  /** Agents only: fare total + SERVICE_COMMISSION in this currency. */
  walletDebitTotal?: string;
  bookingFees: BookingFee[];
}

export interface FlightOfferPrice {
  /** Display currency: total, base, fees, grandTotal, bookingFeeTotal and bookingFees are in it. */
  currency: string;
  total: string;
  base: string;
  fees: PriceFee[];
  grandTotal: string;
  bookingFeeTotal: string;
  /** Agents only, in the WALLET currency (= walletSettlement.debitTotal), not the display currency. */
  walletDebitTotal?: string;
  /** Agents only: the authoritative wallet payable. */
  walletSettlement?: WalletSettlement;
  pricingContext: PricingContext;
  bookingFees: BookingFee[];
  /** Display conversions only; never authoritative (left out of the price version). */
  otherCurrencies: Record<string, CurrencyPrice>;
}

export interface SupplierPrice {
  currency: string;
  total: string;
  base: string;
  fees?: ReadonlyArray<PriceFee>;
}

/** A rate function, or a table keyed "FROM/TO" (e.g. "USD/TZS": "2650"). */
export type RateInput = RateLookup | Readonly<Record<string, string | Decimal>>;

export interface PriceOfferInput {
  supplierPrice: SupplierPrice;
  displayCurrency: string;
  pricingContext: PricingContext;
  /** Required for SERVICE_AGENT and THIRD_PARTY_AGENT; ignored for ONLINE. */
  walletCurrency?: string;
  rates: RateInput;
  otherCurrencies?: readonly string[];
  /** Defaults to FLIGHT_PRICING_POLICY; injectable so tests and future policies need no code change. */
  policy?: FlightPricingPolicy;
}

export type PricingErrorCode = 'CURRENCY_UNAVAILABLE' | 'INVALID_PRICE_INPUT';

/**
 * Pricing failures. CURRENCY_UNAVAILABLE (with `currency`) is what the API maps to
 * 502 FLIGHT_SUPPLIER_CURRENCY_UNAVAILABLE; INVALID_PRICE_INPUT means a malformed supplier
 * price or a caller bug (e.g. an agent price without a wallet currency).
 */
export class PricingError extends Error {
  constructor(
    readonly code: PricingErrorCode,
    message: string,
    readonly currency?: string,
  ) {
    super(message);
    this.name = 'PricingError';
  }

  static currencyUnavailable(currency: string): PricingError {
    return new PricingError('CURRENCY_UNAVAILABLE', `No exchange rate available for ${currency}`, currency);
  }
}

/** The rate pairs `priceOffer` may look up, for prefetching with `snapshotRates`. */
export function ratePairsFor(input: {
  supplierCurrency: string;
  displayCurrency: string;
  walletCurrency?: string;
  otherCurrencies?: readonly string[];
  policy?: FlightPricingPolicy;
}): Array<[string, string]> {
  const source = input.supplierCurrency;
  const minimumCurrency = (input.policy ?? FLIGHT_PRICING_POLICY).serviceCommission.minimum.currency;
  const targets = [input.displayCurrency, ...(input.walletCurrency ? [input.walletCurrency] : []), ...(input.otherCurrencies ?? [])];
  const pairs: Array<[string, string]> = [];
  const seen = new Set<string>();
  for (const [from, to] of [[minimumCurrency, source], ...targets.map((t) => [source, t])] as Array<[string, string]>) {
    if (from === to || seen.has(`${from}/${to}`)) continue;
    seen.add(`${from}/${to}`);
    pairs.push([from, to]);
  }
  return pairs;
}

export function priceOffer(input: PriceOfferInput): FlightOfferPrice {
  const policy = input.policy ?? FLIGHT_PRICING_POLICY;
  const { context, source, display, agent, wallet } = checkedCurrencies(input);

  const lookup = toLookup(input.rates);
  /** Units of `to` per unit of supplier currency, or null. */
  const rateFromSource = (to: string): Decimal | null => (to === source ? new Decimal(1) : validRate(lookup(source, to)));

  const fareTotal = sourceAmount(input.supplierPrice.total, 'total');
  const fareBase = sourceAmount(input.supplierPrice.base, 'base');
  const supplierFees = (input.supplierPrice.fees ?? []).map((f) => ({ type: f.type, amount: sourceAmount(f.amount, `fee ${f.type}`) }));

  const minimumCurrency = policy.serviceCommission.minimum.currency;
  const minimumRate = minimumCurrency === source ? new Decimal(1) : validRate(lookup(minimumCurrency, source));
  if (!minimumRate) throw PricingError.currencyUnavailable(source);
  const fees = bookingFeesFor(fareTotal, source, context, minimumRate, policy);

  const displayRate = rateFromSource(display);
  if (!displayRate) throw PricingError.currencyUnavailable(display);

  // The wallet payable comes first: its cash-rounding uplift feeds every view's service commission.
  const { settlement, uplift } = wallet !== undefined ? walletSettlementOf(fareTotal, fees.serviceCommission, wallet, rateFromSource, policy) : {};
  const view = (currency: string, rate: Decimal): CurrencyPrice => currencyPrice({ fareTotal, fees, uplift, agent }, currency, rate);

  const main = view(display, displayRate);
  const otherCurrencies: Record<string, CurrencyPrice> = {};
  for (const code of input.otherCurrencies ?? []) {
    if (code === display || Object.prototype.hasOwnProperty.call(otherCurrencies, code) || !isCurrencyCode(code)) continue;
    const rate = rateFromSource(code);
    if (rate) otherCurrencies[code] = view(code, rate); // no rate: simply not offered
  }

  const price: FlightOfferPrice = {
    currency: display,
    total: main.total,
    base: formatAmount(convert(fareBase, displayRate, display), display),
    fees: supplierFees.map((f) => ({ amount: formatAmount(convert(f.amount, displayRate, display), display), type: f.type })),
    grandTotal: main.grandTotal,
    bookingFeeTotal: main.bookingFeeTotal,
    pricingContext: context,
    bookingFees: main.bookingFees,
    otherCurrencies,
  };
  if (settlement) {
    price.walletDebitTotal = settlement.debitTotal;
    price.walletSettlement = settlement;
  }
  return price;
}

interface CheckedCurrencies {
  context: PricingContext;
  source: string;
  display: string;
  agent: boolean;
  /** The agent's wallet currency; undefined in the online context. */
  wallet: string | undefined;
}

/** The pricing context and the currencies of a price request, each checked before any arithmetic. */
function checkedCurrencies(input: PriceOfferInput): CheckedCurrencies {
  const context = input.pricingContext;
  if (!PRICING_CONTEXTS.includes(context)) throw new PricingError('INVALID_PRICE_INPUT', `unknown pricing context ${String(context)}`);
  const source = input.supplierPrice.currency;
  if (!isCurrencyCode(source)) throw new PricingError('INVALID_PRICE_INPUT', `supplier currency "${source}" is not a currency code`);
  const display = input.displayCurrency;
  if (!isCurrencyCode(display)) throw PricingError.currencyUnavailable(display);
  const agent = isAgentContext(context);
  const wallet = agent ? input.walletCurrency : undefined;
  if (agent && (wallet === undefined || !isCurrencyCode(wallet))) {
    throw new PricingError('INVALID_PRICE_INPUT', `${context} pricing needs the wallet currency`);
  }
  return { context, source, display, agent, wallet };
}

/** The cash-rounding uplift of the wallet payable, in the wallet currency at its rate from the supplier currency. */
interface Uplift {
  amount: Decimal;
  currency: string;
  rate: Decimal;
}

/** The authoritative wallet payable (fare plus service commission, cash-rounded) and the rounding's uplift. */
function walletSettlementOf(
  fareTotal: Decimal,
  serviceCommission: Decimal,
  wallet: string,
  rateFromSource: (to: string) => Decimal | null,
  policy: FlightPricingPolicy,
): { settlement: WalletSettlement; uplift?: Uplift } {
  const walletRate = rateFromSource(wallet);
  if (!walletRate) throw PricingError.currencyUnavailable(wallet);
  const unrounded = convert(fareTotal, walletRate, wallet).plus(convert(serviceCommission, walletRate, wallet));
  const { rounded, rounding } = applyCashRounding(unrounded, wallet, policy);
  const settlement: WalletSettlement = { currency: wallet, unroundedDebit: formatAmount(unrounded, wallet), debitTotal: formatAmount(rounded, wallet) };
  if (!rounding) return { settlement };
  settlement.rounding = {
    policyVersion: rounding.policyVersion,
    increment: formatAmount(rounding.increment, wallet),
    adjustment: formatAmount(rounding.adjustment, wallet),
  };
  return { settlement, uplift: { amount: rounding.adjustment, currency: wallet, rate: walletRate } };
}

interface PricedFare {
  fareTotal: Decimal;
  fees: ReturnType<typeof bookingFeesFor>;
  uplift: Uplift | undefined;
  agent: boolean;
}

/** The offer's price in one currency at `rate` units per supplier unit, booking fees included. */
function currencyPrice({ fareTotal, fees, uplift, agent }: PricedFare, currency: string, rate: Decimal): CurrencyPrice {
  const total = convert(fareTotal, rate, currency);
  // Same implied wallet→target rate as the components use, so views stay mutually consistent.
  const adjustment = uplift && (currency === uplift.currency ? uplift.amount : roundFor(uplift.amount.mul(rate).div(uplift.rate), currency));
  const serviceCommission = convert(fees.serviceCommission, rate, currency).plus(adjustment ?? 0);
  const bookingFees: BookingFee[] = [
    {
      amount: formatAmount(serviceCommission, currency),
      currency,
      type: 'SERVICE_COMMISSION',
      recipient: 'SERVICE',
      ...(adjustment !== undefined ? { roundingAdjustment: formatAmount(adjustment, currency) } : {}),
    },
  ];
  let feeTotal = serviceCommission;
  if (fees.agentCommission) {
    const agentCommission = convert(fees.agentCommission, rate, currency);
    bookingFees.push({ amount: formatAmount(agentCommission, currency), currency, type: 'AGENT_COMMISSION', recipient: 'SERVICE_AGENT' });
    feeTotal = feeTotal.plus(agentCommission);
  }
  const result: CurrencyPrice = {
    currency,
    total: formatAmount(total, currency),
    bookingFeeTotal: formatAmount(feeTotal, currency),
    grandTotal: formatAmount(total.plus(feeTotal), currency),
    bookingFees,
  };
  if (agent) result.walletDebitTotal = formatAmount(total.plus(serviceCommission), currency);
  return result;
}

/**
 * Canonical version of the authoritative amounts: 'pv1-' + 32 hex of sha256. Amounts are
 * normalised as decimals ("120000.00" and "120000" hash alike), arrays keep their order, and
 * otherCurrencies (display-only) is left out.
 */
export function priceVersionOf(price: FlightOfferPrice): string {
  const n = (value: string | undefined): string | null => (value === undefined ? null : new Decimal(value).toFixed());
  const s = price.walletSettlement;
  const canonical = [
    'pv1',
    price.pricingContext,
    price.currency,
    n(price.total),
    n(price.base),
    price.fees.map((f) => [f.type, n(f.amount)]),
    n(price.bookingFeeTotal),
    n(price.grandTotal),
    price.bookingFees.map((f) => [f.type, f.recipient, f.currency, n(f.amount), n(f.roundingAdjustment)]),
    n(price.walletDebitTotal),
    s
      ? [s.currency, n(s.unroundedDebit), n(s.debitTotal), s.rounding ? [s.rounding.policyVersion, n(s.rounding.increment), n(s.rounding.adjustment)] : null]
      : null,
  ];
  return 'pv1-' + createHash('sha256').update(JSON.stringify(canonical)).digest('hex').slice(0, 32);
}

export interface PriceAcceptance {
  priceVersion: string;
  amount: string;
  currency: string;
}

/**
 * True when the client accepted exactly this price: same version, and the amount the caller
 * actually pays — the wallet debitTotal for agents, the display grandTotal for customers —
 * equal as a decimal in the same currency.
 */
export function acceptsPrice(price: FlightOfferPrice, acceptance: PriceAcceptance, pricingContext: PricingContext): boolean {
  if (!acceptance || typeof acceptance.priceVersion !== 'string' || typeof acceptance.amount !== 'string' || typeof acceptance.currency !== 'string')
    return false;
  if (price.pricingContext !== pricingContext) return false;
  if (acceptance.priceVersion !== priceVersionOf(price)) return false;
  let expected: { amount: string; currency: string };
  if (isAgentContext(pricingContext)) {
    if (!price.walletSettlement) return false;
    expected = { amount: price.walletSettlement.debitTotal, currency: price.walletSettlement.currency };
  } else {
    expected = { amount: price.grandTotal, currency: price.currency };
  }
  if (acceptance.currency !== expected.currency) return false;
  try {
    return parseAmount(acceptance.amount).eq(new Decimal(expected.amount));
  } catch {
    return false; // not a decimal amount
  }
}

function convert(amount: Decimal, rate: Decimal, currency: string): Decimal {
  return roundFor(amount.mul(rate), currency);
}

function sourceAmount(value: string, what: string): Decimal {
  let amount: Decimal;
  try {
    amount = parseAmount(value);
  } catch {
    throw new PricingError('INVALID_PRICE_INPUT', `supplier ${what} "${String(value)}" is not a decimal amount`);
  }
  if (amount.isNegative()) throw new PricingError('INVALID_PRICE_INPUT', `supplier ${what} is negative`);
  return amount;
}

/** A usable rate is finite and positive; anything else counts as "no rate". */
function validRate(rate: Decimal | null | undefined): Decimal | null {
  return rate && rate.isFinite() && rate.gt(0) ? rate : null;
}

function toLookup(rates: RateInput): RateLookup {
  if (typeof rates === 'function') return rates;
  return (from, to) => {
    const key = `${from}/${to}`;
    const value = Object.prototype.hasOwnProperty.call(rates, key) ? rates[key] : undefined;
    return value === undefined ? null : new Decimal(value);
  };
}
