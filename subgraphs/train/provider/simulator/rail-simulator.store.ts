import type { RailReservation, RailReservationPassenger } from '../rail-provider.port';

/** A seat held between two stops of one train on one service date. */
export interface StoredHold {
  key: string;
  /** `<timeTableTrainSetId>@<serviceDate>`: one train on one date. */
  tripKey: string;
  seatId: number;
  /** Segment i lies between the train's stop i and stop i + 1. */
  segments: number[];
  timeTableTrainSetId: number;
  serviceDate: string;
  carId: number;
  seatLabel: string;
  fromPartnerId: number;
  toPartnerId: number;
  luggageId: number;
  /** Epoch milliseconds on the simulator's clock. */
  expiresAt: number;
  status: 'HELD' | 'RELEASED' | 'RESERVED';
}

/** What the simulator keeps per PNR; stores hold it as JSON. */
export interface SimReservation {
  reservation: RailReservation;
  passengers: RailReservationPassenger[];
  holdKeys: string[];
  /** Epoch ms of the bill's expiry. */
  billExpiresAt: number;
}

export interface VersionedReservation {
  state: SimReservation;
  version: number;
}

export type ClaimOutcome = 'CLAIMED' | 'TAKEN' | 'KEY_TAKEN';

export type InsertReservationOutcome =
  | { kind: 'INSERTED' }
  /** The idempotency key already made this PNR: nothing was written. */
  | { kind: 'KEY_TAKEN'; pnr: string }
  /** The PNR or one of its ticket numbers belongs to another reservation: nothing was written. */
  | { kind: 'PNR_TAKEN' }
  /** This hold expired, was released or reserved already: nothing was written. */
  | { kind: 'HOLD_GONE'; key: string };

/**
 * The rail simulator's state: seat segments sold or held per train and date, holds, reservations and trigger
 * memory. Processes sharing a store (API replicas, the worker) see one provider. Answers are fresh copies.
 */
/** A leg's segments on one train and date: firstSegment (inclusive) to endSegment (exclusive). */
export interface LegWindow {
  tripKey: string;
  firstSegment: number;
  endSegment: number;
}

export interface RailSimulatorStore {
  /**
   * Per leg (keyed by tripKey), the seats sold, or held and not expired at `now`, on at least one of
   * its segments: one read for a whole search, whose rows are the taken seats only. A leg with no
   * taken seat has an empty set.
   */
  takenSeats(legs: readonly LegWindow[], now: number): Promise<Map<string, Set<number>>>;
  /**
   * All or nothing: takes every segment of the hold (an expired hold's segments count as free) and stores the
   * hold. TAKEN when some segment is sold or held; KEY_TAKEN when the hold key exists.
   */
  claimSeat(hold: StoredHold, now: number): Promise<ClaimOutcome>;
  getHold(key: string): Promise<StoredHold | null>;
  /** Frees a HELD hold's segments and marks it RELEASED; false when it was not HELD. */
  releaseHold(key: string): Promise<boolean>;
  /**
   * All or nothing: binds the key to the PNR, turns every hold's segments (HELD and unexpired) into sold ones and
   * takes the PNR and its ticket numbers, which stay unique.
   */
  insertReservation(input: { idempotencyKey: string; state: SimReservation; now: number }): Promise<InsertReservationOutcome>;
  pnrForKey(idempotencyKey: string): Promise<string | null>;
  getReservation(pnr: string): Promise<VersionedReservation | null>;
  /** Compare-and-set on version; `releaseSeats` frees the segments sold to this reservation in the same step. */
  updateReservation(pnr: string, version: number, state: SimReservation, releaseSeats?: boolean): Promise<boolean>;
  /** Counts one more hit of a named trigger; answers the count including this one. */
  hit(trigger: string): Promise<number>;
}

interface SegmentRow {
  owner: string;
  sold: boolean;
  expiresAt: number | null;
  pnr: string | null;
}

/** The state in this process only: for unit tests. Held as JSON so answers are copies, as from MySQL. */
export class InMemoryRailSimulatorStore implements RailSimulatorStore {
  /** `<tripKey>#<seatId>#<segment>` → use. */
  private readonly segments = new Map<string, SegmentRow>();
  private readonly holds = new Map<string, string>();
  private readonly reservations = new Map<string, { json: string; version: number }>();
  private readonly keys = new Map<string, string>();
  private readonly ticketNumbers = new Set<string>();
  private readonly hits = new Map<string, number>();

  private static segKey(tripKey: string, seatId: number, segment: number): string {
    return `${tripKey}#${seatId}#${segment}`;
  }

  private live(row: SegmentRow | undefined, now: number): boolean {
    return !!row && (row.sold || (row.expiresAt ?? 0) > now);
  }

  async takenSeats(legs: readonly LegWindow[], now: number): Promise<Map<string, Set<number>>> {
    const out = new Map(legs.map((l) => [l.tripKey, new Set<number>()]));
    const windows = new Map(legs.map((l) => [l.tripKey, l]));
    for (const [key, row] of this.segments) {
      const [trip, seatId, segment] = key.split('#');
      const leg = windows.get(trip);
      if (leg && Number(segment) >= leg.firstSegment && Number(segment) < leg.endSegment && this.live(row, now)) out.get(trip)!.add(Number(seatId));
    }
    return out;
  }

  async claimSeat(hold: StoredHold, now: number): Promise<ClaimOutcome> {
    if (this.holds.has(hold.key)) return 'KEY_TAKEN';
    const keys = hold.segments.map((s) => InMemoryRailSimulatorStore.segKey(hold.tripKey, hold.seatId, s));
    if (keys.some((k) => this.live(this.segments.get(k), now))) return 'TAKEN';
    for (const k of keys) this.segments.set(k, { owner: hold.key, sold: false, expiresAt: hold.expiresAt, pnr: null });
    this.holds.set(hold.key, JSON.stringify(hold));
    return 'CLAIMED';
  }

  async getHold(key: string): Promise<StoredHold | null> {
    return this.readHold(key);
  }

  /** Synchronous, so that each operation below runs without interleaving, as a transaction would. */
  private readHold(key: string): StoredHold | null {
    const json = this.holds.get(key);
    return json ? (JSON.parse(json) as StoredHold) : null;
  }

  async releaseHold(key: string): Promise<boolean> {
    const hold = this.readHold(key);
    if (!hold || hold.status !== 'HELD') return false;
    for (const [k, row] of this.segments) if (row.owner === key && !row.sold) this.segments.delete(k);
    this.holds.set(key, JSON.stringify({ ...hold, status: 'RELEASED' }));
    return true;
  }

  async insertReservation(input: { idempotencyKey: string; state: SimReservation; now: number }): Promise<InsertReservationOutcome> {
    const { idempotencyKey, state, now } = input;
    const pnr = state.reservation.pnr;
    const existing = this.keys.get(idempotencyKey);
    if (existing) return { kind: 'KEY_TAKEN', pnr: existing };
    if (this.reservations.has(pnr) || state.reservation.ticketNumbers.some((n) => this.ticketNumbers.has(n))) return { kind: 'PNR_TAKEN' };
    const rows = new Map<string, SegmentRow[]>();
    for (const key of state.holdKeys) {
      const hold = this.readHold(key);
      const mine = [...this.segments.values()].filter((r) => r.owner === key && !r.sold && (r.expiresAt ?? 0) > now);
      if (!hold || hold.status !== 'HELD' || mine.length !== hold.segments.length) return { kind: 'HOLD_GONE', key };
      rows.set(key, mine);
    }
    for (const [key, mine] of rows) {
      for (const row of mine) Object.assign(row, { sold: true, expiresAt: null, pnr });
      const hold = this.readHold(key)!;
      this.holds.set(key, JSON.stringify({ ...hold, status: 'RESERVED' }));
    }
    this.keys.set(idempotencyKey, pnr);
    for (const n of state.reservation.ticketNumbers) this.ticketNumbers.add(n);
    this.reservations.set(pnr, { json: JSON.stringify(state), version: 1 });
    return { kind: 'INSERTED' };
  }

  async pnrForKey(idempotencyKey: string): Promise<string | null> {
    return this.keys.get(idempotencyKey) ?? null;
  }

  async getReservation(pnr: string): Promise<VersionedReservation | null> {
    const row = this.reservations.get(pnr);
    return row ? { state: JSON.parse(row.json) as SimReservation, version: row.version } : null;
  }

  async updateReservation(pnr: string, version: number, state: SimReservation, releaseSeats = false): Promise<boolean> {
    const row = this.reservations.get(pnr);
    if (!row || row.version !== version) return false;
    this.reservations.set(pnr, { json: JSON.stringify(state), version: version + 1 });
    if (releaseSeats) for (const [k, seg] of this.segments) if (seg.pnr === pnr) this.segments.delete(k);
    return true;
  }

  async hit(trigger: string): Promise<number> {
    const count = (this.hits.get(trigger) ?? 0) + 1;
    this.hits.set(trigger, count);
    return count;
  }
}
