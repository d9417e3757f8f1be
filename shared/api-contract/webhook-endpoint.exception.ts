import { AppError } from '../errors/app-error.exception';
import type { WebhookEndpointProblem } from './webhook-endpoint.validator';

/**
 * The webhook endpoint administration's coded errors (REST /api/webhooks…, GraphQL webhookEndpoint…): thrown by the
 * admin subgraph, carried in the GraphQL error extensions and answered by REST with the same code, status and data.
 */
export class WebhookEndpointException extends AppError {
  /** The validator's problems (shared/api-contract/webhook-endpoint.validator.ts), every one at once. */
  static invalid(fields: WebhookEndpointProblem[]): WebhookEndpointException {
    return new WebhookEndpointException('BAD_REQUEST', 400, `Invalid webhook endpoint: ${fields.map((f) => `${f.field} ${f.message}`).join('; ')}`, {
      field: fields[0]?.field,
      fields,
    });
  }

  /** The URL leads somewhere we never send to (the outbound destination policy's problem, in its words). */
  static urlRefused(problem: string): WebhookEndpointException {
    return new WebhookEndpointException('WEBHOOK_URL_REFUSED', 400, `url ${problem}`, { field: 'url', fields: [{ field: 'url', message: problem }] });
  }

  /** The URL's host did not resolve within the bound: perhaps our resolver's trouble, so a retry may succeed. */
  static urlUnresolvedInTime(host: string, seconds: number): WebhookEndpointException {
    return new WebhookEndpointException(
      'WEBHOOK_URL_RESOLUTION_TIMEOUT',
      502,
      `url: the host ${host} did not resolve within ${seconds} s, so where it leads could not be checked; retry later`,
      { field: 'url', retryable: true },
    );
  }

  /** Not there, or not the caller's: both answer the same, so ids of other accounts cannot be probed. */
  static notFound(id: string): WebhookEndpointException {
    return new WebhookEndpointException('WEBHOOK_ENDPOINT_NOT_FOUND', 404, `No webhook endpoint ${id}`);
  }

  static deliveryNotFound(id: string): WebhookEndpointException {
    return new WebhookEndpointException('WEBHOOK_DELIVERY_NOT_FOUND', 404, `No delivery ${id} of this webhook endpoint`);
  }

  static limitReached(limit: number): WebhookEndpointException {
    return new WebhookEndpointException(
      'WEBHOOK_ENDPOINT_LIMIT_REACHED',
      409,
      `The account already has ${limit} webhook endpoints, the most it may have: delete one first`,
      { limit },
    );
  }

  /** Another registration for the account holds its lock longer than we wait (a stuck process): retry shortly. */
  static busy(): WebhookEndpointException {
    return new WebhookEndpointException('WEBHOOK_ENDPOINTS_BUSY', 503, "Another change to this account's webhook endpoints is still running; retry shortly", {
      retryAfterSeconds: 1,
    });
  }

  static badCursor(field: string): WebhookEndpointException {
    return new WebhookEndpointException('BAD_REQUEST', 400, `${field} is not a cursor this list answered`, {
      field,
      fields: [{ field, message: 'is not a cursor this list answered' }],
    });
  }
}
