import { z } from 'zod';
import type { JsonObject, RestRequest, RestRoute } from '../rest-route.types';
import type { ProviderCallbackAnswer } from '../../../shared/payments/provider-callback.service';

/**
 * The payment provider's webhook (docs/decisions.md "Payment provider"): public, verified by the subgraphs as the
 * provider specifies. Train and flight payments live in their own subgraphs, and a callback names only our charge
 * reference, so both are asked in one operation; the kind that does not own the charge answers NOT_OURS.
 */
const CALLBACK_SELECTION = 'outcome paymentId paymentStatus';

const ProviderCallbackAnswerSchema = z
  .object({
    outcome: z.enum(['CONFIRMED', 'DUPLICATE', 'DECLINED', 'PENDING', 'MISMATCH', 'NOT_OURS']),
    paymentId: z.string().nullable(),
    paymentStatus: z.string().nullable(),
  })
  .meta({ id: 'PaymentProviderCallbackAnswer' });

const FlutterwaveWebhookBody = z
  .object({
    event: z.string().max(100).optional(),
    data: z.object({ id: z.union([z.number(), z.string()]), tx_ref: z.string().max(100).optional() }).loose(),
  })
  .loose()
  .meta({ id: 'FlutterwaveWebhookBody', description: "Flutterwave's webhook body (charge.completed); only data.id and data.tx_ref are read." });

const flutterwaveWebhook: RestRoute = {
  method: 'POST',
  path: '/api/payments/flutterwave/webhook',
  auth: false,
  jsonBody: true,
  operation: ({ body, headers }: RestRequest) => {
    const signature = headers['verif-hash'];
    return {
      query: `mutation FlutterwaveCallback($signature: String, $body: String!) {
        train: receiveTrainPaymentCallback(provider: "flutterwave", signature: $signature, body: $body) { ${CALLBACK_SELECTION} }
        flight: receiveFlightPaymentCallback(provider: "flutterwave", signature: $signature, body: $body) { ${CALLBACK_SELECTION} }
      }`,
      variables: { signature: typeof signature === 'string' ? signature : null, body: JSON.stringify(body as JsonObject) },
    };
  },
  reply: (data: { train: ProviderCallbackAnswer; flight: ProviderCallbackAnswer }) => ({
    body: data.train.outcome !== 'NOT_OURS' ? data.train : data.flight,
    headers: { 'cache-control': 'no-store' },
  }),
  contract: {
    summary: "Flutterwave's payment webhook",
    description:
      'Set this URL and a secret hash (FLUTTERWAVE_WEBHOOK_SECRET_HASH) in the Flutterwave dashboard. No bearer token: the `verif-hash` header must ' +
      "equal the secret hash; the transaction is then read from Flutterwave's verify endpoint and must pay one of our charges exactly (amount, " +
      'currency, reference), once. Every verified callback answers 200, so Flutterwave stops sending it.',
    tag: 'Platform',
    headers: z.object({ 'verif-hash': z.string().max(256).optional().describe('The secret hash set in the Flutterwave dashboard') }),
    body: FlutterwaveWebhookBody,
    responses: {
      200: {
        description: 'Verified: the payment is confirmed, already confirmed, declined or still pending, the transaction does not match, or is not ours.',
        schema: ProviderCallbackAnswerSchema,
        headers: { 'cache-control': 'no-store' },
      },
    },
    errors: {
      400: 'INVALID_JSON, or PAYMENT_CALLBACK_INVALID: the body is larger than 64 KiB.',
      401: 'PAYMENT_CALLBACK_UNVERIFIED: no verif-hash header, or not the secret hash this platform was given.',
      404: 'PAYMENT_PROVIDER_NOT_CONFIGURED: PAYMENTS_PROVIDER is not flutterwave.',
      503: 'SERVICE_UNAVAILABLE: Flutterwave could not be asked about the transaction; it delivers the webhook again.',
    },
  },
};

export const paymentCallbackRoutes: RestRoute[] = [flutterwaveWebhook];
