import { firstFree, TAKEN } from '../../../shared/simulation/identifier-search.policy';
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
} from './flight-supplier.port';
import { airlineLocatorFor, expectedDocument, issue, missingApisFields, newBooking, pricingRecordsFor, ticketNumberFor } from './simulator/booking.builder';
import { quote } from './simulator/fares.calculator';
import { locator } from './simulator/hash.calculator';
import {
  bookableSeats,
  buildOffer,
  offerCabin,
  offerItineraries,
  passengersOf,
  planSearch,
  plannedFlights,
  searchOffers,
  seated,
  type OfferContext,
} from './simulator/offers.builder';
import { flightKey, initialSeats, type ScheduledFlight } from './simulator/schedule.calculator';
import { InMemorySimulatorStore, type SimulatorBooking, type SimulatorStore } from './simulator/simulator.store';
import { hasTrigger, searchFault } from './simulator/triggers.policy';

export interface GdsSimulatorOptions {
  now?: () => Date;
  /**
   * Where bookings, seats sold and trigger memory live. Defaults to this process's memory (unit tests); the
   * platform passes a MysqlSimulatorStore so every process sees the same GDS.
   */
  store?: SimulatorStore;
}

/** Record locator candidates per booking: with 26 × 36^5 locators, five taken in a row means something is wrong. */
export const LOCATOR_ATTEMPTS = 5;

/** Ticket number candidates per passenger, among 10^10 per airline prefix. */
export const TICKET_NUMBER_ATTEMPTS = 5;

/** A change decided on a booking read at some version: `next` is written back (compare-and-set) unless absent. */
interface Mutation<T> {
  result: T;
  next?: SimulatorBooking;
  /** Seats to give back on each of the booking's inventory keys. */
  release?: number;
}

/**
 * A deterministic GDS for tests and the sandbox: the timetable in simulator/routes.data.ts, fares derived from hashes
 * of route, date and flight, and bookings, seats and trigger memory in a SimulatorStore. The triggers listed in
 * docs/sandbox.md make every supplier outcome happen on demand.
 */
export class GdsSimulator implements FlightSupplier {
  private readonly now: () => Date;
  private readonly store: SimulatorStore;

  constructor(options: GdsSimulatorOptions = {}) {
    this.now = options.now ?? (() => new Date());
    this.store = options.store ?? new InMemorySimulatorStore();
  }

  /** Seats left on these flights and cabins, read from the store once for the whole operation. */
  private async context(now: Date, flights: ScheduledFlight[], cabins: readonly Cabin[]): Promise<OfferContext> {
    const keys = [...new Set(flights.flatMap((f) => cabins.map((c) => inventoryKey(f, c))))];
    const sold = await this.store.soldSeats(keys);
    const loaded = new Set(keys);
    return {
      now,
      seatsLeft: (flight, cabin) => {
        const key = inventoryKey(flight, cabin);
        if (!loaded.has(key)) throw new Error(`seat count of ${key} was not loaded`);
        return initialSeats(flight, cabin) - (sold.get(key) ?? 0);
      },
    };
  }

  async search(criteria: SupplierSearchCriteria): Promise<SupplierOffer[]> {
    const fault = searchFault(criteria);
    if (fault && (!fault.once || (await this.store.hit(`search-once|${JSON.stringify(criteria)}`)) === 1)) {
      throw new SupplierError(fault.code, fault.message, fault.retryable);
    }
    const now = this.now();
    const plan = planSearch(criteria, now);
    if (!plan) return [];
    return searchOffers(criteria, await this.context(now, plannedFlights(plan), plan.cabins), plan);
  }

  async reprice(offer: SupplierOffer, travelers: ReadonlyArray<SupplierRepriceTraveler> = []): Promise<SupplierOffer> {
    if (hasTrigger(travelers, 'NOREPRICE')) {
      throw new SupplierError('REPRICE_UNAVAILABLE', 'Fare could not be confirmed by the airline', false);
    }
    const now = this.now();
    const itineraries = offerItineraries(offer);
    if (!itineraries || itineraries[0][0].departureUtc <= now.getTime()) {
      throw new SupplierError('REPRICE_UNAVAILABLE', 'The flights of this offer are no longer sold', false);
    }
    const cabin = offerCabin(offer);
    const pax = passengersOf(offer);
    const ctx = await this.context(now, itineraries.flat(), [cabin]);
    if (bookableSeats(itineraries, cabin, ctx) < seated(pax)) {
      throw new SupplierError('REPRICE_UNAVAILABLE', 'No seats left at this fare', false);
    }
    const current = buildOffer(itineraries, cabin, pax, ctx);
    if (current.id !== offer.id) throw new SupplierError('REPRICE_UNAVAILABLE', 'Unknown offer', false);
    // Only a valid, sellable offer fails retryably: a dead one keeps its final answer.
    if (hasTrigger(travelers, 'REPRICELATER') && (await this.store.hit(`reprice-later|${offer.id}`)) === 1) {
      throw new SupplierError('REPRICE_UNAVAILABLE', 'Fare quote temporarily unavailable, try again', true);
    }
    let uplift = 0;
    if (hasTrigger(travelers, 'PRICECHANGETWICE')) {
      const names = travelers.map((t) => t.lastName.toUpperCase()).join('|');
      uplift = Math.min(await this.store.hit(`price-change-twice|${offer.id}|${names}`), 2);
    } else if (hasTrigger(travelers, 'PRICECHANGE')) {
      uplift = 1;
    }
    return uplift === 0 ? current : buildOffer(itineraries, cabin, pax, ctx, uplift);
  }

  async createBooking(input: { offer: SupplierOffer; travelers: SupplierTraveler[]; idempotencyKey: string }): Promise<SupplierBookingResult> {
    const { offer, travelers, idempotencyKey } = input;
    const existing = await this.bookingOfKey(idempotencyKey);
    if (existing) return { kind: 'BOOKED', booking: existing };

    assertTravelersFit(offer, travelers);
    if (hasTrigger(travelers, 'SOLDOUT')) throw new SupplierError('SELL_UNAVAILABLE', 'Unable to sell: class closed', false);
    if (hasTrigger(travelers, 'RESFAIL')) throw new SupplierError('RESERVATION_FAILED', 'The airline rejected the reservation', false);
    if (hasTrigger(travelers, 'NEEDSDOCS')) {
      const fields = missingApisFields(travelers);
      if (fields.length > 0) return { kind: 'ADDITIONAL_INFORMATION_REQUIRED', fields };
    }

    const now = this.now();
    const itineraries = offerItineraries(offer);
    if (!itineraries || itineraries[0][0].departureUtc <= now.getTime()) {
      throw new SupplierError('SELL_UNAVAILABLE', 'The flights of this offer are no longer sold', false);
    }
    const cabin = offerCabin(offer);
    const pax = passengersOf(offer);
    const flights = itineraries.flat();
    const ctx = await this.context(now, flights, [cabin]);
    if (buildOffer(itineraries, cabin, pax, ctx).id !== offer.id) {
      throw new SupplierError('SELL_UNAVAILABLE', 'The flights of this offer are no longer sold', false);
    }
    const notEnoughSeats = new SupplierError('SELL_UNAVAILABLE', 'Unable to sell: not enough seats', false);
    if (bookableSeats(itineraries, cabin, ctx) < seated(pax)) throw notEnoughSeats;

    const claims = flights.map((f) => ({ key: inventoryKey(f, cabin), capacity: initialSeats(f, cabin) }));
    const fares = quote(itineraries, cabin).byType;
    const taxesByType = { ADULT: fares.ADULT.taxes, CHILD: fares.CHILD.taxes, HELD_INFANT: fares.HELD_INFANT.taxes };
    const made = await firstFree(
      LOCATOR_ATTEMPTS,
      async (salt) => {
        const pnr = locator(`${idempotencyKey}|${offer.id}|${salt}`);
        const candidate = newBooking({
          pnr,
          offer: structuredClone(offer),
          travelers: structuredClone(travelers),
          createdAt: now.toISOString(),
          airlineLocator: (carrier) => airlineLocatorFor(pnr, carrier),
        });
        const state: SimulatorBooking = { booking: candidate, taxesByType, seats: claims.map((c) => c.key), cancellation: null };
        const outcome = await this.store.insertBooking({ idempotencyKey, state, claims, seatCount: seated(pax) });
        if (outcome.kind === 'INSERTED') return { mine: true, booking: candidate };
        if (outcome.kind === 'NO_SEATS') throw notEnoughSeats;
        // A concurrent call with the same key won: answer its booking, as a repeated call would get.
        if (outcome.kind === 'KEY_TAKEN') return { mine: false, booking: (await this.store.getBooking(outcome.pnr))!.state.booking };
        return TAKEN;
      },
      // Nothing was booked; the same key and offer would draw the same candidates again.
      () => new SupplierError('RESERVATION_FAILED', `Could not allocate a record locator: all ${LOCATOR_ATTEMPTS} candidates are taken`, false),
    );
    if (!made.mine) return { kind: 'BOOKED', booking: made.booking };
    const { booking } = made;

    // The PNR exists; only the answer is lost, as when a GDS end-transact outlives the client's timeout.
    if (hasTrigger(travelers, 'SLOWPNR')) throw new SupplierError('TIMEOUT', 'Timed out waiting for the PNR', true);
    return { kind: 'BOOKED', booking };
  }

  async createPricingRecords(pnr: string): Promise<SupplierPricingRecord[]> {
    return this.mutate(pnr, (state) => {
      if (!state || state.booking.status === 'CANCELLED') {
        throw new SupplierError('RESERVATION_FAILED', `PNR ${pnr} is not an active booking`, false);
      }
      const { booking } = state;
      if (booking.pricingRecords.length > 0 && booking.pricingRecords.every((r) => r.status !== 'FAILED')) {
        return { result: booking.pricingRecords };
      }
      booking.pricingRecords = pricingRecordsFor(booking, state.taxesByType, hasTrigger(booking.travelers, 'TSTFAIL'));
      return { result: booking.pricingRecords, next: state };
    });
  }

  async issueTickets(pnr: string, idempotencyKey: string): Promise<SupplierTicketDocument[]> {
    // No key bookkeeping is needed: a traveler with a ticket is never ticketed again, whatever the key.
    void idempotencyKey;
    const { booking } = assertIssuable(pnr, (await this.store.getBooking(pnr))?.state);
    const partial = hasTrigger(booking.travelers, 'PARTIAL');
    const timeout = hasTrigger(booking.travelers, 'ISSUETIMEOUT');
    const firstCall = (partial || timeout) && (await this.store.hit(`issue|${pnr}`)) === 1;
    const issuedAt = this.now().toISOString();
    const documents = await this.mutate(pnr, async (read) => {
      const state = assertIssuable(pnr, read);
      const current = state.booking;
      const before = current.documents.length === 0 ? current.travelers.map((t) => expectedDocument(current, t.passengerReference)) : current.documents;
      const after: SupplierTicketDocument[] = [];
      for (const d of before) {
        const skip = d.status === 'ISSUED' || (firstCall && partial && d.passengerReference !== 1);
        after.push(skip ? d : issue(d, await this.newTicketNumber(d.validatingCarrier, pnr, d.passengerReference), issuedAt));
      }
      const changed = current.documents.length === 0 || after.some((d, i) => d !== before[i]);
      current.documents = after;
      return { result: after, next: changed ? state : undefined };
    });
    if (firstCall && timeout) throw new SupplierError('TIMEOUT', 'Timed out waiting for the ticketing answer', true);
    return documents;
  }

  async retrieve(pnr: string): Promise<SupplierBooking | null> {
    return (await this.store.getBooking(pnr))?.state.booking ?? null;
  }

  async cancel(pnr: string): Promise<SupplierCancellation> {
    const notFound = (): SupplierError => new SupplierError('CANCEL_FAILED', `PNR ${pnr} not found`, false);
    const read = await this.store.getBooking(pnr);
    if (!read) throw notFound();
    if (read.state.cancellation) return read.state.cancellation;
    if (hasTrigger(read.state.booking.travelers, 'CANCELFAIL') && (await this.store.hit(`cancel|${pnr}`)) === 1) {
      throw new SupplierError('CANCEL_FAILED', 'Cancellation not confirmed by the airline, try again', true);
    }
    return this.mutate(pnr, (state) => {
      if (!state) throw notFound();
      if (state.cancellation) return { result: state.cancellation };
      const { booking } = state;
      booking.status = 'CANCELLED';
      booking.cancelledAt = this.now().toISOString();
      booking.segments = booking.segments.map((s) => ({ ...s, status: 'CANCELLED' }));
      const refundPending = hasTrigger(booking.travelers, 'REFUNDPENDING');
      state.cancellation = {
        cancelled: true,
        refundRequired: refundPending || booking.documents.some((d) => d.status === 'ISSUED'),
        refundPending,
      };
      return { result: { ...state.cancellation }, next: state, release: seatsHeld(booking) };
    });
  }

  private async bookingOfKey(idempotencyKey: string): Promise<SupplierBooking | null> {
    const pnr = await this.store.pnrForKey(idempotencyKey);
    return pnr ? ((await this.store.getBooking(pnr))?.state.booking ?? null) : null;
  }

  /**
   * Reads the booking, lets `change` decide, and writes the change only if nobody else changed the booking
   * meanwhile; otherwise decides again on the fresh booking. `change` may run more than once.
   */
  private async mutate<T>(pnr: string, change: (state: SimulatorBooking | null) => Mutation<T> | Promise<Mutation<T>>): Promise<T> {
    for (;;) {
      const read = await this.store.getBooking(pnr);
      const { result, next, release } = await change(read?.state ?? null);
      if (!read || !next) return result;
      if (await this.store.updateBooking(pnr, read.version, next, release)) return result;
    }
  }

  /** Unique across all PNRs; claims are per passenger, so a retried issuance gets the same number again. */
  private async newTicketNumber(carrier: string, pnr: string, passengerReference: number): Promise<string> {
    return firstFree(
      TICKET_NUMBER_ATTEMPTS,
      async (attempt) => {
        const number = ticketNumberFor(carrier, pnr, passengerReference, attempt);
        return (await this.store.claimTicketNumber(number, `${pnr}/${passengerReference}`)) ? number : TAKEN;
      },
      () =>
        new SupplierError(
          'ISSUANCE_FAILED',
          `Could not allocate a ticket number for PNR ${pnr} passenger ${passengerReference}: all ${TICKET_NUMBER_ATTEMPTS} candidates are taken`,
          false,
        ),
    );
  }
}

function inventoryKey(flight: ScheduledFlight, cabin: Cabin): string {
  return `${flightKey(flight)}|${cabin}`;
}

function seatsHeld(booking: SupplierBooking): number {
  return booking.travelers.filter((t) => t.type !== 'HELD_INFANT').length;
}

/** The booking's state when tickets may be issued for it, else the ISSUANCE_FAILED the GDS answers. */
function assertIssuable(pnr: string, state: SimulatorBooking | null | undefined): SimulatorBooking {
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
  return state;
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

export function createGdsSimulator(options: GdsSimulatorOptions = {}): FlightSupplier {
  return new GdsSimulator(options);
}
