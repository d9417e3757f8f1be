import { createSimulatedExchangeRates, ExchangeRates, SIMULATED_USD_RATES, snapshotRates } from './exchange-rates.port';
import { Decimal } from './money.calculator';

describe('simulated exchange rates', () => {
  const rates = createSimulatedExchangeRates();

  it.each([
    ['TZS', '2650'],
    ['KES', '129.5'],
    ['UGX', '3720'],
    ['RWF', '1415'],
    ['BIF', '2950'],
    ['ETB', '128'],
    ['EUR', '0.92'],
    ['GBP', '0.79'],
    ['ZAR', '18.2'],
    ['AED', '3.6725'],
    ['CNY', '7.1'],
    ['INR', '84'],
  ])('quotes USD→%s from the fixed table', async (code, expected) => {
    expect((await rates.rate('USD', code))?.toFixed()).toBe(expected);
  });

  it('computes cross rates through USD, in both directions', async () => {
    expect((await rates.rate('TZS', 'KES'))?.eq(new Decimal('129.5').div('2650'))).toBe(true);
    expect((await rates.rate('EUR', 'GBP'))?.eq(new Decimal('0.79').div('0.92'))).toBe(true);
    expect((await rates.rate('KES', 'USD'))?.eq(new Decimal(1).div('129.5'))).toBe(true);
    // 92 EUR is exactly 100 USD, so exactly 265000 TZS.
    expect((await rates.rate('EUR', 'TZS'))!.mul(92).toDecimalPlaces(6).toFixed()).toBe('265000');
    const there = (await rates.rate('UGX', 'RWF'))!;
    const back = (await rates.rate('RWF', 'UGX'))!;
    expect(there.mul(back).toDecimalPlaces(12).toFixed()).toBe('1');
  });

  it('has no rate for currencies outside the table, except a code to itself', async () => {
    expect(await rates.rate('USD', 'XYZ')).toBeNull();
    expect(await rates.rate('XYZ', 'TZS')).toBeNull();
    expect(await rates.rate('usd', 'TZS')).toBeNull();
    expect(await rates.rate('', 'TZS')).toBeNull();
    expect((await rates.rate('TZS', 'TZS'))?.toFixed()).toBe('1');
  });

  it('is deterministic across instances and every table currency is quotable against every other', async () => {
    const other = createSimulatedExchangeRates();
    const codes = Object.keys(SIMULATED_USD_RATES);
    expect(codes.length).toBeGreaterThanOrEqual(20);
    for (const from of codes) {
      for (const to of codes) {
        const a = await rates.rate(from, to);
        const b = await other.rate(from, to);
        expect(a).not.toBeNull();
        expect(a!.gt(0)).toBe(true);
        expect(a!.eq(b!)).toBe(true);
      }
    }
  });

  it('accepts a custom table and rejects nonsensical entries', async () => {
    const custom = createSimulatedExchangeRates({ USD: '1', TZS: '2000' });
    expect((await custom.rate('USD', 'TZS'))?.toFixed()).toBe('2000');
    expect(await custom.rate('USD', 'KES')).toBeNull();
    expect(() => createSimulatedExchangeRates({ USD: '1', TZS: '0' })).toThrow(RangeError);
    expect(() => createSimulatedExchangeRates({ usd: '1' })).toThrow(RangeError);
  });
});

describe('snapshotRates', () => {
  it('fetches each pair once and answers synchronously from the snapshot', async () => {
    const inner = createSimulatedExchangeRates();
    const calls: string[] = [];
    const counting: ExchangeRates = {
      rate: (from, to) => {
        calls.push(`${from}/${to}`);
        return inner.rate(from, to);
      },
    };
    const lookup = await snapshotRates(counting, [
      ['USD', 'TZS'],
      ['USD', 'TZS'],
      ['USD', 'XYZ'],
      ['KES', 'UGX'],
    ]);
    expect(calls).toEqual(['USD/TZS', 'USD/XYZ', 'KES/UGX']);
    expect(lookup('USD', 'TZS')?.toFixed()).toBe('2650');
    expect(lookup('USD', 'XYZ')).toBeNull();
    expect(lookup('USD', 'KES')).toBeNull(); // not fetched
    expect(lookup('EUR', 'EUR')?.toFixed()).toBe('1');
    expect(calls).toHaveLength(3);
  });
});
