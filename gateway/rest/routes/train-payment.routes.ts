import { z } from 'zod';
import { AppError } from '../../../shared/errors/app-error';
import type { InputProblem } from '../rest-contract';
import type { RestRequest, RestRoute } from '../rest-route';
import { TRAIN_PAYMENT, TrainPaymentResponse } from '../schemas/train-issuance.schemas';
import { NO_STORE_HEADER, TRAIN_HEADERS } from './train.routes';
import { MOBILE_MONEY_RAILS } from '../../../shared/payments/mobile-money-rails.data';

/* SGR customer online payments (docs/train-payments.md): the card, mobile and mobile-money deposit operations and the
 * provider confirmation. The spec names the operations without showing them; paths, bodies and statuses are ours. */

/** TrainPaymentType (subgraphs/train/graphql/train-payment.type.ts), every field. */
/** A JSON string stays a string and a number becomes its text (amounts may be sent as numbers). */
function text(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  return typeof value === 'string' ? value : String(value);
}

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
  return new AppError('SGR_PAYMENT_INVALID', 400, `Invalid payment request: ${fields.map((f) => f.field).join(', ')}`, { fields });
}

type Operation = 'card' | 'mobile' | 'mobile-money';

/** The mobile money rails the train subgraph can charge; a request may name one in any case. */
const MOBILE_MONEY_RAIL_IDS = MOBILE_MONEY_RAILS.map((rail) => rail.id);

/**
 * The body of one deposit operation. Members are in the order the subgraph checks them, so a body refused here lists its
 * problems as the subgraph would; what needs data (a known rail, a payer number of the rail's country, the charge
 * against the frozen quote in the currency's decimals) is the subgraph's.
 */
function depositBody(operation: Operation) {
  const amountKey = operation === 'card' ? 'total' : 'amount';
  const other = amountKey === 'total' ? 'amount' : 'total';
  const charge = z.union([z.string(), z.number()], { error: 'must be a decimal string' }).nullish().meta({
    description: `Optional: the quote plus the processing fee, a decimal in the currency's decimals (e.g. "57.40"); omitted charges the bare quote.`,
  });
  const misplaced = z
    .unknown()
    .refine((v) => v === null, `is not a field of the ${operation} deposit; send "${amountKey}"`)
    .optional()
    .meta({ description: `Not a field of this operation: refused (send ${amountKey}).` });
  return z
    .object({
      paymentReference: z
        .string()
        .trim()
        .min(1, 'is required')
        .max(32, 'must be a string of at most 32 characters')
        .meta({ description: 'The reservation payment reference.' }),
      currency: z
        .string()
        .trim()
        .regex(/^([A-Za-z]{3})?$/, 'must be an ISO 4217 code such as TZS or USD')
        .nullish()
        .meta({ description: 'The payment currency; default TZS.' }),
      [other]: misplaced,
      [amountKey]: charge,
      ...(operation === 'card'
        ? {
            cardToken: z
              .string()
              .trim()
              .min(1, "is required: the payment provider's token for the card")
              .max(200)
              .meta({ description: "The payment provider's token for the card, from its client SDK (card numbers never reach us)." }),
          }
        : {}),
      ...(operation === 'mobile-money'
        ? {
            rail: z
              .string()
              .trim()
              .min(1, 'is required')
              .max(24)
              .refine((id) => id === '' || MOBILE_MONEY_RAIL_IDS.includes(id.toUpperCase()), {
                error: (issue) => `"${String(issue.input)}" is not a mobile money rail (see docs/train-payments.md)`,
              })
              .meta({ description: `The mobile money rail, any case: ${MOBILE_MONEY_RAIL_IDS.join(', ')} (docs/train-payments.md).` }),
          }
        : {}),
      ...(operation === 'card'
        ? {}
        : {
            phoneNumber: z
              .string()
              .trim()
              .min(1, 'is required')
              .max(32)
              .meta({
                description:
                  operation === 'mobile'
                    ? "The payer's mobile, +… or national (read as Tanzanian)."
                    : "The payer's mobile, +… or national (read in the rail's country).",
              }),
          }),
    })
    .meta({ id: `TrainPayment${operation === 'card' ? 'Card' : operation === 'mobile' ? 'Mobile' : 'MobileMoney'}Body` });
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

/** Members the contract requires (non-null arguments of the deposit mutations): a missing one is refused here first. */
const REQUIRED_DEPOSIT_FIELDS = new Set(['paymentReference', 'cardToken', 'phoneNumber', 'rail']);

const DEPOSIT_FIELDS: Record<Operation, string[]> = {
  card: ['paymentReference', 'currency', 'total', 'cardToken', 'amount'],
  mobile: ['paymentReference', 'currency', 'amount', 'phoneNumber', 'total'],
  'mobile-money': ['paymentReference', 'currency', 'amount', 'phoneNumber', 'rail', 'total'],
};

function deposit(operation: Operation, mutation: string, summary: string): RestRoute {
  const fields = DEPOSIT_FIELDS[operation];
  return {
    method: 'POST',
    path: `/api/trip/train/payments/${operation}`,
    auth: true,
    jsonBody: true,
    operation: ({ body }: RestRequest) => {
      const input = body as Record<string, unknown>;
      return {
        query: `mutation Deposit(${fields.map((f) => `$${f}: String${REQUIRED_DEPOSIT_FIELDS.has(f) ? '!' : ''}`).join(', ')}) {
          ${mutation}(${fields.map((f) => `${f}: $${f}`).join(', ')}) { created payment { ${TRAIN_PAYMENT.selection} } } }`,
        variables: Object.fromEntries(fields.map((f) => [f, text(input[f])])),
      };
    },
    reply: (data: Record<string, DepositResult>) => depositReply(data[mutation]),
    contract: {
      summary,
      description:
        'A customer pays its own reservation online (docs/train-payments.md). One live request per reservation: a new deposit supersedes a pending one.',
      tag: 'Train',
      headers: TRAIN_HEADERS,
      body: depositBody(operation),
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

const confirm: RestRoute = {
  method: 'POST',
  path: '/api/trip/train/payments/:paymentId/confirm',
  auth: true,
  operation: ({ params }: RestRequest) => ({
    query: `mutation ConfirmTrainPayment($paymentId: ID!) { confirmTrainPaymentSandbox(paymentId: $paymentId) { ${TRAIN_PAYMENT.selection} } }`,
    variables: { paymentId: params.paymentId },
  }),
  reply: (data: { confirmTrainPaymentSandbox: unknown }) => ({ body: { data: data.confirmTrainPaymentSandbox }, headers: { 'cache-control': 'no-store' } }),
  contract: {
    summary: "Record the payment provider's confirmation (webhook relay; sandbox)",
    description: 'ADMIN, SUDO and ISSUER (the payment service). With a real provider the charge must be CONFIRMED there. Idempotent.',
    tag: 'Train',
    params: z.object({
      paymentId: z
        .string()
        .regex(/^\s*[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}\s*$/, 'must be a uuid')
        .meta({ description: 'data.paymentId of the deposit.' }),
    }),
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
