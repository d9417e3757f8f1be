import { Decimal, currencyPrecision, formatAmount, roundFor } from '../../../shared/money/money.calculator';
import { BASE_CURRENCY, type DepositOperation } from '../../../shared/api-contract/train-deposit.validator';

/** The deposit rules' currency and operations are the shared validator's (shared/api-contract/train-deposit.validator.ts). */
export { BASE_CURRENCY, type DepositOperation };

/*
 * The money rules of SGR online payments (docs/train-payments.md "Quotes and charges"), pure so they can be
 * tested on their own. Fares are TZS; a quote is the reservation's payable amount (fare plus the service
 * booking fee) converted at a rate frozen once per currency; a charge is the quote plus the payment method's
 * processing fee, at most 10% of the quote.
 */

/** The processing fee may not exceed this share of the quote. */
export const MAX_FEE_SHARE = new Decimal('0.1');

/**
 * PENDING: charge requested, money not confirmed. CONFIRMED: the provider confirmed (attachedAt says whether it
 * pays the reservation yet). CANCELLED: declined, or superseded by a newer request. REFUND_REQUIRED: confirmed
 * money that cannot pay the reservation (it was cancelled, or another payment already pays it).
 */
export type TrainPaymentStatus = 'PENDING' | 'CONFIRMED' | 'CANCELLED' | 'REFUND_REQUIRED';

export interface TrainPaymentQuote {
  reservationId: string;
  currency: string;
  /** Quote amount in `currency`, with its decimals. */
  amount: string;
  /** Units of `currency` per 1 TZS, as frozen. */
  exchangeRate: string;
  baseAmount: string;
  baseCurrency: string;
  frozenAt: Date;
}

export interface TrainPayment {
  id: string;
  reservationId: string;
  paymentReference: string;
  accountId: string;
  operation: DepositOperation;
  /** The gateway method the charge used (CARD, MOBILE_MONEY, or a sandbox decline method). */
  method: string;
  provider: string;
  /** What was charged: quote plus processing fee. */
  amount: string;
  currency: string;
  quoteAmount: string;
  processingFee: string;
  rail: string | null;
  payerCountry: string | null;
  status: TrainPaymentStatus;
  providerReference: string | null;
  /** The provider's hosted page the payer completes a PENDING charge on (a real provider's card payment); null otherwise. */
  checkoutUrl: string | null;
  declineReason: string | null;
  confirmedAt: Date | null;
  attachedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

/** A rate to freeze: 12 significant digits is far below any currency's rounding and keeps the stored row exact. */
export function frozenRate(rate: Decimal): Decimal {
  return rate.toSignificantDigits(12, Decimal.ROUND_HALF_UP);
}

/** The quote: base amount × frozen rate, rounded to the currency's decimals (0 for TZS, KES, UGX, XAF, RWF). */
export function quoteAmount(baseAmount: string, rate: Decimal, currency: string): string {
  return formatAmount(roundFor(new Decimal(baseAmount).times(rate), currency), currency);
}

export type ChargeCheck =
  | { ok: true; charged: string; fee: string }
  | { ok: false; reason: 'MALFORMED'; message: string }
  | { ok: false; reason: 'BELOW_QUOTE' | 'FEE_TOO_HIGH'; charged: string; maxCharge: string };

/**
 * The charge for a quote: omitted means the bare quote; below the quote is refused, and so is a fee above 10% of
 * the quote. The amount must be a plain decimal with at most the currency's decimals.
 */
export function checkCharge(quote: string, currency: string, requested: string | number | null | undefined): ChargeCheck {
  const q = new Decimal(quote);
  const maxCharge = formatAmount(q.plus(q.times(MAX_FEE_SHARE)).toDecimalPlaces(currencyPrecision(currency), Decimal.ROUND_DOWN), currency);
  if (requested === null || requested === undefined || requested === '')
    return { ok: true, charged: formatAmount(q, currency), fee: formatAmount(new Decimal(0), currency) };
  const text = typeof requested === 'number' ? String(requested) : requested.trim();
  if (!/^\d{1,12}(\.\d{1,2})?$/.test(text)) return { ok: false, reason: 'MALFORMED', message: 'must be a positive decimal amount such as "150000" or "57.40"' };
  const charged = new Decimal(text);
  if (charged.decimalPlaces() > currencyPrecision(currency)) {
    return { ok: false, reason: 'MALFORMED', message: `has more decimals than ${currency} allows (${currencyPrecision(currency)})` };
  }
  if (charged.lt(q)) return { ok: false, reason: 'BELOW_QUOTE', charged: formatAmount(charged, currency), maxCharge };
  const fee = charged.minus(q);
  if (fee.gt(q.times(MAX_FEE_SHARE))) return { ok: false, reason: 'FEE_TOO_HIGH', charged: formatAmount(charged, currency), maxCharge };
  return { ok: true, charged: formatAmount(charged, currency), fee: formatAmount(fee, currency) };
}

/**
 * Rule 7's exact match: a confirmed payment pays a reservation only for the same owner and payment reference, and
 * for exactly the quote frozen for its currency (compared as decimals). A larger or smaller quote, or a currency
 * with no frozen quote, never pays it.
 */
export function paymentMatches(
  payment: Pick<TrainPayment, 'accountId' | 'paymentReference' | 'quoteAmount' | 'currency' | 'status'>,
  reservation: { accountId: string; paymentReference: string },
  quotes: readonly Pick<TrainPaymentQuote, 'currency' | 'amount'>[],
): boolean {
  if (payment.status !== 'CONFIRMED') return false;
  if (payment.accountId !== reservation.accountId || payment.paymentReference !== reservation.paymentReference) return false;
  const quote = quotes.find((q) => q.currency === payment.currency);
  return !!quote && new Decimal(quote.amount).eq(payment.quoteAmount);
}
