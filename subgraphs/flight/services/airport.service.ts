import airportData from '../data/airports.data.json';

/**
 * Approximate annual passengers, in millions (c. 2023, rounded), for the hubs East African
 * travellers connect through and for East Africa's own airports. The reference data has no
 * traffic figures; these exist only to rank airport pickers, so order of magnitude is what
 * matters. Airports not listed get the floor popularity (1).
 */
const ANNUAL_PASSENGERS_MILLIONS: Readonly<Record<string, number>> = {
  // World and Gulf hubs on East African routes
  ATL: 105,
  DXB: 87,
  LHR: 79,
  IST: 76,
  DEL: 72,
  CDG: 67,
  CAN: 63,
  JFK: 62,
  AMS: 62,
  MAD: 60,
  FRA: 59,
  SIN: 59,
  BKK: 52,
  BOM: 52,
  PEK: 53,
  PVG: 55,
  HKG: 40,
  KUL: 47,
  DOH: 46,
  JED: 43,
  FCO: 40,
  RUH: 37,
  MUC: 37,
  SAW: 41,
  ZRH: 29,
  BRU: 22,
  AUH: 22,
  SHJ: 15,
  MCT: 13,
  // Africa outside the region
  CAI: 26,
  JNB: 18,
  CPT: 10,
  CMN: 10,
  HRG: 10,
  RAK: 9,
  ALG: 8,
  LOS: 7.5,
  SSH: 6,
  TUN: 5,
  DUR: 5,
  MRU: 3.5,
  ABV: 3.4,
  ACC: 3,
  DSS: 2.7,
  ABJ: 2.7,
  TNR: 1.2,
  HRE: 1.3,
  SEZ: 1,
  FIH: 1,
  MPM: 1,
  WDH: 0.9,
  GBE: 0.6,
  VFA: 0.3,
  NOS: 0.3,
  // East Africa and neighbours
  ADD: 12,
  NBO: 8,
  DAR: 3.2,
  ZNZ: 2,
  EBB: 1.9,
  MBA: 1.5,
  LUN: 1.5,
  JRO: 1.1,
  KGL: 1,
  MGQ: 0.8,
  KIS: 0.6,
  WIL: 0.6,
  MWZ: 0.6,
  JIB: 0.6,
  JUB: 0.5,
  LLW: 0.4,
  FBM: 0.4,
  ARK: 0.35,
  BJM: 0.3,
  GOM: 0.3,
  HGA: 0.3,
  DIR: 0.3,
  BJR: 0.3,
  MQX: 0.3,
  NLA: 0.3,
  EDL: 0.2,
  MYD: 0.2,
  GDQ: 0.2,
  HAH: 0.2,
  ASM: 0.2,
  BLZ: 0.2,
  APL: 0.2,
  LVI: 0.2,
  BEW: 0.2,
  DOD: 0.15,
  LAU: 0.1,
  UKA: 0.1,
  SEU: 0.1,
  MBI: 0.1,
  BKY: 0.1,
  LLI: 0.1,
  AXU: 0.1,
  POL: 0.1,
  VNX: 0.1,
  MYW: 0.08,
  BKZ: 0.07,
  PMA: 0.06,
  TKQ: 0.05,
  LKY: 0.05,
  TBO: 0.04,
  MFA: 0.04,
  IRI: 0.02,
  SGX: 0.02,
  TGT: 0.02,
  MUZ: 0.02,
};

/**
 * Log scale, 25 points a decade (100M passengers = 100, 1M = 50, 10k = 2), so small
 * regional airports still differ from one another; every listed airport outranks the unlisted.
 */
export function popularityFromPassengers(millions: number | undefined): number {
  if (millions === undefined || !(millions > 0)) return 1;
  return Math.min(100, Math.max(2, Math.round(25 * Math.log10(millions * 100))));
}

const GEOHASH_BASE32 = '0123456789bcdefghjkmnpqrstuvwxyz';

/** Standard geohash (alternating lon/lat bisection, base32); precision 6 is about 1.2 km x 0.6 km. */
export function geohash(lat: number, lon: number, precision = 6): string {
  const latRange = [-90, 90];
  const lonRange = [-180, 180];
  let hash = '';
  let bits = 0;
  let value = 0;
  let isLon = true;
  while (hash.length < precision) {
    const range = isLon ? lonRange : latRange;
    const mid = (range[0] + range[1]) / 2;
    if ((isLon ? lon : lat) >= mid) {
      value = value * 2 + 1;
      range[0] = mid;
    } else {
      value *= 2;
      range[1] = mid;
    }
    isLon = !isLon;
    if (++bits === 5) {
      hash += GEOHASH_BASE32[value];
      bits = 0;
      value = 0;
    }
  }
  return hash;
}

// Checking a zone by building a formatter costs ~0.1 ms, so look up the runtime's list first;
// that list holds CLDR's preferred names only (Africa/Asmera, not Africa/Asmara), hence the fallback.
let knownZones: Set<string> | undefined;

/** Region/City names only: Intl also accepts abbreviations and offsets, which are no IANA location. */
function isIanaZone(zone: string): boolean {
  knownZones ??= new Set(Intl.supportedValuesOf('timeZone'));
  if (knownZones.has(zone)) return true;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return zone.includes('/');
  } catch {
    return false;
  }
}

/**
 * The reference data (Open Travel Data) has no role or status flags, so the filter is what the
 * data allows: a 3-letter IATA code, usable coordinates, and no heliports (named as such).
 */
/** One row of the reference data (subgraphs/flight/data/airports.data.json, Open Travel Data, CC BY 4.0). */
interface SourceAirport {
  iata: string;
  name: string;
  city: string;
  country: string;
  latitude: number;
  longitude: number;
  timezone: string;
}

// Rows rather than objects keep the file small; the column order is checked, so a regenerated file cannot shift fields.
function sourceAirports(): SourceAirport[] {
  const expected = ['iata', 'name', 'city', 'country', 'latitude', 'longitude', 'timezone'];
  if (airportData.columns.join() !== expected.join()) throw new Error(`airports.data.json: columns ${airportData.columns.join()}, expected ${expected.join()}`);
  return airportData.rows.map(([iata, name, city, country, latitude, longitude, timezone]) => ({
    iata: String(iata),
    name: String(name),
    city: String(city),
    country: String(country),
    latitude: Number(latitude),
    longitude: Number(longitude),
    timezone: String(timezone),
  }));
}

function isServedAirport(a: SourceAirport): boolean {
  return (
    /^[A-Z]{3}$/.test(a.iata) &&
    Number.isFinite(a.latitude) &&
    Math.abs(a.latitude) <= 90 &&
    Number.isFinite(a.longitude) &&
    Math.abs(a.longitude) <= 180 &&
    (a.latitude !== 0 || a.longitude !== 0) &&
    !/\bheliport\b/i.test(a.name)
  );
}

/**
 * The data gives every airport it lists a zone today; should a later extract give an
 * unknown one, use the zone most of that country's airports have (ties: alphabetical), so
 * stop_timezone is never empty or invalid. An airport with no usable zone at all is left out.
 */
function zoneResolver(airports: readonly SourceAirport[]): (a: SourceAirport) => string | undefined {
  const valid = new Map<string, boolean>();
  const ok = (zone: string | undefined) => {
    if (!zone) return false;
    let v = valid.get(zone);
    if (v === undefined) valid.set(zone, (v = isIanaZone(zone)));
    return v;
  };
  const counts = new Map<string, Map<string, number>>();
  for (const a of airports) {
    if (!ok(a.timezone)) continue;
    const byZone = counts.get(a.country) ?? new Map<string, number>();
    byZone.set(a.timezone, (byZone.get(a.timezone) ?? 0) + 1);
    counts.set(a.country, byZone);
  }
  const countryZone = new Map<string, string>();
  for (const [country, byZone] of counts) {
    const [zone] = [...byZone].sort((x, y) => y[1] - x[1] || (x[0] < y[0] ? -1 : 1))[0];
    countryZone.set(country, zone);
  }
  return (a) => (ok(a.timezone) ? a.timezone : countryZone.get(a.country));
}

/**
 * An airport as the flight services use it. The GraphQL Airport type shows it field for field (and implements this
 * interface), so the services depend on no GraphQL class.
 */
export interface AirportRecord {
  /** <IATA>:FLT:0 */
  stopId: string;
  /** The IATA code. */
  stopCode: string;
  stopLat: number;
  stopLon: number;
  stopName: string;
  stopDesc: string;
  stopTimezone: string;
  cityGeohash: string;
  popularity: number;
  /** ISO 3166-1 alpha-2. */
  countryCode: string;
}

interface Catalogue {
  list: AirportRecord[];
  byIata: Map<string, AirportRecord>;
}

function buildCatalogue(): Catalogue {
  const source = sourceAirports().filter(isServedAirport);
  const zoneOf = zoneResolver(source);
  const list: AirportRecord[] = [];
  for (const a of source) {
    const zone = zoneOf(a);
    if (!zone) continue;
    list.push({
      stopId: `${a.iata}:FLT:0`,
      stopCode: a.iata,
      stopLat: a.latitude,
      stopLon: a.longitude,
      stopName: a.name,
      stopDesc: a.city ? `${a.city}, ${a.country}` : a.country,
      stopTimezone: zone,
      cityGeohash: geohash(a.latitude, a.longitude),
      popularity: popularityFromPassengers(ANNUAL_PASSENGERS_MILLIONS[a.iata]),
      countryCode: a.country,
    });
  }
  list.sort((x, y) => y.popularity - x.popularity || (x.stopCode < y.stopCode ? -1 : x.stopCode > y.stopCode ? 1 : 0));
  return { list, byIata: new Map(list.map((a) => [a.stopCode, a])) };
}

// Built on first use and shared by every AirportService: thousands of airports, built once per process.
let catalogue: Catalogue | undefined;
const loaded = (): Catalogue => (catalogue ??= buildCatalogue());

/** Airports worldwide from Open Travel Data (subgraphs/flight/data), busiest first. */
export class AirportService {
  list(): AirportRecord[] {
    return loaded().list;
  }

  byIata(code: string): AirportRecord | undefined {
    return loaded().byIata.get(code.toUpperCase());
  }

  /** ISO 3166-1 alpha-2 country of an airport. */
  countryOf(code: string): string | undefined {
    return this.byIata(code)?.countryCode;
  }
}
