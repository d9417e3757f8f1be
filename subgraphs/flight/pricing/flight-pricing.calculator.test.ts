import { createSimulatedExchangeRates, RateLookup, SIMULATED_USD_RATES, snapshotRates } from '../../../shared/money/exchange-rates.port';
import { currencyPrecision, Decimal } from '../../../shared/money/money.calculator';
import {
  acceptsPrice,
  CurrencyPrice,
  FLIGHT_PRICING_POLICY,
  FlightOfferPrice,
  FlightPricingPolicy,
  priceOffer,
  PriceOfferInput,
  PricingContext,
  PricingError,
  priceVersionOf,
  ratePairsFor,
} from './flight-pricing.calculator';

const ALL = Object.keys(SIMULATED_USD_RATES);
let rates: RateLookup;

beforeAll(async () => {
  // Every pair among the table currencies, fetched once: pricing itself is synchronous.
  const pairs = ALL.flatMap((from) => ALL.map((to) => [from, to] as [string, string]));
  rates = await snapshotRates(createSimulatedExchangeRates(), pairs);
});

function price(overrides: Partial<PriceOfferInput> & { total?: string; base?: string; supplierCurrency?: string } = {}): FlightOfferPrice {
  const { total = '250.00', base = '200.00', supplierCurrency = 'USD', ...rest } = overrides;
  return priceOffer({
    supplierPrice: { currency: supplierCurrency, total, base, fees: [{ amount: '0.00', type: 'SUPPLIER' }] },
    displayCurrency: 'TZS',
    pricingContext: 'SERVICE_AGENT',
    walletCurrency: 'TZS',
    rates,
    otherCurrencies: [],
    ...rest,
  });
}

const d = (value: string | undefined) => new Decimal(value!);
const feeOf = (view: { bookingFees: CurrencyPrice['bookingFees'] }, type: string) => view.bookingFees.find((f) => f.type === type);

describe('priceOffer: worked examples', () => {
  it('SERVICE_AGENT with a TZS wallet: debit rounded up to 50, uplift inside SERVICE_COMMISSION', () => {
    const p = price();
    // 250 USD fare → 662500 TZS; SC 3% = 7.50 USD → 19875; AC 2% = 5.00 USD → 13250.
    // Wallet: 662500 + 19875 = 682375 → up to 682400, uplift 25 added to SC (19900).
    expect(p).toMatchObject({
      currency: 'TZS',
      total: '662500',
      base: '530000',
      fees: [{ amount: '0', type: 'SUPPLIER' }],
      bookingFees: [
        { amount: '19900', currency: 'TZS', type: 'SERVICE_COMMISSION', recipient: 'SERVICE', roundingAdjustment: '25' },
        { amount: '13250', currency: 'TZS', type: 'AGENT_COMMISSION', recipient: 'SERVICE_AGENT' },
      ],
      bookingFeeTotal: '33150',
      grandTotal: '695650',
      walletDebitTotal: '682400',
      walletSettlement: {
        currency: 'TZS',
        unroundedDebit: '682375',
        debitTotal: '682400',
        rounding: { policyVersion: 'TZS-CASH-2026-01', increment: '50', adjustment: '25' },
      },
      pricingContext: 'SERVICE_AGENT',
      otherCurrencies: {},
    });
    expect(p.bookingFees[1].roundingAdjustment).toBeUndefined();
  });

  it('display USD with a TZS wallet: walletDebitTotal stays in the wallet currency, uplift converted into the display fee', () => {
    const p = price({ displayCurrency: 'USD', otherCurrencies: ['TZS', 'KES'] });
    expect(p.currency).toBe('USD');
    expect(p.total).toBe('250.00');
    // 25 TZS ≈ 0.0094 USD → 0.01 on top of the 7.50 service commission.
    expect(p.bookingFees[0]).toEqual({ amount: '7.51', currency: 'USD', type: 'SERVICE_COMMISSION', recipient: 'SERVICE', roundingAdjustment: '0.01' });
    expect(p.grandTotal).toBe('262.51');
    expect(p.walletDebitTotal).toBe('682400');
    expect(p.walletSettlement?.currency).toBe('TZS');
    expect(p.otherCurrencies.TZS).toMatchObject({ total: '662500', grandTotal: '695650', walletDebitTotal: '682400', bookingFeeTotal: '33150' });
    expect(feeOf(p.otherCurrencies.TZS, 'SERVICE_COMMISSION')?.roundingAdjustment).toBe('25');
    // KES: 25 TZS × 129.5/2650 = 1.22 → 1 KES uplift.
    expect(feeOf(p.otherCurrencies.KES, 'SERVICE_COMMISSION')).toMatchObject({ amount: '972', roundingAdjustment: '1' });
  });

  it.each([
    ['KES', '251.37', 'KES-CASH-2026-01', '5'],
    ['UGX', '251.37', 'UGX-CASH-2026-01', '100'],
    ['TZS', '99.99', 'TZS-CASH-2026-01', '50'],
  ])('%s wallet: debit is a multiple of the increment and never below the unrounded debit', (wallet, total, policyVersion, increment) => {
    const p = price({ walletCurrency: wallet, displayCurrency: wallet, total, base: total });
    const s = p.walletSettlement!;
    expect(s.rounding).toMatchObject({ policyVersion, increment });
    expect(d(s.debitTotal).mod(increment).isZero()).toBe(true);
    expect(d(s.unroundedDebit).plus(s.rounding!.adjustment).eq(d(s.debitTotal))).toBe(true);
    expect(d(s.rounding!.adjustment).gt(0)).toBe(true); // these fares were chosen to need an uplift
    expect(d(s.rounding!.adjustment).lt(increment)).toBe(true);
    expect(feeOf(p, 'SERVICE_COMMISSION')?.roundingAdjustment).toBe(s.rounding!.adjustment);
  });

  it('a debit already on the increment keeps a rounding block with adjustment 0', () => {
    // 250 USD → 930000 UGX + SC 7.50 → 27900 = 957900, already a multiple of 100.
    const p = price({ walletCurrency: 'UGX', displayCurrency: 'UGX' });
    expect(p.walletSettlement).toEqual({
      currency: 'UGX',
      unroundedDebit: '957900',
      debitTotal: '957900',
      rounding: { policyVersion: 'UGX-CASH-2026-01', increment: '100', adjustment: '0' },
    });
    expect(feeOf(p, 'SERVICE_COMMISSION')).toMatchObject({ amount: '27900', roundingAdjustment: '0' });
  });

  it.each(['USD', 'RWF', 'EUR', 'AED'])('a %s wallet has no cash-rounding policy: no rounding, no roundingAdjustment', (wallet) => {
    const p = price({ walletCurrency: wallet, displayCurrency: 'TZS', total: '251.37', base: '200.00', otherCurrencies: [wallet] });
    const s = p.walletSettlement!;
    expect(s.currency).toBe(wallet);
    expect('rounding' in s).toBe(false);
    expect(s.debitTotal).toBe(s.unroundedDebit);
    expect(p.walletDebitTotal).toBe(s.debitTotal);
    for (const fee of [...p.bookingFees, ...p.otherCurrencies[wallet].bookingFees]) expect('roundingAdjustment' in fee).toBe(false);
  });

  it('RWF (0 decimals, no policy) wallet debit is whole francs but not rounded to any increment', () => {
    const s = price({ walletCurrency: 'RWF', total: '251.37', base: '200.00' }).walletSettlement!;
    // 251.37 × 1415 = 355688.55 → 355689; SC 7.54 × 1415 = 10669.1 → 10669.
    expect(s).toEqual({ currency: 'RWF', unroundedDebit: '366358', debitTotal: '366358' });
  });
});

describe('priceOffer: fee sets per pricing context', () => {
  const shape = (p: FlightOfferPrice) => p.bookingFees.map((f) => `${f.type}:${f.recipient}`);

  it('SERVICE_AGENT: service commission and the agent commission; the wallet pays the fare and the service commission only', () => {
    const p = price({ walletCurrency: 'USD', displayCurrency: 'USD' });
    expect(shape(p)).toEqual(['SERVICE_COMMISSION:SERVICE', 'AGENT_COMMISSION:SERVICE_AGENT']);
    expect(p.bookingFees.map((f) => f.amount)).toEqual(['7.50', '5.00']);
    expect(p.grandTotal).toBe('262.50');
    expect(p.walletDebitTotal).toBe('257.50');
  });

  it('THIRD_PARTY_AGENT: service commission only, wallet debit equals grand total', () => {
    const p = price({ pricingContext: 'THIRD_PARTY_AGENT' });
    expect(shape(p)).toEqual(['SERVICE_COMMISSION:SERVICE']);
    expect(p.bookingFeeTotal).toBe('19900');
    expect(p.grandTotal).toBe('682400');
    expect(p.walletDebitTotal).toBe('682400');
    expect(p.walletSettlement?.rounding?.adjustment).toBe('25');
  });

  it('ONLINE: service commission only, no wallet fields anywhere, no cash rounding', () => {
    const p = price({ pricingContext: 'ONLINE', walletCurrency: 'TZS', otherCurrencies: ['USD'] });
    expect(shape(p)).toEqual(['SERVICE_COMMISSION:SERVICE']);
    expect(p.bookingFees[0]).toEqual({ amount: '19875', currency: 'TZS', type: 'SERVICE_COMMISSION', recipient: 'SERVICE' });
    expect(p.grandTotal).toBe('682375');
    expect('walletDebitTotal' in p).toBe(false);
    expect('walletSettlement' in p).toBe(false);
    expect('walletDebitTotal' in p.otherCurrencies.USD).toBe(false);
  });

  it('agents need a wallet currency', () => {
    expect(() => price({ walletCurrency: undefined })).toThrow(expect.objectContaining({ code: 'INVALID_PRICE_INPUT' }));
    expect(() => price({ pricingContext: 'THIRD_PARTY_AGENT', walletCurrency: 'tzs' })).toThrow(PricingError);
  });
});

describe('priceOffer: minimum service commission (USD 5 equivalent)', () => {
  it.each([
    ['100.00', '5.00'], // 3.00 < 5
    ['166.66', '5.00'], // 4.9998 → 5.00
    ['166.84', '5.01'], // 5.0052 → 5.01, above the minimum
    ['1000.00', '30.00'],
  ])('fare %s USD → service commission %s USD', (total, commission) => {
    const p = price({ pricingContext: 'ONLINE', displayCurrency: 'USD', total, base: total });
    expect(p.bookingFees[0].amount).toBe(commission);
  });

  it('applies in the display currency (100 USD in TZS → 13250) and from a non-USD supplier currency', () => {
    expect(price({ pricingContext: 'ONLINE', total: '100.00', base: '80.00' }).bookingFees[0].amount).toBe('13250');
    // Supplier in EUR: minimum is 5 USD = 4.60 EUR, above 3% of 100 EUR.
    const eur = price({ pricingContext: 'ONLINE', supplierCurrency: 'EUR', displayCurrency: 'EUR', total: '100.00', base: '80.00' });
    expect(eur.bookingFees[0].amount).toBe('4.60');
  });
});

describe('priceOffer: currencies', () => {
  it('formats to the display currency precision: TZS whole shillings, USD two decimals', () => {
    const tzs = price({ pricingContext: 'ONLINE', total: '123.45', base: '100.01' });
    const usd = price({ pricingContext: 'ONLINE', displayCurrency: 'USD', total: '123.45', base: '100.01' });
    for (const v of [tzs.total, tzs.base, tzs.grandTotal, tzs.bookingFeeTotal, tzs.bookingFees[0].amount]) expect(v).toMatch(/^\d+$/);
    for (const v of [usd.total, usd.base, usd.grandTotal, usd.bookingFeeTotal, usd.bookingFees[0].amount]) expect(v).toMatch(/^\d+\.\d{2}$/);
    expect(tzs.total).toBe('327143'); // 327142.5 rounds half up
    expect(usd.total).toBe('123.45');
  });

  it('rounds each component half up (KES: base 388.5 → 389, total 1424.5 → 1425)', () => {
    const p = price({ pricingContext: 'ONLINE', displayCurrency: 'KES', total: '11.00', base: '3.00' });
    expect(p.base).toBe('389');
    expect(p.total).toBe('1425');
    expect(p.bookingFees[0].amount).toBe('648'); // minimum 5 USD = 647.5 KES
    expect(p.grandTotal).toBe('2073');
  });

  it('converts across non-USD currencies through the cross rate (92 EUR → 265000 TZS)', () => {
    const p = price({ pricingContext: 'ONLINE', supplierCurrency: 'EUR', total: '92.00', base: '46.00' });
    expect(p.total).toBe('265000');
    expect(p.base).toBe('132500');
    expect(p.bookingFees[0].amount).toBe('13250'); // 4.60 EUR minimum = 5 USD
  });

  it('accepts the rates as a "FROM/TO" table as well as a function', () => {
    const p = priceOffer({
      supplierPrice: { currency: 'USD', total: '250.00', base: '200.00' },
      displayCurrency: 'TZS',
      pricingContext: 'SERVICE_AGENT',
      walletCurrency: 'KES',
      rates: { 'USD/TZS': '2650', 'USD/KES': '129.5' },
      otherCurrencies: ['UGX'],
    });
    expect(p.total).toBe('662500');
    expect(p.walletSettlement?.debitTotal).toBe('33350');
    expect(p.otherCurrencies).toEqual({});
  });

  it('throws CURRENCY_UNAVAILABLE for a display or wallet currency without a rate', () => {
    const failure = (fn: () => unknown) => {
      try {
        fn();
      } catch (e) {
        return e;
      }
      throw new Error('expected a PricingError');
    };
    const display = failure(() => price({ displayCurrency: 'XYZ' }));
    expect(display).toBeInstanceOf(PricingError);
    expect(display).toMatchObject({ code: 'CURRENCY_UNAVAILABLE', currency: 'XYZ' });
    expect(failure(() => price({ walletCurrency: 'XYZ' }))).toMatchObject({ code: 'CURRENCY_UNAVAILABLE', currency: 'XYZ' });
    // The minimum commission needs USD→supplier currency.
    expect(failure(() => price({ supplierCurrency: 'XYZ', displayCurrency: 'XYZ', walletCurrency: 'XYZ' }))).toMatchObject({
      code: 'CURRENCY_UNAVAILABLE',
      currency: 'XYZ',
    });
    expect(failure(() => price({ total: '12.345678' }))).toMatchObject({ code: 'INVALID_PRICE_INPUT' });
  });

  it('leaves other currencies without a rate out, and skips the display currency and duplicates', () => {
    const p = price({ otherCurrencies: ['XYZ', 'USD', 'TZS', 'KES', 'USD', 'bad'] });
    expect(Object.keys(p.otherCurrencies)).toEqual(['USD', 'KES']);
  });

  it('ratePairsFor + snapshotRates fetch only what priceOffer needs', async () => {
    const input = { supplierCurrency: 'EUR', displayCurrency: 'TZS', walletCurrency: 'KES', otherCurrencies: ['USD', 'XYZ'] };
    const pairs = ratePairsFor(input);
    expect(pairs).toEqual([
      ['USD', 'EUR'],
      ['EUR', 'TZS'],
      ['EUR', 'KES'],
      ['EUR', 'USD'],
      ['EUR', 'XYZ'],
    ]);
    const snapshot = await snapshotRates(createSimulatedExchangeRates(), pairs);
    const fromSnapshot = priceOffer({
      supplierPrice: { currency: 'EUR', total: '92.00', base: '46.00' },
      displayCurrency: 'TZS',
      pricingContext: 'SERVICE_AGENT',
      walletCurrency: 'KES',
      rates: snapshot,
      otherCurrencies: ['USD', 'XYZ'],
    });
    const fromFull = price({ supplierCurrency: 'EUR', total: '92.00', base: '46.00', walletCurrency: 'KES', otherCurrencies: ['USD', 'XYZ'] });
    expect({ ...fromSnapshot, fees: [] }).toEqual({ ...fromFull, fees: [] });
  });
});

describe('priceOffer: components always add up (deterministic property sweep)', () => {
  const CONTEXTS: PricingContext[] = ['ONLINE', 'SERVICE_AGENT', 'THIRD_PARTY_AGENT'];
  const SUPPLIER = ['USD', 'USD', 'USD', 'EUR', 'TZS', 'KES', 'AED', 'GBP'];
  const DISPLAY = ['TZS', 'USD', 'KES', 'UGX', 'EUR', 'RWF', 'BIF', 'ZAR', 'INR', 'AED'];
  const WALLETS = ['TZS', 'KES', 'UGX', 'USD', 'RWF', 'EUR'];

  // A fixed linear congruential sequence: many fares, the same ones on every run.
  function* fares(count: number): Generator<{ currency: string; total: string; base: string }> {
    let seed = 20260101;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648);
    for (let i = 0; i < count; i++) {
      const currency = SUPPLIER[i % SUPPLIER.length];
      const places = currencyPrecision(currency);
      const minor = 1 + (next() % (places === 0 ? 9_000_000 : 900_000)); // up to ~9000 USD-ish
      const total = new Decimal(minor).div(10 ** places);
      const base = total
        .mul(50 + (next() % 50))
        .div(100)
        .toDecimalPlaces(places, Decimal.ROUND_DOWN);
      yield { currency, total: total.toFixed(places), base: base.toFixed(places) };
    }
  }

  it('every view of every price sums exactly and respects its precision', () => {
    const failures: string[] = [];
    const check = (ok: boolean, what: string) => {
      if (!ok && failures.length < 20) failures.push(what);
    };
    let views = 0;
    let i = 0;
    for (const fare of fares(240)) {
      const context = CONTEXTS[i % 3];
      const display = DISPLAY[i % DISPLAY.length];
      const wallet = WALLETS[Math.floor(i / 3) % WALLETS.length];
      i++;
      const p = priceOffer({ supplierPrice: fare, displayCurrency: display, pricingContext: context, walletCurrency: wallet, rates, otherCurrencies: ALL });
      const label = `${fare.currency} ${fare.total} ${context} display ${display} wallet ${wallet}`;
      const agent = context !== 'ONLINE';
      const settlement = p.walletSettlement;
      const all: CurrencyPrice[] = [{ ...p, walletDebitTotal: undefined }, ...Object.values(p.otherCurrencies)];
      check(Object.keys(p.otherCurrencies).length === ALL.length - 1, `${label}: missing other currencies`);

      for (const v of all) {
        views++;
        const at = `${label} [${v.currency}]`;
        const places = currencyPrecision(v.currency);
        const format = places === 0 ? /^\d+$/ : new RegExp(`^\\d+\\.\\d{${places}}$`);
        for (const amount of [v.total, v.bookingFeeTotal, v.grandTotal, ...v.bookingFees.map((f) => f.amount)])
          check(format.test(amount), `${at}: ${amount} not formatted`);
        check(
          v.bookingFees.every((f) => f.currency === v.currency),
          `${at}: fee currency`,
        );
        const feeSum = v.bookingFees.reduce((sum, f) => sum.plus(f.amount), new Decimal(0));
        check(feeSum.eq(d(v.bookingFeeTotal)), `${at}: fees ${feeSum} ≠ bookingFeeTotal ${v.bookingFeeTotal}`);
        check(d(v.total).plus(v.bookingFeeTotal).eq(d(v.grandTotal)), `${at}: total + fees ≠ grandTotal`);
        const sc = feeOf(v, 'SERVICE_COMMISSION')!;
        const ac = feeOf(v, 'AGENT_COMMISSION');
        check((ac !== undefined) === (context === 'SERVICE_AGENT'), `${at}: agent commission presence`);
        check((sc.roundingAdjustment !== undefined) === (agent && wallet in FLIGHT_PRICING_POLICY.cashRounding), `${at}: roundingAdjustment presence`);
        if (sc.roundingAdjustment !== undefined) check(d(sc.roundingAdjustment).lte(d(sc.amount)), `${at}: adjustment above commission`);
        if (v !== all[0]) check((v.walletDebitTotal !== undefined) === agent, `${at}: walletDebitTotal presence`);
        if (agent && v.walletDebitTotal !== undefined) {
          check(d(v.total).plus(sc.amount).eq(d(v.walletDebitTotal)), `${at}: wallet debit ≠ total + service commission`);
          check(
            d(v.grandTotal)
              .minus(ac?.amount ?? 0)
              .eq(d(v.walletDebitTotal)),
            `${at}: grandTotal − agent commission ≠ wallet debit`,
          );
        }
      }

      if (!agent) {
        check(settlement === undefined && p.walletDebitTotal === undefined, `${label}: customer price has wallet fields`);
        continue;
      }
      check(settlement!.currency === wallet && p.walletDebitTotal === settlement!.debitTotal, `${label}: settlement currency/debit`);
      // The wallet-currency view is exactly the settlement.
      const walletView: CurrencyPrice = wallet === display ? p : p.otherCurrencies[wallet];
      const walletViewDebit = d(walletView.total).plus(feeOf(walletView, 'SERVICE_COMMISSION')!.amount);
      check(walletViewDebit.eq(d(settlement!.debitTotal)), `${label}: wallet view ${walletViewDebit} ≠ debit ${settlement!.debitTotal}`);
      const rounding = settlement!.rounding;
      const rule = FLIGHT_PRICING_POLICY.cashRounding[wallet];
      if (rule) {
        check(rounding?.policyVersion === rule.policyVersion && rounding.increment === rule.increment, `${label}: rounding policy`);
        check(d(settlement!.debitTotal).mod(rule.increment).isZero(), `${label}: debit not on increment`);
        check(d(settlement!.unroundedDebit).plus(rounding!.adjustment).eq(d(settlement!.debitTotal)), `${label}: unrounded + adjustment ≠ debit`);
        check(d(rounding!.adjustment).gte(0) && d(rounding!.adjustment).lt(rule.increment), `${label}: adjustment out of range`);
        check(feeOf(walletView, 'SERVICE_COMMISSION')!.roundingAdjustment === rounding!.adjustment, `${label}: fee adjustment ≠ settlement adjustment`);
      } else {
        check(rounding === undefined && settlement!.unroundedDebit === settlement!.debitTotal, `${label}: unexpected rounding`);
      }
    }
    expect(failures).toEqual([]);
    expect(views).toBeGreaterThan(5000);
  });
});

describe('priceVersionOf', () => {
  it('is canonical: the same inputs give the same version, amounts compared as decimals', () => {
    const a = price({ otherCurrencies: ['USD'] });
    const b = price({ otherCurrencies: ['USD'] });
    expect(priceVersionOf(a)).toMatch(/^pv1-[0-9a-f]{32}$/);
    expect(priceVersionOf(a)).toBe(priceVersionOf(b));
    expect(priceVersionOf({ ...a, grandTotal: '695650.00' })).toBe(priceVersionOf(a));
    // Display-only conversions are not authoritative.
    expect(priceVersionOf(price({ otherCurrencies: ['KES', 'EUR'] }))).toBe(priceVersionOf(a));
  });

  it('changes whenever an authoritative amount, currency, context or rounding policy changes', () => {
    const base = priceVersionOf(price());
    const variants: Record<string, string> = {
      'fare +0.01': priceVersionOf(price({ total: '250.01' })),
      'base only': priceVersionOf(price({ base: '199.00' })),
      context: priceVersionOf(price({ pricingContext: 'THIRD_PARTY_AGENT' })),
      display: priceVersionOf(price({ displayCurrency: 'USD' })),
      wallet: priceVersionOf(price({ walletCurrency: 'KES' })),
      'wallet debit only': priceVersionOf({ ...price(), walletSettlement: { ...price().walletSettlement!, debitTotal: '682450' } }),
      'agent commission only': priceVersionOf({ ...price(), bookingFees: [price().bookingFees[0], { ...price().bookingFees[1], amount: '13251' }] }),
    };
    const policy: FlightPricingPolicy = {
      ...FLIGHT_PRICING_POLICY,
      cashRounding: { ...FLIGHT_PRICING_POLICY.cashRounding, TZS: { policyVersion: 'TZS-CASH-2027-01', increment: '50', direction: 'UP' } },
    };
    variants['rounding policy version'] = priceVersionOf(price({ policy }));
    for (const [name, version] of Object.entries(variants)) expect([name, version]).not.toEqual([name, base]);
    expect(new Set(Object.values(variants)).size).toBe(Object.keys(variants).length);
  });
});

describe('acceptsPrice', () => {
  it('agents accept the wallet settlement amount and currency, not the display grand total', () => {
    const p = price({ displayCurrency: 'USD' });
    const priceVersion = priceVersionOf(p);
    expect(acceptsPrice(p, { priceVersion, amount: '682400', currency: 'TZS' }, 'SERVICE_AGENT')).toBe(true);
    expect(acceptsPrice(p, { priceVersion, amount: '682400.00', currency: 'TZS' }, 'SERVICE_AGENT')).toBe(true);
    expect(acceptsPrice(p, { priceVersion, amount: '682375', currency: 'TZS' }, 'SERVICE_AGENT')).toBe(false); // unrounded
    expect(acceptsPrice(p, { priceVersion, amount: p.grandTotal, currency: 'USD' }, 'SERVICE_AGENT')).toBe(false);
    expect(acceptsPrice(p, { priceVersion, amount: '682400', currency: 'USD' }, 'SERVICE_AGENT')).toBe(false);
    expect(acceptsPrice(p, { priceVersion, amount: '682400', currency: 'TZS' }, 'THIRD_PARTY_AGENT')).toBe(false); // priced for another context
    const thirdParty = price({ pricingContext: 'THIRD_PARTY_AGENT' });
    expect(acceptsPrice(thirdParty, { priceVersion: priceVersionOf(thirdParty), amount: '682400', currency: 'TZS' }, 'THIRD_PARTY_AGENT')).toBe(true);
  });

  it('customers accept the display grand total and currency', () => {
    const p = price({ pricingContext: 'ONLINE', displayCurrency: 'USD', walletCurrency: undefined });
    const priceVersion = priceVersionOf(p);
    expect(p.grandTotal).toBe('257.50');
    expect(acceptsPrice(p, { priceVersion, amount: '257.50', currency: 'USD' }, 'ONLINE')).toBe(true);
    expect(acceptsPrice(p, { priceVersion, amount: '257.5', currency: 'USD' }, 'ONLINE')).toBe(true);
    expect(acceptsPrice(p, { priceVersion, amount: '257.51', currency: 'USD' }, 'ONLINE')).toBe(false);
    expect(acceptsPrice(p, { priceVersion, amount: '257.50', currency: 'TZS' }, 'ONLINE')).toBe(false);
    for (const amount of ['abc', '2.575e2', '', ' 257.50']) expect(acceptsPrice(p, { priceVersion, amount, currency: 'USD' }, 'ONLINE')).toBe(false);
    const tzs = price({ pricingContext: 'ONLINE' });
    expect(acceptsPrice(tzs, { priceVersion: priceVersionOf(tzs), amount: '682375.00', currency: 'TZS' }, 'ONLINE')).toBe(true);
  });

  it('rejects a stale or foreign price version even with the right amount', () => {
    const old = price();
    const changed = price({ base: '199.00' });
    expect(changed.walletSettlement?.debitTotal).toBe('682400'); // same debit…
    const stale = { priceVersion: priceVersionOf(old), amount: '682400', currency: 'TZS' };
    expect(acceptsPrice(old, stale, 'SERVICE_AGENT')).toBe(true);
    expect(acceptsPrice(changed, stale, 'SERVICE_AGENT')).toBe(false); // …but a different price
    expect(acceptsPrice(old, { ...stale, priceVersion: 'pv1-0000' }, 'SERVICE_AGENT')).toBe(false);
  });
});
