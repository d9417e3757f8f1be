import { randomUUID } from 'node:crypto';
import { firstFree, TAKEN } from '../../../shared/simulation/identifier-search.policy';
import { dateFormatterFor } from '../../../shared/time/calendar-date.calculator';
import {
  RailProviderError,
  type RailHold,
  type RailHoldInput,
  type RailIssueResult,
  type RailPayoutResult,
  type RailProvider,
  type RailReservation,
  type RailReserveInput,
  type RailStation,
  type RailTrip,
  type RailTripDetails,
} from './rail-provider.port';
import { newReservation, validateReservation } from './simulator/booking.builder';
import { findSeat } from './simulator/cars.builder';
import { luggagePrice, NO_LUGGAGE } from './simulator/fares.calculator';
import { digits } from './simulator/hash.calculator';
import { InMemoryRailSimulatorStore, type RailSimulatorStore, type SimReservation, type StoredHold } from './simulator/rail-simulator.store';
import {
  addDays,
  isDate,
  leg,
  legsOn,
  LINE,
  runsOn,
  stationByPartnerId,
  stationByStopId,
  trainByTimeTableTrainSetId,
  type LineStation,
} from './simulator/timetable.data';
import { departureInstant, detailsOf, legWindowOf, segmentsOf, tripKeyOf, tripOf, type DatedLeg } from './simulator/trips.mapper';
import { hasTrigger, searchFault } from './simulator/triggers.policy';

export const RAIL_TIME_ZONE = 'Africa/Dar_es_Salaam';

export interface RailSimulatorOptions {
  now?: () => Date;
  /** Where seat segments, holds, reservations and trigger memory live; default this process's memory (unit tests). */
  store?: RailSimulatorStore;
  /** How long a hold keeps its seat unless reserved; default 15 minutes (the platform makes it configurable). */
  holdLifetimeMs?: number;
  /** Provider bill expiry after reservation; default 35 minutes (longer than the 25-minute payment window). */
  billLifetimeMs?: number;
}

/** The timetable is sold from the railway's today to this many days ahead. */
export const SALES_HORIZON_DAYS = 361;

/** PNR candidates tried per reservation: with about 805 million PNRs, five taken in a row means something is wrong. */
export const PNR_ATTEMPTS = 5;

/** A change decided on a reservation read at some version; `next` is written back by compare-and-set. */
interface Mutation<T> {
  result: T;
  next?: SimReservation;
  releaseSeats?: boolean;
}

const rejected = (providerCode: string, message: string): RailProviderError => new RailProviderError('PROVIDER_REJECTED', message, false, providerCode);

const payoutRejected = (stage: 'VALIDATION' | 'PAYOUT', providerCode: string, message: string, retryable = false): RailProviderError =>
  new RailProviderError('PAYOUT_REJECTED', message, retryable, providerCode, { stage });

/**
 * A deterministic SGR provider for tests and the sandbox: the timetable in simulator/timetable.data.ts, seat maps in
 * simulator/cars.builder.ts, fares in simulator/fares.calculator.ts, and seats, holds and reservations in a RailSimulatorStore.
 * The triggers in docs/sandbox.md make every provider outcome happen on demand.
 */
export class RailSimulator implements RailProvider {
  private readonly now: () => Date;
  private readonly store: RailSimulatorStore;
  private readonly holdLifetimeMs: number;
  private readonly billLifetimeMs: number;

  constructor(options: RailSimulatorOptions = {}) {
    this.now = options.now ?? (() => new Date());
    this.store = options.store ?? new InMemoryRailSimulatorStore();
    this.holdLifetimeMs = options.holdLifetimeMs ?? 15 * 60_000;
    this.billLifetimeMs = options.billLifetimeMs ?? 35 * 60_000;
  }

  stations(): RailStation[] {
    return LINE.map((s) => ({ stopId: s.stopId, code: s.code, partnerId: s.partnerId, name: s.name }));
  }

  serviceDate(now: Date): string {
    // en-CA formats as YYYY-MM-DD; the formatter is shared (building one costs more than the search's own work).
    return dateFormatterFor(RAIL_TIME_ZONE).format(now);
  }

  /**
   * Sold dates: the railway's today to the horizon; trains already gone from their first searched stop are not sold.
   * The window is worked out once per call, then tested against each leg.
   */
  private onSale(now: Date): (l: DatedLeg) => boolean {
    const today = this.serviceDate(now);
    const first = addDays(today, -1);
    const last = addDays(today, SALES_HORIZON_DAYS);
    const at = now.getTime();
    return (l) => l.serviceDate >= first && l.serviceDate <= last && departureInstant(l) > at;
  }

  async searchTrips(input: { fromStopId: string; toStopId: string; date: string }): Promise<RailTrip[]> {
    const from = stationByStopId(input.fromStopId);
    const to = stationByStopId(input.toStopId);
    if (!from || !to || from === to || !isDate(input.date)) return [];
    const fault = searchFault(from, to, input.date);
    if (fault) throw fault;
    const now = this.now();
    const legs = legsOn(from, to, input.date).filter(this.onSale(now));
    if (legs.length === 0) return [];
    const taken = await this.store.takenSeats(legs.map(legWindowOf), now.getTime());
    return legs.map((l) => tripOf(l, taken.get(tripKeyOf(l)) ?? new Set()));
  }

  async hasTrips(input: { fromStopId: string; toStopId: string; date: string }): Promise<boolean> {
    const from = stationByStopId(input.fromStopId);
    const to = stationByStopId(input.toStopId);
    if (!from || !to || from === to || !isDate(input.date)) return false;
    // A search fault on the date fails the check as it fails the search (the look-ahead reports it).
    const fault = searchFault(from, to, input.date);
    if (fault) throw fault;
    const now = this.now();
    return legsOn(from, to, input.date).some(this.onSale(now));
  }

  /** The train `timeTableTrainSetId` leaving `from` on `date` (the searched date) for `to`, if it is sold. */
  private resolve(timeTableTrainSetId: number, from: LineStation | undefined, to: LineStation | undefined, date: string, now: Date): DatedLeg {
    const train = trainByTimeTableTrainSetId(timeTableTrainSetId);
    const found = train && from && to && isDate(date) ? leg(train, from, to) : null;
    if (found) {
      const departure = found.train.stops[found.fromIndex].departure!;
      const dated = { ...found, serviceDate: addDays(date, -Math.floor(departure / 1440)) };
      if (runsOn(dated.serviceDate) && this.onSale(now)(dated)) return dated;
    }
    throw new RailProviderError('TRIP_NOT_FOUND', 'No such train on this date between these stations', false, 'SGR-4041');
  }

  async tripDetails(input: { timeTableTrainSetId: number; fromStopId: string; toStopId: string; date: string }): Promise<RailTripDetails> {
    const now = this.now();
    const l = this.resolve(input.timeTableTrainSetId, stationByStopId(input.fromStopId), stationByStopId(input.toStopId), input.date, now);
    return detailsOf(l, (await this.store.takenSeats([legWindowOf(l)], now.getTime())).get(tripKeyOf(l)) ?? new Set());
  }

  async holdSeat(input: RailHoldInput): Promise<RailHold> {
    const now = this.now();
    const luggageId = input.luggageId ?? NO_LUGGAGE;
    if (luggagePrice(luggageId) === null) throw rejected('SGR-4006', 'Unknown luggage option');
    const l = this.resolve(input.timeTableTrainSetId, stationByPartnerId(input.fromPartnerId), stationByPartnerId(input.toPartnerId), input.date, now);
    const found = findSeat(l.train.def, input.carId, input.seatId);
    if (!found || !found.seat.bookable) throw rejected('SGR-4007', 'No such seat in this car');
    const hold: StoredHold = {
      key: input.holdKey ?? `SGRH-${randomUUID()}`,
      tripKey: tripKeyOf(l),
      seatId: input.seatId,
      segments: segmentsOf(l),
      timeTableTrainSetId: input.timeTableTrainSetId,
      serviceDate: l.serviceDate,
      carId: input.carId,
      seatLabel: found.seat.label,
      fromPartnerId: input.fromPartnerId,
      toPartnerId: input.toPartnerId,
      luggageId,
      expiresAt: now.getTime() + this.holdLifetimeMs,
      status: 'HELD',
    };
    const outcome = await this.store.claimSeat(hold, now.getTime());
    if (outcome === 'CLAIMED') return { key: hold.key, status: 'HELD', expiresAt: new Date(hold.expiresAt).toISOString() };
    if (outcome === 'TAKEN') {
      throw new RailProviderError('SEAT_ALREADY_BOOKED', `Seat ${found.seat.label} is no longer available`, false, 'SGR-4090', {
        seatId: input.seatId,
        seatName: found.seat.label,
      });
    }
    // The caller's hold key exists: a retry of the same hold gets it back while it lasts.
    const existing = (await this.store.getHold(hold.key))!;
    const same =
      existing.tripKey === hold.tripKey &&
      existing.seatId === hold.seatId &&
      existing.carId === hold.carId &&
      existing.segments.join() === hold.segments.join();
    if (same && existing.status === 'HELD' && existing.expiresAt > now.getTime()) {
      return { key: existing.key, status: 'HELD', expiresAt: new Date(existing.expiresAt).toISOString() };
    }
    throw rejected('SGR-4008', 'Hold key already used');
  }

  async releaseHold(key: string): Promise<{ key: string; status: 'RELEASED' }> {
    const hold = await this.store.getHold(key);
    if (!hold) throw new RailProviderError('HOLD_NOT_FOUND', 'Unknown seat hold', false, 'SGR-4042');
    if (hold.status === 'HELD') await this.store.releaseHold(key);
    // Read again: a concurrent reservation may have taken the hold between the read and the release.
    if ((await this.store.getHold(key))!.status === 'RESERVED') throw rejected('SGR-4091', 'The seat is reserved and can no longer be released');
    return { key, status: 'RELEASED' };
  }

  async reserve(input: RailReserveInput): Promise<RailReservation> {
    const made = await this.store.pnrForKey(input.idempotencyKey);
    if (made) return this.madeBefore(made, input);
    validateReservation(input);
    const now = this.now().getTime();
    const holds: StoredHold[] = [];
    for (const { key } of input.holds) {
      const hold = await this.store.getHold(key);
      if (!hold || hold.status !== 'HELD' || hold.expiresAt <= now) throw goneHold(key);
      holds.push(hold);
    }
    return firstFree(
      PNR_ATTEMPTS,
      async (attempt) => {
        const state = newReservation(input, holds, attempt, now, this.billLifetimeMs);
        const outcome = await this.store.insertReservation({ idempotencyKey: input.idempotencyKey, state, now });
        if (outcome.kind === 'INSERTED') {
          // The reservation is made but its answer is lost. Only the inserting call fails: the key's row in the store
          // is the memory, so any later call with this key, in any process, gets the reservation.
          if (hasTrigger(input.passengers, 'LOSTANSWER') || hasTrigger(input.passengers, 'NOANSWER')) throw lostAnswer();
          return state.reservation;
        }
        if (outcome.kind === 'KEY_TAKEN') return this.madeBefore(outcome.pnr, input);
        if (outcome.kind === 'HOLD_GONE') throw goneHold(outcome.key);
        return TAKEN;
      },
      // Nothing was made; the same key would draw the same candidates again, so a repeat cannot help.
      () => new RailProviderError('PROVIDER_UNAVAILABLE', `Could not allocate a reservation number: all ${PNR_ATTEMPTS} candidate PNRs are taken`, false),
    );
  }

  /** What a repeated key answers: the reservation it made, unless its answers never arrive (NOANSWER). */
  private async madeBefore(pnr: string, input: RailReserveInput): Promise<RailReservation> {
    if (hasTrigger(input.passengers, 'NOANSWER')) throw lostAnswer();
    return (await this.store.getReservation(pnr))!.state.reservation;
  }

  async retrieveReservation(pnr: string): Promise<RailReservation | null> {
    return (await this.store.getReservation(pnr))?.state.reservation ?? null;
  }

  async cancelReservation(pnr: string): Promise<{ pnr: string; status: 'CANCELLED' }> {
    return this.mutate(pnr, (state) => {
      const r = state.reservation;
      if (r.status === 'CANCELLED') return { result: { pnr, status: 'CANCELLED' } };
      if (r.status !== 'RESERVED') throw rejected('SGR-4093', 'A paid reservation cannot be cancelled');
      const reservation: RailReservation = { ...r, status: 'CANCELLED', tickets: r.tickets.map((t) => ({ ...t, status: 'CANCELLED' })) };
      return { result: { pnr, status: 'CANCELLED' }, next: { ...state, reservation }, releaseSeats: true };
    });
  }

  async payout(input: { pnr: string; amount: string }): Promise<RailPayoutResult> {
    const now = this.now().getTime();
    const current = await this.store.getReservation(input.pnr);
    if (!current) throw payoutRejected('VALIDATION', 'SGR-4044', 'Unknown reservation');
    // Checked before the first write, so a transient failure changes nothing and the retry is clean.
    const fresh = current.state.reservation.status === 'RESERVED';
    if (fresh && hasTrigger(current.state.passengers, 'PAYOUTFAIL')) throw payoutRejected('PAYOUT', 'SGR-5002', 'Payout rejected by the operator bank');
    if (fresh && hasTrigger(current.state.passengers, 'PAYOUTRETRY') && (await this.store.hit(`payout-retry|${input.pnr}`)) === 1) {
      throw payoutRejected('PAYOUT', 'SGR-5031', 'Payout service temporarily unavailable', true);
    }
    return this.mutate(input.pnr, (state) => {
      const r = state.reservation;
      if (r.payoutReference) return { result: { pnr: r.pnr, status: 'PAID', reference: r.payoutReference } };
      if (r.status === 'CANCELLED') throw payoutRejected('VALIDATION', 'SGR-4102', 'The reservation is cancelled');
      if (now >= state.billExpiresAt) throw payoutRejected('VALIDATION', 'SGR-4101', 'The bill has expired');
      if (Number(input.amount) !== Number(r.bill.amount))
        throw payoutRejected('VALIDATION', 'SGR-4221', `Amount does not match the bill (${r.bill.amount} TZS)`);
      const reference = `PO${digits(`${r.pnr}|payout`, 10)}`;
      return { result: { pnr: r.pnr, status: 'PAID', reference }, next: { ...state, reservation: { ...r, status: 'PAID', payoutReference: reference } } };
    });
  }

  async issue(pnr: string): Promise<RailIssueResult> {
    return this.mutate(pnr, (state) => {
      const r = state.reservation;
      const result: RailIssueResult = { pnr, tickets: r.ticketNumbers.map((ticketNumber) => ({ ticketNumber, status: 'ISSUED' })) };
      if (r.status === 'ISSUED') return { result };
      if (r.status === 'CANCELLED') throw rejected('SGR-4102', 'The reservation is cancelled');
      if (r.status !== 'PAID') throw rejected('SGR-4095', 'The bill is not paid');
      if (hasTrigger(state.passengers, 'ISSUEFAIL')) throw rejected('SGR-4096', 'Ticket issue refused by the operator');
      const reservation: RailReservation = { ...r, status: 'ISSUED', tickets: r.tickets.map((t) => ({ ...t, status: 'ISSUED' })) };
      return { result, next: { ...state, reservation } };
    });
  }

  /** Reads, decides and writes back by compare-and-set until no other writer interferes. */
  private async mutate<T>(pnr: string, decide: (state: SimReservation) => Mutation<T>): Promise<T> {
    for (;;) {
      const current = await this.store.getReservation(pnr);
      if (!current) throw rejected('SGR-4044', 'Unknown reservation');
      const { result, next, releaseSeats } = decide(current.state);
      if (!next || (await this.store.updateReservation(pnr, current.version, next, releaseSeats))) return result;
    }
  }
}

function lostAnswer(): RailProviderError {
  return new RailProviderError('TIMEOUT', 'SGR booking service did not answer in time', true);
}

function goneHold(key: string): RailProviderError {
  return new RailProviderError('HOLD_NOT_FOUND', `Seat hold ${key} has expired, was released or is already reserved`, false, 'SGR-4043');
}

export function createRailSimulator(options: RailSimulatorOptions = {}): RailProvider {
  return new RailSimulator(options);
}
