import { Decimal } from '../../../shared/money/money.calculator';
import { checkCharge, frozenRate, paymentMatches, quoteAmount } from './train-payment.policy';

describe('train payment money rules', () => {
  it('quotes round to the currency: 0 decimals for TZS, KES, UGX, XAF, RWF, 2 otherwise', () => {
    const perTzsUsd = frozenRate(new Decimal(1).div(2650));
    expect(perTzsUsd.toFixed()).toBe('0.000377358490566');
    expect(quoteAmount('45000', perTzsUsd, 'USD')).toBe('16.98');
    expect(quoteAmount('45000', frozenRate(new Decimal('129.5').div(2650)), 'KES')).toBe('2199');
    expect(quoteAmount('45000', new Decimal(1), 'TZS')).toBe('45000');
  });

  it('an omitted amount charges the bare quote with no fee', () => {
    expect(checkCharge('16.98', 'USD', undefined)).toEqual({ ok: true, charged: '16.98', fee: '0.00' });
    expect(checkCharge('45000', 'TZS', null)).toEqual({ ok: true, charged: '45000', fee: '0' });
  });

  it('charges from the quote up to the quote plus 10% pass; the fee is the difference', () => {
    expect(checkCharge('45000', 'TZS', '45000')).toEqual({ ok: true, charged: '45000', fee: '0' });
    expect(checkCharge('45000', 'TZS', 49500)).toEqual({ ok: true, charged: '49500', fee: '4500' });
    expect(checkCharge('16.98', 'USD', '18.67')).toEqual({ ok: true, charged: '18.67', fee: '1.69' });
  });

  it('below the quote is a mismatch, a fee above 10% is too high, both with the allowed maximum', () => {
    expect(checkCharge('45000', 'TZS', '44999')).toEqual({ ok: false, reason: 'BELOW_QUOTE', charged: '44999', maxCharge: '49500' });
    expect(checkCharge('45000', 'TZS', '49501')).toEqual({ ok: false, reason: 'FEE_TOO_HIGH', charged: '49501', maxCharge: '49500' });
    // 10% of 16.98 is 1.698: 18.67 is within, 18.68 is not.
    expect(checkCharge('16.98', 'USD', '18.68')).toMatchObject({ ok: false, reason: 'FEE_TOO_HIGH', maxCharge: '18.67' });
  });

  it('malformed amounts and decimals the currency does not have are refused', () => {
    for (const bad of ['-5', '1e5', 'abc', '12.345', ' ']) expect(checkCharge('16.98', 'USD', bad)).toMatchObject({ ok: false, reason: 'MALFORMED' });
    expect(checkCharge('45000', 'TZS', '45000.50')).toMatchObject({ ok: false, reason: 'MALFORMED' });
    expect(checkCharge('45000', 'TZS', 45000.5)).toMatchObject({ ok: false, reason: 'MALFORMED' });
  });

  it('a confirmed payment pays a reservation only on an exact owner, reference, quote amount and currency match', () => {
    const reservation = { accountId: 'a1', paymentReference: 'SGRP1' };
    const quotes = [
      { currency: 'TZS', amount: '45000' },
      { currency: 'USD', amount: '16.98' },
    ];
    const payment = { accountId: 'a1', paymentReference: 'SGRP1', quoteAmount: '16.98', currency: 'USD', status: 'CONFIRMED' as const };
    expect(paymentMatches(payment, reservation, quotes)).toBe(true);
    expect(paymentMatches({ ...payment, quoteAmount: '16.980' }, reservation, quotes)).toBe(true);
    expect(paymentMatches({ ...payment, status: 'PENDING' }, reservation, quotes)).toBe(false);
    expect(paymentMatches({ ...payment, accountId: 'a2' }, reservation, quotes)).toBe(false);
    expect(paymentMatches({ ...payment, paymentReference: 'SGRP2' }, reservation, quotes)).toBe(false);
    expect(paymentMatches({ ...payment, quoteAmount: '16.99' }, reservation, quotes)).toBe(false);
    expect(paymentMatches({ ...payment, currency: 'EUR' }, reservation, quotes)).toBe(false);
  });
});
