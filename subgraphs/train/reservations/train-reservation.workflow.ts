import { randomUUID } from 'node:crypto';
import { runWorkflow, type Workflow, type WorkflowStep } from '../../../shared/workflow/workflow';
import type { Principal } from '../../../shared/auth/token.service';
import type { BookingUserType } from '../../../shared/notifications/notification.types';
import { omit } from '../../../shared/object/omit.mapper';
import type { TrainPorts } from '../train-ports.type';
import type { RailProvider, RailReservation } from '../provider/rail-provider.port';
import type { SeatHoldRepository } from '../holds/seat-hold.repository';
import { pricingContextOf } from '../../../shared/auth/roles.types';
import { loadJourney, type LoadedJourney } from './journey.loader';
import { type OwnHold, validateTrainPassengers } from './passenger.validator';
import type { TrainReserveHeaders, TrainReserveRequest } from './reserve.request';
import { blankReservation, checkSameRequest, type FreshReservation, reference, refusal, SETTLED } from './reserve.policy';
import type { TrainReservationRepository } from './reservation.repository';
import { reservationView, type TrainReservationView, workflowUnconfirmedData } from './reservation.view';
import { PROCESSING_LEASE_MS, seatLabelsFrom, type TrainReservationStore } from './reservation.store';
import type { StoredPassenger, TrainReservation } from './reservation.types';
import { type PassengerFieldError, TrainReservationException } from './train-reservation.exception';

/** A parsed reserve request, as the endpoint hands it to the steps. */
export interface TrainReserveStart {
  principal: Principal;
  bookingUserType: BookingUserType;
  headers: TrainReserveHeaders;
  request: TrainReserveRequest;
  /** Malformed journey identifiers, listed with the passenger problems in the 422. */
  journeyErrors: PassengerFieldError[];
  fingerprint: string;
  /** The reservation's idempotency key (account and holds); null when the request names no hold. */
  key: string | null;
}

/** One request's run: what was asked, then what each step found or made. */
interface ReserveRun extends TrainReserveStart {
  /** The reservation of these holds as read before the lease: an earlier attempt's, or the one this request saved. */
  existing: TrainReservation | null;
  outbound?: LoadedJourney;
  back?: LoadedJourney | null;
  /** What this request would store; null when it finishes an uncertain (PENDING) attempt, which keeps what it was sent. */
  fresh: FreshReservation | null;
  /** The reservation whose processing lease this request took: released whatever the outcome. */
  leased?: string;
  /** The reservation as read under the lease, then as the steps change it. */
  r?: TrainReservation;
  made?: RailReservation;
}

type Step = WorkflowStep<ReserveRun, TrainReservationView>;

/**
 * The reserve flow (OpenAPI `postTripTrainSeatReserve`) as named steps. One reservation per account and set of holds
 * (unique key), saved before the provider is called and updated per step: a retry of the same request finds it and
 * answers the same identifiers; a lost provider answer is reconciled with the same provider idempotency key by the
 * next retry or, if none comes first, by the train-reserve-reconcile job. The guards read what an earlier attempt left:
 * - a settled reservation (RESERVED, PAID, …) is answered from storage, before the lease and again under it;
 * - an uncertain one (PENDING) is finished only by the very same request, with the passengers it was sent;
 * - the row is saved once: a concurrent first attempt may win the unique key, and this one continues with its row;
 * - a refused one (FAILED) is tried again by a corrected request under a new provider key.
 * Only the holder of the reservation's processing lease talks to the provider. The provider call's compensation
 * settles its failure: a definite refusal marks the reservation FAILED, a lost answer brings its reconciliation forward.
 */
export class TrainReservationWorkflow {
  private readonly workflow: Workflow<ReserveRun, TrainReservationView>;

  constructor(
    private readonly ports: Pick<TrainPorts, 'clock' | 'config'>,
    private readonly provider: RailProvider,
    private readonly reservations: TrainReservationRepository,
    private readonly seatHolds: SeatHoldRepository,
    private readonly booking: TrainReservationStore,
  ) {
    this.workflow = {
      name: 'train reservation',
      steps: [
        this.findReservation(),
        this.answerSettled('answer a settled retry', (s) => s.existing),
        this.sameRequest('an uncertain attempt is retried unchanged', (s) => s.existing),
        this.loadTrains(),
        this.validatePassengers(),
        this.saveReservation(),
        this.takeLease(),
        this.answerSettled('answer what settled meanwhile', (s) => s.r!),
        this.sameRequest('an uncertain attempt is still retried unchanged', (s) => s.r!),
        this.retryRefused(),
        this.scheduleSafetyNet(),
        this.reserveAtProvider(),
        this.storeReservation(),
      ],
    };
  }

  /** The lease, once taken, is given back however the steps end. */
  async run(start: TrainReserveStart): Promise<TrainReservationView> {
    const run: ReserveRun = { ...start, existing: null, fresh: null };
    try {
      return await runWorkflow(this.workflow, run);
    } finally {
      if (run.leased) await this.reservations.release(run.leased);
    }
  }

  private findReservation(): Step {
    return {
      name: 'find the reservation of these holds',
      run: async (s) => {
        s.existing = s.key ? await this.reservations.byKey(s.key) : null;
        return undefined;
      },
    };
  }

  /** Ends the flow with the stored answer when the reservation is settled: the provider is not called again. */
  private answerSettled(name: string, stored: (s: ReserveRun) => TrainReservation | null): Step {
    return {
      name,
      isDone: (s) => {
        const r = stored(s);
        return !r || !SETTLED.includes(r.status);
      },
      run: (s) => this.answer(stored(s)!, s.request, s.fingerprint),
    };
  }

  /** An uncertain attempt may already have booked: only the very same request may reconcile it. */
  private sameRequest(name: string, stored: (s: ReserveRun) => TrainReservation | null): Step {
    return {
      name,
      isDone: (s) => stored(s)?.status !== 'PENDING',
      run: async (s) => {
        checkSameRequest(stored(s)!, s.request, s.fingerprint);
        return undefined;
      },
    };
  }

  /** The trains reloaded at the provider (an unavailable one is a 503 before anything is stored). */
  private loadTrains(): Step {
    return {
      name: 'load the trains',
      run: async (s) => {
        s.outbound = await loadJourney(this.provider, s.request.outbound, 'outbound', s.journeyErrors);
        s.back = s.request.return ? await loadJourney(this.provider, s.request.return, 'return', s.journeyErrors) : null;
        return undefined;
      },
    };
  }

  /** Skipped for an uncertain attempt: it is finished with the passengers it was sent (the same request, checked above). */
  private validatePassengers(): Step {
    return {
      name: 'validate the passengers and their holds',
      isDone: (s) => s.existing?.status === 'PENDING',
      run: async (s) => {
        const passengers = await this.validate(s, s.outbound!, s.back ?? null);
        s.fresh = freshReservation(s, s.outbound!, s.back ?? null, passengers);
        return undefined;
      },
    };
  }

  /** The idempotency: the unique key lets one row exist per account and holds, so a concurrent first attempt's row is used. */
  private saveReservation(): Step {
    return {
      name: 'save the reservation',
      isDone: (s) => s.existing !== null,
      run: async (s) => {
        const now = this.ports.clock.now();
        const row: TrainReservation = { ...s.fresh!, id: randomUUID(), paymentReference: reference('SGRP', 10), attempt: 0, createdAt: now, updatedAt: now };
        s.existing = (await this.reservations.insert(row)) ? row : (await this.reservations.byKey(s.key!))!;
        return undefined;
      },
    };
  }

  /** One request at a time talks to the provider for a reservation; a concurrent retry hears it is in progress. */
  private takeLease(): Step {
    return {
      name: 'take the processing lease',
      run: async (s) => {
        const existing = s.existing!;
        if (!(await this.reservations.claim(existing.id, this.ports.clock.now(), PROCESSING_LEASE_MS)))
          throw TrainReservationException.inProgress(existing.paymentReference);
        s.leased = existing.id;
        s.r = (await this.reservations.byId(existing.id))!;
        return undefined;
      },
    };
  }

  /** The provider refused the last attempt and made nothing: a corrected request tries again under a new provider key. */
  private retryRefused(): Step {
    return {
      name: 'retry a refused attempt',
      isDone: (s) => s.r!.status !== 'FAILED' || !s.fresh,
      run: async (s) => {
        const changes = { ...s.fresh!, status: 'PENDING' as const, attempt: s.r!.attempt + 1, lastError: null };
        const columns = omit(changes, 'accountId', 'bookingUserType', 'idempotencyKey', 'language', 'pricingContext');
        await this.reservations.update(s.r!.id, columns, this.ports.clock.now());
        s.r = { ...s.r!, ...changes };
        return undefined;
      },
    };
  }

  /** Written before the provider call: if this process dies during it, the reconcile job finishes the reservation. */
  private scheduleSafetyNet(): Step {
    return {
      name: 'schedule the safety net',
      run: async (s) => {
        await this.booking.safetyNet(s.r!);
        return undefined;
      },
    };
  }

  /** No guard of its own: the provider's idempotency key returns what an earlier call made instead of booking twice. */
  private reserveAtProvider(): Step {
    return {
      name: 'reserve at the provider',
      run: async (s) => {
        s.made = await this.booking.reserveAtProvider(s.r!);
        return undefined;
      },
      compensate: async (error, s) => {
        const r = s.r!;
        const failed = await this.booking.failedBooking(r, error);
        if (!failed) return undefined; // not the provider's: it propagates as it is
        if (failed.kind === 'REFUSED') throw refusal(r, failed.error);
        await this.booking.reconcileLater(r, failed.error);
        throw TrainReservationException.pending(r.paymentReference, r.needsAttentionAt !== null);
      },
    };
  }

  /**
   * The provider's reservation, tickets, window, holds and follow-ups in one transaction, guarded by the PENDING status.
   * No compensation: a failure commits nothing and leaves the reservation PENDING for a retry or the safety net.
   */
  private storeReservation(): Step {
    return {
      name: 'store the reservation',
      run: async (s) => this.answer(await this.booking.store(s.r!, s.made!, seatLabelsFrom(s.outbound!, s.back ?? null)), null, null),
    };
  }

  /** Rule 1: journeys, then every passenger and seat against the caller's own live holds; all problems at once. */
  private async validate(s: ReserveRun, outbound: LoadedJourney, back: LoadedJourney | null): Promise<StoredPassenger[]> {
    const holds = new Map<string, OwnHold>();
    if (s.request.holdKeys.length) {
      const rows = await this.seatHolds.ownHolds(s.principal.accountId, s.request.holdKeys);
      for (const h of rows) {
        holds.set(h.hold_key, {
          holdKey: h.hold_key,
          timeTableTrainSetId: Number(h.time_table_train_set_id),
          travelDate: String(h.travel_date).slice(0, 10),
          carId: Number(h.car_id),
          seatId: Number(h.seat_id),
          fromPartnerId: Number(h.from_partner_id),
          toPartnerId: Number(h.to_partner_id),
          luggageId: Number(h.luggage_id),
          status: h.status,
          expiresAt: new Date(h.expires_at),
        });
      }
    }
    const options = outbound.details ?? back?.details;
    const result = validateTrainPassengers(s.request.passengers, {
      journeys: { OUTBOUND: outbound.check, RETURN: back?.check ?? null },
      holds,
      nationalityIds: options ? options.nationalityOptions.map((o) => o.id) : [],
      ticketTypeIds: options ? options.ticketTypeOptions.map((o) => o.id) : [4, 3],
      now: this.ports.clock.now(),
      fallbackPhone: this.ports.config.localFallbackPhone,
      maxPassengers: this.ports.config.maxActiveHoldsPerAccount,
    });
    const fields = [...s.journeyErrors, ...(result.ok ? [] : result.fields)];
    if (fields.length || !result.ok) throw TrainReservationException.passengerDataInvalid(fields);
    return result.passengers;
  }

  /** A stored reservation as the client gets it; `request` null means "just made", so no retry checks. */
  private async answer(r: TrainReservation, request: TrainReserveRequest | null, fingerprint: string | null): Promise<TrainReservationView> {
    if (request) checkSameRequest(r, request, fingerprint!);
    const tickets = await this.reservations.ticketsOf(r.id);
    if (r.status === 'WORKFLOW_UNCONFIRMED') throw TrainReservationException.workflowStartUnconfirmed(workflowUnconfirmedData(r, tickets));
    if (r.status === 'CANCELLING' || r.status === 'CANCELLED') {
      throw TrainReservationException.retryConflict('This reservation was cancelled when its payment window ended; hold seats again to book', {
        paymentReference: r.paymentReference,
        status: 'CANCELLED',
      });
    }
    return reservationView(r, tickets, this.ports.clock.now());
  }
}

/** The PENDING row this request would save, from the validated request and the trains as the provider has them. */
function freshReservation(s: ReserveRun, outbound: LoadedJourney, back: LoadedJourney | null, passengers: StoredPassenger[]): FreshReservation {
  return {
    ...blankReservation(),
    accountId: s.principal.accountId,
    bookingUserType: s.bookingUserType,
    idempotencyKey: s.key!,
    requestFingerprint: s.fingerprint,
    status: 'PENDING',
    journeyType: back ? 'ROUND_TRIP' : 'ONE_WAY',
    ticketPurchase: s.request.ticketPurchase,
    notifications: { ticketPurchase: s.request.ticketPurchase },
    outbound: outbound.check.selection,
    returnJourney: back?.check.selection ?? null,
    passengers,
    issuerDeviceInfo: s.request.issuerDeviceInfo,
    authenticationContext: s.headers.authenticationContext?.trim().slice(0, 32) || 'WEB_APP',
    language: s.headers.language,
    pricingContext: pricingContextOf(s.principal.role),
  };
}
