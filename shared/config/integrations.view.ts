import type { PlatformConfig } from './platform.config';

/** Which world a provider runs in: our simulator, the provider's test mode, or live (real seats, real money). */
export type IntegrationMode = 'simulator' | 'test' | 'live';

export interface IntegrationView {
  provider: string;
  mode: IntegrationMode;
}

/** The active flight supplier and payment provider, and their mode: for /health (operators) and the startup banner. */
export interface Integrations {
  flightSupplier: IntegrationView;
  payments: IntegrationView;
}

/**
 * Read from the configuration alone (the token's or key's published test prefix), never from a secret's value: every
 * role loads the same variables (one ConfigMap in deploy/kubernetes), so the gateway reports what the flight role uses.
 */
export function integrationsOf(config: Pick<PlatformConfig, 'flightSupplier' | 'payments'>): Integrations {
  const supplier = config.flightSupplier;
  const payments = config.payments;
  return {
    flightSupplier: supplier.kind === 'sandbox' ? { provider: 'sandbox', mode: 'simulator' } : { provider: 'duffel', mode: supplier.accessToken.mode },
    payments:
      payments.provider === 'sandbox'
        ? { provider: 'sandbox', mode: 'simulator' }
        : { provider: 'flutterwave', mode: payments.flutterwave.testMode ? 'test' : 'live' },
  };
}

/** One banner line per integration, e.g. "duffel (LIVE: real bookings)". */
export function describeIntegration(view: IntegrationView): string {
  if (view.mode === 'simulator') return `${view.provider} (simulator, docs/sandbox.md)`;
  return view.mode === 'test' ? `${view.provider} (test mode)` : `${view.provider} (LIVE: real bookings and money)`;
}
