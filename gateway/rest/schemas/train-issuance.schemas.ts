import { z } from 'zod';
import { CurrencyCode, DateTime, MoneyAmount } from './common.schemas';

/** What follows a train reservation: its online payment and its issuance status. */

// ---- Issuance ---------------------------------------------------------------------------------------------

const TrainIssuanceStatusBase = z.object({
  paymentReference: z.string(),
  funding: z.object({
    source: z.string().meta({ description: 'AGENT_WALLET, or ONLINE_PAYMENT for a customer booking.' }),
    status: z.string().meta({
      description: 'AWAITING_FUNDS, AGENT_WALLET_ADMITTED, AGENT_WALLET_DEBITED, AGENT_WALLET_RELEASED or ONLINE_PAYMENT_CONFIRMED.',
    }),
    walletDebited: z.boolean(),
    duplicatePaymentRequiresReview: z.boolean(),
  }),
  payout: z.object({ status: z.string().meta({ description: 'NOT_STARTED, PENDING, RETRYING, PAID or REJECTED.' }) }),
  issuance: z.object({
    status: z.string().meta({ description: 'NOT_STARTED, ISSUING, ISSUED, PAYOUT_REJECTED, ISSUE_FAILED or CANCELLED; the ticket is ready when ISSUED.' }),
    internalExpiresAt: DateTime.optional().meta({ description: 'End of the payment window; absent while the reservation is not stored complete.' }),
    providerExpiresAt: DateTime.optional().meta({ description: 'The provider bill expiry; absent while the reservation is not stored complete.' }),
  }),
  failure: z
    .object({
      stage: z.string().meta({ description: 'PAYOUT, VALIDATION or ISSUE.' }),
      code: z.string().meta({ description: "The provider's code, e.g. SGR-5002." }),
      retryable: z.boolean(),
      action: z.string().meta({ description: 'CONTACT_SUPPORT or RETRY_LATER.' }),
    })
    .optional()
    .meta({ description: 'Only when issuance failed.' }),
});

export const TrainIssueAccepted = TrainIssuanceStatusBase.meta({
  id: 'TrainIssueAccepted',
  description: 'The issue 202 body (not shown by the spec): the issuance status as GET …/issuance answers it, without payable.',
});

export const TrainIssuanceStatus = TrainIssuanceStatusBase.extend({
  payable: z
    .object({
      baseAmount: MoneyAmount.meta({ description: 'The fare plus the service booking fee, in baseCurrency.' }),
      baseCurrency: CurrencyCode,
      paymentRequired: MoneyAmount.meta({ description: 'Still to pay in baseCurrency: baseAmount while awaiting funds, 0 afterwards.' }),
      quotes: z.array(
        z.object({
          amount: MoneyAmount.meta({ description: "The quote: fare plus service booking fee, converted, in the currency's decimals." }),
          currency: CurrencyCode,
          exchangeRate: z
            .string()
            .regex(/^\d+(\.\d+)?$/)
            .meta({ description: 'Units of this currency per 1 TZS, as frozen.' }),
        }),
      ),
    })
    .optional()
    .meta({ description: 'Price and payable quotes; `currency` freezes one. Absent while the reservation is not stored complete.' }),
}).meta({ id: 'TrainIssuanceStatus', description: 'Funding, payout and issuance state of a train reservation.' });

// ---- Online payments (docs/train-payments.md) ------------------------------------------------------------

export const TrainPayment = z
  .object({
    paymentId: z.uuid(),
    paymentReference: z.string(),
    operation: z.enum(['CARD', 'MOBILE', 'MOBILE_MONEY']),
    method: z.string().meta({ description: 'The gateway method: CARD or MOBILE_MONEY (sandbox declines: CARD_DECLINED, MOBILE_MONEY_DECLINED).' }),
    status: z.enum(['PENDING', 'CONFIRMED', 'CANCELLED', 'REFUND_REQUIRED']),
    amount: MoneyAmount.meta({ description: 'What was charged: the quote plus the processing fee.' }),
    currency: CurrencyCode,
    quoteAmount: MoneyAmount,
    processingFee: MoneyAmount,
    rail: z.string().nullable().meta({ description: 'The mobile money rail, e.g. MPESA_TZ; null for a card.' }),
    provider: z.string(),
    providerReference: z.string().nullable().meta({ description: "The provider's charge id; null when no charge was created." }),
    paysReservation: z.boolean(),
    declineReason: z.string().nullable(),
    createdAt: DateTime,
    confirmedAt: DateTime.nullable(),
  })
  .meta({ id: 'TrainPayment', description: 'A customer online payment of a train reservation (docs/train-payments.md "TrainPayment").' });

export const TrainPaymentResponse = z.object({ data: TrainPayment }).meta({ id: 'TrainPaymentResponse' });
