import stops from '../reference-data/bus-stops-seed.json';
import type { BusStop } from '../graphql/bus-stop.type';

/** Bus terminals of Tanzania and its neighbours; reference data shipped with the code. */
export class BusStopService {
  private readonly all: BusStop[] = stops.map((s) => ({
    stopId: s.stopId,
    stopName: s.name,
    stopDesc: s.description,
    stopLat: s.lat,
    stopLon: s.lon,
    stopTimezone: s.timeZone,
    cityGeohash: s.geohash,
    popularity: s.popularity,
    region: s.region,
    countryCode: s.countryCode,
  }));

  private readonly byId = new Map(this.all.map((s) => [s.stopId, s]));

  list(): BusStop[] {
    return this.all;
  }

  byStopId(stopId: string): BusStop | undefined {
    return this.byId.get(stopId);
  }
}
