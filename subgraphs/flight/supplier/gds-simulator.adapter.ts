import {
  SupplierError,
  type Cabin,
  type FlightSupplier,
  type SupplierBooking,
  type SupplierBookingResult,
  type SupplierCancellation,
  type SupplierOffer,
  type SupplierPricingRecord,
  type SupplierRepriceTraveler,
  type SupplierSearchCriteria,
  type SupplierTicketDocument,
  type SupplierTraveler,
  type TravelerType,
} from './flight-supplier.port';
import {
  airlineLocatorFor,
  expectedDocument,
  issue,
  missingApisFields,
  newBooking,
  pricingRecordsFor,
  ticketNumberFor,
} from './simulator/booking';
import { quote, type Tax } from './simulator/fares';
import { locator } from './simulator/hash';
import {
  bookableSeats,
  buildOffer,
  offerCabin,
  offerItineraries,
  passengersOf,
  searchOffers,
  seated,
  type OfferContext,
} from './simulator/offers';
import { flightKey, initialSeats, type ScheduledFlight } from './simulator/schedule';
import { hasTrigger, searchFault } from './simulator/triggers';

interface BookingState {
  booking: SupplierBooking;
  /** One traveler's taxes per type, for the pricing records. */
  taxesByType: Record<TravelerType, Tax[]>;
  /** Inventory keys of the seats this booking holds, released on cancel. */
  seats: string[];
  issueCalls: number;
  cancelAttempts: number;
  cancellation: SupplierCancellation | null;
}

/**
 * A deterministic GDS for tests and the sandbox: the timetable in simulator/routes.ts, fares derived from hashes
 * of route, date and flight, and bookings held in memory (process-local, lost on restart). The triggers listed
 * in docs/sandbox.md make every supplier outcome happen on demand.
 */
export class GdsSimulator implements FlightSupplier {
  private readonly now: () => Date;
  private readonly bookings = new Map<string, BookingState>();
  private readonly bookingKeys = new Map<string, string>();
  /** Seats sold per flight and cabin; absent means none. */
  private readonly sold = new Map<string, number>();
  private readonly failedOnce = new Set<string>();
  private readonly repriceCounts = new Map<string, number>();
  private readonly ticketNumbers = new Set<string>();

  constructor(options: { now?: () => Date } = {}) {
    this.now = options.now ?? (() => new Date());
  }

  private context(): OfferContext {
    return { now: this.now(), seatsLeft: (flight, cabin) => this.seatsLeft(flight, cabin) };
  }

  private seatsLeft(flight: ScheduledFlight, cabin: Cabin): number {
    return initialSeats(flight, cabin) - (this.sold.get(inventoryKey(flight, cabin)) ?? 0);
  }

  async search(criteria: SupplierSearchCriteria): Promise<SupplierOffer[]> {
    const fault = searchFault(criteria);
    if (fault) {
      const attempt = JSON.stringify(criteria);
      if (!fault.once || !this.failedOnce.has(attempt)) {
        this.failedOnce.add(attempt);
        throw new SupplierError(fault.code, fault.message, fault.retryable);
      }
    }
    return searchOffers(criteria, this.context());
  }

  async reprice(offer: SupplierOffer, travelers: ReadonlyArray<SupplierRepriceTraveler> = []): Promise<SupplierOffer> {
    if (hasTrigger(travelers, 'NOREPRICE')) {
      throw new SupplierError('REPRICE_UNAVAILABLE', 'Fare could not be confirmed by the airline', false);
    }
    const ctx = this.context();
    const itineraries = offerItineraries(offer);
    if (!itineraries || itineraries[0][0].departureUtc <= ctx.now.getTime()) {
      throw new SupplierError('REPRICE_UNAVAILABLE', 'The flights of this offer are no longer sold', false);
    }
    const cabin = offerCabin(offer);
    const pax = passengersOf(offer);
    if (bookableSeats(itineraries, cabin, ctx) < seated(pax)) {
      throw new SupplierError('REPRICE_UNAVAILABLE', 'No seats left at this fare', false);
    }
    let uplift = 0;
    if (hasTrigger(travelers, 'PRICECHANGETWICE')) {
      const key = `${offer.id}|${travelers.map((t) => t.lastName.toUpperCase()).join('|')}`;
      uplift = Math.min((this.repriceCounts.get(key) ?? 0) + 1, 2);
      this.repriceCounts.set(key, uplift);
    } else if (hasTrigger(travelers, 'PRICECHANGE')) {
      uplift = 1;
    }
    const current = buildOffer(itineraries, cabin, pax, ctx, uplift);
    if (current.id !== offer.id) throw new SupplierError('REPRICE_UNAVAILABLE', 'Unknown offer', false);
    return current;
  }

  async createBooking(input: { offer: SupplierOffer; travelers: SupplierTraveler[]; idempotencyKey: string }): Promise<SupplierBookingResult> {
    const { offer, travelers, idempotencyKey } = input;
    const existing = this.bookingKeys.get(idempotencyKey);
    if (existing) return { kind: 'BOOKED', booking: structuredClone(this.bookings.get(existing)!.booking) };

    assertTravelersFit(offer, travelers);
    if (hasTrigger(travelers, 'SOLDOUT')) throw new SupplierError('SELL_UNAVAILABLE', 'Unable to sell: class closed', false);
    if (hasTrigger(travelers, 'RESFAIL')) throw new SupplierError('RESERVATION_FAILED', 'The airline rejected the reservation', false);
    if (hasTrigger(travelers, 'NEEDSDOCS')) {
      const fields = missingApisFields(travelers);
      if (fields.length > 0) return { kind: 'ADDITIONAL_INFORMATION_REQUIRED', fields };
    }

    const ctx = this.context();
    const itineraries = offerItineraries(offer);
    const cabin = offerCabin(offer);
    const pax = passengersOf(offer);
    if (!itineraries || itineraries[0][0].departureUtc <= ctx.now.getTime() || buildOffer(itineraries, cabin, pax, ctx).id !== offer.id) {
      throw new SupplierError('SELL_UNAVAILABLE', 'The flights of this offer are no longer sold', false);
    }
    const flights = itineraries.flat();
    if (bookableSeats(itineraries, cabin, ctx) < seated(pax)) {
      throw new SupplierError('SELL_UNAVAILABLE', 'Unable to sell: not enough seats', false);
    }
    const seats: string[] = [];
    for (const f of flights) {
      const key = inventoryKey(f, cabin);
      this.sold.set(key, (this.sold.get(key) ?? 0) + seated(pax));
      seats.push(key);
    }

    const pnr = this.newPnr(`${idempotencyKey}|${offer.id}`);
    const booking = newBooking({
      pnr,
      offer: structuredClone(offer),
      travelers: structuredClone(travelers),
      createdAt: ctx.now.toISOString(),
      airlineLocator: (carrier) => airlineLocatorFor(pnr, carrier),
    });
    const fares = quote(itineraries, cabin).byType;
    const taxesByType = { ADULT: fares.ADULT.taxes, CHILD: fares.CHILD.taxes, HELD_INFANT: fares.HELD_INFANT.taxes };
    this.bookings.set(pnr, { booking, taxesByType, seats, issueCalls: 0, cancelAttempts: 0, cancellation: null });
    this.bookingKeys.set(idempotencyKey, pnr);

    // The PNR exists; only the answer is lost, as when a GDS end-transact outlives the client's timeout.
    if (hasTrigger(travelers, 'SLOWPNR')) throw new SupplierError('TIMEOUT', 'Timed out waiting for the PNR', true);
    return { kind: 'BOOKED', booking: structuredClone(booking) };
  }

  async createPricingRecords(pnr: string): Promise<SupplierPricingRecord[]> {
    const state = this.bookings.get(pnr);
    if (!state || state.booking.status === 'CANCELLED') {
      throw new SupplierError('RESERVATION_FAILED', `PNR ${pnr} is not an active booking`, false);
    }
    const { booking } = state;
    if (booking.pricingRecords.length === 0 || booking.pricingRecords.some((r) => r.status === 'FAILED')) {
      booking.pricingRecords = pricingRecordsFor(booking, state.taxesByType, hasTrigger(booking.travelers, 'TSTFAIL'));
    }
    return structuredClone(booking.pricingRecords);
  }

  async issueTickets(pnr: string, idempotencyKey: string): Promise<SupplierTicketDocument[]> {
    // No key bookkeeping is needed: a traveler with a ticket is never ticketed again, whatever the key.
    void idempotencyKey;
    const state = this.bookings.get(pnr);
    if (!state || state.booking.status === 'CANCELLED') {
      throw new SupplierError('ISSUANCE_FAILED', `PNR ${pnr} is not an active booking`, false);
    }
    const { booking } = state;
    if (booking.pricingRecords.length === 0 || booking.pricingRecords.some((r) => r.status !== 'TST_CREATED')) {
      throw new SupplierError('ISSUANCE_FAILED', 'No stored fare (TST) to ticket', false);
    }
    if (hasTrigger(booking.travelers, 'ISSUEFAIL')) {
      throw new SupplierError('ISSUANCE_FAILED', 'Ticketing refused by the validating carrier', false);
    }
    state.issueCalls += 1;
    const firstCall = state.issueCalls === 1;
    if (booking.documents.length === 0) {
      booking.documents = booking.travelers.map((t) => expectedDocument(booking, t.passengerReference));
    }
    const partial = firstCall && hasTrigger(booking.travelers, 'PARTIAL');
    const issuedAt = this.now().toISOString();
    booking.documents = booking.documents.map((d) =>
      d.status === 'ISSUED' || (partial && d.passengerReference !== 1)
        ? d
        : issue(d, this.newTicketNumber(d.validatingCarrier, pnr, d.passengerReference), issuedAt),
    );
    if (firstCall && hasTrigger(booking.travelers, 'ISSUETIMEOUT')) {
      throw new SupplierError('TIMEOUT', 'Timed out waiting for the ticketing answer', true);
    }
    return structuredClone(booking.documents);
  }

  async retrieve(pnr: string): Promise<SupplierBooking | null> {
    const state = this.bookings.get(pnr);
    return state ? structuredClone(state.booking) : null;
  }

  async cancel(pnr: string): Promise<SupplierCancellation> {
    const state = this.bookings.get(pnr);
    if (!state) throw new SupplierError('CANCEL_FAILED', `PNR ${pnr} not found`, false);
    if (state.cancellation) return { ...state.cancellation };
    const { booking } = state;
    state.cancelAttempts += 1;
    if (state.cancelAttempts === 1 && hasTrigger(booking.travelers, 'CANCELFAIL')) {
      throw new SupplierError('CANCEL_FAILED', 'Cancellation not confirmed by the airline, try again', true);
    }
    for (const key of state.seats) this.sold.set(key, (this.sold.get(key) ?? 0) - seatsHeld(booking));
    booking.status = 'CANCELLED';
    booking.cancelledAt = this.now().toISOString();
    booking.segments = booking.segments.map((s) => ({ ...s, status: 'CANCELLED' }));
    const refundPending = hasTrigger(booking.travelers, 'REFUNDPENDING');
    state.cancellation = {
      cancelled: true,
      refundRequired: refundPending || booking.documents.some((d) => d.status === 'ISSUED'),
      refundPending,
    };
    return { ...state.cancellation };
  }

  private newPnr(seed: string): string {
    for (let salt = 0; ; salt += 1) {
      const pnr = locator(`${seed}|${salt}`);
      if (!this.bookings.has(pnr)) return pnr;
    }
  }

  private newTicketNumber(carrier: string, pnr: string, passengerReference: number): string {
    for (let attempt = 0; ; attempt += 1) {
      const number = ticketNumberFor(carrier, pnr, passengerReference, attempt);
      if (!this.ticketNumbers.has(number)) {
        this.ticketNumbers.add(number);
        return number;
      }
    }
  }
}

function inventoryKey(flight: ScheduledFlight, cabin: Cabin): string {
  return `${flightKey(flight)}|${cabin}`;
}

function seatsHeld(booking: SupplierBooking): number {
  return booking.travelers.filter((t) => t.type !== 'HELD_INFANT').length;
}

/** The travelers must fill the offer's traveler slots exactly, with the same types. */
function assertTravelersFit(offer: SupplierOffer, travelers: SupplierTraveler[]): void {
  const slots = new Map(offer.travelerPricings.map((p) => [p.travelerId, p.travelerType]));
  const fits =
    travelers.length === slots.size &&
    new Set(travelers.map((t) => t.travelerId)).size === travelers.length &&
    travelers.every((t) => slots.get(t.travelerId) === t.type);
  if (!fits) throw new SupplierError('RESERVATION_FAILED', 'Travelers do not match the offer', false);
}

export function createGdsSimulator(options: { now?: () => Date } = {}): FlightSupplier {
  return new GdsSimulator(options);
}
