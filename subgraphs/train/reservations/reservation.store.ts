import { randomUUID } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import type { TrainPorts } from '../train-ports.type';
import { Decimal } from '../../../shared/money/money.calculator';
import { priceTrainFare } from '../pricing/train-pricing.calculator';
import { RailProvider, RailProviderError, RailReservation } from '../provider/rail-provider.port';
import { loadJourney, LoadedJourney } from './journey.loader';
import type { TrainReservationRepository } from './reservation.repository';
import type { SeatHoldRepository } from '../holds/seat-hold.repository';
import { scheduleTrainReservationFollowUps, TRAIN_BOOKING_KIND } from './reservation-follow-ups.service';
import { TRAIN_JOBS } from '../jobs/train.jobs';
import type { Journey, JourneySelection, TrainReservation, TrainTicketRow } from './reservation.types';
import { TrainEvents } from '../webhooks/train-events';

/** The reconcile job's name, from the train job handles (its job ids below start with it). */
export const TRAIN_RESERVE_RECONCILE_JOB = TRAIN_JOBS.reserveReconcile.name;

/** How long one request (or one reconciliation) may talk to the provider before another may take over. */
export const PROCESSING_LEASE_MS = 60_000;

export type BookingOutcome =
  | { kind: 'MADE'; made: RailReservation }
  /** A definite refusal: nothing was made and the reservation is now FAILED. */
  | { kind: 'REFUSED'; error: RailProviderError }
  /** The answer was lost: the reservation stays PENDING; the same provider key later returns whatever was made. */
  | { kind: 'UNKNOWN'; error: RailProviderError };

/**
 * How a passenger finds a reserved seat: the car's number in the train (3) and the seat's label ("12A"). The provider's
 * tickets carry only ids, so both come from the train's seat map; null and '' when the train could not be loaded.
 */
export type SeatLabelOf = (journey: Journey, carId: number, seatId: number) => { carNumber: number | null; label: string };

/** The provider's idempotency key: a new attempt only after a definite refusal, so a repeat reconciles a lost answer. */
export const providerKeyOf = (r: TrainReservation): string => `${r.id}:${r.attempt}`;

/**
 * The BullMQ job id of the reconciliation of one provider key: however often it is written, one job exists per key
 * (BullMQ refuses ':' in custom ids). A new key comes only from a client's corrected request after a definite refusal.
 */
export const reconcileJobIdOf = (r: Pick<TrainReservation, 'id' | 'attempt'>): string => `${TRAIN_RESERVE_RECONCILE_JOB}-${r.id}-${r.attempt}`;

export const lastErrorOf = (error: RailProviderError): string => `${error.providerCode ?? error.code}: ${error.message}`.slice(0, 500);

/**
 * The provider reservation of a saved PENDING train reservation and what storing its answer involves, shared by
 * the reserve endpoint (TrainReservationWorkflow) and the background reconciliation (train-reserve-reconcile job),
 * so a lost answer is stored exactly as a direct one. Callers hold the reservation's processing lease.
 */
export class TrainReservationStore {
  constructor(
    private readonly ports: Pick<TrainPorts, 'clock' | 'transactor' | 'config' | 'logger' | 'outbox' | 'notifications' | 'webhooks'>,
    private readonly provider: RailProvider,
    private readonly reservations: TrainReservationRepository,
    private readonly holds: SeatHoldRepository,
  ) {}

  /**
   * Written by the reserve endpoint before its provider call, never by the reconcile job (whose own retries are
   * BullMQ's): a process that dies during the call leaves the reservation PENDING with no one to finish it. The
   * key's one reconcile job does, after the lease has lapsed, and skips when the call settled the reservation after all.
   */
  async safetyNet(r: TrainReservation): Promise<void> {
    const notBefore = new Date(this.ports.clock.now().getTime() + PROCESSING_LEASE_MS + this.ports.config.reconcileDelaySeconds * 1000);
    await this.ports.transactor.transaction((m) => this.scheduleReconcile(m, r, notBefore));
  }

  /**
   * The provider call with what its failure means, as one outcome: how the reconcile job books. The reserve workflow
   * runs the call as a step and the failure as that step's compensation.
   */
  async book(r: TrainReservation): Promise<BookingOutcome> {
    try {
      return { kind: 'MADE', made: await this.reserveAtProvider(r) };
    } catch (error) {
      const failed = await this.failedBooking(r, error);
      if (!failed) throw error;
      return failed;
    }
  }

  /** The provider call under the reservation's key: a repeat returns what an earlier call made instead of booking twice. */
  async reserveAtProvider(r: TrainReservation): Promise<RailReservation> {
    const holds = r.passengers.flatMap((p, i) => [
      { key: p.outbound.holdKey, passengerIndex: i },
      ...(p.return ? [{ key: p.return.holdKey, passengerIndex: i }] : []),
    ]);
    return this.provider.reserve({
      holds,
      passengers: r.passengers.map((p) => ({
        name: p.passengerName,
        phone: p.providerPhone,
        ticketTypeId: p.ticketTypeId,
        nationalityTypeId: p.nationalityTypeId,
        identityNo: p.identityNo,
        gender: p.gender ?? undefined,
        email: p.email ?? undefined,
        isDisabledPassenger: p.isDisabledPassenger,
      })),
      idempotencyKey: providerKeyOf(r),
    });
  }

  /**
   * What a failed provider call means: a definite refusal (nothing was made) makes the reservation FAILED; any other
   * provider error is a lost answer and leaves it PENDING. Null when the error is not the provider's.
   */
  async failedBooking(r: TrainReservation, error: unknown): Promise<Exclude<BookingOutcome, { kind: 'MADE' }> | null> {
    if (!(error instanceof RailProviderError)) return null;
    if (error.code === 'PROVIDER_REJECTED' || error.code === 'HOLD_NOT_FOUND') {
      await this.reservations.update(r.id, { status: 'FAILED', lastError: lastErrorOf(error), needsAttentionAt: null }, this.ports.clock.now());
      return { kind: 'REFUSED', error };
    }
    return { kind: 'UNKNOWN', error };
  }

  /**
   * Rule 2: a lost answer does not wait for the client to retry. Written with the error, it moves the key's one
   * reconcile job (the safety net) forward to the reconcile delay; the job skips once a retry has reconciled first.
   * A job that already ran (or gave up) is not started again: a later client retry may still reconcile.
   */
  async reconcileLater(r: TrainReservation, error: RailProviderError): Promise<void> {
    const notBefore = new Date(this.ports.clock.now().getTime() + this.ports.config.reconcileDelaySeconds * 1000);
    await this.ports.transactor.transaction(async (m) => {
      await this.reservations.update(r.id, { lastError: lastErrorOf(error) }, this.ports.clock.now(), m);
      await this.scheduleReconcile(m, r, notBefore);
    });
    if (r.needsAttentionAt) {
      this.ports.logger.warn('train reservation outcome still unknown after a client retry; it needs attention (reconciliation gave up)', {
        reservationId: r.id,
        code: error.code,
      });
    } else {
      this.ports.logger.warn('train reservation outcome unknown; reconciliation scheduled', {
        reservationId: r.id,
        code: error.code,
        notBefore: notBefore.toISOString(),
      });
    }
  }

  /** The key's one reconcile job, due at `notBefore`, with its bounded retries; rewriting it re-schedules it. */
  private async scheduleReconcile(m: EntityManager, r: TrainReservation, notBefore: Date): Promise<void> {
    const { reconcileAttempts, reconcileBackoffMs } = this.ports.config;
    await this.ports.outbox.enqueue(
      m,
      TRAIN_JOBS.reserveReconcile.of(
        { reservationId: r.id },
        { notBefore, jobId: reconcileJobIdOf(r), retry: { attempts: reconcileAttempts, backoffMs: reconcileBackoffMs } },
      ),
    );
  }

  /** Stores the provider reservation, its tickets, the window and the follow-ups in one transaction. */
  async store(r: TrainReservation, made: RailReservation, seatLabelOf: SeatLabelOf): Promise<TrainReservation> {
    const now = this.ports.clock.now();
    const { providerExpiresAt, internalExpiresAt, expiresAt } = paymentWindowOf(now, made, this.ports.config);
    const tickets = ticketRowsOf(r, made, seatLabelOf, now);
    const done: TrainReservation = {
      ...r,
      status: made.workflowStartConfirmed ? 'RESERVED' : 'WORKFLOW_UNCONFIRMED',
      pnr: made.pnr,
      workflowId: made.workflowId,
      workflowStartConfirmed: made.workflowStartConfirmed,
      billId: made.bill.id,
      controlNumber: made.bill.controlNumber,
      billAmount: made.bill.amount,
      billCurrency: made.bill.currency,
      paymentRequired: tickets.reduce((sum, t) => sum.plus(t.priceTotal), new Decimal(0)).toFixed(),
      paymentCurrency: tickets[0]?.priceCurrency ?? 'TZS',
      reservedAt: now,
      internalExpiresAt,
      expiresAt,
      providerExpiresAt,
      lastError: null,
      needsAttentionAt: null,
    };
    await this.persist(r, done, tickets, now);
    this.ports.logger.info('train reserved', { reservationId: r.id, pnr: made.pnr, status: done.status, kind: TRAIN_BOOKING_KIND });
    return done;
  }

  /**
   * The reservation's new columns (only while still PENDING), its tickets, its holds marked reserved, its follow-ups and,
   * once RESERVED, the train.reservation.created event, together. A WORKFLOW_UNCONFIRMED one records no event: its answer
   * is the 503 for support, not a reservation.
   */
  private async persist(r: TrainReservation, done: TrainReservation, tickets: TrainTicketRow[], now: Date): Promise<void> {
    const { internalExpiresAt, expiresAt, providerExpiresAt } = done;
    await this.ports.transactor.transaction(async (m) => {
      const { status, pnr, workflowId, workflowStartConfirmed, billId, controlNumber, billAmount, billCurrency, paymentRequired, paymentCurrency } = done;
      const columns = {
        status,
        pnr,
        workflowId,
        workflowStartConfirmed,
        billId,
        controlNumber,
        billAmount,
        billCurrency,
        paymentRequired,
        paymentCurrency,
        reservedAt: now,
        internalExpiresAt,
        expiresAt,
        providerExpiresAt,
      };
      if (!(await this.reservations.update(r.id, { ...columns, lastError: null, needsAttentionAt: null }, now, m, ['PENDING'])))
        throw new Error(`train reservation ${r.id} left PENDING while it was being stored`);
      await this.reservations.insertTickets(done, tickets, m);
      await this.holds.markReserved(
        m,
        r.accountId,
        tickets.map((t) => t.holdKey),
      );
      await scheduleTrainReservationFollowUps(this.ports, m, done);
      if (done.status === 'RESERVED') await new TrainEvents(this.ports).created(m, done, tickets, now);
    });
  }

  /**
   * Seat labels for a reservation stored earlier, from its trains reloaded at the provider (the request that had
   * them loaded is gone). A train no longer sold (e.g. departed) leaves the labels empty rather than the booking unstored.
   */
  async seatLabelsOf(r: TrainReservation): Promise<SeatLabelOf> {
    const reload = (sel: JourneySelection, name: 'outbound' | 'return') =>
      loadJourney(
        this.provider,
        { timeTableTrainSetId: sel.timeTableTrainSetId, fromStopId: sel.fromStopId, toStopId: sel.toStopId, date: sel.date },
        name,
        [],
      );
    const outbound = await reload(r.outbound, 'outbound');
    const back = r.returnJourney ? await reload(r.returnJourney, 'return') : null;
    return seatLabelsFrom(outbound, back);
  }
}

/** Labels from the journeys the request loaded (only bookable seats are in their maps). */
export function seatLabelsFrom(outbound: LoadedJourney, back: LoadedJourney | null): SeatLabelOf {
  return (journey, carId, seatId) => {
    const car = (journey === 'OUTBOUND' ? outbound : back)?.check.cars.get(carId);
    return { carNumber: car?.orderNo ?? null, label: car?.seats.get(seatId) ?? '' };
  };
}

/** When the customer must have paid: the internal window, ended early enough before the provider's bill expires. */
function paymentWindowOf(now: Date, made: RailReservation, train: { paymentWindowMinutes: number; providerExpiryMarginSeconds: number }) {
  const providerExpiresAt = new Date(made.bill.expireDate);
  const internalExpiresAt = new Date(now.getTime() + train.paymentWindowMinutes * 60_000);
  const safeProvider = new Date(providerExpiresAt.getTime() - train.providerExpiryMarginSeconds * 1000);
  const expiresAt = safeProvider < internalExpiresAt ? safeProvider : internalExpiresAt;
  return { providerExpiresAt, internalExpiresAt, expiresAt };
}

/** One ticket row per passenger and journey, matched to the provider's ticket by its seat hold. */
function ticketRowsOf(r: TrainReservation, made: RailReservation, seatLabelOf: SeatLabelOf, now: Date): TrainTicketRow[] {
  const tickets: TrainTicketRow[] = [];
  r.passengers.forEach((p, passengerIndex) => {
    for (const [journey, seat, sel] of [
      ['OUTBOUND', p.outbound, r.outbound],
      ['RETURN', p.return, r.returnJourney],
    ] as const) {
      if (!seat || !sel) continue;
      const t = made.tickets.find((x) => x.holdKey === seat.holdKey);
      if (!t) throw new Error(`provider reservation ${made.pnr} has no ticket for hold of passenger ${passengerIndex} (${journey})`);
      // The provider's ticket amount (fare plus luggage) is the TRANSPORTER part; our booking fees go on top.
      const price = priceTrainFare({ fare: t.amount, pricingContext: r.pricingContext, displayCurrencies: [], rates: () => null });
      const seatLabels = seatLabelOf(journey, t.carId, t.seatId);
      tickets.push({
        trainTicketUuid: randomUUID(),
        reservationId: r.id,
        passengerIndex,
        journey,
        passengerName: p.passengerName,
        passengerPhone: p.phone,
        ticketNumber: t.ticketNumber,
        holdKey: seat.holdKey,
        timeTableTrainSetId: sel.timeTableTrainSetId,
        travelDate: sel.date,
        fromStopId: sel.fromStopId,
        toStopId: sel.toStopId,
        carId: t.carId,
        carNumber: seatLabels.carNumber,
        carTypeId: seat.carTypeId,
        carClass: t.carClass,
        seatId: t.seatId,
        seatLabel: seatLabels.label,
        ticketTypeId: t.ticketTypeId,
        luggageId: t.luggageId,
        fareAmount: t.amount,
        priceTotal: price.grandTotal,
        priceCurrency: price.currency,
        price,
        status: 'RESERVED',
        authenticationContext: r.authenticationContext,
        createdAt: now,
        updatedAt: now,
      });
    }
  });
  return tickets;
}
