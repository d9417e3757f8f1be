import type { SupplierBooking, SupplierCancellation, TravelerType } from '../flight-supplier.port';
import type { Tax } from './fares.calculator';

/** What the simulator keeps per PNR; stores hold it as JSON. */
export interface SimulatorBooking {
  booking: SupplierBooking;
  /** One traveler's taxes per type, for the pricing records. */
  taxesByType: Record<TravelerType, Tax[]>;
  /** Inventory keys (flight, date and cabin) of the seats this booking holds, released on cancel. */
  seats: string[];
  cancellation: SupplierCancellation | null;
}

export interface VersionedBooking {
  state: SimulatorBooking;
  /** Changes on every update: the compare-and-set token of updateBooking. */
  version: number;
}

/** Seats to take on one inventory key, which never sells past its capacity. */
export interface SeatClaim {
  key: string;
  capacity: number;
}

export type InsertBookingOutcome =
  | { kind: 'INSERTED' }
  /** The idempotency key already made this PNR: nothing was written. */
  | { kind: 'KEY_TAKEN'; pnr: string }
  /** Another booking has this PNR: nothing was written, try another. */
  | { kind: 'PNR_TAKEN' }
  /** Some inventory key has fewer seats left than asked: nothing was written. */
  | { kind: 'NO_SEATS' };

/**
 * The simulator's state: bookings, seats sold and trigger memory. Processes sharing a store (API replicas, the
 * worker) see one GDS. Every answer is a fresh copy the caller may change.
 */
export interface SimulatorStore {
  /** Seats sold per inventory key; keys never sold are absent. */
  soldSeats(keys: readonly string[]): Promise<Map<string, number>>;
  /**
   * All or nothing: binds the idempotency key to the booking's PNR, takes `seatCount` seats on every claim,
   * and stores the booking at version 1.
   */
  insertBooking(input: { idempotencyKey: string; state: SimulatorBooking; claims: SeatClaim[]; seatCount: number }): Promise<InsertBookingOutcome>;
  pnrForKey(idempotencyKey: string): Promise<string | null>;
  getBooking(pnr: string): Promise<VersionedBooking | null>;
  /**
   * Replaces the booking if it is still at `version`, and gives back `releaseSeats` seats on each of its
   * inventory keys in the same step. False when another writer got there first: re-read and decide again.
   */
  updateBooking(pnr: string, version: number, state: SimulatorBooking, releaseSeats?: number): Promise<boolean>;
  /** Counts one more hit of a named trigger; answers the count including this one (1 the first time). */
  hit(trigger: string): Promise<number>;
  /** Reserves a ticket number for its owner; true when it is (now or already) that owner's. */
  claimTicketNumber(ticketNumber: string, owner: string): Promise<boolean>;
}

/** The state in this process only: for unit tests, lost on restart. Held as JSON so answers are copies, as from MySQL. */
export class InMemorySimulatorStore implements SimulatorStore {
  private readonly bookings = new Map<string, { json: string; version: number }>();
  private readonly keys = new Map<string, string>();
  private readonly sold = new Map<string, number>();
  private readonly hits = new Map<string, number>();
  private readonly tickets = new Map<string, string>();

  async soldSeats(keys: readonly string[]): Promise<Map<string, number>> {
    return new Map(keys.filter((k) => this.sold.has(k)).map((k) => [k, this.sold.get(k)!]));
  }

  async insertBooking(input: { idempotencyKey: string; state: SimulatorBooking; claims: SeatClaim[]; seatCount: number }): Promise<InsertBookingOutcome> {
    const { idempotencyKey, state, claims, seatCount } = input;
    const pnr = this.keys.get(idempotencyKey);
    if (pnr) return { kind: 'KEY_TAKEN', pnr };
    if (this.bookings.has(state.booking.pnr)) return { kind: 'PNR_TAKEN' };
    if (claims.some((c) => (this.sold.get(c.key) ?? 0) + seatCount > c.capacity)) return { kind: 'NO_SEATS' };
    for (const c of claims) this.sold.set(c.key, (this.sold.get(c.key) ?? 0) + seatCount);
    this.keys.set(idempotencyKey, state.booking.pnr);
    this.bookings.set(state.booking.pnr, { json: JSON.stringify(state), version: 1 });
    return { kind: 'INSERTED' };
  }

  async pnrForKey(idempotencyKey: string): Promise<string | null> {
    return this.keys.get(idempotencyKey) ?? null;
  }

  async getBooking(pnr: string): Promise<VersionedBooking | null> {
    const row = this.bookings.get(pnr);
    return row ? { state: JSON.parse(row.json) as SimulatorBooking, version: row.version } : null;
  }

  async updateBooking(pnr: string, version: number, state: SimulatorBooking, releaseSeats = 0): Promise<boolean> {
    const row = this.bookings.get(pnr);
    if (!row || row.version !== version) return false;
    this.bookings.set(pnr, { json: JSON.stringify(state), version: version + 1 });
    for (const key of releaseSeats > 0 ? state.seats : []) this.sold.set(key, Math.max((this.sold.get(key) ?? 0) - releaseSeats, 0));
    return true;
  }

  async hit(trigger: string): Promise<number> {
    const count = (this.hits.get(trigger) ?? 0) + 1;
    this.hits.set(trigger, count);
    return count;
  }

  async claimTicketNumber(ticketNumber: string, owner: string): Promise<boolean> {
    const holder = this.tickets.get(ticketNumber);
    if (holder === undefined) this.tickets.set(ticketNumber, owner);
    return (holder ?? owner) === owner;
  }
}
