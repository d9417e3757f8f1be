import { createSimulatedExchangeRates, snapshotRates } from '../../../shared/money/exchange-rates.port';
import { BusNetwork } from './bus-network.service';
import { fareRatePairs, farePrices, fareRule } from './bus-fares.calculator';

describe('bus fares', () => {
  const network = new BusNetwork();
  const route = (id: string) => network.patterns.find((p) => p.route.id === id)!.route;
  const stop = (id: string) => network.stops.byStopId(id)!;

  it('is a distance tariff rounded up to the fare step, with a minimum and the operator commission', () => {
    const prices = farePrices(route('MERU-DAR-ARK'), 620);
    expect(Object.fromEntries(Object.entries(prices).map(([k, v]) => [k, v.toString()]))).toEqual({
      ORDINARY: '29000',
      SEMI_LUXURY: '35000',
      LUXURY: '41000',
      VIP: '49500',
      VVIP: '64000',
      agentCommission: '1450',
    });
    expect(farePrices(route('MERU-DAR-ARK'), 10).ORDINARY.toString()).toBe('5000');
  });

  it('keeps cents for a USD route and converts each component on its own, rounded for the currency', async () => {
    const r = route('MERU-ARK-NBO');
    const currencies = ['TZS', 'KES', 'EUR'];
    const rates = await snapshotRates(createSimulatedExchangeRates(), fareRatePairs(['USD'], currencies));
    const rule = fareRule(r, stop('ARUSHA:RGN:0'), stop('NAIROBI:RGN:0'), 275, currencies, rates);
    expect(rule).toMatchObject({
      id: 'MERU-ARK-NBO:ARUSHA:RGN:0>NAIROBI:RGN:0',
      baseCurrency: 'USD',
      prices: { ORDINARY: 23.5, SEMI_LUXURY: 28.5, agentCommission: 1.18 },
    });
    const byCode = Object.fromEntries(rule.otherCurrencies.map((c) => [c.code, c.prices]));
    expect(byCode.TZS).toMatchObject({ ORDINARY: 62275, SEMI_LUXURY: 75525, agentCommission: 3127 });
    expect(byCode.KES.ORDINARY).toBe(3043);
    expect(byCode.EUR).toMatchObject({ ORDINARY: 21.62, agentCommission: 1.09 });
  });

  it('leaves out a currency that has no rate', async () => {
    const rates = await snapshotRates(createSimulatedExchangeRates(), fareRatePairs(['TZS'], ['XYZ', 'USD']));
    const rule = fareRule(route('ULL-DAR-DOD'), stop('DAR_ES_SALAAM:RGN:0'), stop('DODOMA:RGN:0'), 455, ['XYZ', 'USD'], rates);
    expect(rule.otherCurrencies.map((c) => c.code)).toEqual(['USD']);
  });
});
