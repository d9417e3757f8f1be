import type { JsonObject, RestRequest, RestRoute } from '../rest-route.types';
import { problemsOfCheck, queryObject } from '../rest.contract';
import { restInput } from '../graphql-shapes/rest-input.builder';
import {
  checkTrainIssuanceRead,
  checkTrainPaymentReference,
  TRAIN_CALLBACK_URL_MAX_LENGTH,
  TRAIN_PAYMENT_REFERENCE_MAX_LENGTH,
} from '../../../shared/api-contract/train-issuance.validator';
import { TRAIN_ISSUANCE_STATUS, TRAIN_ISSUE_ACCEPTED } from '../schemas/train-issuance.schemas';
import { NO_STORE_HEADER, TRAIN_HEADERS, withoutTopLevelNulls } from './train.routes';

/*
 * POST /api/trip/train/ticket/{paymentReference}/issue and GET …/issuance (OpenAPI `postTripTrainTicketIssue`, `getTripTrainTicketIssuance`). The spec names the
 * status members at the top level (paymentReference, funding, payout, issuance, failure, payable), so the status read
 * answers them there, and the issue 202 (its body is "not shown") answers the same object without payable.
 */

interface IssuanceData {
  issuance: Record<string, unknown>;
  [member: string]: unknown;
}

/** `failure` only when issuance failed, `payable` only on the status read, the window's instants only once stored: absent, never null. */
function view({ issuance, ...status }: IssuanceData): Record<string, unknown> {
  return { ...withoutTopLevelNulls(status), issuance: withoutTopLevelNulls(issuance) };
}

const REFERENCE = {
  description: 'The reservation payment reference (reserve data.paymentReference).',
  documents: { maxLength: TRAIN_PAYMENT_REFERENCE_MAX_LENGTH },
};

/** The issue mutation's arguments: the reference from the path, the callback URL from the body (documented apart below). */
const ISSUE_INPUT = restInput('Mutation.issueTrainTicket');
const ISSUE_PARAMS = restInput('Mutation.issueTrainTicket', { in: 'path', members: { paymentReference: REFERENCE, callbackUrl: { omit: true } } });
const ISSUE_BODY = restInput('Mutation.issueTrainTicket', {
  id: 'TrainIssueBody',
  unknownMembers: 'ignore',
  members: {
    paymentReference: { omit: true },
    callbackUrl: {
      description:
        'An HTTPS URL that receives the final issuance event (train.issuance.issued, payout_rejected or failed) as a signed webhook envelope whose ' +
        'data is the issuance status (README "Webhooks"). Its host must be public: a private, loopback, link-local or ' +
        'reserved address (in any spelling, or a name resolving to one) is refused with 400 when the URL is given.',
      documents: { format: 'uri', maxLength: TRAIN_CALLBACK_URL_MAX_LENGTH },
    },
  },
});

/** The status query's arguments: the reference from the path, the quote currency from the query string (documented apart below). */
const STATUS_INPUT = restInput('Query.trainIssuance');
const STATUS_PARAMS = restInput('Query.trainIssuance', { in: 'path', members: { paymentReference: REFERENCE, currency: { omit: true } } });
const STATUS_QUERY = restInput('Query.trainIssuance', {
  in: 'query',
  unknownMembers: 'ignore',
  members: {
    paymentReference: { omit: true },
    currency: {
      description: 'Freezes (owner, awaiting funds) and returns the payable quote in this currency, e.g. USD.',
      documents: { pattern: '^([A-Za-z]{3})?$' },
    },
  },
});

const issue: RestRoute = {
  method: 'POST',
  path: '/api/trip/train/ticket/:paymentReference/issue',
  auth: true,
  jsonBody: true,
  operation: ({ params, body }: RestRequest) => ({
    query: `mutation IssueTrainTicket(${ISSUE_INPUT.variableDefinitions}) { issueTrainTicket(${ISSUE_INPUT.arguments}) { ${TRAIN_ISSUE_ACCEPTED.selection} } }`,
    variables: ISSUE_INPUT.variables({ ...(body as JsonObject), paymentReference: params.paymentReference }),
  }),
  reply: (data: { issueTrainTicket: IssuanceData }) => ({
    status: 202,
    body: view(data.issueTrainTicket),
    headers: { 'cache-control': 'no-store' },
  }),
  contract: {
    summary: 'Issue an agent reservation from the agent wallet',
    description:
      'Admits the ticket debit against the wallet (balance and overdraft) and issues asynchronously; poll GET …/issuance or give a callbackUrl. ' +
      'Repeating the call for the same reservation is safe with the same callbackUrl.',
    tag: 'Train',
    params: ISSUE_PARAMS.schema,
    validate: ({ params }) => checkTrainPaymentReference(params.paymentReference),
    validates: 'params',
    headers: TRAIN_HEADERS,
    body: ISSUE_BODY.schema,
    responses: {
      202: {
        description:
          'Accepted: issuance proceeds asynchronously. The body (not shown by the spec) is the issuance status, as GET …/issuance answers it without payable.',
        schema: TRAIN_ISSUE_ACCEPTED.schema,
        headers: NO_STORE_HEADER,
      },
    },
    errors: {
      400:
        'SGR_CALLBACK_URL_INVALID: callbackUrl is not an HTTPS URL of at most 2048 characters, carries credentials, does not resolve, or reaches a private, loopback, link-local or reserved address; BAD_REQUEST for a payment reference ' +
        'too long or a body of the wrong JSON type (data.fields[]).',
      402: 'SGR_AGENT_INSUFFICIENT_BALANCE: the projected balance after this and other pending debits would fall below the overdraft limit; nothing is claimed, retry after a top-up.',
      403: 'FORBIDDEN: not an agent, or the reservation belongs to another account.',
      404: 'SGR_RESERVATION_NOT_FOUND: no reservation with this payment reference.',
      409:
        'SGR_ISSUANCE_CALLBACK_CONFLICT (a repeat with another callbackUrl), SGR_RESERVATION_NOT_ISSUABLE (a customer booking or not RESERVED), ' +
        'SGR_AGENT_WALLET_NOT_FOUND, SGR_AGENT_WALLET_CURRENCY_MISMATCH.',
      410: 'SGR_RESERVATION_EXPIRED: the payment window ended or the reservation was cancelled.',
    },
  },
};

const status: RestRoute = {
  method: 'GET',
  path: '/api/trip/train/ticket/:paymentReference/issuance',
  auth: true,
  // Optional `currency`: freezes that currency's payable quote (owner, awaiting funds) and returns it in payable.quotes.
  operation: ({ params, query }: RestRequest) => ({
    query: `query TrainIssuance(${STATUS_INPUT.variableDefinitions}) { trainIssuance(${STATUS_INPUT.arguments}) { ${TRAIN_ISSUANCE_STATUS.selection} } }`,
    variables: STATUS_INPUT.variables({ ...queryObject(query), paymentReference: params.paymentReference }),
  }),
  reply: (data: { trainIssuance: IssuanceData }) => ({ body: view(data.trainIssuance), headers: { 'cache-control': 'no-store' } }),
  contract: {
    summary: 'Read the funding, payout and issuance state of a train reservation',
    description: 'The ticket is ready when issuance.status is ISSUED. The owner or an administrator may read it.',
    tag: 'Train',
    params: STATUS_PARAMS.schema,
    query: STATUS_QUERY.schema,
    // The path's text cannot fail its schema: the validator, standing for the query's, also bounds the reference.
    validate: ({ params, query }) => problemsOfCheck(checkTrainIssuanceRead({ paymentReference: params.paymentReference, currency: query.get('currency') })),
    validates: 'query',
    headers: TRAIN_HEADERS,
    responses: { 200: { description: 'The issuance status.', schema: TRAIN_ISSUANCE_STATUS.schema, headers: NO_STORE_HEADER } },
    errors: {
      400: 'BAD_REQUEST: currency is not a three-letter code, or the payment reference is too long (data.fields[]).',
      403: 'FORBIDDEN: the reservation belongs to another account.',
      404: 'SGR_RESERVATION_NOT_FOUND: no reservation with this payment reference.',
      422: 'SGR_PAYMENT_CURRENCY_UNAVAILABLE: the currency cannot be quoted; data.payableCurrencies[].',
    },
  },
};

export const trainIssuanceRoutes: RestRoute[] = [issue, status];
