import 'reflect-metadata';
import { AirportService } from '../services/airport.service';
import { AIRPORTS_DEFAULT_LIMIT, AIRPORTS_MAX_LIMIT, AirportResolver } from './airport.resolver';

describe('AirportResolver.airports paging', () => {
  const service = new AirportService();
  const resolver = new AirportResolver(service);
  const all = service.list();

  it('answers the first page by default, and the whole list at the maximum limit', () => {
    expect(resolver.airports(AIRPORTS_DEFAULT_LIMIT, null)).toEqual(all.slice(0, AIRPORTS_DEFAULT_LIMIT));
    expect(AIRPORTS_MAX_LIMIT).toBeGreaterThanOrEqual(all.length);
    expect(resolver.airports(AIRPORTS_MAX_LIMIT, null)).toEqual(all);
  });

  it('continues after the cursor and ends with an empty page', () => {
    const first = resolver.airports(3, null);
    const second = resolver.airports(3, first[2].stopId);
    expect(second).toEqual(all.slice(3, 6));
    expect(resolver.airports(5, all[all.length - 1].stopId)).toEqual([]);
  });

  it('refuses a limit out of range and an unknown cursor', () => {
    expect(() => resolver.airports(0, null)).toThrow(/limit must be between 1 and 10000/);
    expect(() => resolver.airports(AIRPORTS_MAX_LIMIT + 1, null)).toThrow(/limit/);
    expect(() => resolver.airports(10, 'NOPE:FLT:0')).toThrow(/after is not the stopId/);
  });
});
