import type { RetentionConfig } from '../../../shared/config/platform.config';
import { daysBefore, RetentionPurge, timeKeyCursor, timeKeyPosition } from '../../../shared/retention/retention.types';
import type { SeatHoldRepository } from '../holds/seat-hold.repository';
import { SALES_HORIZON_DAYS } from '../provider/rail-simulator.adapter';
import type { MysqlRailSimulatorStore } from '../provider/simulator/mysql-rail-simulator.repository';

/**
 * The train module's purges: our seat holds RETENTION_TRAIN_SEAT_HOLD_DAYS after they lapsed or were released, and
 * the rail simulator's own storage (the sandbox provider's): its holds RETENTION_SANDBOX_DAYS after they were made,
 * seat segments that long after their train ran, reservations and trigger memory that long past the sales horizon
 * after their last change, when every train they could hold has gone. Reservations, tickets, issuances, payments and
 * quotes (money records) are never purged.
 */
export function trainRetentionPurges(retention: RetentionConfig, holds: SeatHoldRepository, store: MysqlRailSimulatorStore): RetentionPurge[] {
  const { trainSeatHoldDays, sandboxDays } = retention;
  const pastHorizon = (now: Date, days: number) => daysBefore(now, SALES_HORIZON_DAYS + days);
  return [
    {
      kind: 'train-seat-holds',
      days: trainSeatHoldDays,
      async purgeBatch(cutoff, limit, after) {
        const { removed, scanned, last } = await holds.purgeLapsed(cutoff, limit, timeKeyPosition(after));
        return { removed: { train_seat_hold: removed }, next: scanned === limit && last ? timeKeyCursor(last) : null };
      },
    },
    {
      kind: 'rail-sim-holds',
      days: sandboxDays,
      async purgeBatch(cutoff, limit) {
        const { removed, more } = await store.purgeHolds(cutoff, limit);
        return { removed: { rail_sim_hold: removed }, next: more ? 'more' : null };
      },
    },
    {
      kind: 'rail-sim-seats',
      days: sandboxDays,
      async purgeBatch(cutoff, limit) {
        const { removed, more } = await store.purgeSeatSegments(cutoff.toISOString().slice(0, 10), limit);
        return { removed: { rail_sim_seat_segment: removed }, next: more ? 'more' : null };
      },
    },
    {
      kind: 'rail-sim-reservations',
      days: sandboxDays,
      cutoff: pastHorizon,
      async purgeBatch(cutoff, limit) {
        const { reservations, keys, more } = await store.purgeReservations(cutoff, limit);
        return { removed: { rail_sim_reservation: reservations, rail_sim_reservation_key: keys }, next: more ? 'more' : null };
      },
    },
    {
      kind: 'rail-sim-triggers',
      days: sandboxDays,
      cutoff: pastHorizon,
      async purgeBatch(cutoff, limit) {
        const { removed, more } = await store.purgeTriggers(cutoff, limit);
        return { removed: { rail_sim_trigger: removed }, next: more ? 'more' : null };
      },
    },
  ];
}
