import { AirportService, geohash, popularityFromPassengers } from './airport.service';

// East Africa's commercial airports (and the region's neighbours the product sells), with the
// country and IANA zone each must have; includes every airport the old hand-written seed had.
const EAST_AFRICA: ReadonlyArray<[iata: string, country: string, zone: string]> = [
  ...[
    'DAR',
    'ZNZ',
    'JRO',
    'ARK',
    'MWZ',
    'DOD',
    'MYW',
    'TBO',
    'BKZ',
    'TKQ',
    'PMA',
    'MFA',
    'SEU',
    'IRI',
    'SGX',
    'TGT',
    'KIY',
    'MUZ',
    'SHY',
    'LKY',
    'MBI',
    'MWN',
  ].map((c) => [c, 'TZ', 'Africa/Dar_es_Salaam'] as [string, string, string]),
  ...['NBO', 'WIL', 'MBA', 'KIS', 'EDL', 'MYD', 'LAU', 'UKA', 'LOK', 'WJR'].map((c) => [c, 'KE', 'Africa/Nairobi'] as [string, string, string]),
  ...['EBB', 'ULU', 'RUA'].map((c) => [c, 'UG', 'Africa/Kampala'] as [string, string, string]),
  ...['KGL', 'KME'].map((c) => [c, 'RW', 'Africa/Kigali'] as [string, string, string]),
  ['BJM', 'BI', 'Africa/Bujumbura'],
  ...['ADD', 'DIR', 'BJR', 'MQX', 'GDQ'].map((c) => [c, 'ET', 'Africa/Addis_Ababa'] as [string, string, string]),
  ...['MGQ', 'HGA', 'BBO'].map((c) => [c, 'SO', 'Africa/Mogadishu'] as [string, string, string]),
  ['JUB', 'SS', 'Africa/Juba'],
  ...['GOM', 'BKY', 'FBM', 'FKI'].map((c) => [c, 'CD', 'Africa/Lubumbashi'] as [string, string, string]),
  ...['POL', 'APL', 'MNC'].map((c) => [c, 'MZ', 'Africa/Maputo'] as [string, string, string]),
  ...['LLW', 'BLZ'].map((c) => [c, 'MW', 'Africa/Blantyre'] as [string, string, string]),
  ...['LUN', 'LVI', 'NLA', 'MFU'].map((c) => [c, 'ZM', 'Africa/Lusaka'] as [string, string, string]),
  ['HAH', 'KM', 'Indian/Comoro'],
  ['JIB', 'DJ', 'Africa/Djibouti'],
  ['SEZ', 'SC', 'Indian/Mahe'],
];

describe('AirportService', () => {
  const service = new AirportService();
  const all = service.list();

  it('has every East African commercial airport with its country and time zone', () => {
    expect(EAST_AFRICA.length).toBeGreaterThanOrEqual(30);
    const wrong = EAST_AFRICA.filter(([iata, country, zone]) => {
      const a = service.byIata(iata);
      return a?.countryCode !== country || a.stopTimezone !== zone || service.countryOf(iata) !== country;
    });
    expect(wrong).toEqual([]);
  });

  it('serves the data set worldwide, not a seed', () => {
    expect(all.length).toBeGreaterThan(5000);
    for (const code of ['JNB', 'CAI', 'DXB', 'DOH', 'IST', 'LHR', 'AMS', 'JFK']) expect(service.byIata(code)).toBeDefined();
  });

  it('gives every airport well-formed stop fields', () => {
    const zones = new Set<string>();
    const bad = all.filter((a) => {
      zones.add(a.stopTimezone);
      return !(
        /^[A-Z]{3}$/.test(a.stopCode) &&
        a.stopId === `${a.stopCode}:FLT:0` &&
        Number.isFinite(a.stopLat) &&
        Math.abs(a.stopLat) <= 90 &&
        Number.isFinite(a.stopLon) &&
        Math.abs(a.stopLon) <= 180 &&
        a.stopName.length > 0 &&
        a.stopDesc.length > 0 &&
        /^[A-Z]{2}$/.test(a.countryCode) &&
        /^[0-9b-hjkmnp-z]{6}$/.test(a.cityGeohash) &&
        a.cityGeohash === geohash(a.stopLat, a.stopLon) &&
        Number.isInteger(a.popularity) &&
        a.popularity >= 1 &&
        a.popularity <= 100
      );
    });
    expect(bad).toEqual([]);
    const invalidZones = [...zones].filter((z) => {
      try {
        new Intl.DateTimeFormat('en', { timeZone: z });
        return !z.includes('/');
      } catch {
        return true;
      }
    });
    expect(invalidZones).toEqual([]);
  });

  it('lists each IATA code once and no heliports', () => {
    expect(new Set(all.map((a) => a.stopCode)).size).toBe(all.length);
    expect(all.filter((a) => /heliport/i.test(a.stopName))).toEqual([]);
  });

  it('describes an airport by city and country', () => {
    expect(service.byIata('DAR')).toMatchObject({
      stopId: 'DAR:FLT:0',
      stopName: 'Julius Nyerere International Airport',
      stopDesc: 'Dar es Salaam, TZ',
    });
    // The 5-character cell (about 5 km) is stable across coordinate refinements in the data.
    expect(service.byIata('DAR')!.cityGeohash).toMatch(/^kygbu[0-9b-hjkmnp-z]$/);
    expect(service.byIata('nbo')?.stopCode).toBe('NBO');
    expect(service.byIata('ZZZ')).toBeUndefined();
    expect(service.countryOf('ZZZ')).toBeUndefined();
  });

  it('sorts by popularity, busiest first, then by IATA code', () => {
    for (let i = 1; i < all.length; i++) {
      const [prev, next] = [all[i - 1], all[i]];
      const inOrder = prev.popularity > next.popularity || (prev.popularity === next.popularity && prev.stopCode < next.stopCode);
      if (!inOrder) throw new Error(`${prev.stopCode} before ${next.stopCode}`);
    }
    const rank = (code: string) => service.byIata(code)!.popularity;
    expect(rank('DXB')).toBeGreaterThan(rank('NBO'));
    expect(rank('NBO')).toBeGreaterThan(rank('DAR'));
    expect(rank('DAR')).toBeGreaterThan(rank('JRO'));
    expect(rank('MBA')).toBeGreaterThan(rank('LAU'));
    expect(rank('IRI')).toBeGreaterThan(1);
    expect(service.byIata('VPG')!.popularity).toBe(1);
  });

  it('maps passengers to popularity on a log scale between 1 and 100', () => {
    expect(popularityFromPassengers(undefined)).toBe(1);
    expect(popularityFromPassengers(0)).toBe(1);
    expect(popularityFromPassengers(0.0001)).toBe(2);
    expect(popularityFromPassengers(1)).toBe(50);
    expect(popularityFromPassengers(10)).toBe(75);
    expect(popularityFromPassengers(100)).toBe(100);
    expect(popularityFromPassengers(500)).toBe(100);
  });

  it('computes standard geohashes', () => {
    expect(geohash(57.64911, 10.40744, 11)).toBe('u4pruydqqvj');
    expect(geohash(-6.8781, 39.2026)).toBe('kygbu5');
    expect(geohash(0.042386, 32.443501)).toBe('s8p04r');
  });

  it('builds the list once and shares it between instances', () => {
    expect(new AirportService().list()).toBe(all);
  });
});
