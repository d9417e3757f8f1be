import { localDateTime } from '../../../shared/time/zoned-time.calculator';
import type { StopCall } from '../services/bus-timetable.calculator';
import { transferMinutes } from './bus-connections.policy';

const EAT = 'Africa/Dar_es_Salaam';
function call(iso: string): StopCall {
  const at = new Date(iso);
  const local = localDateTime(at, EAT);
  return { arrivalAt: at, departureAt: at, arrival: local, departure: local } as StopCall;
}

describe('transfer window at a hub', () => {
  it('needs at least 45 minutes', () => {
    expect(transferMinutes(call('2026-12-01T15:50:00+03:00'), call('2026-12-01T16:30:00+03:00'))).toBeNull();
    expect(transferMinutes(call('2026-12-01T15:50:00+03:00'), call('2026-12-01T16:35:00+03:00'))).toBe(45);
  });

  it('allows at most six hours the same day', () => {
    expect(transferMinutes(call('2026-12-01T08:00:00+03:00'), call('2026-12-01T14:00:00+03:00'))).toBe(360);
    expect(transferMinutes(call('2026-12-01T08:00:00+03:00'), call('2026-12-01T14:01:00+03:00'))).toBeNull();
  });

  it('allows a night at the hub: an evening arrival and the next morning bus', () => {
    expect(transferMinutes(call('2026-12-01T20:30:00+03:00'), call('2026-12-02T06:00:00+03:00'))).toBe(570);
    expect(transferMinutes(call('2026-12-01T20:30:00+03:00'), call('2026-12-02T10:00:00+03:00'))).toBeNull();
    expect(transferMinutes(call('2026-12-01T16:00:00+03:00'), call('2026-12-02T06:00:00+03:00'))).toBeNull();
  });
});
