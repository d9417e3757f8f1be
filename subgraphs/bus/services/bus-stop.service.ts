import stops from '../reference-data/bus-stops-seed.json';

/**
 * A bus stop as the bus services use it. The GraphQL BusStop type shows it field for field (and implements this
 * interface), so the services depend on no GraphQL class.
 */
export interface BusStopRecord {
  /** <CITY>:RGN:0 */
  stopId: string;
  stopName: string;
  stopDesc: string;
  stopLat: number;
  stopLon: number;
  /** IANA zone. */
  stopTimezone: string;
  cityGeohash: string;
  popularity: number;
  region: string;
  /** ISO 3166-1 alpha-2. */
  countryCode: string;
}

/** Bus terminals of Tanzania and its neighbours; reference data shipped with the code. */
export class BusStopService {
  private readonly all: BusStopRecord[] = stops.map((s) => ({
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

  list(): BusStopRecord[] {
    return this.all;
  }

  byStopId(stopId: string): BusStopRecord | undefined {
    return this.byId.get(stopId);
  }
}
