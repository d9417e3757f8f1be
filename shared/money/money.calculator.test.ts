import { currencyPrecision, fitsCurrency, formatAmount, parseAmount, roundFor } from './money.calculator';

describe('money', () => {
  it.each([
    ['TZS', 0],
    ['KES', 0],
    ['UGX', 0],
    ['XAF', 0],
    ['RWF', 0],
    ['USD', 2],
    ['EUR', 2],
  ])('%s has %i decimals', (currency, decimals) => expect(currencyPrecision(currency)).toBe(decimals));

  it('parses decimal strings and safe integers only', () => {
    expect(parseAmount('24500').toFixed()).toBe('24500');
    expect(parseAmount('0.10').plus(parseAmount('0.20')).toFixed(2)).toBe('0.30');
    expect(parseAmount(1200).toFixed()).toBe('1200');
    for (const bad of ['1e3', '12,5', 'NaN', '', ' 1', '1.23456']) expect(() => parseAmount(bad)).toThrow(RangeError);
    expect(() => parseAmount(0.1)).toThrow(/decimal string/);
  });

  it('rounds half up per currency and formats with exactly the currency decimals', () => {
    expect(formatAmount(roundFor(parseAmount('2450.5'), 'TZS'), 'TZS')).toBe('2451');
    expect(formatAmount(roundFor(parseAmount('19.995'), 'USD'), 'USD')).toBe('20.00');
    expect(formatAmount(parseAmount('7'), 'USD')).toBe('7.00');
    expect(fitsCurrency(parseAmount('10.5'), 'TZS')).toBe(false);
    expect(fitsCurrency(parseAmount('10.50'), 'USD')).toBe(true);
  });
});
