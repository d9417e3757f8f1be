import stations from '../reference-data/sgr-stations.json';
import companies from '../../../shared/reference-data/companies.json';

export const SGR_TIME_ZONE = 'Africa/Dar_es_Salaam';
const SGR_OPERATOR = companies.find((c) => c.companyType === 'RAIL_OPERATOR')!;

export interface Station {
  stopId: string;
  stopLat: number;
  stopLon: number;
  stopName: string;
  stopDesc: string;
  stopTimezone: string;
  cityGeohash: string;
  popularity: number;
  partners: Array<{ provider: string; service: string; id: number; name: string; company: { uuid: string } }>;
}

/** The SGR station list, in line order from Dar es Salaam; reference data shipped with the code. */
export class StationService {
  private readonly all: Station[] = stations.map((s) => ({
    stopId: `${s.code}:SGR:0`,
    stopLat: s.lat,
    stopLon: s.lon,
    stopName: s.name,
    stopDesc: s.description,
    stopTimezone: SGR_TIME_ZONE,
    cityGeohash: s.geohash,
    popularity: s.popularity,
    partners: [{ provider: 'RAIL', service: 'SGR', id: s.partnerId, name: s.name, company: { uuid: SGR_OPERATOR.uuid } }],
  }));

  private readonly byId = new Map(this.all.map((s) => [s.stopId, s]));

  list(): Station[] {
    return this.all;
  }

  byStopId(stopId: string): Station | undefined {
    return this.byId.get(stopId);
  }
}
