import { createSimulatedExchangeRates } from '../../../shared/money/exchange-rates.port';
import type { Platform } from '../../../shared/platform/platform.wiring';
import { BusNetwork } from '../services/bus-network.service';
import { BusSearchService } from './bus-search.service';
import { fareRule } from '../services/bus-fares.calculator';
import { snapshotRates } from '../../../shared/money/exchange-rates.port';

describe('bus search service', () => {
  const now = new Date('2026-11-20T09:00:00Z');
  const service = new BusSearchService({ clock: { now: () => now } } as Platform, new BusNetwork(), createSimulatedExchangeRates());
  const search = (from: string, to: string, date = '2026-12-01') => service.search({ from: `${from}:RGN:0`, to: `${to}:RGN:0`, date });

  it('groups direct trips by route, earliest route first, with no alternatives', async () => {
    const result = await search('DAR_ES_SALAAM', 'MOROGORO');
    expect(result.exactRoute.map((g) => g.routeName)).toEqual([
      'Dar es Salaam - Mwanza',
      'Dar es Salaam - Songea',
      'Dar es Salaam - Dodoma',
      'Dar es Salaam - Mbeya',
    ]);
    expect(result.alternatives).toBeNull();
    const layoutIds = new Set(result.seatingLayouts.map((l) => l.id));
    for (const trip of result.exactRoute.flatMap((g) => g.trips)) expect(layoutIds.has(trip.vehicle.seatingLayoutId)).toBe(true);
  });

  it('honours the operator settings: Lakeshore sells Dar - Kigali terminal to terminal only', async () => {
    expect((await search('DAR_ES_SALAAM', 'DODOMA')).exactRoute.map((g) => g.routeName)).not.toContain('Dar es Salaam - Kigali');
    expect((await search('DAR_ES_SALAAM', 'KIGALI')).exactRoute.map((g) => g.routeName)).toEqual(['Dar es Salaam - Kigali']);
  });

  it('offers connections only between different routes, and none when no hub works', async () => {
    // Jiwe Kuu sells nothing between two intermediate stops; riding to Arusha and back is no answer.
    expect(await search('KONDOA', 'BABATI')).toMatchObject({ exactRoute: [], alternatives: [] });
    expect(await search('DAR_ES_SALAAM', 'TABORA')).toMatchObject({ exactRoute: [], alternatives: [], seatingLayouts: [] });
    const lusaka = await search('DAR_ES_SALAAM', 'LUSAKA');
    const [night] = lusaka.alternatives![0].connections;
    expect(lusaka.alternatives![0].name).toBe('Dar es Salaam → Mbeya → Lusaka');
    expect(night).toMatchObject({ transferMinutes: 570, estimatedArrivalDays: 1, totalTravel: { hours: 42, minutes: 0 } });
    expect(night.legs.map((l) => l.routeId)).toEqual(['MBY-DAR-MBE', 'MBY-MBE-LUN']);
  });

  it('prices each route and pair of stops once per search: its trips share one fare rule, the one fareRule makes', async () => {
    const network = new BusNetwork();
    const { exactRoute } = await search('DAR_ES_SALAAM', 'MOROGORO');
    const rates = await snapshotRates(createSimulatedExchangeRates(), [
      ['TZS', 'USD'],
      ['TZS', 'KES'],
      ['TZS', 'UGX'],
    ]);
    for (const group of exactRoute) {
      const [first, ...others] = group.trips;
      for (const trip of others) expect(trip.fareRules[0]).toBe(first.fareRules[0]);
      const { route, stops } = network.patterns.find((p) => p.tripsId === first.tripsId)!;
      const [from, to] = [stops[first.fromStop.stopSequence], stops[first.toStop.stopSequence]];
      expect(first.fareRules[0]).toEqual(fareRule(route, from.stop, to.stop, Math.abs(to.km - from.km), ['TZS', 'USD', 'KES', 'UGX'], rates));
    }
  });
});
