import { randomBytes, randomUUID } from 'node:crypto';
import type { TrainPorts } from '../train-ports.type';
import type { Principal } from '../../../shared/auth/token.service';
import { Role } from '../../../shared/auth/roles';
import type { BookingUserType } from '../../../shared/notifications/notification.types';
import { omit } from '../../../shared/object/omit';
import type { RailProvider, RailProviderError } from '../provider/rail-provider.port';
import { trainPricingContextOf } from '../search/train-search.service';
import { loadJourney, LoadedJourney } from './journey-loader';
import { OwnHold, validateTrainPassengers } from './passenger-validation';
import { fingerprintOf, idempotencyKeyOf, parseReserveRequest, TrainReserveInput, TrainReserveRequest } from './reserve-request';
import { TrainReservationRepository } from './reservation.repository';
import type { SeatHoldRepository } from '../holds/seat-hold.repository';
import { reservationView, TrainReservationView, workflowUnconfirmedData } from './reservation-view';
import { PROCESSING_LEASE_MS, seatLabelsFrom, type TrainReservationStore } from './reservation-store';
import type { TrainReservation, TrainReservationStatus } from './reservation.types';
import { PassengerFieldError, TrainReservationException } from './train-reservation.exception';

export interface TrainReserveHeaders {
  authenticationContext?: string | null;
  language: 'en' | 'sw';
}

/** States a retry answers from storage without calling the provider. */
const SETTLED: readonly TrainReservationStatus[] = ['RESERVED', 'WORKFLOW_UNCONFIRMED', 'CANCELLING', 'CANCELLED', 'PAID', 'ISSUED'];

/** A train_seat_hold row as mysql2 gives it (travel_date, a DATE, as its string). */

/**
 * POST /api/trip/train/seat/reserve. One reservation per account and set of holds (unique key), saved before
 * the provider is called and updated per step: a retry of the same request finds it and answers the same
 * identifiers; a lost provider answer is reconciled with the same provider idempotency key by the next retry or,
 * if none comes first, by the train-reserve-reconcile job.
 */
export class TrainReservationService {
  constructor(
    private readonly ports: Pick<TrainPorts, 'clock' | 'config'>,
    private readonly provider: RailProvider,
    private readonly reservations: TrainReservationRepository,
    private readonly seatHolds: SeatHoldRepository,
    private readonly booking: TrainReservationStore,
  ) {}

  async reserve(principal: Principal, input: TrainReserveInput, headers: TrainReserveHeaders): Promise<TrainReservationView> {
    const bookingUserType = bookingUserTypeOf(principal.role);
    const { request, journeyErrors } = parseReserveRequest(input);
    const fingerprint = fingerprintOf(request);
    const key = request.holdKeys.length ? idempotencyKeyOf(principal.accountId, request.holdKeys) : null;
    let existing = key ? await this.reservations.byKey(key) : null;
    if (existing && SETTLED.includes(existing.status)) return this.answer(existing, request, fingerprint);
    // An uncertain attempt may already have booked: only the very same request may reconcile it.
    if (existing?.status === 'PENDING') this.checkSameRequest(existing, request, fingerprint);

    const outbound = await loadJourney(this.provider, request.outbound, 'outbound', journeyErrors);
    const back = request.return ? await loadJourney(this.provider, request.return, 'return', journeyErrors) : null;
    let fresh: Omit<TrainReservation, 'id' | 'paymentReference' | 'createdAt' | 'updatedAt' | 'attempt'> | null = null;
    if (existing?.status !== 'PENDING') {
      const passengers = await this.validate(principal, request, outbound, back, journeyErrors);
      fresh = {
        ...blankReservation(),
        accountId: principal.accountId,
        bookingUserType,
        idempotencyKey: key!,
        requestFingerprint: fingerprint,
        status: 'PENDING',
        journeyType: back ? 'ROUND_TRIP' : 'ONE_WAY',
        ticketPurchase: request.ticketPurchase,
        notifications: { ticketPurchase: request.ticketPurchase },
        outbound: outbound.check.selection,
        returnJourney: back?.check.selection ?? null,
        passengers,
        issuerDeviceInfo: request.issuerDeviceInfo,
        authenticationContext: headers.authenticationContext?.trim().slice(0, 32) || 'WEB_APP',
        language: headers.language,
        pricingContext: trainPricingContextOf(principal.role),
      };
    }
    if (!existing) {
      const now = this.ports.clock.now();
      const row: TrainReservation = { ...fresh!, id: randomUUID(), paymentReference: reference('SGRP', 10), attempt: 0, createdAt: now, updatedAt: now };
      // A concurrent first attempt may win the unique key: then continue with its row.
      existing = (await this.reservations.insert(row)) ? row : (await this.reservations.byKey(key!))!;
    }
    if (!(await this.reservations.claim(existing.id, this.ports.clock.now(), PROCESSING_LEASE_MS)))
      throw TrainReservationException.inProgress(existing.paymentReference);
    try {
      let r = (await this.reservations.byId(existing.id))!;
      if (SETTLED.includes(r.status)) return this.answer(r, request, fingerprint);
      if (r.status === 'PENDING') this.checkSameRequest(r, request, fingerprint);
      if (r.status === 'FAILED' && fresh) {
        // The provider refused the last attempt and made nothing: a corrected request tries again under a new provider key.
        const changes = { ...fresh, status: 'PENDING' as const, attempt: r.attempt + 1, lastError: null };
        const columns = omit(changes, 'accountId', 'bookingUserType', 'idempotencyKey', 'language', 'pricingContext');
        await this.reservations.update(r.id, columns, this.ports.clock.now());
        r = { ...r, ...changes };
      }
      await this.booking.safetyNet(r);
      const outcome = await this.booking.book(r);
      if (outcome.kind === 'REFUSED') throw refusal(r, outcome.error);
      if (outcome.kind === 'UNKNOWN') {
        await this.booking.reconcileLater(r, outcome.error);
        throw TrainReservationException.pending(r.paymentReference, r.needsAttentionAt !== null);
      }
      return await this.answer(await this.booking.store(r, outcome.made, seatLabelsFrom(outbound, back)), null, null);
    } finally {
      await this.reservations.release(existing.id);
    }
  }

  /** Rule 1: journeys, then every passenger and seat against the caller's own live holds; all problems at once. */
  private async validate(
    principal: Principal,
    request: TrainReserveRequest,
    outbound: LoadedJourney,
    back: LoadedJourney | null,
    journeyErrors: PassengerFieldError[],
  ) {
    const holds = new Map<string, OwnHold>();
    if (request.holdKeys.length) {
      const rows = await this.seatHolds.ownHolds(principal.accountId, request.holdKeys);
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
    const result = validateTrainPassengers(request.passengers, {
      journeys: { OUTBOUND: outbound.check, RETURN: back?.check ?? null },
      holds,
      nationalityIds: options ? options.nationalityOptions.map((o) => o.id) : [],
      ticketTypeIds: options ? options.ticketTypeOptions.map((o) => o.id) : [4, 3],
      now: this.ports.clock.now(),
      fallbackPhone: this.ports.config.localFallbackPhone,
      maxPassengers: this.ports.config.maxActiveHoldsPerAccount,
    });
    const fields = [...journeyErrors, ...(result.ok ? [] : result.fields)];
    if (fields.length || !result.ok) throw TrainReservationException.passengerDataInvalid(fields);
    return result.passengers;
  }

  /** A stored reservation as the client gets it; `request` null means "just made", so no retry checks. */
  private async answer(r: TrainReservation, request: TrainReserveRequest | null, fingerprint: string | null): Promise<TrainReservationView> {
    if (request) this.checkSameRequest(r, request, fingerprint!);
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

  /** Rule 4: a retry must be the same request; the effective ticketPurchase (omitted = true) must not change. */
  private checkSameRequest(r: TrainReservation, request: TrainReserveRequest, fingerprint: string): void {
    if (r.ticketPurchase !== request.ticketPurchase) {
      throw TrainReservationException.retryConflict(
        `This reservation was made with notifications.ticketPurchase ${r.ticketPurchase}; a retry must not change it (omitted means true)`,
        { paymentReference: r.paymentReference, ticketPurchase: r.ticketPurchase },
      );
    }
    if (r.requestFingerprint !== fingerprint) {
      throw TrainReservationException.retryConflict(
        'These seat holds are already in a reservation made with other passenger or journey data; a retry must repeat the same request',
        {
          paymentReference: r.paymentReference,
        },
      );
    }
  }
}

function bookingUserTypeOf(role: Role): BookingUserType {
  if (role === Role.CUSTOMER) return 'CUSTOMER';
  if (role === Role.SERVICE_AGENT) return 'SERVICE_AGENT';
  if (role === Role.THIRD_PARTY_AGENT) return 'THIRD_PARTY_AGENT';
  throw TrainReservationException.forbidden();
}

/** The provider's definite refusal (the reservation is FAILED): its own words (rule 2), or the lapsed hold's field. */
function refusal(r: TrainReservation, error: RailProviderError): TrainReservationException {
  if (error.code === 'PROVIDER_REJECTED') return TrainReservationException.providerRejected(error.providerCode ?? 'SGR_PROVIDER_REJECTED', error.message);
  return TrainReservationException.passengerDataInvalid(goneHoldFields(r, error.message));
}

/** The provider names the hold that lapsed between our check and its own; point at that passenger's field. */
function goneHoldFields(r: TrainReservation, message: string): PassengerFieldError[] {
  const fields: PassengerFieldError[] = [];
  r.passengers.forEach((p, i) => {
    if (message.includes(p.outbound.holdKey))
      fields.push({ passengerIndex: i, field: 'outboundSeatHoldKey', message: 'has expired or was released; hold the seat again' });
    if (p.return && message.includes(p.return.holdKey))
      fields.push({ passengerIndex: i, field: 'returnSeatHoldKey', message: 'has expired or was released; hold the seat again' });
  });
  return fields.length ? fields : [{ passengerIndex: null, field: 'passengers', message: 'a seat hold expired or was released; hold the seats again' }];
}

function blankReservation() {
  return {
    pnr: null,
    workflowId: null,
    workflowStartConfirmed: null,
    billId: null,
    controlNumber: null,
    billAmount: null,
    billCurrency: null,
    paymentRequired: null,
    paymentCurrency: null,
    reservedAt: null,
    internalExpiresAt: null,
    expiresAt: null,
    providerExpiresAt: null,
    lastError: null,
    needsAttentionAt: null,
    cancelledAt: null,
    cancelReason: null,
  };
}

const REFERENCE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** Short human references without look-alike characters (no 0/O, 1/I). */
function reference(prefix: string, length: number): string {
  return prefix + Array.from(randomBytes(length), (b) => REFERENCE_ALPHABET[b % REFERENCE_ALPHABET.length]).join('');
}
