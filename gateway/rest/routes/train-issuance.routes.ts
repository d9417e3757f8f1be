import { PlatformException } from '../../../shared/errors/app-error';
import type { RestRequest, RestRoute } from '../rest-route';

/* train-bus-admin.md POST /api/trip/train/ticket/{paymentReference}/issue and GET …/issuance. */

export const TRAIN_ISSUANCE_FIELDS = `paymentReference
  funding { source status walletDebited duplicatePaymentRequiresReview }
  payout { status }
  issuance { status internalExpiresAt providerExpiresAt }
  failure { stage code retryable action }
  payable { baseAmount baseCurrency paymentRequired quotes { amount currency exchangeRate } }`;

/** `failure` appears only when issuance failed, `payable` only on the status read. */
function view(status: Record<string, unknown>): Record<string, unknown> {
  const { failure, payable, ...rest } = status;
  return { ...rest, ...(failure ? { failure } : {}), ...(payable ? { payable } : {}) };
}

const issue: RestRoute = {
  method: 'POST',
  path: '/api/trip/train/ticket/:paymentReference/issue',
  auth: true,
  jsonBody: true,
  operation: ({ params, body }: RestRequest) => {
    const callbackUrl = (body as Record<string, unknown> | null)?.callbackUrl;
    if (callbackUrl !== undefined && callbackUrl !== null && typeof callbackUrl !== 'string') {
      throw PlatformException.badRequest('"callbackUrl" must be an HTTPS URL', { field: 'callbackUrl' });
    }
    return {
      query: `mutation IssueTrainTicket($paymentReference: String!, $callbackUrl: String) {
        issueTrainTicket(paymentReference: $paymentReference, callbackUrl: $callbackUrl) { ${TRAIN_ISSUANCE_FIELDS} } }`,
      variables: { paymentReference: params.paymentReference, callbackUrl: callbackUrl ?? null },
    };
  },
  reply: (data: { issueTrainTicket: Record<string, unknown> }) => ({
    status: 202,
    body: { data: view(data.issueTrainTicket) },
    headers: { 'cache-control': 'no-store' },
  }),
};

const status: RestRoute = {
  method: 'GET',
  path: '/api/trip/train/ticket/:paymentReference/issuance',
  auth: true,
  // Optional `currency`: freezes that currency's payable quote (owner, awaiting funds) and returns it in payable.quotes.
  operation: ({ params, query }: RestRequest) => ({
    query: `query TrainIssuance($paymentReference: String!, $currency: String) {
      trainIssuance(paymentReference: $paymentReference, currency: $currency) { ${TRAIN_ISSUANCE_FIELDS} } }`,
    variables: { paymentReference: params.paymentReference, currency: query.get('currency') },
  }),
  reply: (data: { trainIssuance: Record<string, unknown> }) => ({ body: { data: view(data.trainIssuance) }, headers: { 'cache-control': 'no-store' } }),
};

export const trainIssuanceRoutes: RestRoute[] = [issue, status];
