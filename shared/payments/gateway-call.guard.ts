import { PlatformException } from '../errors/app-error.exception';
import { PaymentGatewayError } from './payment-gateway.port';

/**
 * Calls the payment provider; its unavailability is a 503 the client may repeat. Nothing is lost by that: the
 * payment stays PENDING and a repeat charges with the same idempotency key, never twice.
 */
export async function callPaymentGateway<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof PaymentGatewayError) throw PlatformException.unavailable(`The payment provider is unavailable: ${error.message}`, { retryable: true });
    throw error;
  }
}
