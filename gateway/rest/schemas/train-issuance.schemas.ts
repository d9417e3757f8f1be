import { z } from 'zod';
import { CurrencyCode, MoneyAmount } from './common.schemas';
import { restShape } from '../graphql-shapes/rest-shape.builder';

/** What follows a train reservation: its online payment and its issuance status. */

// ---- Issuance ---------------------------------------------------------------------------------------------

/** GraphQL says "null when…"; REST leaves these members out instead, and says so. */
const ISSUANCE_STATE = {
  nullsAbsent: true,
  fields: {
    internalExpiresAt: { description: 'End of the payment window; absent while the reservation is not stored complete.' },
    providerExpiresAt: { description: 'The provider bill expiry; absent while the reservation is not stored complete.' },
  },
};

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
    issuance: { shape: ISSUANCE_STATE },
    payable: { description: 'Price and payable quotes; `currency` freezes one. Absent while the reservation is not stored complete.', shape: PAYABLE },
  },
});

/** The issue 202: the same status without payable, which the mutation does not answer. */
export const TRAIN_ISSUE_ACCEPTED = restShape('TrainIssuanceStatus', {
  id: 'TrainIssueAccepted',
  description: 'The issue 202 body (not shown by the spec): the issuance status as GET …/issuance answers it, without payable.',
  nullsAbsent: true,
  fields: { issuance: { shape: ISSUANCE_STATE }, payable: { omit: true } },
});

// ---- Online payments (docs/train-payments.md) ------------------------------------------------------------

/** A customer online payment (docs/train-payments.md "TrainPayment"): the API type TrainPaymentType, with REST's formats. */
export const TRAIN_PAYMENT = restShape('TrainPaymentType', {
  id: 'TrainPayment',
  description: 'A customer online payment of a train reservation (docs/train-payments.md "TrainPayment").',
  fields: {
    paymentId: { schema: z.uuid() },
    amount: { schema: MoneyAmount },
    currency: { schema: CurrencyCode },
    quoteAmount: { schema: MoneyAmount },
    processingFee: { schema: MoneyAmount },
  },
});

export const TrainPaymentResponse = z.object({ data: TRAIN_PAYMENT.schema }).meta({ id: 'TrainPaymentResponse' });
