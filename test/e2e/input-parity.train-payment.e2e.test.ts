import { startTestStack } from '../support/test-platform';
import { FlightClient } from '../support/flight-client';

interface Problem {
  errorCode: string;
  status: number;
  fields: unknown;
}

/**
 * The train deposits and their confirmation answer the same error, code and fields in the same words, to a REST client
 * and to a GraphQL client sending the same input: one validator (shared/api-contract/train-deposit.validator.ts).
 */
describe('train payment input: REST and GraphQL give one answer', () => {
  let env: Awaited<ReturnType<typeof startTestStack>>;
  let rider: FlightClient;

  beforeAll(async () => {
    env = await startTestStack();
    rider = await FlightClient.create(env.baseUrl, env.stack.platform, 'parity@pay.test', 'CUSTOMER');
  });
  afterAll(() => env.close());

  const rest = async (path: string, body?: Record<string, unknown>): Promise<Problem> => {
    const answer = await rider.call<{ errorCode: string; status: number; data?: { fields?: unknown } }>('POST', path, body);
    return { errorCode: answer.body.errorCode, status: answer.status, fields: answer.body.data?.fields };
  };
  const graphql = async (query: string, variables: Record<string, unknown>): Promise<Problem> => {
    const answer = await rider.call<{ errors?: Array<{ extensions: { errorCode: string; status: number; data?: { fields?: unknown } } }> }>(
      'POST',
      '/graphql',
      {
        query,
        variables,
      },
    );
    const ext = answer.body.errors![0].extensions;
    return { errorCode: ext.errorCode, status: ext.status, fields: ext.data?.fields };
  };

  const MOBILE = `mutation ($paymentReference: String!, $phoneNumber: String!, $currency: String, $amount: String) {
    depositTrainMobilePayment(paymentReference: $paymentReference, phoneNumber: $phoneNumber, currency: $currency, amount: $amount) { created } }`;
  const MOBILE_MONEY = `mutation ($paymentReference: String!, $phoneNumber: String!, $rail: String!, $total: String) {
    depositTrainMobileMoneyPayment(paymentReference: $paymentReference, phoneNumber: $phoneNumber, rail: $rail, total: $total) { created } }`;
  const CARD = `mutation ($paymentReference: String!, $cardToken: String!, $currency: String) {
    depositTrainCardPayment(paymentReference: $paymentReference, cardToken: $cardToken, currency: $currency) { created } }`;

  it.each([
    ['an empty payer number', MOBILE, '/api/trip/train/payments/mobile', { paymentReference: 'SGRP1', phoneNumber: '' }],
    ['a payer number over its bound', MOBILE, '/api/trip/train/payments/mobile', { paymentReference: 'SGRP1', phoneNumber: '0'.repeat(40) }],
    ['a currency that is no ISO code', CARD, '/api/trip/train/payments/card', { paymentReference: 'SGRP1', cardToken: 'tok_visa', currency: 'USDX' }],
    [
      'several problems at once',
      MOBILE_MONEY,
      '/api/trip/train/payments/mobile-money',
      { paymentReference: 'x'.repeat(40), phoneNumber: 'call me', rail: 'MPESA_XX', total: '5' },
    ],
  ])('%s', async (_case, mutation, path, input) => {
    const viaRest = await rest(path, input);
    expect(viaRest.status).toBe(400);
    expect(viaRest.errorCode).toBe('SGR_PAYMENT_INVALID');
    expect(await graphql(mutation, input)).toEqual(viaRest);
  });

  it('a confirmation by a customer is refused for its role before its id is read, on both', async () => {
    const viaRest = await rest('/api/trip/train/payments/not-a-uuid/confirm');
    expect(viaRest).toMatchObject({ status: 403, errorCode: 'FORBIDDEN' });
    const viaGraphQL = await graphql('mutation ($paymentId: ID!) { confirmTrainPaymentSandbox(paymentId: $paymentId) { status } }', {
      paymentId: 'not-a-uuid',
    });
    expect(viaGraphQL).toEqual(viaRest);
  });
});
