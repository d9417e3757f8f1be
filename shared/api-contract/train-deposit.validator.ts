import { MobileMoneyRail, railById } from '../payments/mobile-money-rails.data';
import { checkPhoneText, parsePhone } from '../validation/contact-fields.validator';

/*
 * The one validator of a train deposit (OpenAPI `postTripTrainPaymentsCard`, `postTripTrainPaymentsMobile`,
 * `postTripTrainPaymentsMobileMoney`; GraphQL `depositTrain*Payment`). The REST layer checks a request with it before
 * any GraphQL runs and the train subgraph checks the mutation's arguments with it, so both answer one 400
 * SGR_PAYMENT_INVALID listing the same fields with the same words. What needs data (the reservation, its frozen
 * quote, the charge in the quote's decimals) is the subgraph's alone.
 */

/** The deposit operations (docs/train-payments.md). */
export type DepositOperation = 'CARD' | 'MOBILE' | 'MOBILE_MONEY';

/** The longest text each member may hold; the REST document states the same numbers. */
export const TRAIN_DEPOSIT_MAX_LENGTH = {
  paymentReference: 32,
  currency: 16,
  cardToken: 200,
  rail: 24,
  phoneNumber: 32,
} as const;

/** The fee-inclusive charge is `total` on a card and `amount` on the mobile operations. */
export function amountField(operation: DepositOperation): 'total' | 'amount' {
  return operation === 'CARD' ? 'total' : 'amount';
}

/** A deposit body as sent: every member unchecked. */
export interface TrainDepositInput {
  paymentReference?: unknown;
  currency?: unknown;
  /** Card: the charge total (quote plus processing fee). */
  total?: unknown;
  /** Mobile and mobile money: the charge amount (quote plus processing fee). */
  amount?: unknown;
  cardToken?: unknown;
  phoneNumber?: unknown;
  rail?: unknown;
}

export interface TrainDeposit {
  paymentReference: string;
  currency: string;
  /** The charge as sent (text), or null for the bare quote. */
  requested: string | null;
  cardToken: string | null;
  phone: { e164: string; country: string | null; nationalNumber: string } | null;
  rail: MobileMoneyRail | null;
}

export interface DepositProblem {
  field: string;
  message: string;
}

/** The message of the one 400 SGR_PAYMENT_INVALID, REST's and GraphQL's alike. */
export const depositInvalidMessage = (problems: DepositProblem[]) => `Invalid payment request: ${problems.map((p) => p.field).join(', ')}`;

/** The currency when none is given. */
export const BASE_CURRENCY = 'TZS';
/** National payer numbers of the mobile deposit, which names no rail, are Tanzanian. */
const TANZANIA_CALLING_CODE = '255';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Absent (or null) is "is required (string)", as every REST body names a missing member; empty is "is required". */
const missing = (value: unknown) => (value === undefined || value === null ? 'is required (string)' : 'is required');

class DepositCheck {
  readonly problems: DepositProblem[] = [];
  constructor(private readonly input: TrainDepositInput) {}

  /** Trimmed text, or null when absent or empty; a non-string or one too long is a problem. */
  text(field: keyof typeof TRAIN_DEPOSIT_MAX_LENGTH): string | null {
    const value = this.input[field];
    if (value === undefined || value === null || value === '') return null;
    const max = TRAIN_DEPOSIT_MAX_LENGTH[field];
    if (typeof value !== 'string' || value.trim().length > max) {
      this.problems.push({ field, message: `must be a string of at most ${max} characters` });
      return null;
    }
    return value.trim() || null;
  }

  required(field: keyof typeof TRAIN_DEPOSIT_MAX_LENGTH, message = missing(this.input[field])): string | null {
    const value = this.text(field);
    if (value === null && !this.problems.some((p) => p.field === field)) this.problems.push({ field, message });
    return value;
  }

  charge(operation: DepositOperation): string | null {
    const amountKey = amountField(operation);
    const other = amountKey === 'total' ? 'amount' : 'total';
    if (this.input[other] !== undefined && this.input[other] !== null)
      this.problems.push({ field: other, message: `is not a field of the ${operation.toLowerCase().replace('_', '-')} deposit; send "${amountKey}"` });
    const raw = this.input[amountKey];
    if (raw === undefined || raw === null) return null;
    if (typeof raw === 'string' || typeof raw === 'number') return String(raw);
    this.problems.push({ field: amountKey, message: 'must be a decimal string' });
    return null;
  }

  rail(): MobileMoneyRail | null {
    const given = this.input.rail;
    const id = this.text('rail');
    const rail = id ? railById(id.toUpperCase()) : null;
    if (!rail && !this.problems.some((p) => p.field === 'rail'))
      this.problems.push({ field: 'rail', message: id ? `"${id}" is not a mobile money rail (see docs/train-payments.md)` : missing(given) });
    return rail;
  }

  /** National numbers belong to the rail's country (mobile money) or Tanzania (mobile); "+…" numbers to their own. */
  phone(rail: MobileMoneyRail | null): TrainDeposit['phone'] {
    const text = this.required('phoneNumber');
    if (text === null) return null;
    const checked = checkPhoneText(text);
    if ('error' in checked) return this.problem('phoneNumber', checked.error);
    const callingCode = checked.value.international ? null : (rail?.callingCode ?? TANZANIA_CALLING_CODE);
    const parsed = parsePhone(checked.value.text, callingCode, true);
    return 'error' in parsed ? this.problem('phoneNumber', parsed.error) : parsed.value;
  }

  private problem(field: string, message: string): null {
    this.problems.push({ field, message });
    return null;
  }
}

/** Every problem of a deposit body at once, in member order; or the deposit, normalised. */
export function checkTrainDeposit(operation: DepositOperation, input: TrainDepositInput): { deposit: TrainDeposit } | { problems: DepositProblem[] } {
  const check = new DepositCheck(input ?? {});
  const paymentReference = check.required('paymentReference');
  const currency = (check.text('currency') ?? BASE_CURRENCY).toUpperCase();
  if (!/^[A-Z]{3}$/.test(currency)) check.problems.push({ field: 'currency', message: 'must be an ISO 4217 code such as TZS or USD' });
  const requested = check.charge(operation);
  const cardToken = operation === 'CARD' ? check.required('cardToken', "is required: the payment provider's token for the card") : null;
  const rail = operation === 'MOBILE_MONEY' ? check.rail() : null;
  const phone = operation === 'CARD' ? null : check.phone(rail);
  if (check.problems.length) return { problems: check.problems };
  return { deposit: { paymentReference: paymentReference!, currency, requested, cardToken, phone, rail } };
}

/** The payment id of a confirmation: a uuid (any case, spaces around it ignored), answered in lower case. */
export function checkTrainPaymentId(paymentId: unknown): { paymentId: string } | { problems: DepositProblem[] } {
  const id = typeof paymentId === 'string' ? paymentId.trim().toLowerCase() : '';
  return UUID.test(id) ? { paymentId: id } : { problems: [{ field: 'paymentId', message: 'must be a uuid' }] };
}
