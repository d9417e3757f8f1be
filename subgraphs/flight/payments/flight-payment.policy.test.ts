import 'reflect-metadata';
import { execute, GraphQLObjectType, Kind, parse } from 'graphql';
import { buildSchema, Query, Resolver } from 'type-graphql';
import { FLIGHT_PAYMENT } from '../../../gateway/rest/routes/flight-issuance.routes';
import { StartFlightPaymentResult } from '../graphql/flight-payment.type';
import { deadlinePassed, FlightPayment, paymentMatches, paymentView, releasedAtDeadline } from './flight-payment.policy';
import { SANDBOX_CHARGE_LIMIT, SimulatedPaymentGateway } from '../../../shared/payments/simulated-payment-gateway.adapter';
import type { FlightOfferPrice } from '../pricing/flight-pricing.calculator';

const reservation = {
  accountId: 'acc-1',
  paymentReference: 'SFPK2QX7M9A1B',
  price: { currency: 'USD', grandTotal: '85.40' } as FlightOfferPrice,
};

const payment: FlightPayment = {
  id: '4a1f3c2e-9d8b-4c7a-8e6f-5b4a3c2d1e0f',
  reservationId: 'res-1',
  accountId: 'acc-1',
  paymentReference: 'SFPK2QX7M9A1B',
  amount: '85.4000',
  currency: 'USD',
  status: 'CONFIRMED',
  provider: 'SANDBOX',
  method: 'CARD',
  providerReference: 'sbx-c-4a1f3c2e-9d8b-4c7a-8e6f-5b4a3c2d1e0f',
  checkoutUrl: null,
  createdAt: new Date('2030-01-10T08:00:00.000Z'),
  confirmedAt: new Date('2030-01-10T08:00:01.000Z'),
  updatedAt: new Date('2030-01-10T08:00:01.000Z'),
};

describe('paymentMatches (the exact match rule)', () => {
  it('matches when owner, payment reference, amount and currency are all the same; amounts compare as decimals', () => {
    expect(paymentMatches(payment, reservation)).toBe(true);
    expect(paymentMatches({ ...payment, amount: '85.4' }, reservation)).toBe(true);
  });

  it.each([
    ['a wrong amount', { amount: '85.39' }],
    ['a larger amount (overpaying does not count either)', { amount: '100.00' }],
    ['another currency with the same number', { currency: 'TZS' }],
    ['another account', { accountId: 'acc-2' }],
    ['another payment reference', { paymentReference: 'SFPOTHER00001' }],
    ['an amount that is not a number', { amount: 'abc' }],
  ])('does not count %s', (_name, change) => {
    expect(paymentMatches({ ...payment, ...change }, reservation)).toBe(false);
  });

  it('uses the current grand total in the display currency, not another conversion', () => {
    expect(
      paymentMatches(
        { ...payment, amount: '226310', currency: 'TZS' },
        { ...reservation, price: { currency: 'TZS', grandTotal: '226310' } as FlightOfferPrice },
      ),
    ).toBe(true);
    expect(paymentMatches(payment, { ...reservation, price: { currency: 'USD', grandTotal: '91.38' } as FlightOfferPrice })).toBe(false);
  });
});

describe('payment deadline helpers', () => {
  const deadline = new Date('2030-01-10T09:00:00.000Z');
  it('a deadline passes at its instant; no deadline never passes', () => {
    expect(deadlinePassed({ paymentDeadlineAt: deadline }, new Date('2030-01-10T08:59:59.999Z'))).toBe(false);
    expect(deadlinePassed({ paymentDeadlineAt: deadline }, deadline)).toBe(true);
    expect(deadlinePassed({ paymentDeadlineAt: null }, new Date('2099-01-01'))).toBe(false);
  });
  it('only a cancellation at or after the deadline is the deadline release', () => {
    expect(releasedAtDeadline({ status: 'CANCELLED', cancelledAt: deadline, paymentDeadlineAt: deadline })).toBe(true);
    expect(releasedAtDeadline({ status: 'CANCELLED', cancelledAt: new Date('2030-01-10T08:30:00.000Z'), paymentDeadlineAt: deadline })).toBe(false);
    expect(releasedAtDeadline({ status: 'REFUND_PENDING', cancelledAt: deadline, paymentDeadlineAt: deadline })).toBe(false);
  });
});

describe('SimulatedPaymentGateway (sandbox triggers)', () => {
  const gateway = new SimulatedPaymentGateway();
  const charge = (method: string, amount = '85.40', idempotencyKey = payment.id) =>
    gateway.createCharge({ idempotencyKey, reference: 'SFPK2QX7M9A1B', amount, currency: 'USD', method });

  it('CARD confirms at once, and the provider keeps reporting it confirmed', async () => {
    const c = await charge('CARD');
    expect(c).toEqual({ providerReference: `sbx-c-${payment.id}`, status: 'CONFIRMED' });
    expect((await gateway.chargeStatus(c.providerReference)).status).toBe('CONFIRMED');
  });

  it('MOBILE_MONEY stays PENDING (until the sandbox confirmation)', async () => {
    const c = await charge('MOBILE_MONEY');
    expect(c.status).toBe('PENDING');
    expect((await gateway.chargeStatus(c.providerReference)).status).toBe('PENDING');
  });

  it('CARD_DECLINED is declined at once; MOBILE_MONEY_DECLINED is pending, then declined', async () => {
    expect(await charge('CARD_DECLINED')).toMatchObject({ status: 'DECLINED', declineReason: expect.any(String) });
    const mm = await charge('MOBILE_MONEY_DECLINED');
    expect(mm.status).toBe('PENDING');
    expect((await gateway.chargeStatus(mm.providerReference)).status).toBe('DECLINED');
  });

  it(`declines any amount from ${SANDBOX_CHARGE_LIMIT}, whatever the method`, async () => {
    expect((await charge('CARD', '99999999.99')).status).toBe('CONFIRMED');
    const declined = await charge('CARD', SANDBOX_CHARGE_LIMIT);
    expect(declined.status).toBe('DECLINED');
    expect(declined.declineReason).toContain('limit');
    expect((await gateway.chargeStatus(declined.providerReference)).status).toBe('DECLINED');
  });

  it('is idempotent by key, and refuses unknown methods and charges', async () => {
    expect((await charge('CARD')).providerReference).toBe((await charge('CARD')).providerReference);
    await expect(charge('CHEQUE')).rejects.toMatchObject({ code: 'UNKNOWN_CHARGE' });
    await expect(gateway.chargeStatus('ch_123')).rejects.toMatchObject({ code: 'UNKNOWN_CHARGE' });
  });
});

@Resolver()
class PaymentTypesProbe {
  @Query(() => StartFlightPaymentResult)
  started(): StartFlightPaymentResult {
    return { created: true, payment: paymentView({ ...payment, status: 'PENDING', confirmedAt: null, method: 'MOBILE_MONEY' }) };
  }
}

describe('FlightPaymentType', () => {
  it("the REST selection selects every field, and paymentView answers them all with the currency's decimals", async () => {
    const schema = await buildSchema({ resolvers: [PaymentTypesProbe], validate: false });
    const type = schema.getType('FlightPaymentType') as GraphQLObjectType;
    const selected = parse(`{ ${FLIGHT_PAYMENT} }`).definitions[0];
    const names = selected.kind === Kind.OPERATION_DEFINITION ? selected.selectionSet.selections.map((s) => (s.kind === Kind.FIELD ? s.name.value : '')) : [];
    expect(names.sort()).toEqual(Object.keys(type.getFields()).sort());
    const result = await execute({ schema, document: parse(`{ started { created payment { ${FLIGHT_PAYMENT} } } }`) });
    expect(result.errors).toBeUndefined();
    expect((result.data as { started: unknown }).started).toEqual({
      created: true,
      payment: {
        paymentRequestId: payment.id,
        reservationId: 'res-1',
        paymentReference: 'SFPK2QX7M9A1B',
        amount: '85.40',
        currency: 'USD',
        method: 'MOBILE_MONEY',
        status: 'PENDING',
        provider: 'SANDBOX',
        providerReference: payment.providerReference,
        checkoutUrl: null,
        createdAt: '2030-01-10T08:00:00.000Z',
        confirmedAt: null,
      },
    });
  });
});
