import Decimal from 'decimal.js';

/** Money arithmetic lives here and only here: decimal strings in, decimal strings out. */
const ZERO_DECIMAL_CURRENCIES = new Set(['TZS', 'KES', 'UGX', 'XAF', 'RWF']);

export type Amount = Decimal;

/** Shaped like a currency code (three capital letters): what internal data (supplier fares, rate tables) is checked by. */
export function isCurrencyCode(value: string): boolean {
  return /^[A-Z]{3}$/.test(value);
}

/**
 * The currencies ISO 4217 lists today, as the runtime's ICU data has them (withdrawn codes such as DEM and the
 * non-currencies XXX, XTS and the metals are not among them): what a client's currency is checked by.
 */
const ISO_4217_CURRENCIES = new Set(Intl.supportedValuesOf('currency'));

export function isIso4217Currency(value: string): boolean {
  return ISO_4217_CURRENCIES.has(value);
}

/** 0 decimals for TZS, KES, UGX, XAF, RWF; 2 otherwise (spec "Limits"). */
export function currencyPrecision(currency: string): number {
  return ZERO_DECIMAL_CURRENCIES.has(currency) ? 0 : 2;
}

/** Parses a decimal string (or integer) into a Decimal; rejects floats-as-numbers with fractions, NaN and exponents. */
export function parseAmount(value: string | number): Amount {
  if (typeof value === 'number') {
    if (!Number.isSafeInteger(value)) throw new RangeError(`amount ${value} must be given as a decimal string`);
    return new Decimal(value);
  }
  if (!/^-?\d{1,15}(\.\d{1,4})?$/.test(value)) throw new RangeError(`"${value}" is not a decimal amount`);
  return new Decimal(value);
}

export function roundFor(amount: Amount, currency: string): Amount {
  return amount.toDecimalPlaces(currencyPrecision(currency), Decimal.ROUND_HALF_UP);
}

/** True when the amount has no more decimals than the currency allows. */
export function fitsCurrency(amount: Amount, currency: string): boolean {
  return amount.decimalPlaces() <= currencyPrecision(currency);
}

/** The API form: a decimal string with exactly the currency's decimals. */
export function formatAmount(amount: Amount, currency: string): string {
  return amount.toFixed(currencyPrecision(currency));
}

export { Decimal };
