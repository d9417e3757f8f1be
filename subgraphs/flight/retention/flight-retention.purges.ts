import type { RetentionConfig } from '../../../shared/config/platform.config';
import { daysBefore, RetentionPurge } from '../../../shared/retention/retention.types';
import type { MysqlSimulatorStore } from '../supplier/simulator/mysql-simulator.repository';
import { SCHEDULE_HORIZON_DAYS } from '../supplier/simulator/offers.builder';

/**
 * The flight module's purges: the GDS simulator's own storage (the sandbox supplier's, as a real GDS purges a PNR
 * after travel). Bookings and trigger memory go RETENTION_SANDBOX_DAYS past the schedule horizon after their last
 * change, when every flight they could hold has flown; seat counters that long after their flight's date.
 * Reservations, tickets and payments (money records) are never purged.
 */
export function flightRetentionPurges(days: RetentionConfig['sandboxDays'], store: MysqlSimulatorStore): RetentionPurge[] {
  const pastHorizon = (now: Date, days: number) => daysBefore(now, SCHEDULE_HORIZON_DAYS + days);
  return [
    {
      kind: 'gds-sim-bookings',
      days,
      cutoff: pastHorizon,
      async purgeBatch(cutoff, limit) {
        const { bookings, keys, more } = await store.purgeBookings(cutoff, limit);
        return { removed: { gds_sim_booking: bookings, gds_sim_booking_key: keys }, next: more ? 'more' : null };
      },
    },
    {
      kind: 'gds-sim-seats',
      days,
      async purgeBatch(cutoff, limit) {
        const { removed, more } = await store.purgeSeats(cutoff.toISOString().slice(0, 10), limit);
        return { removed: { gds_sim_seat: removed }, next: more ? 'more' : null };
      },
    },
    {
      kind: 'gds-sim-triggers',
      days,
      cutoff: pastHorizon,
      async purgeBatch(cutoff, limit) {
        const { removed, more } = await store.purgeTriggers(cutoff, limit);
        return { removed: { gds_sim_trigger: removed }, next: more ? 'more' : null };
      },
    },
  ];
}
