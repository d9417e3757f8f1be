import type { EntityManager } from 'typeorm';
import type { TrainPorts } from '../train-ports.type';
import type { ExchangeRates } from '../../../shared/money/exchange-rates.port';
import { usableRate } from '../../../shared/money/component-conversion.calculator';
import { Decimal, formatAmount } from '../../../shared/money/money.calculator';
import { BASE_CURRENCY, frozenRate, quoteAmount, TrainPaymentQuote } from './train-payment.policy';
import { TrainPaymentException } from './train-payment.exception';
import type { TrainPaymentRepository } from './train-payment.repository';
import type { ReservationForPayment } from './reservation-for-payment.port';

/** GET …/issuance `payable`: what the reservation costs and the quotes frozen for it so far. */
export interface TrainPayableView {
  baseAmount: string;
  baseCurrency: string;
  /** What is still to pay in the base currency: the base amount while the reservation awaits funds, "0" after. */
  paymentRequired: string;
  quotes: Array<{ amount: string; currency: string; exchangeRate: string }>;
}

/**
 * Payable quotes (docs/train-payments.md "Quotes and charges"). The rate of a currency is frozen the first time
 * the owner asks for it while the reservation awaits funds, and that quote then holds for the reservation's
 * life: every later read and every charge uses it. Nobody else freezes anything, and nothing is frozen once
 * the reservation is paid, issued, cancelled or past its window.
 */
export class TrainPaymentQuoteService {
  constructor(
    private readonly ports: Pick<TrainPorts, 'clock' | 'config'>,
    private readonly payments: TrainPaymentRepository,
    private readonly rates: ExchangeRates,
  ) {}

  /** Owner, RESERVED and inside the payment window: the only time quotes may be frozen or money taken. */
  awaitsFunds(r: ReservationForPayment, accountId: string): boolean {
    return r.accountId === accountId && this.open(r);
  }

  /** RESERVED and inside its payment window: money is still to come. */
  private open(r: ReservationForPayment): boolean {
    return r.status === 'RESERVED' && !!r.expiresAt && r.expiresAt.getTime() > this.ports.clock.now().getTime();
  }

  /** The configured payment currencies that have a rate from TZS right now. */
  async payableCurrencies(): Promise<string[]> {
    const usable = await Promise.all(this.ports.config.paymentCurrencies.map(async (c) => ((await this.rateTo(c)) ? c : null)));
    return usable.filter((c): c is string => c !== null);
  }

  /**
   * The quote for `currency`: the frozen one, or (owner awaiting funds only) a new one frozen now together with
   * the base-currency quote. 422 SGR_PAYMENT_CURRENCY_UNAVAILABLE when the currency cannot be quoted.
   */
  async quote(r: ReservationForPayment, currency: string, accountId: string, m?: EntityManager): Promise<TrainPaymentQuote | null> {
    const frozen = (await this.payments.quotesOf(r.id, m)).find((q) => q.currency === currency);
    if (frozen) return frozen;
    if (!this.awaitsFunds(r, accountId)) return null;
    const rate = this.ports.config.paymentCurrencies.includes(currency) ? await this.rateTo(currency) : null;
    if (!rate) throw TrainPaymentException.currencyUnavailable(currency, await this.payableCurrencies());
    const now = this.ports.clock.now();
    const base = formatAmount(new Decimal(r.paymentRequired!), BASE_CURRENCY);
    for (const [code, value] of [
      [BASE_CURRENCY, new Decimal(1)],
      [currency, frozenRate(rate)],
    ] as const) {
      await this.payments.freezeQuote(
        {
          reservationId: r.id,
          currency: code,
          amount: quoteAmount(base, value, code),
          exchangeRate: value.toFixed(),
          baseAmount: base,
          baseCurrency: BASE_CURRENCY,
          frozenAt: now,
        },
        m,
      );
    }
    // INSERT IGNORE: a concurrent first request may have frozen it a moment earlier; its quote is the one.
    return (await this.payments.quotesOf(r.id, m)).find((q) => q.currency === currency)!;
  }

  /** The payable view; `currency` freezes that currency's quote when the caller may (see quote()). */
  async payable(r: ReservationForPayment, accountId: string, currency: string | null): Promise<TrainPayableView | null> {
    if (!r.paymentRequired) return null;
    if (currency !== null) await this.quote(r, currency, accountId);
    const quotes = await this.payments.quotesOf(r.id);
    const base = formatAmount(new Decimal(r.paymentRequired), BASE_CURRENCY);
    return {
      baseAmount: base,
      baseCurrency: BASE_CURRENCY,
      paymentRequired: this.open(r) ? base : formatAmount(new Decimal(0), BASE_CURRENCY),
      quotes: quotes.map((q) => ({ amount: q.amount, currency: q.currency, exchangeRate: q.exchangeRate })),
    };
  }

  private async rateTo(currency: string): Promise<Decimal | null> {
    return usableRate(await this.rates.rate(BASE_CURRENCY, currency));
  }
}
