import { z } from 'zod';
import { CurrencyCode, DateTime, MoneyAmount } from './common.schemas';
import { restShape } from '../graphql-shapes/rest-shape.builder';

/** What follows a train reservation: its online payment and its issuance status. */

// ---- Issuance ---------------------------------------------------------------------------------------------

const DecimalRate = z.string().regex(/^\d+(\.\d+)?$/);

/** REST's formats for the price part of the status (the API types it as plain strings). */
const PAYABLE = {
  fields: {
    baseAmount: { schema: MoneyAmount },
    baseCurrency: { schema: CurrencyCode },
    paymentRequired: { schema: MoneyAmount },
    quotes: { shape: { fields: { amount: { schema: MoneyAmount }, currency: { schema: CurrencyCode }, exchangeRate: { schema: DecimalRate } } } },
  },
};

/** The status read (GET …/issuance): the API type TrainIssuanceStatus with its null members left out (the route drops them). */
export const TRAIN_ISSUANCE_STATUS = restShape('TrainIssuanceStatus', {
  id: 'TrainIssuanceStatus',
  description: 'Funding, payout and issuance state of a train reservation.',
  nullsAbsent: true,
  fields: {
    issuance: { shape: { nullsAbsent: true } },
    payable: { description: 'Price and payable quotes; `currency` freezes one. Absent while the reservation is not stored complete.', shape: PAYABLE },
  },
});

/** The issue 202: the same status without payable, which the mutation does not answer. */
export const TRAIN_ISSUE_ACCEPTED = restShape('TrainIssuanceStatus', {
  id: 'TrainIssueAccepted',
  description: 'The issue 202 body (not shown by the spec): the issuance status as GET …/issuance answers it, without payable.',
  nullsAbsent: true,
  fields: { issuance: { shape: { nullsAbsent: true } }, payable: { omit: true } },
});

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
