import { addDays, isCalendarDate } from '../../../shared/time/calendar-date.calculator';

/**
 * The hold request names a train only by timeTableTrainSetId, without a date, while the
 * provider's id names the train of every day. The id we hand out therefore carries the day:
 * days since EPOCH × 10 000 + the provider's id (below 10 000), a 32-bit integer until 2099.
 */
const EPOCH = '2026-01-01';
const PROVIDER_IDS = 10_000;

export function encodeTrainSetId(providerId: number, date: string): number {
  if (!Number.isInteger(providerId) || providerId <= 0 || providerId >= PROVIDER_IDS)
    throw new RangeError(`provider timeTableTrainSetId ${providerId} out of range`);
  return daysSinceEpoch(date) * PROVIDER_IDS + providerId;
}

/** The provider id and searched date behind one of our ids, or null for a number we never issued. */
export function decodeTrainSetId(id: number): { providerId: number; date: string } | null {
  if (!Number.isSafeInteger(id) || id <= 0) return null;
  const providerId = id % PROVIDER_IDS;
  const date = addDays(EPOCH, Math.floor(id / PROVIDER_IDS));
  return providerId > 0 && isCalendarDate(date) ? { providerId, date } : null;
}

function daysSinceEpoch(date: string): number {
  const [y, m, d] = date.split('-').map(Number);
  const [ey, em, ed] = EPOCH.split('-').map(Number);
  return Math.round((Date.UTC(y, m - 1, d) - Date.UTC(ey, em - 1, ed)) / 86_400_000);
}
