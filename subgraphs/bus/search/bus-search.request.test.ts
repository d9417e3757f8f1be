import { BusStopService } from '../services/bus-stop.service';
import type { BusSearchException } from '../../../shared/api-contract/bus-search.exception';
import { validateBusSearch } from './bus-search.request';

describe('bus search input', () => {
  const stops = new BusStopService();
  const byId = (id: string) => stops.byStopId(id);
  const now = new Date('2026-11-30T21:30:00Z'); // already 1 December in Dar es Salaam
  const problems = (query: Record<string, string>) => {
    try {
      validateBusSearch(query, byId, now);
    } catch (error) {
      const e = error as BusSearchException;
      return { code: e.errorCode, status: e.status, fields: (e.data!.fields as Array<{ field: string }>).map((f) => f.field) };
    }
    return null;
  };

  it('accepts known stops and a local date', () => {
    expect(validateBusSearch({ from: ' DAR_ES_SALAAM:RGN:0 ', to: 'ARUSHA:RGN:0', date: '2026-12-01' }, byId, now)).toMatchObject({
      from: { stopName: 'Dar es Salaam' },
      date: '2026-12-01',
    });
  });

  it('lists every problem, coded by the most basic one', () => {
    expect(problems({})).toEqual({ code: 'FROM_STOP_ID_REQUIRED', status: 400, fields: ['from', 'to', 'date'] });
    expect(problems({ from: 'dar', to: 'ARUSHA:RGN:0', date: '2026-12-01' })).toEqual({ code: 'BAD_REQUEST', status: 400, fields: ['from'] });
    expect(problems({ from: 'dar', to: 'ARUSHA:RGN:0' })).toEqual({ code: 'FROM_STOP_ID_REQUIRED', status: 400, fields: ['from', 'date'] });
    expect(problems({ from: 'NOWHERE:RGN:0', to: 'ARUSHA:RGN:0', date: '2026-12-01' })).toEqual({ code: 'UNKNOWN_STOP_ID', status: 400, fields: ['from'] });
  });

  it('counts the date window in the origin zone, never UTC', () => {
    // Seven days back from 1 December (local), not from 30 November (UTC).
    expect(problems({ from: 'DAR_ES_SALAAM:RGN:0', to: 'ARUSHA:RGN:0', date: '2026-11-23' })).toEqual({ code: 'BAD_REQUEST', status: 400, fields: ['date'] });
    expect(problems({ from: 'DAR_ES_SALAAM:RGN:0', to: 'ARUSHA:RGN:0', date: '2026-11-24' })).toBeNull();
    expect(problems({ from: 'DAR_ES_SALAAM:RGN:0', to: 'ARUSHA:RGN:0', date: '2026-12-01' })).toBeNull();
  });
});
