import type { RestRequest, RestRoute } from '../rest-route';

/* SGR customer online payments (docs/train-payments.md): the card, mobile and mobile-money deposit operations and the
 * provider confirmation. The spec names the operations without showing them; paths, bodies and statuses are ours. */

/** TrainPaymentType (subgraphs/train/graphql/train-payment.type.ts), every field. */
export const TRAIN_PAYMENT = `paymentId paymentReference operation method status amount currency quoteAmount processingFee rail provider
  providerReference paysReservation declineReason createdAt confirmedAt`;

/** A JSON string stays a string and a number becomes its text; anything else goes on as JSON text the subgraph refuses by name. */
function text(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value === 'string') return value;
  return typeof value === 'number' ? String(value) : JSON.stringify(value);
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

function deposit(path: string, mutation: string, fields: string[]): RestRoute {
  return {
    method: 'POST',
    path,
    auth: true,
    jsonBody: true,
    operation: ({ body }: RestRequest) => {
      const input = (body ?? {}) as Record<string, unknown>;
      const variables = Object.fromEntries(fields.map((f) => [f, text(input[f])]));
      return {
        query: `mutation Deposit(${fields.map((f) => `$${f}: String`).join(', ')}) {
          ${mutation}(${fields.map((f) => `${f}: $${f}`).join(', ')}) { created payment { ${TRAIN_PAYMENT} } } }`,
        variables,
      };
    },
    reply: (data: Record<string, DepositResult>) => depositReply(data[mutation]),
  };
}

const confirm: RestRoute = {
  method: 'POST',
  path: '/api/trip/train/payments/:paymentId/confirm',
  auth: true,
  operation: ({ params }: RestRequest) => ({
    query: `mutation ConfirmTrainPayment($paymentId: ID) { confirmTrainPaymentSandbox(paymentId: $paymentId) { ${TRAIN_PAYMENT} } }`,
    variables: { paymentId: params.paymentId },
  }),
  reply: (data: { confirmTrainPaymentSandbox: unknown }) => ({ body: { data: data.confirmTrainPaymentSandbox }, headers: { 'cache-control': 'no-store' } }),
};

export const trainPaymentRoutes: RestRoute[] = [
  deposit('/api/trip/train/payments/card', 'depositTrainCardPayment', ['paymentReference', 'currency', 'total', 'cardToken', 'amount']),
  deposit('/api/trip/train/payments/mobile', 'depositTrainMobilePayment', ['paymentReference', 'currency', 'amount', 'phoneNumber', 'total']),
  deposit('/api/trip/train/payments/mobile-money', 'depositTrainMobileMoneyPayment', [
    'paymentReference',
    'currency',
    'amount',
    'phoneNumber',
    'rail',
    'total',
  ]),
  confirm,
];
