import { randomUUID } from 'node:crypto';
import type { FlightPorts } from '../flight.port';
import type { Principal } from '../../../shared/auth/token.service';
import { pricingContextOf, Role } from '../../../shared/auth/roles.types';
import { PlatformException } from '../../../shared/errors/app-error.exception';
import { todayIn } from '../../../shared/time/calendar-date.calculator';
import { FlightException } from '../errors/flight.exception';
import { bookingRequirementsFor, escalate } from '../offers/booking-requirements.policy';
import { OfferView, StoredOfferPayload, toOfferView } from '../offers/offer.view';
import type { PricingTermsFactory } from '../offers/pricing-terms.factory';
import { acceptsPrice, priceVersionOf } from '../pricing/flight-pricing.calculator';
import type { AirportService } from '../services/airport.service';
import type { FlightOfferStore } from '../search/stored-search.types';
import { FlightSupplier, SupplierBookingResult, SupplierError, SupplierOffer } from '../supplier/flight-supplier.port';
import { runWorkflow, Workflow } from '../../../shared/workflow/workflow';
import { validatePassengers } from './passenger.validator';
import { ReservationRepository } from './reservation.repository';
import {
  agentReservationView,
  AgentReservationView,
  buildTicketRows,
  customerReservationView,
  CustomerReservationView,
  expectedDocuments,
  ticketBuyer,
  toPricingRecords,
} from './reservation.view';
import type { BookingChannel, FlightReservation, StoredPassenger } from './reservation.types';
import { authorize, priceChangeData, reference, reservationRequest, retryConflict, roleOf, supplierFieldName, toSupplierTraveler } from './reserve.policy';
import type { ReservationRequest, ReservationRequestInput } from '../../../shared/api-contract/flight-reservation.validator';
import { FLIGHT_BOOKING_KIND, scheduleReservationFollowUps } from './reservation-follow-ups.service';
import type { AccountDirectory } from '../../../shared/auth/account-directory.port';
import { FlightEvents, type ReservationAnswerParts } from './reservation-events';

interface ReserveState {
  r: FlightReservation;
  request: ReservationRequest;
  channel: BookingChannel;
  /** The airline may already hold seats: the travelers sold to are kept and the offer's expiry no longer applies. */
  selling: boolean;
  /** When the current phase began (the attempt, the repricing, the sale): the time its writes carry. */
  now: Date;
  repriced?: SupplierOffer;
  sold?: SupplierBookingResult;
}

const isSold = (r: FlightReservation): boolean => r.status === 'SELLING' || r.status === 'PNR_CREATED';

export interface ReserveHeaders {
  externalUserId?: string | null;
  language: 'en' | 'sw';
  authenticationContext?: string | null;
}

/** How long one request may work on a reservation before a concurrent retry may take over. */
const PROCESSING_LEASE_MS = 60_000;
/** How long a reported price change may be accepted. */
const PRICE_CHANGE_TTL_MS = 15 * 60_000;
const OPEN_STATUSES = ['CREATED', 'SELLING', 'PNR_CREATED', 'VALIDATION_FAILED', 'PRICE_CHANGED', 'REPRICE_UNAVAILABLE'] as const;
const DONE_STATUSES = ['TST_CREATED', 'ISSUING', 'ISSUED', 'PARTIALLY_ISSUED'] as const;

/**
 * Reserve (customer and agent): one reservation per offer and account, advanced step by step
 * (validate → reprice → sell/PNR → TST), each step saved before the next, so a retried request
 * resumes where the last one stopped instead of booking again (Medusa-style steps; the TST step
 * compensates by cancelling the PNR when the fare cannot be stored).
 */
export class ReserveService {
  constructor(
    private readonly ports: Pick<
      FlightPorts,
      'clock' | 'transactor' | 'outbox' | 'ledger' | 'notifications' | 'logger' | 'flight' | 'publicBaseUrl' | 'webhooks'
    >,
    private readonly supplier: FlightSupplier,
    private readonly offers: FlightOfferStore,
    private readonly pricing: PricingTermsFactory,
    private readonly airports: AirportService,
    private readonly reservations: ReservationRepository,
    private readonly accounts: AccountDirectory,
  ) {}

  /** The answer's shape follows the channel: the customer's reservation with its tickets, or the agent's summary. */
  reserve(principal: Principal, channel: 'CUSTOMER', input: ReservationRequestInput, headers: ReserveHeaders): Promise<CustomerReservationView>;
  reserve(principal: Principal, channel: 'AGENT', input: ReservationRequestInput, headers: ReserveHeaders): Promise<AgentReservationView>;
  async reserve(
    principal: Principal,
    channel: BookingChannel,
    input: ReservationRequestInput,
    headers: ReserveHeaders,
  ): Promise<AgentReservationView | CustomerReservationView> {
    authorize(principal, channel);
    const request = reservationRequest(input, channel === 'AGENT' ? headers.externalUserId : null);
    let reservation = await this.reservations.byOffer(principal.accountId, request.offerReference);
    if (!reservation) reservation = await this.create(principal, channel, request, headers);
    const conflict = retryConflict(reservation, request);
    if (conflict) throw FlightException.requestConflict(conflict, { reservationId: reservation.id });
    if ((DONE_STATUSES as readonly string[]).includes(reservation.status)) return this.view(reservation, channel);
    if (!(OPEN_STATUSES as readonly string[]).includes(reservation.status)) {
      throw FlightException.requestConflict(`This offer's reservation is ${reservation.status}; search again to book`, {
        reservationId: reservation.id,
        status: reservation.status,
      });
    }
    const now = this.ports.clock.now();
    if (!(await this.reservations.claim(reservation.id, now, PROCESSING_LEASE_MS))) {
      throw FlightException.inProgress({ reservationId: reservation.id, status: reservation.status });
    }
    try {
      const done = await this.advance(reservation, request, channel);
      return this.view(done, channel);
    } finally {
      await this.reservations.release(reservation.id);
    }
  }

  private async create(principal: Principal, channel: BookingChannel, request: ReservationRequest, headers: ReserveHeaders): Promise<FlightReservation> {
    const stored = await this.offers.load(request.offerReference, principal.accountId);
    if (!stored) throw FlightException.offerNotFound();
    const now = this.ports.clock.now();
    if (stored.gone || stored.expiresAt.getTime() <= now.getTime())
      throw FlightException.offerExpired({ offerReference: stored.offerReference, refreshSearch: true });
    const wallet = channel === 'AGENT' ? await this.ports.ledger.findByAccount(principal.accountId) : null;
    if (channel === 'AGENT' && !wallet) throw PlatformException.forbidden('Agent reservations need an agent account with a wallet');
    const price = stored.offer.view.price;
    const reservation: FlightReservation = {
      id: randomUUID(),
      accountId: principal.accountId,
      channel,
      bookingUserType: channel === 'CUSTOMER' ? 'CUSTOMER' : principal.role === Role.THIRD_PARTY_AGENT ? 'THIRD_PARTY_AGENT' : 'SERVICE_AGENT',
      offerReference: stored.offerReference,
      externalUserId: request.externalUserId,
      selectedOption: request.selectedOption,
      notifications: request.notifications,
      status: 'CREATED',
      bookingReference: reference('SF', 6),
      paymentReference: reference('SFP', 10),
      pnr: null,
      language: headers.language,
      displayCurrency: stored.criteria.currency,
      price,
      originalPrice: price,
      priceVersion: priceVersionOf(price),
      priceChangeExpiresAt: null,
      offerExpiresAt: stored.expiresAt,
      paymentDeadlineAt: null,
      walletId: wallet?.id ?? null,
      walletCurrency: wallet?.currency ?? null,
      walletDebitTotal: null,
      admittedAt: null,
      authenticationContext: headers.authenticationContext?.trim().slice(0, 32) || 'WEB_APP',
      issuedAt: null,
      cancelledAt: null,
      createdAt: now,
      updatedAt: now,
      supplierOffer: stored.offer.supplierOffer,
      offerView: stored.offer.view,
      requirements: bookingRequirementsFor(stored.offer.supplierOffer, (code) => this.airports.countryOf(code)),
      passengers: null,
      supplierBooking: null,
      pricingRecords: null,
      documents: null,
      lastError: null,
    };
    if (await this.reservations.insert(reservation)) return reservation;
    // A concurrent first attempt won the unique key: continue with its reservation.
    return (await this.reservations.byOffer(principal.accountId, request.offerReference))!;
  }

  private async advance(r: FlightReservation, request: ReservationRequest, channel: BookingChannel): Promise<FlightReservation> {
    // Once the airline may hold seats (SELLING, PNR_CREATED) the booking finishes with the
    // travelers it was sold to, whatever a retry sends; before that, every attempt is validated.
    const selling = r.status === 'SELLING' || r.status === 'PNR_CREATED';
    return runWorkflow(this.flow, { r, request, channel, selling, now: this.ports.clock.now() }, this.ports.logger);
  }

  /**
   * The reservation as named steps. Each guard reads the status the earlier attempt left, so a retry resumes
   * where that one stopped: a priced reservation is not repriced, a sold one is not sold again.
   */
  private readonly flow: Workflow<ReserveState, FlightReservation> = {
    name: 'flight reservation',
    steps: [
      {
        name: 'offer still valid',
        isDone: (s) => s.selling,
        run: async (s) => {
          const r = s.r;
          const deadline = r.status === 'PRICE_CHANGED' ? r.priceChangeExpiresAt! : r.offerExpiresAt;
          if (deadline.getTime() <= s.now.getTime()) throw FlightException.offerExpired({ reservationId: r.id, refreshSearch: true });
          return undefined;
        },
      },
      {
        name: 'validate the travelers',
        isDone: (s) => s.selling && !!s.r.passengers,
        run: async (s) => {
          const passengers = this.validate(s.r, s.request);
          await this.reservations.update(s.r.id, { passengers }, s.now);
          s.r = { ...s.r, passengers };
          return undefined;
        },
      },
      {
        name: 'reprice at the supplier',
        isDone: (s) => isSold(s.r),
        run: async (s) => {
          s.now = this.ports.clock.now();
          s.repriced = await this.supplier.reprice(
            s.r.supplierOffer,
            s.r.passengers!.map((p) => ({ lastName: p.lastName })),
          );
          return undefined;
        },
        compensate: async (error, { r, now }) => {
          if (!(error instanceof SupplierError && error.code === 'REPRICE_UNAVAILABLE')) return undefined;
          await this.reservations.update(r.id, { status: 'REPRICE_UNAVAILABLE', lastError: error.message }, now);
          if (error.retryable) throw FlightException.repriceUnavailable();
          throw FlightException.offerExpired({ reservationId: r.id, refreshSearch: true, reason: 'FLIGHT_REPRICE_UNAVAILABLE' });
        },
      },
      {
        name: 'confirm the price',
        isDone: (s) => isSold(s.r),
        run: async (s) => {
          s.r = await this.confirmPrice(s.r, s.repriced!, s.request, s.channel, s.now);
          return undefined;
        },
      },
      {
        name: 'sell at the supplier',
        isDone: (s) => s.r.status === 'PNR_CREATED',
        run: async (s) => {
          const r = s.r;
          s.now = this.ports.clock.now();
          s.sold = await this.supplier.createBooking({ offer: r.supplierOffer, travelers: r.passengers!.map(toSupplierTraveler), idempotencyKey: r.id });
          return undefined;
        },
        compensate: async (error, { r, channel, now }) => {
          if (!(error instanceof SupplierError)) return undefined;
          if (error.code === 'TIMEOUT') throw FlightException.inProgress({ reservationId: r.id, status: 'SELLING' });
          await this.reservations.update(r.id, { status: 'VALIDATION_FAILED', lastError: error.message }, now);
          if (error.code === 'SELL_UNAVAILABLE')
            throw FlightException.offerExpired({ reservationId: r.id, refreshSearch: true, reason: 'FLIGHT_SELL_UNAVAILABLE' });
          if (channel === 'CUSTOMER') throw FlightException.offerExpired({ reservationId: r.id, refreshSearch: true, reason: 'FLIGHT_RESERVATION_FAILED' });
          throw FlightException.reservationFailed(error.message);
        },
      },
      {
        name: 'record the booking',
        isDone: (s) => s.r.status === 'PNR_CREATED',
        run: async (s) => {
          s.r = await this.recordBooking(s.r, s.sold!, s.now);
          return undefined;
        },
      },
      {
        // Its compensation (the PNR cancelled when the fare cannot be stored) is inside: it is not an error there.
        name: 'store the fare',
        run: (s) => this.storeFare(s.r, s.channel),
      },
    ],
  };

  private validate(r: FlightReservation, request: ReservationRequest): StoredPassenger[] {
    const itineraries = r.supplierOffer.itineraries;
    const firstSegment = itineraries[0].segments[0];
    const lastItinerary = itineraries[itineraries.length - 1];
    const lastSegment = lastItinerary.segments[lastItinerary.segments.length - 1];
    const result = validatePassengers({
      passengers: request.passengers,
      contact: request.contact,
      travelers: r.supplierOffer.travelerPricings.map((t) => ({ travelerId: t.travelerId, travelerType: t.travelerType })),
      requirements: r.requirements,
      firstTravelDate: firstSegment.departure.at.slice(0, 10),
      lastTravelDate: lastItinerary.segments[0].departure.at.slice(0, 10),
      finalArrivalDate: lastSegment.arrival.at.slice(0, 10),
      today: todayIn(this.airports.byIata(firstSegment.departure.iataCode)?.stopTimezone ?? 'Africa/Dar_es_Salaam', this.ports.clock.now()),
    });
    if (!result.ok) throw FlightException.passengerDataInvalid(result.fields);
    return result.passengers as StoredPassenger[];
  }

  /** Reprices; a different price stops here with FLIGHT_PRICE_CHANGED until the client accepts it. */
  private async confirmPrice(
    r: FlightReservation,
    repriced: SupplierOffer,
    request: ReservationRequest,
    channel: BookingChannel,
    now: Date,
  ): Promise<FlightReservation> {
    const terms = await this.pricing.termsFor([repriced], r.displayCurrency, pricingContextOf(roleOf(r)), r.walletCurrency);
    // The offer as it now stands (its traveler prices with it), so the reservation answer shows what was accepted.
    const offerView = toOfferView(repriced, terms);
    const price = offerView.price;
    const version = priceVersionOf(price);
    if (version !== r.priceVersion) {
      const expiresAt = new Date(now.getTime() + PRICE_CHANGE_TTL_MS);
      const change = priceChangeData(r.id, r.status === 'PRICE_CHANGED' ? r.price : r.originalPrice, price, version, expiresAt, channel);
      await this.ports.transactor.transaction(async (m) => {
        const changes = { status: 'PRICE_CHANGED' as const, supplierOffer: repriced, offerView, price, priceVersion: version, priceChangeExpiresAt: expiresAt };
        // Under this request's lease; the guard keeps a change another attempt already stored from being reported twice.
        if (await this.reservations.update(r.id, changes, now, m, [r.status])) await new FlightEvents(this.ports).priceChanged(m, r, change);
      });
      throw FlightException.priceChanged(change);
    }
    if (r.status === 'PRICE_CHANGED' && !(request.priceAcceptance && acceptsPrice(price, request.priceAcceptance, price.pricingContext))) {
      throw FlightException.priceChanged(priceChangeData(r.id, r.originalPrice, price, version, r.priceChangeExpiresAt!, channel));
    }
    await this.reservations.update(r.id, { status: 'SELLING', supplierOffer: repriced, offerView, price }, now);
    return { ...r, status: 'SELLING', supplierOffer: repriced, offerView, price };
  }

  /** The supplier's answer to the sale: more traveler information asked for, or the PNR. */
  private async recordBooking(r: FlightReservation, result: SupplierBookingResult, now: Date): Promise<FlightReservation> {
    if (result.kind === 'ADDITIONAL_INFORMATION_REQUIRED') {
      const fields = result.fields.map((f) => ({ travelerId: f.travelerId, field: supplierFieldName(f.field), message: f.message }));
      const requirements = escalate(r.requirements, fields, r.requirements.profileVersion + 1);
      await this.reservations.update(r.id, { status: 'VALIDATION_FAILED', requirements }, now);
      throw FlightException.additionalInformationRequired(fields, requirements);
    }
    const booking = result.booking;
    await this.reservations.update(r.id, { status: 'PNR_CREATED', pnr: booking.pnr, supplierBooking: booking }, now);
    return { ...r, status: 'PNR_CREATED', pnr: booking.pnr, supplierBooking: booking };
  }

  /** TST, then everything that makes the reservation payable, in one transaction with its follow-ups. */
  private async storeFare(r: FlightReservation, channel: BookingChannel): Promise<FlightReservation> {
    const records = await this.supplier.createPricingRecords(r.pnr!);
    const now = this.ports.clock.now();
    if (records.some((p) => p.status === 'FAILED')) {
      // Compensation: a PNR without a stored fare can never be ticketed; release its seats.
      await this.supplier
        .cancel(r.pnr!)
        .catch((e) => this.ports.logger.warn('compensating PNR cancel failed', { reservationId: r.id, reason: (e as Error).message }));
      await this.reservations.update(r.id, { status: 'VALIDATION_FAILED', lastError: 'the fare could not be stored (TST failed)' }, now);
      if (channel === 'CUSTOMER') throw FlightException.offerExpired({ reservationId: r.id, refreshSearch: true, reason: 'FLIGHT_RESERVATION_FAILED' });
      throw FlightException.reservationFailed('The airline could not store the fare for this booking');
    }
    const deadline = new Date(now.getTime() + this.ports.flight.paymentWindowSeconds * 1000);
    const done: FlightReservation = {
      ...r,
      status: 'TST_CREATED',
      pricingRecords: toPricingRecords(records),
      documents: expectedDocuments(r.supplierBooking!, records),
      paymentDeadlineAt: deadline,
      walletDebitTotal: r.price.walletSettlement?.debitTotal ?? null,
    };
    const parts = await this.answerParts(done, now);
    const tickets = buildTicketRows(done, (code) => this.airports.byIata(code)?.stopName ?? code);
    await this.ports.transactor.transaction(async (m) => {
      const { pricingRecords, documents, walletDebitTotal } = done;
      const changes = { status: 'TST_CREATED' as const, pricingRecords, documents, paymentDeadlineAt: deadline, walletDebitTotal };
      // Only from the PNR_CREATED this request found under its lease: a fare stored meanwhile is not stored (or reported) twice.
      if (!(await this.reservations.update(r.id, changes, now, m, ['PNR_CREATED']))) return;
      await this.reservations.insertTickets(done, tickets, m);
      await scheduleReservationFollowUps(this.ports, m, done);
      await new FlightEvents(this.ports).created(m, { ...done, updatedAt: now }, tickets, parts);
    });
    this.ports.logger.info('flight reserved', { reservationId: r.id, bookingReference: r.bookingReference, pnr: r.pnr, kind: FLIGHT_BOOKING_KIND });
    return done;
  }

  private async view(r: FlightReservation, channel: BookingChannel) {
    const fresh = (await this.reservations.byId(r.id)) ?? r;
    const tickets = await this.reservations.ticketsOf(r.id);
    const now = this.ports.clock.now();
    if (channel === 'AGENT') return agentReservationView(fresh, tickets, now, this.ports.publicBaseUrl);
    const offer = fresh.offerView ?? (await this.rebuiltOfferView(fresh));
    return customerReservationView(fresh, tickets, now, offer, ticketBuyer(await this.accounts.contactOf(fresh.accountId)));
  }

  /** What the created event's answer needs besides the reservation: the customer's offer and buyer. */
  private async answerParts(r: FlightReservation, now: Date): Promise<ReservationAnswerParts> {
    const { publicBaseUrl } = this.ports;
    if (r.channel === 'AGENT') return { now, publicBaseUrl, offer: null, buyer: undefined };
    const offer = r.offerView ?? (await this.rebuiltOfferView(r));
    return { now, publicBaseUrl, offer, buyer: ticketBuyer(await this.accounts.contactOf(r.accountId)) };
  }

  /** A reservation made before offer_view was kept: its offer is priced again from the supplier snapshot for display. */
  private async rebuiltOfferView(r: FlightReservation): Promise<OfferView> {
    const terms = await this.pricing.termsFor([r.supplierOffer], r.displayCurrency, pricingContextOf(roleOf(r)), r.walletCurrency);
    return toOfferView(r.supplierOffer, terms);
  }
}

export type { StoredOfferPayload };
