import { DOMESTIC_SERVICES } from './timetable-domestic.data';
import { LONG_HAUL_SERVICES } from './timetable-long-haul.data';
import type { Service } from './timetable-pair.builder';
import { REGIONAL_SERVICES } from './timetable-regional.data';

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

/**
 * The timetable: real routes and carriers, plausible flight numbers and times (local at departure).
 * DAR–TKQ flies Tue/Thu/Sat and DAR–DOD Mon–Fri only: the other days are empty dates.
 */
export const SERVICES: Service[] = [...DOMESTIC_SERVICES, ...REGIONAL_SERVICES, ...LONG_HAUL_SERVICES];

/** Airports where a one-stop connection may change planes. */
export const CONNECTION_HUBS = ['NBO', 'ADD', 'DAR', 'KGL', 'EBB'];

/** Minimum and maximum connection time at a hub, in minutes. */
export const MIN_CONNECTION_MINUTES = 60;
export const MAX_CONNECTION_MINUTES = 360;
