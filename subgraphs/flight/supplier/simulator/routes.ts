import type { Cabin } from '../flight-supplier.port';

/** The carriers the simulator sells, with their IATA ticket prefix (the first 3 digits of a ticket number). */
export const CARRIERS: Record<string, { name: string; ticketPrefix: string }> = {
  PW: { name: 'Precision Air', ticketPrefix: '031' },
  TC: { name: 'Air Tanzania', ticketPrefix: '197' },
  KQ: { name: 'Kenya Airways', ticketPrefix: '706' },
  ET: { name: 'Ethiopian Airlines', ticketPrefix: '071' },
  WB: { name: 'RwandAir', ticketPrefix: '459' },
  UR: { name: 'Uganda Airlines', ticketPrefix: '926' },
  QR: { name: 'Qatar Airways', ticketPrefix: '157' },
  EK: { name: 'Emirates', ticketPrefix: '176' },
  TK: { name: 'Turkish Airlines', ticketPrefix: '235' },
  KL: { name: 'KLM', ticketPrefix: '074' },
};

/** One scheduled flight number in one direction. */
export interface Service {
  carrier: string;
  number: string;
  from: string;
  to: string;
  /** Local departure time at `from`, HH:mm. */
  departs: string;
  minutes: number;
  aircraft: string;
  cabins: Cabin[];
  /** Typical one-way adult economy base fare in USD; the day's fare varies around it. */
  fare: number;
  /** ISO weekdays (1 Monday … 7 Sunday) of departure; absent means daily. */
  days?: number[];
}

const E: Cabin[] = ['ECONOMY'];
const EB: Cabin[] = ['ECONOMY', 'BUSINESS'];
const EPB: Cabin[] = ['ECONOMY', 'PREMIUM_ECONOMY', 'BUSINESS'];
const EBF: Cabin[] = ['ECONOMY', 'BUSINESS', 'FIRST'];

interface Pair {
  carrier: string;
  a: string;
  b: string;
  /** [flight number, local departure] from a to b, then from b to a. */
  ab: Array<[number, string]>;
  ba: Array<[number, string]>;
  minutes: number;
  /** Block time b→a when winds make it differ. */
  minutesBack?: number;
  aircraft: string;
  cabins: Cabin[];
  fare: number;
  days?: number[];
}

/** HH:mm of minutes after midnight. */
function shuttleTime(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

function pair(p: Pair): Service[] {
  const one = (from: string, to: string, flights: Array<[number, string]>, minutes: number): Service[] =>
    flights.map(([n, departs]) => ({
      carrier: p.carrier,
      number: String(n),
      from,
      to,
      departs,
      minutes,
      aircraft: p.aircraft,
      cabins: p.cabins,
      fare: p.fare,
      ...(p.days ? { days: p.days } : {}),
    }));
  return [...one(p.a, p.b, p.ab, p.minutes), ...one(p.b, p.a, p.ba, p.minutesBack ?? p.minutes)];
}

/**
 * The timetable: real routes and carriers, plausible flight numbers and times (local at departure).
 * DAR–TKQ flies Tue/Thu/Sat and DAR–DOD Mon–Fri only: the other days are empty dates.
 */
export const SERVICES: Service[] = [
  // Tanzania domestic
  ...pair({
    carrier: 'PW',
    a: 'DAR',
    b: 'ZNZ',
    ab: [
      [402, '07:00'],
      [406, '12:30'],
      [410, '17:15'],
    ],
    ba: [
      [403, '08:00'],
      [407, '13:30'],
      [411, '18:15'],
    ],
    minutes: 25,
    aircraft: 'AT7',
    cabins: E,
    fare: 55,
  }),
  ...pair({
    carrier: 'TC',
    a: 'DAR',
    b: 'ZNZ',
    ab: [
      [116, '09:40'],
      [118, '15:50'],
    ],
    ba: [
      [117, '10:40'],
      [119, '16:50'],
    ],
    minutes: 25,
    aircraft: 'DH4',
    cabins: E,
    fare: 50,
  }),
  ...pair({
    carrier: 'PW',
    a: 'DAR',
    b: 'JRO',
    ab: [
      [420, '06:50'],
      [424, '14:20'],
    ],
    ba: [
      [421, '09:00'],
      [425, '16:30'],
    ],
    minutes: 80,
    aircraft: 'AT7',
    cabins: E,
    fare: 115,
  }),
  ...pair({
    carrier: 'TC',
    a: 'DAR',
    b: 'JRO',
    ab: [
      [102, '07:30'],
      [104, '11:00'],
      [106, '17:40'],
    ],
    ba: [
      [103, '09:15'],
      [105, '13:00'],
      [107, '19:30'],
    ],
    minutes: 70,
    aircraft: 'DH4',
    cabins: E,
    fare: 110,
  }),
  ...pair({ carrier: 'PW', a: 'DAR', b: 'MWZ', ab: [[442, '07:00']], ba: [[443, '09:40']], minutes: 110, aircraft: 'AT7', cabins: E, fare: 125 }),
  ...pair({
    carrier: 'TC',
    a: 'DAR',
    b: 'MWZ',
    ab: [
      [130, '11:45'],
      [132, '17:30'],
    ],
    ba: [
      [131, '14:20'],
      [133, '20:00'],
    ],
    minutes: 95,
    aircraft: '223',
    cabins: EB,
    fare: 130,
  }),
  ...pair({
    carrier: 'TC',
    a: 'DAR',
    b: 'TKQ',
    ab: [[150, '07:30']],
    ba: [[151, '10:20']],
    minutes: 130,
    aircraft: 'DH4',
    cabins: E,
    fare: 140,
    days: [2, 4, 6],
  }),
  ...pair({
    carrier: 'TC',
    a: 'DAR',
    b: 'DOD',
    ab: [[140, '07:00']],
    ba: [[141, '16:30']],
    minutes: 70,
    aircraft: 'DH4',
    cabins: E,
    fare: 95,
    days: [1, 2, 3, 4, 5],
  }),
  ...pair({ carrier: 'PW', a: 'DAR', b: 'ARK', ab: [[450, '08:30']], ba: [[451, '11:00']], minutes: 90, aircraft: 'AT7', cabins: E, fare: 120 }),
  ...pair({ carrier: 'PW', a: 'ZNZ', b: 'ARK', ab: [[470, '10:15']], ba: [[471, '13:00']], minutes: 95, aircraft: 'AT7', cabins: E, fare: 125 }),
  ...pair({ carrier: 'PW', a: 'ZNZ', b: 'JRO', ab: [[460, '09:30']], ba: [[461, '12:00']], minutes: 85, aircraft: 'AT7', cabins: E, fare: 115 }),
  // East Africa regional
  ...pair({
    carrier: 'KQ',
    a: 'DAR',
    b: 'NBO',
    ab: [
      [481, '09:00'],
      [483, '13:15'],
      [485, '17:40'],
      [487, '22:30'],
    ],
    ba: [
      [480, '06:50'],
      [482, '11:00'],
      [484, '15:20'],
      [486, '20:10'],
    ],
    minutes: 85,
    aircraft: 'E90',
    cabins: EB,
    fare: 160,
  }),
  ...pair({ carrier: 'PW', a: 'DAR', b: 'NBO', ab: [[720, '08:20']], ba: [[721, '11:00']], minutes: 105, aircraft: 'AT7', cabins: E, fare: 145 }),
  ...pair({
    carrier: 'KQ',
    a: 'JRO',
    b: 'NBO',
    ab: [
      [843, '10:45'],
      [847, '18:05'],
    ],
    ba: [
      [842, '09:15'],
      [846, '16:35'],
    ],
    minutes: 55,
    aircraft: 'E90',
    cabins: EB,
    fare: 120,
  }),
  ...pair({ carrier: 'KQ', a: 'ZNZ', b: 'NBO', ab: [[489, '12:50']], ba: [[488, '10:30']], minutes: 80, aircraft: 'E90', cabins: EB, fare: 150 }),
  ...pair({ carrier: 'UR', a: 'DAR', b: 'EBB', ab: [[321, '14:30']], ba: [[320, '11:10']], minutes: 110, aircraft: 'CR9', cabins: EPB, fare: 210 }),
  ...pair({
    carrier: 'WB',
    a: 'DAR',
    b: 'KGL',
    ab: [[451, '15:20']],
    ba: [[450, '12:10']],
    minutes: 120,
    minutesBack: 125,
    aircraft: 'CR9',
    cabins: EB,
    fare: 230,
  }),
  ...pair({
    carrier: 'KQ',
    a: 'NBO',
    b: 'EBB',
    ab: [
      [410, '07:00'],
      [412, '12:25'],
      [414, '19:30'],
    ],
    ba: [
      [411, '09:00'],
      [413, '14:20'],
      [415, '21:30'],
    ],
    minutes: 70,
    aircraft: 'E90',
    cabins: EB,
    fare: 140,
  }),
  ...pair({ carrier: 'UR', a: 'NBO', b: 'EBB', ab: [[203, '16:10']], ba: [[202, '13:40']], minutes: 65, aircraft: 'CR9', cabins: EPB, fare: 135 }),
  ...pair({
    carrier: 'KQ',
    a: 'NBO',
    b: 'KGL',
    ab: [
      [470, '08:15'],
      [478, '17:00'],
    ],
    ba: [
      [471, '10:35'],
      [479, '19:20'],
    ],
    minutes: 80,
    aircraft: 'E90',
    cabins: EB,
    fare: 170,
  }),
  ...pair({ carrier: 'WB', a: 'NBO', b: 'KGL', ab: [[201, '13:30']], ba: [[200, '10:40']], minutes: 75, aircraft: '738', cabins: EB, fare: 165 }),
  ...pair({
    carrier: 'KQ',
    a: 'NBO',
    b: 'MBA',
    ab: [
      [600, '06:20'],
      [602, '09:00'],
      [604, '13:30'],
      [606, '18:45'],
    ],
    ba: [
      [601, '07:50'],
      [603, '10:40'],
      [605, '15:15'],
      [607, '20:30'],
    ],
    minutes: 55,
    aircraft: '738',
    cabins: EB,
    fare: 70,
  }),
  ...pair({
    carrier: 'KQ',
    a: 'NBO',
    b: 'KIS',
    ab: [
      [650, '07:10'],
      [654, '17:20'],
    ],
    ba: [
      [651, '08:40'],
      [655, '18:50'],
    ],
    minutes: 50,
    aircraft: 'E90',
    cabins: EB,
    fare: 65,
  }),
  ...pair({ carrier: 'KQ', a: 'NBO', b: 'BJM', ab: [[450, '09:40']], ba: [[451, '12:40']], minutes: 115, aircraft: 'E90', cabins: EB, fare: 220 }),
  ...pair({
    carrier: 'WB',
    a: 'KGL',
    b: 'BJM',
    ab: [
      [610, '11:30'],
      [614, '18:00'],
    ],
    ba: [
      [611, '13:10'],
      [615, '19:40'],
    ],
    minutes: 45,
    aircraft: 'CR9',
    cabins: EB,
    fare: 110,
  }),
  ...pair({ carrier: 'WB', a: 'KGL', b: 'EBB', ab: [[430, '09:10']], ba: [[431, '11:45']], minutes: 60, aircraft: 'CR9', cabins: EB, fare: 120 }),
  ...pair({ carrier: 'UR', a: 'EBB', b: 'KGL', ab: [[440, '15:40']], ba: [[441, '16:50']], minutes: 60, aircraft: 'CR9', cabins: EPB, fare: 115 }),
  // Ethiopian through Addis Ababa
  ...pair({
    carrier: 'ET',
    a: 'ADD',
    b: 'DAR',
    ab: [
      [803, '09:30'],
      [817, '22:45'],
    ],
    ba: [
      [804, '13:50'],
      [818, '04:00'],
    ],
    minutes: 200,
    minutesBack: 205,
    aircraft: '7M8',
    cabins: EB,
    fare: 290,
  }),
  ...pair({ carrier: 'ET', a: 'ADD', b: 'JRO', ab: [[815, '08:50']], ba: [[816, '12:40']], minutes: 160, aircraft: '7M8', cabins: EB, fare: 270 }),
  ...pair({ carrier: 'ET', a: 'ADD', b: 'ZNZ', ab: [[813, '09:15']], ba: [[814, '14:10']], minutes: 210, aircraft: '7M8', cabins: EB, fare: 280 }),
  ...pair({
    carrier: 'ET',
    a: 'ADD',
    b: 'NBO',
    ab: [
      [306, '07:10'],
      [308, '13:30'],
      [302, '19:55'],
    ],
    ba: [
      [307, '10:15'],
      [309, '16:35'],
      [303, '23:05'],
    ],
    minutes: 120,
    aircraft: '738',
    cabins: EB,
    fare: 230,
  }),
  ...pair({ carrier: 'KQ', a: 'NBO', b: 'ADD', ab: [[402, '10:30']], ba: [[403, '14:00']], minutes: 120, aircraft: 'E90', cabins: EB, fare: 235 }),
  ...pair({ carrier: 'ET', a: 'ADD', b: 'EBB', ab: [[338, '09:00']], ba: [[339, '13:15']], minutes: 130, aircraft: '7M8', cabins: EB, fare: 240 }),
  ...pair({ carrier: 'ET', a: 'ADD', b: 'KGL', ab: [[811, '08:40']], ba: [[812, '13:00']], minutes: 165, aircraft: '7M8', cabins: EB, fare: 250 }),
  ...pair({ carrier: 'ET', a: 'ADD', b: 'JNB', ab: [[809, '09:10']], ba: [[808, '16:00']], minutes: 290, aircraft: '359', cabins: EB, fare: 380 }),
  ...pair({ carrier: 'ET', a: 'ADD', b: 'CAI', ab: [[452, '08:55']], ba: [[453, '14:30']], minutes: 220, aircraft: '7M8', cabins: EB, fare: 300 }),
  // Long haul
  ...pair({ carrier: 'KQ', a: 'NBO', b: 'JNB', ab: [[760, '09:35']], ba: [[761, '15:10']], minutes: 240, aircraft: '738', cabins: EB, fare: 330 }),
  ...pair({
    carrier: 'KQ',
    a: 'NBO',
    b: 'DXB',
    ab: [[310, '15:40']],
    ba: [[311, '22:45']],
    minutes: 300,
    minutesBack: 290,
    aircraft: '788',
    cabins: EB,
    fare: 380,
  }),
  ...pair({
    carrier: 'EK',
    a: 'DXB',
    b: 'NBO',
    ab: [[719, '09:45']],
    ba: [[720, '16:50']],
    minutes: 295,
    minutesBack: 305,
    aircraft: '77W',
    cabins: EBF,
    fare: 400,
  }),
  ...pair({
    carrier: 'EK',
    a: 'DXB',
    b: 'DAR',
    ab: [[725, '10:15']],
    ba: [[726, '16:55']],
    minutes: 320,
    minutesBack: 330,
    aircraft: '77W',
    cabins: EBF,
    fare: 420,
  }),
  ...pair({
    carrier: 'QR',
    a: 'DOH',
    b: 'DAR',
    ab: [[1349, '08:10']],
    ba: [[1350, '20:45']],
    minutes: 350,
    minutesBack: 345,
    aircraft: '359',
    cabins: EB,
    fare: 430,
  }),
  ...pair({ carrier: 'QR', a: 'DOH', b: 'NBO', ab: [[1341, '07:40']], ba: [[1342, '13:50']], minutes: 315, aircraft: '788', cabins: EB, fare: 400 }),
  ...pair({
    carrier: 'TK',
    a: 'IST',
    b: 'DAR',
    ab: [[603, '01:45']],
    ba: [[604, '13:35']],
    minutes: 435,
    minutesBack: 470,
    aircraft: '333',
    cabins: EB,
    fare: 520,
  }),
  ...pair({
    carrier: 'KL',
    a: 'AMS',
    b: 'NBO',
    ab: [[565, '10:25']],
    ba: [[566, '23:35']],
    minutes: 500,
    minutesBack: 520,
    aircraft: '789',
    cabins: EPB,
    fare: 620,
  }),
  ...pair({
    carrier: 'KL',
    a: 'AMS',
    b: 'JRO',
    ab: [[569, '10:10']],
    ba: [[570, '21:20']],
    minutes: 530,
    minutesBack: 555,
    aircraft: '332',
    cabins: EPB,
    fare: 650,
  }),
  ...pair({
    carrier: 'KQ',
    a: 'NBO',
    b: 'LHR',
    ab: [[100, '23:40']],
    ba: [[101, '19:30']],
    minutes: 530,
    minutesBack: 505,
    aircraft: '788',
    cabins: EB,
    fare: 640,
  }),
  // Sandbox load route (docs/sandbox.md): a half-hourly shuttle, so that one search answers 50 offers
  // (25 flights × 2 cabins) for the bench's large-answer case; no real carrier flies it this often.
  ...pair({
    carrier: 'KQ',
    a: 'MBA',
    b: 'ZNZ',
    ab: Array.from({ length: 25 }, (_, i): [number, string] => [900 + 2 * i, shuttleTime(6 * 60 + 30 * i)]),
    ba: Array.from({ length: 25 }, (_, i): [number, string] => [901 + 2 * i, shuttleTime(6 * 60 + 45 + 30 * i)]),
    minutes: 45,
    aircraft: 'E90',
    cabins: EB,
    fare: 120,
  }),
];

/** Airports where a one-stop connection may change planes. */
export const CONNECTION_HUBS = ['NBO', 'ADD', 'DAR', 'KGL', 'EBB'];

/** Minimum and maximum connection time at a hub, in minutes. */
export const MIN_CONNECTION_MINUTES = 60;
export const MAX_CONNECTION_MINUTES = 360;
