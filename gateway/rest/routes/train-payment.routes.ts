import { z } from 'zod';
import { AppError } from '../../../shared/errors/app-error.exception';
import { type InputProblem, problemsOfCheck } from '../rest.contract';
import type { JsonObject, RestRequest, RestRoute } from '../rest-route.types';
import { restInput } from '../graphql-shapes/rest-input.builder';
import {
  amountField,
  checkTrainDeposit,
  depositInvalidMessage,
  type DepositOperation,
  TRAIN_DEPOSIT_MAX_LENGTH,
  type TrainDepositInput,
} from '../../../shared/api-contract/train-deposit.validator';
import { TRAIN_PAYMENT, TrainPaymentResponse } from '../schemas/train-issuance.schemas';
import { NO_STORE_HEADER, TRAIN_HEADERS } from './train.routes';
import { MOBILE_MONEY_RAILS } from '../../../shared/payments/mobile-money-rails.data';

/* SGR customer online payments (docs/train-payments.md): the card, mobile and mobile-money deposit operations and the
 * provider confirmation. The spec names the operations without showing them; paths, bodies and statuses are ours. */

/** 201: a new charge already confirmed (card); 202: a new charge awaiting the payer (mobile); 200: an existing payment answered. */
interface DepositResult {
  created: boolean;
  payment: { status: string };
}

function depositReply(result: DepositResult) {
  const status = !result.created ? 200 : result.payment.status === 'PENDING' ? 202 : 201;
  return { status, body: { data: result.payment }, headers: { 'cache-control': 'no-store' } };
}

/** docs/train-payments.md: every problem of a deposit body is one 400 SGR_PAYMENT_INVALID, as the subgraph answers it. */
function paymentInvalid(fields: InputProblem[]): AppError {
  return new AppError('SGR_PAYMENT_INVALID', 400, depositInvalidMessage(fields), { fields });
}

type Operation = 'card' | 'mobile' | 'mobile-money';

const DEPOSIT_OPERATION: Record<Operation, DepositOperation> = { card: 'CARD', mobile: 'MOBILE', 'mobile-money': 'MOBILE_MONEY' };

/** An amount may also be sent as a JSON number: passed on as its text, which the subgraph reads as a decimal. */
const DECIMAL_TEXT = { schema: z.number(), toGraphQL: (value: unknown) => String(value), message: 'must be a decimal string' };

/** The mobile money rails the train subgraph can charge; a request may name one in any case. */
const MOBILE_MONEY_RAIL_IDS = MOBILE_MONEY_RAILS.map((rail) => rail.id);

const maxLength = (member: keyof typeof TRAIN_DEPOSIT_MAX_LENGTH) => ({ documents: { maxLength: TRAIN_DEPOSIT_MAX_LENGTH[member] } });

const DEPOSIT_ORDER: Record<Operation, string[]> = {
  card: ['paymentReference', 'currency', 'amount', 'total', 'cardToken'],
  mobile: ['paymentReference', 'currency', 'total', 'amount', 'phoneNumber'],
  'mobile-money': ['paymentReference', 'currency', 'total', 'amount', 'rail', 'phoneNumber'],
};

/**
 * The document of one deposit body, derived from its mutation's arguments (members in the order the validator lists
 * its problems), and the variables it becomes. The body is checked by the deposit validator the subgraph runs too.
 */
function depositInput(operation: Operation, mutation: string) {
  const amountKey = amountField(DEPOSIT_OPERATION[operation]);
  return restInput(`Mutation.${mutation}`, {
    id: `TrainPayment${operation === 'card' ? 'Card' : operation === 'mobile' ? 'Mobile' : 'MobileMoney'}Body`,
    order: DEPOSIT_ORDER[operation],
    unknownMembers: 'ignore',
    members: {
      paymentReference: maxLength('paymentReference'),
      currency: { documents: { maxLength: TRAIN_DEPOSIT_MAX_LENGTH.currency, pattern: '^[A-Za-z]{3}$' } },
      [amountKey]: { accepts: DECIMAL_TEXT, documents: { example: '57.40' } },
      ...(operation === 'card' ? { cardToken: maxLength('cardToken') } : { phoneNumber: maxLength('phoneNumber') }),
      ...(operation === 'mobile-money' ? { rail: { documents: { maxLength: TRAIN_DEPOSIT_MAX_LENGTH.rail, examples: MOBILE_MONEY_RAIL_IDS } } } : {}),
    },
  });
}

const DEPOSIT_ERRORS: Partial<Record<number, string>> = {
  400: 'SGR_PAYMENT_INVALID: missing or malformed fields, all listed in data.fields[].',
  402: 'SGR_PAYMENT_DECLINED: the provider declined (data.paymentId, data.reason); the payment is CANCELLED.',
  403: 'FORBIDDEN: the reservation belongs to another account.',
  404: 'SGR_RESERVATION_NOT_FOUND: unknown payment reference.',
  409: 'SGR_RESERVATION_NOT_PAYABLE: an agent reservation, or one that is not RESERVED.',
  410: 'SGR_RESERVATION_EXPIRED: past paymentWindow.expiresAt, or cancelled when the window ended.',
  422:
    'SGR_PAYMENT_AMOUNT_MISMATCH (charge below the quote), SGR_PAYMENT_FEE_TOO_HIGH (fee above 10% of the quote), SGR_PAYMENT_CURRENCY_UNAVAILABLE ' +
    '(data.payableCurrencies[]), SGR_PAYMENT_CURRENCY_UNSUPPORTED_BY_MNO (payer number or rail of another country or currency).',
  503: 'The payment provider is unreachable; the request stays PENDING: repeat the call.',
};

function deposit(operation: Operation, mutation: string, summary: string): RestRoute {
  const input = depositInput(operation, mutation);
  return {
    method: 'POST',
    path: `/api/trip/train/payments/${operation}`,
    auth: true,
    jsonBody: true,
    operation: ({ body }: RestRequest) => ({
      query: `mutation Deposit(${input.variableDefinitions}) { ${mutation}(${input.arguments}) { created payment { ${TRAIN_PAYMENT.selection} } } }`,
      variables: input.variables(body as JsonObject),
    }),
    reply: (data: Record<string, DepositResult>) => depositReply(data[mutation]),
    contract: {
      summary,
      description:
        'A customer pays its own reservation online (docs/train-payments.md). One live request per reservation: a new deposit supersedes a pending one.',
      tag: 'Train',
      headers: TRAIN_HEADERS,
      body: input.schema,
      validate: ({ body }) => problemsOfCheck(checkTrainDeposit(DEPOSIT_OPERATION[operation], body as TrainDepositInput)),
      invalidInput: paymentInvalid,
      responses: {
        200: {
          description: 'An existing payment is answered (the one paying the reservation, or the same pending request).',
          schema: TrainPaymentResponse,
          headers: NO_STORE_HEADER,
        },
        201: {
          description: 'A new charge, already CONFIRMED (card): paysReservation true, issuance started.',
          schema: TrainPaymentResponse,
          headers: NO_STORE_HEADER,
        },
        202: {
          description: "A new charge awaiting the payer's approval (mobile, mobile-money): PENDING.",
          schema: TrainPaymentResponse,
          headers: NO_STORE_HEADER,
        },
      },
      errors: DEPOSIT_ERRORS,
    },
  };
}

/** The payment id is the subgraph's to check, after the caller's role (a customer is told 403 whatever id it sends). */
const CONFIRM_INPUT = restInput('Mutation.confirmTrainPaymentSandbox', {
  members: { paymentId: { description: 'data.paymentId of the deposit.', documents: { format: 'uuid' } } },
});

const confirm: RestRoute = {
  method: 'POST',
  path: '/api/trip/train/payments/:paymentId/confirm',
  auth: true,
  operation: ({ params }: RestRequest) => ({
    query: `mutation ConfirmTrainPayment(${CONFIRM_INPUT.variableDefinitions}) { confirmTrainPaymentSandbox(${CONFIRM_INPUT.arguments}) { ${TRAIN_PAYMENT.selection} } }`,
    variables: CONFIRM_INPUT.variables(params),
  }),
  reply: (data: { confirmTrainPaymentSandbox: unknown }) => ({ body: { data: data.confirmTrainPaymentSandbox }, headers: { 'cache-control': 'no-store' } }),
  contract: {
    summary: "Record the payment provider's confirmation (webhook relay; sandbox)",
    description: 'ADMIN, SUDO and ISSUER (the payment service). With a real provider the charge must be CONFIRMED there. Idempotent.',
    tag: 'Train',
    params: CONFIRM_INPUT.schema,
    invalidInput: paymentInvalid,
    responses: {
      200: {
        description: 'CONFIRMED with paysReservation true, or REFUND_REQUIRED when it cannot pay the reservation; a repeat answers the same confirmedAt.',
        schema: TrainPaymentResponse,
        headers: NO_STORE_HEADER,
      },
    },
    errors: {
      400: 'SGR_PAYMENT_INVALID: paymentId is not a uuid.',
      402: 'SGR_PAYMENT_DECLINED: the provider reports the charge declined; it becomes CANCELLED.',
      403: 'FORBIDDEN: not ADMIN, SUDO or ISSUER.',
      404: 'SGR_PAYMENT_NOT_FOUND: unknown id.',
      409: 'SGR_PAYMENT_CONFLICT: the payment is CANCELLED, no charge was created, or a real provider has not confirmed yet.',
    },
  },
};

export const trainPaymentRoutes: RestRoute[] = [
  deposit('card', 'depositTrainCardPayment', 'Pay a train reservation by card'),
  deposit('mobile', 'depositTrainMobilePayment', "Pay a train reservation by a mobile prompt (the payer's country rail)"),
  deposit('mobile-money', 'depositTrainMobileMoneyPayment', 'Pay a train reservation over a named mobile money rail'),
  confirm,
];
