import { ManualClock } from '../time/clock.port';
import { chargedAsExpected, ChargeablePayment, chargePayment, checkedCheckoutUrl, confirmCharge } from './gateway-charge.service';
import { createPaymentGateway } from './payment-gateway.factory';
import type { Charge, PaymentGateway } from './payment-gateway.port';
import { FlutterwavePaymentGateway } from './flutterwave/flutterwave-payment-gateway.adapter';
import { SimulatedPaymentGateway } from './simulated-payment-gateway.adapter';

const payment: ChargeablePayment = { id: 'p1', paymentReference: 'REF', amount: '42000.00', currency: 'TZS', method: 'MOBILE_MONEY', providerReference: 'p1' };

function realGatewaySaying(charge: Charge): PaymentGateway {
  return { provider: 'REAL', sandbox: false, methods: ['MOBILE_MONEY'], createCharge: async () => charge, chargeStatus: async () => charge };
}

async function confirmWith(charge: Charge): Promise<string> {
  const confirmed: string[] = [];
  const recording = {
    gateway: realGatewaySaying(charge),
    clock: new ManualClock(),
    payments: { setProviderReference: async () => undefined, byId: async () => payment },
    decline: async (): Promise<never> => {
      throw new Error('declined');
    },
    markConfirmed: async (id: string) => {
      confirmed.push(id);
      return payment;
    },
  };
  try {
    await confirmCharge(payment, recording, () => new Error('still pending'));
  } catch (error) {
    return (error as Error).message;
  }
  return confirmed.length === 1 ? 'confirmed' : 'not confirmed';
}

describe('confirmCharge with a real provider', () => {
  it('confirms a charge the provider reports successful for the payment amount and currency', async () => {
    expect(await confirmWith({ providerReference: 'p1', status: 'CONFIRMED', charged: { amount: '42000', currency: 'TZS' } })).toBe('confirmed');
  });

  it('never confirms a successful charge of another amount or currency', async () => {
    expect(await confirmWith({ providerReference: 'p1', status: 'CONFIRMED', charged: { amount: '4200', currency: 'TZS' } })).toBe('still pending');
    expect(await confirmWith({ providerReference: 'p1', status: 'CONFIRMED', charged: { amount: '42000', currency: 'KES' } })).toBe('still pending');
  });

  it('keeps a charge the provider still has pending PENDING', async () => {
    expect(await confirmWith({ providerReference: 'p1', status: 'PENDING' })).toBe('still pending');
  });
});

describe('chargedAsExpected', () => {
  it('compares as decimals and refuses what is not a number', () => {
    expect(chargedAsExpected({ charged: { amount: '10.10', currency: 'USD' } }, { amount: '10.1', currency: 'USD' })).toBe(true);
    expect(chargedAsExpected({ charged: { amount: 'NaN', currency: 'USD' } }, { amount: '10.1', currency: 'USD' })).toBe(false);
    expect(chargedAsExpected({}, { amount: '10.1', currency: 'USD' })).toBe(true);
  });
});

describe('createPaymentGateway', () => {
  it('is the simulator unless PAYMENTS_PROVIDER names Flutterwave', () => {
    expect(createPaymentGateway({ provider: 'sandbox' })).toBeInstanceOf(SimulatedPaymentGateway);
    const flutterwave = {
      secretKey: 'FLWSECK_TEST-x',
      webhookSecretHash: 'h',
      apiUrl: 'http://127.0.0.1:1',
      redirectUrl: 'http://x',
      timeoutMs: 100,
      testMode: true,
    };
    expect(createPaymentGateway({ provider: 'flutterwave', flutterwave })).toBeInstanceOf(FlutterwavePaymentGateway);
  });
});

describe('checkedCheckoutUrl', () => {
  it('keeps only an https link of at most 2048 characters: the provider answer is input too', () => {
    expect(checkedCheckoutUrl('https://checkout.flutterwave.com/v3/hosted/pay/1')).toBe('https://checkout.flutterwave.com/v3/hosted/pay/1');
    for (const url of [undefined, '', 'http://checkout.example/pay', 'javascript:alert(1)', 'not a url', `https://x.example/${'a'.repeat(2048)}`])
      expect(checkedCheckoutUrl(url)).toBeNull();
  });
});

describe('chargePayment records the hosted checkout link', () => {
  async function recordedLink(checkoutUrl: string | undefined): Promise<{ stored: unknown; shown: unknown }> {
    const stored: unknown[] = [];
    const charge: Charge = { providerReference: 'p1', status: 'PENDING', ...(checkoutUrl === undefined ? {} : { checkoutUrl }) };
    const recording = {
      gateway: realGatewaySaying(charge),
      clock: new ManualClock(),
      payments: {
        setProviderReference: async (_id: string, _ref: string, _now: Date, url?: string | null) => {
          stored.push(url);
        },
        byId: async () => null,
      },
      decline: async (): Promise<never> => {
        throw new Error('declined');
      },
      markConfirmed: async () => payment,
    };
    const shown = await chargePayment({ ...payment, providerReference: null }, recording);
    return { stored: stored[0], shown: (shown as ChargeablePayment & { checkoutUrl?: unknown }).checkoutUrl };
  }

  it('stores and shows an https link, and null for none (the sandbox) or a link that is not https', async () => {
    const link = 'https://checkout.flutterwave.com/v3/hosted/pay/7';
    expect(await recordedLink(link)).toEqual({ stored: link, shown: link });
    expect(await recordedLink(undefined)).toEqual({ stored: null, shown: null });
    expect(await recordedLink('http://checkout.example/pay/7')).toEqual({ stored: null, shown: null });
  });
});
