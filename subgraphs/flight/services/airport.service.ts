import airports from '../reference-data/airports-seed.json';
import type { Airport } from '../graphql/airport.type';

/** East African airports; reference data shipped with the code. */
export class AirportService {
  private readonly all: Airport[] = airports
    .map((a) => ({
      stopId: `${a.iata}:FLT:0`,
      stopCode: a.iata,
      stopLat: a.lat,
      stopLon: a.lon,
      stopName: a.name,
      stopDesc: `${a.city}, ${a.countryCode}`,
      stopTimezone: a.timeZone,
      cityGeohash: a.geohash,
      popularity: a.popularity,
      countryCode: a.countryCode,
    }))
    .sort((x, y) => y.popularity - x.popularity || x.stopCode.localeCompare(y.stopCode));

  list(): Airport[] {
    return this.all;
  }
}
