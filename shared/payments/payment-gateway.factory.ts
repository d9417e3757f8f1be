import type { PaymentProviderConfig } from '../config/payments.config';
import { FlutterwavePaymentGateway } from './flutterwave/flutterwave-payment-gateway.adapter';
import type { PaymentGateway } from './payment-gateway.port';
import { SimulatedPaymentGateway } from './simulated-payment-gateway.adapter';

/** The payment provider PAYMENTS_PROVIDER names (the sandbox unless set): the one place a booking module gets its gateway. */
export function createPaymentGateway(config: PaymentProviderConfig): PaymentGateway {
  return config.provider === 'flutterwave' ? new FlutterwavePaymentGateway(config.flutterwave) : new SimulatedPaymentGateway();
}
