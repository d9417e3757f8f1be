import { convertAmount, convertComponents, sumAmounts, usableRate } from './component-conversion.calculator';
import { Decimal } from './money.calculator';

const d = (value: string) => new Decimal(value);

describe('component conversion', () => {
  it('treats null, zero, negative and non-finite rates as no rate', () => {
    expect(usableRate(null)).toBeNull();
    expect(usableRate(undefined)).toBeNull();
    expect(usableRate(d('0'))).toBeNull();
    expect(usableRate(d('-1'))).toBeNull();
    expect(usableRate(new Decimal(NaN))).toBeNull();
    expect(usableRate(new Decimal(Infinity))).toBeNull();
    expect(usableRate(d('2650'))!.toFixed()).toBe('2650');
  });

  it('converts and rounds half up to the target precision', () => {
    expect(convertAmount(d('1000'), d('0.000377358'), 'USD').toFixed()).toBe('0.38');
    expect(convertAmount(d('1.5'), d('1'), 'TZS').toFixed()).toBe('2');
    expect(sumAmounts([]).toFixed()).toBe('0');
  });

  it('sums the rounded components, which can differ from converting the total', () => {
    // Each 0.005 rounds up to 0.01 on its own; the total 0.015 would round to 0.02, not 0.03.
    const { components, sum } = convertComponents({ a: d('5'), b: d('5'), c: d('5') }, d('0.001'), 'USD');
    expect(Object.keys(components)).toEqual(['a', 'b', 'c']);
    expect(Object.values(components).map((v) => v.toFixed(2))).toEqual(['0.01', '0.01', '0.01']);
    expect(sum.toFixed(2)).toBe('0.03');
    expect(convertAmount(d('15'), d('0.001'), 'USD').toFixed(2)).toBe('0.02');
  });

  it('keeps zero components', () => {
    const { components, sum } = convertComponents({ fare: d('22500'), none: d('0') }, d('1'), 'TZS');
    expect(components.none.toFixed()).toBe('0');
    expect(sum.toFixed()).toBe('22500');
  });
});
