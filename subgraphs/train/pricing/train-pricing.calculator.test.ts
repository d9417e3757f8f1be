import { createSimulatedExchangeRates, RateLookup, SIMULATED_USD_RATES, snapshotRates } from '../../../shared/money/exchange-rates.port';
import { currencyPrecision, Decimal } from '../../../shared/money/money.calculator';
import {
  carPrices,
  formattedPrice,
  isFullyConverted,
  priceTrainFare,
  PriceTrainFareInput,
  TRAIN_PRICING_CONTEXTS,
  TRAIN_PRICING_POLICY,
  TrainConvertedPrice,
  TrainPrice,
  trainRatePairs,
} from './train-pricing.calculator';

const ALL = Object.keys(SIMULATED_USD_RATES);
let rates: RateLookup;

beforeAll(async () => {
  rates = await snapshotRates(createSimulatedExchangeRates(), trainRatePairs(ALL));
});

function price(overrides: Partial<PriceTrainFareInput> = {}): TrainPrice {
  return priceTrainFare({ fare: '22500', pricingContext: 'ONLINE', displayCurrencies: [], rates, ...overrides });
}

const d = (value: string) => new Decimal(value);
const feeAmounts = (fees: TrainPrice['fees']) => Object.fromEntries(fees.map((f) => [f.type, f.amount]));
const converted = (p: TrainPrice, code: string): TrainConvertedPrice => {
  const entry = p.otherCurrencies[code];
  if (!entry || !isFullyConverted(entry)) throw new Error(`${code} not fully converted`);
  return entry;
};

/** Deterministic pseudo-random sequence (LCG) so the property loop is the same every run. */
function* sequence(seed: number, count: number): Generator<number> {
  let x = seed;
  for (let i = 0; i < count; i++) {
    x = (x * 1103515245 + 12345) % 2147483648;
    yield x;
  }
}

describe('train pricing policy', () => {
  it('is versioned and prices every context', () => {
    expect(TRAIN_PRICING_POLICY.version).toBe('TRAIN-PRICING-2026-01');
    expect(TRAIN_PRICING_POLICY.baseCurrency).toBe('TZS');
    for (const context of TRAIN_PRICING_CONTEXTS) expect(TRAIN_PRICING_POLICY.bookingFees[context]).toBeDefined();
    expect(Object.isFrozen(TRAIN_PRICING_POLICY)).toBe(true);
  });
});

describe('priceTrainFare', () => {
  it('worked example: total 22500 + service commission 2000 = grandTotal 24500 (the wallet debit)', () => {
    const p = price({ fare: '22500', pricingContext: 'THIRD_PARTY_AGENT' });
    expect(p).toEqual({
      pricingContext: 'THIRD_PARTY_AGENT',
      currency: 'TZS',
      total: '22500',
      bookingFeeTotal: '2000',
      grandTotal: '24500',
      fees: [
        { type: 'TRANSPORTER', amount: '22500', recipient: 'RAIL' },
        { type: 'FACILITATION', amount: '0', recipient: 'SERVICE_AGENT' },
        { type: 'SERVICE_COMMISSION', amount: '2000', recipient: 'SERVICE' },
      ],
      baseCurrency: 'TZS',
      basePrice: '22500',
      otherCurrencies: {},
    });
  });

  it.each([
    ['ONLINE', { TRANSPORTER: '22500', FACILITATION: '0', SERVICE_COMMISSION: '2000' }, '2000', '24500'],
    ['SERVICE_AGENT', { TRANSPORTER: '22500', FACILITATION: '1000', SERVICE_COMMISSION: '2000' }, '3000', '25500'],
    ['THIRD_PARTY_AGENT', { TRANSPORTER: '22500', FACILITATION: '0', SERVICE_COMMISSION: '2000' }, '2000', '24500'],
  ] as const)('%s gets the documented fee set', (context, fees, bookingFeeTotal, grandTotal) => {
    const p = price({ pricingContext: context });
    expect(feeAmounts(p.fees)).toEqual(fees);
    expect(p.fees.map((f) => f.type)).toEqual(['TRANSPORTER', 'FACILITATION', 'SERVICE_COMMISSION']);
    expect(p.fees.map((f) => f.recipient)).toEqual(['RAIL', 'SERVICE_AGENT', 'SERVICE']);
    expect(p.bookingFeeTotal).toBe(bookingFeeTotal);
    expect(p.grandTotal).toBe(grandTotal);
    expect(p.pricingContext).toBe(context);
  });

  it('a third-party agent pays exactly the online payable: no markup is priced or debited', () => {
    const online = price({ pricingContext: 'ONLINE', displayCurrencies: ALL });
    const thirdParty = price({ pricingContext: 'THIRD_PARTY_AGENT', displayCurrencies: ALL });
    expect({ ...thirdParty, pricingContext: 'ONLINE' }).toEqual(online);
  });

  it('keeps zero components in every view ("0" in TZS, a zero in the currency decimals elsewhere)', () => {
    const p = price({ fare: '0', pricingContext: 'ONLINE', displayCurrencies: ['USD', 'KES'] });
    expect(feeAmounts(p.fees)).toEqual({ TRANSPORTER: '0', FACILITATION: '0', SERVICE_COMMISSION: '2000' });
    expect(feeAmounts(converted(p, 'USD').fees)).toEqual({ TRANSPORTER: '0.00', FACILITATION: '0.00', SERVICE_COMMISSION: '0.75' });
    expect(feeAmounts(converted(p, 'KES').fees)).toEqual({ TRANSPORTER: '0', FACILITATION: '0', SERVICE_COMMISSION: '98' });
    expect(converted(p, 'USD').fees).toHaveLength(3);
  });

  it('a currency with a rate gets the full components; the fare is amount/formatted', () => {
    const p = price({ pricingContext: 'SERVICE_AGENT', displayCurrencies: ['USD', 'KES'] });
    // 1 USD = 2650 TZS, 1 USD = 129.5 KES; each component converted and rounded on its own.
    expect(p.otherCurrencies.USD).toEqual({
      amount: 8.49,
      formatted: 'USD 8.49',
      currency: 'USD',
      total: '8.49',
      bookingFeeTotal: '1.13',
      grandTotal: '9.62',
      fees: [
        { type: 'TRANSPORTER', amount: '8.49', recipient: 'RAIL' },
        { type: 'FACILITATION', amount: '0.38', recipient: 'SERVICE_AGENT' },
        { type: 'SERVICE_COMMISSION', amount: '0.75', recipient: 'SERVICE' },
      ],
    });
    expect(p.otherCurrencies.KES).toEqual({
      amount: 1100,
      formatted: 'KES 1,100',
      currency: 'KES',
      total: '1100',
      bookingFeeTotal: '147',
      grandTotal: '1247',
      fees: [
        { type: 'TRANSPORTER', amount: '1100', recipient: 'RAIL' },
        { type: 'FACILITATION', amount: '49', recipient: 'SERVICE_AGENT' },
        { type: 'SERVICE_COMMISSION', amount: '98', recipient: 'SERVICE' },
      ],
    });
  });

  it('totals are sums of the rounded components, not converted totals', () => {
    const p = price({ pricingContext: 'SERVICE_AGENT', displayCurrencies: ['USD'] });
    const usd = converted(p, 'USD');
    const sum = usd.fees.reduce((acc, f) => acc.plus(d(f.amount)), d('0'));
    expect(usd.grandTotal).toBe(sum.toFixed(2));
    // A rate where they differ: the sum of rounded parts (0.02) is reported, not the converted total (0.01).
    const halfUp: RateLookup = (from, to) => (from === 'TZS' && to === 'USD' ? d('0.0000025') : null);
    const q = price({ fare: '2000', pricingContext: 'SERVICE_AGENT', displayCurrencies: ['USD'], rates: halfUp });
    // 2000 -> 0.005 -> 0.01; 1000 -> 0.0025 -> 0.00; 2000 -> 0.01: sum 0.02 while 5000 converted is 0.0125 -> 0.01.
    expect(converted(q, 'USD')).toMatchObject({ total: '0.01', bookingFeeTotal: '0.01', grandTotal: '0.02' });
  });

  it('a currency without a rate gets only amount and formatted, describing the fare in the base currency', () => {
    const p = price({ pricingContext: 'SERVICE_AGENT', displayCurrencies: ['JPY', 'USD'] });
    expect(p.otherCurrencies.JPY).toEqual({ amount: 22500, formatted: 'TZS 22,500' });
    expect(isFullyConverted(p.otherCurrencies.JPY)).toBe(false);
    expect(isFullyConverted(p.otherCurrencies.USD)).toBe(true);
    expect(Object.keys(p.otherCurrencies)).toEqual(['JPY', 'USD']);
  });

  it('treats a zero or negative rate as no rate, skips non-codes and duplicates, and prices the base currency at 1', () => {
    const broken: RateLookup = (_from, to) => (to === 'USD' ? d('0') : to === 'EUR' ? d('-1') : null);
    const p = price({ displayCurrencies: ['USD', 'EUR', 'usd', 'X', 'TZS', 'TZS'], rates: broken });
    expect(Object.keys(p.otherCurrencies)).toEqual(['USD', 'EUR', 'TZS']);
    expect(p.otherCurrencies.USD).toEqual({ amount: 22500, formatted: 'TZS 22,500' });
    expect(p.otherCurrencies.EUR).toEqual({ amount: 22500, formatted: 'TZS 22,500' });
    expect(p.otherCurrencies.TZS).toEqual({
      amount: 22500,
      formatted: 'TZS 22,500',
      currency: 'TZS',
      total: p.total,
      bookingFeeTotal: p.bookingFeeTotal,
      grandTotal: p.grandTotal,
      fees: p.fees,
    });
  });

  it('rounds to 0 decimals for TZS, KES, UGX, XAF, RWF and 2 otherwise', () => {
    const p = price({ fare: '37777', pricingContext: 'SERVICE_AGENT', displayCurrencies: ['KES', 'UGX', 'XAF', 'RWF', 'USD', 'EUR', 'GBP'] });
    expect(p.total).toBe('37777');
    for (const code of ['KES', 'UGX', 'XAF', 'RWF']) {
      for (const value of [converted(p, code).total, converted(p, code).grandTotal, ...converted(p, code).fees.map((f) => f.amount)])
        expect(value).toMatch(/^\d+$/);
    }
    for (const code of ['USD', 'EUR', 'GBP']) {
      for (const value of [converted(p, code).total, converted(p, code).grandTotal, ...converted(p, code).fees.map((f) => f.amount)])
        expect(value).toMatch(/^\d+\.\d\d$/);
    }
    expect(converted(p, 'USD').total).toBe('14.26'); // 37777 / 2650 = 14.2555 -> 14.26 (half up)
  });

  it('invariants hold for many fares, every context, every table currency and with luggage', () => {
    let checked = 0;
    const values = [...sequence(42, 200)];
    for (let i = 0; i < values.length; i++) {
      const fare = String(values[i] % 250000);
      const luggagePrice = i % 3 === 0 ? String(values[i] % 9000) : undefined;
      const context = TRAIN_PRICING_CONTEXTS[i % TRAIN_PRICING_CONTEXTS.length];
      const p = price({ fare, luggagePrice, pricingContext: context, displayCurrencies: ALL });
      const views: Array<{ currency: string; total: string; bookingFeeTotal: string; grandTotal: string; fees: TrainPrice['fees'] }> = [p];
      for (const code of ALL) {
        const entry = converted(p, code);
        expect(entry.amount).toBe(Number(entry.total));
        expect(entry.formatted).toBe(formattedPrice(entry.total, code));
        views.push(entry);
      }
      expect(p.basePrice).toBe(p.total);
      expect(p.total).toBe(String(Number(fare) + Number(luggagePrice ?? 0)));
      for (const v of views) {
        const decimals = currencyPrecision(v.currency);
        const fees = v.fees.reduce((acc, f) => acc.plus(d(f.amount)), d('0'));
        expect(fees.toFixed(decimals)).toBe(v.grandTotal);
        expect(d(v.total).plus(d(v.bookingFeeTotal)).toFixed(decimals)).toBe(v.grandTotal);
        expect(v.fees.find((f) => f.type === 'TRANSPORTER')!.amount).toBe(v.total);
        for (const amount of [v.total, v.bookingFeeTotal, v.grandTotal, ...v.fees.map((f) => f.amount)]) {
          expect(amount.split('.')[1]?.length ?? 0).toBe(decimals);
        }
        checked++;
      }
    }
    expect(checked).toBe(200 * (ALL.length + 1));
  });

  it('adds the luggage price to TRANSPORTER (operator charge) without changing the booking fees', () => {
    const p = price({ pricingContext: 'SERVICE_AGENT', luggagePrice: '5000', displayCurrencies: ['USD'] });
    expect(feeAmounts(p.fees)).toEqual({ TRANSPORTER: '27500', FACILITATION: '1000', SERVICE_COMMISSION: '2000' });
    expect(p).toMatchObject({ total: '27500', basePrice: '27500', bookingFeeTotal: '3000', grandTotal: '30500' });
    expect(converted(p, 'USD').total).toBe('10.38'); // 27500 / 2650 = 10.377
  });

  it('leaves luggage out of the total when a policy says so', () => {
    const policy = { ...TRAIN_PRICING_POLICY, version: 'TEST', luggageInTransporter: false };
    const p = price({ luggagePrice: '5000', policy });
    expect(p).toMatchObject({ total: '22500', grandTotal: '24500' });
  });

  it('takes its amounts from an injected policy', () => {
    const policy = {
      ...TRAIN_PRICING_POLICY,
      version: 'TEST',
      bookingFees: { ...TRAIN_PRICING_POLICY.bookingFees, ONLINE: { FACILITATION: '0', SERVICE_COMMISSION: '1500' } },
    };
    expect(price({ policy }).grandTotal).toBe('24000');
  });

  it('refuses malformed input rather than rounding a settlement figure', () => {
    expect(() => price({ fare: '-1' })).toThrow(RangeError);
    expect(() => price({ fare: '22500.5' })).toThrow(/decimals/);
    expect(() => price({ fare: '1e4' })).toThrow(RangeError);
    expect(() => price({ luggagePrice: '-5' })).toThrow(/negative/);
    expect(() => price({ pricingContext: 'CUSTOMER' as never })).toThrow(/pricing context/);
  });

  it('lists the rate pairs to prefetch: base to each distinct requested currency', () => {
    expect(trainRatePairs(['USD', 'TZS', 'USD', 'bad', 'KES'])).toEqual([
      ['TZS', 'USD'],
      ['TZS', 'KES'],
    ]);
  });
});

describe('formattedPrice', () => {
  it.each([
    ['24500', 'TZS', 'TZS 24,500'],
    ['0', 'TZS', 'TZS 0'],
    ['1234.5', 'USD', 'USD 1,234.50'],
    ['9.245', 'USD', 'USD 9.25'],
    ['2450.5', 'KES', 'KES 2,451'],
    ['123456789012345.67', 'EUR', 'EUR 123,456,789,012,345.67'],
  ])('%s %s -> %s', (amount, currency, expected) => expect(formattedPrice(amount, currency)).toBe(expected));

  it('accepts a Decimal', () => expect(formattedPrice(d('1000000'), 'UGX')).toBe('UGX 1,000,000'));
});

describe('carPrices', () => {
  const fares = [
    { ticketTypeId: 4, ticketTypeCode: 'ADULT', ticketTypeName: 'Adult', amount: '22500' },
    { ticketTypeId: 5, ticketTypeCode: 'CHILD', ticketTypeName: 'Child', amount: '11250' },
  ];
  const luggageOptions = [
    { id: 1, name: 'Up to 20 kg', price: '3000', isActive: true },
    { id: 2, name: 'Retired', price: '9000', isActive: false },
    { id: 3, name: 'Up to 40 kg', price: '6000' },
  ];

  it('prices every ticket type × (no luggage + each active luggage option)', () => {
    const prices = carPrices({ fares, luggageOptions, pricingContext: 'SERVICE_AGENT', displayCurrencies: ['USD', 'JPY'], rates });
    expect(prices.map((p) => [p.ticketTypeCode, p.luggageTypeId, p.luggagePrice, p.total, p.grandTotal])).toEqual([
      ['ADULT', null, 0, '22500', '25500'],
      ['ADULT', 1, 3000, '25500', '28500'],
      ['ADULT', 3, 6000, '28500', '31500'],
      ['CHILD', null, 0, '11250', '14250'],
      ['CHILD', 1, 3000, '14250', '17250'],
      ['CHILD', 3, 6000, '17250', '20250'],
    ]);
  });

  it('carries every car price field, with the fare formatted in the base currency', () => {
    const [plain, withLuggage] = carPrices({ fares, luggageOptions, pricingContext: 'ONLINE', displayCurrencies: ['USD', 'JPY'], rates });
    expect(Object.keys(plain).sort()).toEqual(
      [
        'ticketTypeId',
        'ticketTypeCode',
        'ticketTypeName',
        'pricingContext',
        'total',
        'bookingFeeTotal',
        'grandTotal',
        'fees',
        'formattedPrice',
        'currency',
        'otherCurrencies',
        'luggageTypeId',
        'luggageTypeName',
        'luggagePrice',
      ].sort(),
    );
    expect(plain).toMatchObject({
      ticketTypeId: 4,
      ticketTypeName: 'Adult',
      pricingContext: 'ONLINE',
      currency: 'TZS',
      formattedPrice: 'TZS 22,500',
      bookingFeeTotal: '2000',
      grandTotal: '24500',
      luggageTypeId: null,
      luggageTypeName: null,
    });
    expect(withLuggage).toMatchObject({ luggageTypeId: 1, luggageTypeName: 'Up to 20 kg', luggagePrice: 3000, formattedPrice: 'TZS 25,500' });
    expect(isFullyConverted(plain.otherCurrencies.USD)).toBe(true);
    expect(plain.otherCurrencies.JPY).toEqual({ amount: 22500, formatted: 'TZS 22,500' });
    expect(withLuggage.otherCurrencies.JPY).toEqual({ amount: 25500, formatted: 'TZS 25,500' });
  });

  it('matches priceTrainFare for the same inputs', () => {
    const [, withLuggage] = carPrices({ fares, luggageOptions, pricingContext: 'THIRD_PARTY_AGENT', displayCurrencies: ALL, rates });
    const direct = price({ pricingContext: 'THIRD_PARTY_AGENT', luggagePrice: '3000', displayCurrencies: ALL });
    expect(withLuggage.fees).toEqual(direct.fees);
    expect(withLuggage.otherCurrencies).toEqual(direct.otherCurrencies);
  });

  it('is empty without fares', () => {
    expect(carPrices({ fares: [], luggageOptions, pricingContext: 'ONLINE', displayCurrencies: [], rates })).toEqual([]);
  });
});
