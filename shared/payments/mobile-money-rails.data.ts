/**
 * Mobile money rails the payment gateway can charge: each operator works in one country and one currency, and
 * only numbers of that country can approve a charge on it. The "mobile" deposit picks the payer's own country's
 * rail; the "mobile-money" deposit names one (docs/train-payments.md).
 */
export interface MobileMoneyRail {
  id: string;
  operator: string;
  /** ISO 3166-1 alpha-2, upper case. */
  country: string;
  /** The country's calling code: national payer numbers on this rail are read with it. */
  callingCode: string;
  currency: string;
}

export const MOBILE_MONEY_RAILS: readonly MobileMoneyRail[] = [
  { id: 'MPESA_TZ', operator: 'Vodacom M-Pesa', country: 'TZ', callingCode: '255', currency: 'TZS' },
  { id: 'MIXX_TZ', operator: 'Mixx by Yas (Tigo Pesa)', country: 'TZ', callingCode: '255', currency: 'TZS' },
  { id: 'AIRTEL_TZ', operator: 'Airtel Money Tanzania', country: 'TZ', callingCode: '255', currency: 'TZS' },
  { id: 'HALOPESA_TZ', operator: 'HaloPesa', country: 'TZ', callingCode: '255', currency: 'TZS' },
  { id: 'MPESA_KE', operator: 'Safaricom M-Pesa', country: 'KE', callingCode: '254', currency: 'KES' },
  { id: 'AIRTEL_KE', operator: 'Airtel Money Kenya', country: 'KE', callingCode: '254', currency: 'KES' },
  { id: 'MTN_UG', operator: 'MTN Mobile Money Uganda', country: 'UG', callingCode: '256', currency: 'UGX' },
  { id: 'AIRTEL_UG', operator: 'Airtel Money Uganda', country: 'UG', callingCode: '256', currency: 'UGX' },
  { id: 'MTN_RW', operator: 'MTN MoMo Rwanda', country: 'RW', callingCode: '250', currency: 'RWF' },
];

export function railById(id: string): MobileMoneyRail | null {
  return MOBILE_MONEY_RAILS.find((r) => r.id === id) ?? null;
}

/** The rail a push to a number of `country` goes over for `currency`: the country's first operator in that currency. */
export function railFor(country: string, currency: string): MobileMoneyRail | null {
  return MOBILE_MONEY_RAILS.find((r) => r.country === country && r.currency === currency) ?? null;
}

/** Currencies some rail of `country` can charge (what a payer of that number may choose). */
export function mobileMoneyCurrencies(country: string | null): string[] {
  const rails = country ? MOBILE_MONEY_RAILS.filter((r) => r.country === country) : MOBILE_MONEY_RAILS;
  return [...new Set(rails.map((r) => r.currency))];
}
