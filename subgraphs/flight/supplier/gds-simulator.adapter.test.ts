import type { FlightSupplier, SupplierBooking, SupplierOffer, SupplierSearchCriteria } from './flight-supplier.port';
import { createGdsSimulator, LOCATOR_ATTEMPTS, TICKET_NUMBER_ATTEMPTS } from './gds-simulator.adapter';
import { locator } from './simulator/hash.calculator';
import { InMemorySimulatorStore, type InsertBookingOutcome } from './simulator/simulator.store';
import { criteria, failure, firstOffer, NOW, simulator, travelersFor } from './simulator/simulator-test.fixtures';

const PASSPORT = { type: 'PASSPORT' as const, number: 'TZ1234567', expiryDate: '2031-05-01', issuingCountry: 'TZ', nationality: 'TZ' };

async function book(sim: FlightSupplier, offer: SupplierOffer, lastNames: string[] = [], key = 'key-1'): Promise<SupplierBooking> {
  const result = await sim.createBooking({ offer, travelers: travelersFor(offer, lastNames), idempotencyKey: key });
  if (result.kind !== 'BOOKED') throw new Error(`not booked: ${JSON.stringify(result)}`);
  return result.booking;
}

async function bookAndPrice(sim: FlightSupplier, lastNames: string[] = [], overrides: Partial<SupplierSearchCriteria> = {}): Promise<SupplierBooking> {
  const booking = await book(sim, await firstOffer(sim, overrides), lastNames);
  await sim.createPricingRecords(booking.pnr);
  return booking;
}

describe('GDS simulator: reprice', () => {
  it('returns the same offer when nothing changed', async () => {
    const sim = simulator();
    const offer = await firstOffer(sim, { adults: 2, children: 1 });
    expect(await sim.reprice(offer)).toEqual(offer);
    expect(await sim.reprice(offer, [{ lastName: 'Mushi' }])).toEqual(offer);
  });

  it('PRICECHANGE raises the base fares 7% once: repricing the repriced offer is stable', async () => {
    const sim = simulator();
    const offer = await firstOffer(sim);
    const changed = await sim.reprice(offer, [{ lastName: 'Mushi' }, { lastName: 'pricechange' }]);
    expect(changed.id).toBe(offer.id);
    expect(Number(changed.price.base)).toBeCloseTo(Number(offer.price.base) * 1.07, 2);
    expect(Number(changed.price.total)).toBeGreaterThan(Number(offer.price.total));
    expect(changed.price.taxes).toEqual(offer.price.taxes);
    expect(await sim.reprice(changed, [{ lastName: 'PRICECHANGE' }])).toEqual(changed);
  });

  it('PRICECHANGETWICE raises the price on the first two reprices, then holds', async () => {
    const sim = simulator();
    const offer = await firstOffer(sim);
    const names = [{ lastName: 'PriceChangeTwice' }];
    const first = await sim.reprice(offer, names);
    const second = await sim.reprice(first, names);
    expect(Number(first.price.total)).toBeGreaterThan(Number(offer.price.total));
    expect(Number(second.price.total)).toBeGreaterThan(Number(first.price.total));
    expect(await sim.reprice(second, names)).toEqual(second);
  });

  it('NOREPRICE makes the price unconfirmable; unknown or tampered offers are unavailable too', async () => {
    const sim = simulator();
    const offer = await firstOffer(sim);
    expect(await failure(sim.reprice(offer, [{ lastName: 'NOREPRICE' }]))).toMatchObject({ code: 'REPRICE_UNAVAILABLE', retryable: false });
    expect(await failure(sim.reprice({ ...offer, id: 'SIM0000' }))).toMatchObject({ code: 'REPRICE_UNAVAILABLE' });
    const moved = structuredClone(offer);
    moved.itineraries[0].segments[0].number = '9999';
    expect(await failure(sim.reprice(moved))).toMatchObject({ code: 'REPRICE_UNAVAILABLE' });
  });

  it('REPRICELATER fails the first reprice of each offer, retryable, then answers normally', async () => {
    const sim = simulator();
    const [offer, other] = await sim.search(criteria());
    const names = [{ lastName: 'Mushi' }, { lastName: 'repriceLater' }];
    expect(await failure(sim.reprice(offer, names))).toMatchObject({ code: 'REPRICE_UNAVAILABLE', retryable: true });
    expect(await sim.reprice(offer, names)).toEqual(offer);
    expect(await sim.reprice(offer, names)).toEqual(offer);
    expect(await failure(sim.reprice(other, names))).toMatchObject({ code: 'REPRICE_UNAVAILABLE', retryable: true });
    expect(await failure(sim.reprice({ ...offer, id: 'SIM0000' }, names))).toMatchObject({ code: 'REPRICE_UNAVAILABLE', retryable: false });
  });
});

describe('GDS simulator: createBooking', () => {
  it('creates a PNR with a GDS locator, one airline locator per carrier and confirmed segments', async () => {
    const sim = simulator();
    // ZNZ→MWZ connects in Dar es Salaam from Precision Air onto Air Tanzania.
    const offer = await firstOffer(sim, { origin: 'ZNZ', destination: 'MWZ', adults: 2, infants: 1 });
    const booking = await book(sim, offer);
    expect(booking.pnr).toMatch(/^[A-Z][A-Z0-9]{5}$/);
    expect(booking).toMatchObject({ status: 'CONFIRMED', createdAt: NOW.toISOString(), cancelledAt: null, pricingRecords: [], documents: [] });
    expect(booking.offer).toEqual(offer);
    expect(booking.segments.map((s) => [s.reference, s.carrierCode, s.status, s.segmentId])).toEqual([
      [1, 'PW', 'CONFIRMED', '1'],
      [2, 'TC', 'CONFIRMED', '2'],
    ]);
    expect(booking.recordLocators).toEqual([
      { controlNumber: booking.pnr, type: 'GDS', scope: 'PNR', segmentReferences: [1, 2] },
      { controlNumber: expect.stringMatching(/^[A-Z][A-Z0-9]{5}$/), type: 'AIRLINE', scope: 'SEGMENT', companyId: 'PW', segmentReferences: [1] },
      { controlNumber: expect.stringMatching(/^[A-Z][A-Z0-9]{5}$/), type: 'AIRLINE', scope: 'SEGMENT', companyId: 'TC', segmentReferences: [2] },
    ]);
    expect(booking.recordLocators[1].controlNumber).not.toBe(booking.pnr);
    expect(booking.associatedRecords.map((r) => [r.originSystemCode, r.flightOfferId])).toEqual([
      ['GDS', offer.id],
      ['PW', offer.id],
      ['TC', offer.id],
    ]);
    expect(booking.travelers.map((t) => [t.travelerId, t.type, t.passengerReference])).toEqual([
      ['1', 'ADULT', 1],
      ['2', 'ADULT', 2],
      ['3', 'HELD_INFANT', 3],
    ]);
    expect(await sim.retrieve(booking.pnr)).toEqual(booking);
    expect(await sim.retrieve('ZZZZZZ')).toBeNull();
  });

  it('returns the same booking for a repeated idempotency key and sells the seats once', async () => {
    const sim = simulator();
    const offer = await firstOffer(sim, { adults: 2 });
    const first = await book(sim, offer, [], 'same');
    expect(await book(sim, offer, [], 'same')).toEqual(first);
    expect((await sim.reprice(offer)).numberOfBookableSeats).toBe(offer.numberOfBookableSeats - 2);
    const other = await book(sim, offer, [], 'other');
    expect(other.pnr).not.toBe(first.pnr);
  });

  it('runs out of seats: search stops offering the flight, selling and repricing the old offer fail, cancel frees them', async () => {
    const sim = simulator();
    const search = { destination: 'DXB', travelClass: 'FIRST' as const };
    const offer = await firstOffer(sim, search);
    const seats = offer.numberOfBookableSeats;
    const all = await firstOffer(sim, { ...search, adults: seats });
    const booking = await book(sim, all, [], 'all-seats');
    expect(await sim.search(criteria(search))).toEqual([]);
    expect(await failure(sim.reprice(offer))).toMatchObject({ code: 'REPRICE_UNAVAILABLE' });
    expect(await failure(sim.createBooking({ offer, travelers: travelersFor(offer), idempotencyKey: 'late' }))).toMatchObject({
      code: 'SELL_UNAVAILABLE',
      retryable: false,
    });
    await sim.cancel(booking.pnr);
    expect((await firstOffer(sim, search)).numberOfBookableSeats).toBe(seats);
  });

  it('SOLDOUT and RESFAIL refuse the sale without holding seats', async () => {
    const sim = simulator();
    const offer = await firstOffer(sim);
    const attempt = (name: string) => sim.createBooking({ offer, travelers: travelersFor(offer, [name]), idempotencyKey: name });
    expect(await failure(attempt('SoldOut'))).toMatchObject({ code: 'SELL_UNAVAILABLE', retryable: false });
    expect(await failure(attempt('RESFAIL'))).toMatchObject({ code: 'RESERVATION_FAILED', retryable: false });
    expect((await sim.reprice(offer)).numberOfBookableSeats).toBe(offer.numberOfBookableSeats);
  });

  it('rejects travelers that do not fill the offer', async () => {
    const sim = simulator();
    const offer = await firstOffer(sim, { adults: 2 });
    const travelers = travelersFor(offer).slice(0, 1);
    expect(await failure(sim.createBooking({ offer, travelers, idempotencyKey: 'k' }))).toMatchObject({ code: 'RESERVATION_FAILED' });
  });

  it('NEEDSDOCS asks for date of birth and passport details, then books when they are supplied', async () => {
    const sim = simulator();
    const offer = await firstOffer(sim, { adults: 1, children: 1 });
    const travelers = travelersFor(offer, ['NeedsDocs']);
    travelers[1].dateOfBirth = '2019-04-02';
    const first = await sim.createBooking({ offer, travelers, idempotencyKey: 'docs' });
    expect(first).toEqual({
      kind: 'ADDITIONAL_INFORMATION_REQUIRED',
      fields: [
        { travelerId: '1', field: 'dateOfBirth', message: expect.any(String) },
        ...['type', 'number', 'expiryDate', 'issuingCountry', 'nationality'].map((f) => ({
          travelerId: '1',
          field: `document.${f}`,
          message: expect.any(String),
        })),
        ...['type', 'number', 'expiryDate', 'issuingCountry', 'nationality'].map((f) => ({
          travelerId: '2',
          field: `document.${f}`,
          message: expect.any(String),
        })),
      ],
    });
    const completed = travelers.map((t) => ({ ...t, dateOfBirth: t.dateOfBirth ?? '1990-01-15', document: PASSPORT }));
    const second = await sim.createBooking({ offer, travelers: completed, idempotencyKey: 'docs' });
    expect(second.kind).toBe('BOOKED');
  });

  it('SLOWPNR times out after creating the PNR; the retry with the same key returns it, holding seats once', async () => {
    const sim = simulator();
    const offer = await firstOffer(sim);
    const input = { offer, travelers: travelersFor(offer, ['SLOWPNR']), idempotencyKey: 'slow' };
    expect(await failure(sim.createBooking(input))).toMatchObject({ code: 'TIMEOUT', retryable: true });
    const retry = await sim.createBooking(input);
    expect(retry.kind).toBe('BOOKED');
    if (retry.kind === 'BOOKED') expect(await sim.retrieve(retry.booking.pnr)).toEqual(retry.booking);
    expect((await sim.reprice(offer)).numberOfBookableSeats).toBe(offer.numberOfBookableSeats - 1);
  });
});

describe('GDS simulator: pricing records and ticketing', () => {
  it('stores one TST per passenger type whose totals add up to the booking price', async () => {
    const sim = simulator();
    const booking = await book(sim, await firstOffer(sim, { adults: 2, children: 1, infants: 1 }));
    const records = await sim.createPricingRecords(booking.pnr);
    expect(records.map((r) => [r.reference, r.travelerType, r.passengerReferences, r.tstReference, r.status])).toEqual([
      [1, 'ADULT', [1, 2], 1, 'TST_CREATED'],
      [2, 'CHILD', [3], 2, 'TST_CREATED'],
      [3, 'HELD_INFANT', [4], 3, 'TST_CREATED'],
    ]);
    const total = records.reduce((sum, r) => sum + Number(r.supplierPrice.total), 0);
    expect(total).toBeCloseTo(Number(booking.offer.price.total), 2);
    for (const r of records) {
      expect(r.segmentReferences).toEqual([1]);
      const taxes = r.supplierPrice.taxDetails.reduce((sum, t) => sum + Number(t.amount), 0);
      expect(taxes).toBeCloseTo(Number(r.supplierPrice.taxes), 2);
      expect(r.supplierPrice).toMatchObject({ currency: 'USD', validatingCarrier: booking.offer.validatingAirlineCodes[0] });
      expect(r.supplierPrice.baggage[0]).toMatch(/^\dPC$/);
    }
    expect(await sim.createPricingRecords(booking.pnr)).toEqual(records);
    expect((await sim.retrieve(booking.pnr))!.pricingRecords).toEqual(records);
  });

  it('TSTFAIL gives FAILED pricing records, and tickets cannot be issued without a TST', async () => {
    const sim = simulator();
    const offer = await firstOffer(sim);
    const unpriced = await book(sim, offer, [], 'unpriced');
    expect(await failure(sim.issueTickets(unpriced.pnr, 'i'))).toMatchObject({ code: 'ISSUANCE_FAILED', retryable: false });
    const failing = await book(sim, offer, ['TSTFAIL'], 'tstfail');
    const records = await sim.createPricingRecords(failing.pnr);
    expect(records.map((r) => [r.status, r.tstReference])).toEqual([['FAILED', undefined]]);
    expect(await failure(sim.issueTickets(failing.pnr, 'i'))).toMatchObject({ code: 'ISSUANCE_FAILED' });
  });

  it('issues one 13-digit ticket per traveler with open coupons, and repeating the call changes nothing', async () => {
    const sim = simulator();
    const booking = await bookAndPrice(sim, [], { adults: 2, infants: 1, destination: 'JRO', returnDate: '2027-03-12' });
    const documents = await sim.issueTickets(booking.pnr, 'issue-1');
    const prefix = { PW: '031', TC: '197' }[booking.offer.validatingAirlineCodes[0] as 'PW' | 'TC'];
    expect(documents).toHaveLength(3);
    for (const [i, d] of documents.entries()) {
      expect(d).toMatchObject({ travelerId: String(i + 1), passengerReference: i + 1, status: 'ISSUED', providerElement: 'FA', issuedAt: NOW.toISOString() });
      expect(d.ticketNumber).toMatch(new RegExp(`^${prefix}\\d{10}$`));
      expect(d.documentId).toBe(`${d.ticketNumber!.slice(0, 3)}-${d.ticketNumber!.slice(3)}`);
      expect(d.coupons).toEqual([
        { segmentReference: 1, status: 'OPEN' },
        { segmentReference: 2, status: 'OPEN' },
      ]);
      expect(d.tstReference).toBe(d.pricingRecordReference);
    }
    expect(new Set(documents.map((d) => d.ticketNumber)).size).toBe(3);
    expect(await sim.issueTickets(booking.pnr, 'issue-1')).toEqual(documents);
    expect(await sim.issueTickets(booking.pnr, 'issue-2')).toEqual(documents);
    expect((await sim.retrieve(booking.pnr))!.documents).toEqual(documents);
  });

  it('PARTIAL issues only the first traveler at first; the next call issues the rest', async () => {
    const sim = simulator();
    const booking = await bookAndPrice(sim, ['Mushi', 'Partial', 'Mushi'], { adults: 3 });
    const first = await sim.issueTickets(booking.pnr, 'issue');
    expect(first.map((d) => d.status)).toEqual(['ISSUED', 'EXPECTED', 'EXPECTED']);
    expect(first[1].ticketNumber).toBeUndefined();
    const second = await sim.issueTickets(booking.pnr, 'issue');
    expect(second.map((d) => d.status)).toEqual(['ISSUED', 'ISSUED', 'ISSUED']);
    expect(second[0]).toEqual(first[0]);
  });

  it('ISSUEFAIL refuses ticketing; ISSUETIMEOUT issues but loses the answer', async () => {
    const sim = simulator();
    const refused = await bookAndPrice(sim, ['IssueFail']);
    expect(await failure(sim.issueTickets(refused.pnr, 'i'))).toMatchObject({ code: 'ISSUANCE_FAILED', retryable: false });
    expect((await sim.retrieve(refused.pnr))!.documents).toEqual([]);

    const timing = simulator();
    const lost = await bookAndPrice(timing, ['ISSUETIMEOUT']);
    expect(await failure(timing.issueTickets(lost.pnr, 'i'))).toMatchObject({ code: 'TIMEOUT', retryable: true });
    const seen = (await timing.retrieve(lost.pnr))!.documents;
    expect(seen.map((d) => d.status)).toEqual(['ISSUED']);
    expect(await timing.issueTickets(lost.pnr, 'i')).toEqual(seen);
  });
});

describe('GDS simulator: cancel', () => {
  it('cancels an unissued PNR, releases the seats and answers the same when repeated', async () => {
    const sim = simulator();
    const offer = await firstOffer(sim, { adults: 2 });
    const booking = await book(sim, offer);
    const outcome = await sim.cancel(booking.pnr);
    expect(outcome).toEqual({ cancelled: true, refundRequired: false, refundPending: false });
    expect(await sim.cancel(booking.pnr)).toEqual(outcome);
    const after = (await sim.retrieve(booking.pnr))!;
    expect(after).toMatchObject({ status: 'CANCELLED', cancelledAt: NOW.toISOString() });
    expect(after.segments.every((s) => s.status === 'CANCELLED')).toBe(true);
    expect((await sim.reprice(offer)).numberOfBookableSeats).toBe(offer.numberOfBookableSeats);
    expect(await failure(sim.issueTickets(booking.pnr, 'i'))).toMatchObject({ code: 'ISSUANCE_FAILED' });
    expect(await failure(sim.cancel('NOPNR1'))).toMatchObject({ code: 'CANCEL_FAILED', retryable: false });
  });

  it('requires a refund once a ticket was issued, even partly', async () => {
    const sim = simulator();
    const booking = await bookAndPrice(sim, ['Mushi', 'PARTIAL'], { adults: 2 });
    await sim.issueTickets(booking.pnr, 'i');
    expect(await sim.cancel(booking.pnr)).toEqual({ cancelled: true, refundRequired: true, refundPending: false });
  });

  it('REFUNDPENDING reports the refund pending; CANCELFAIL fails the first attempt only', async () => {
    const sim = simulator();
    const pending = await bookAndPrice(sim, ['RefundPending']);
    expect(await sim.cancel(pending.pnr)).toEqual({ cancelled: true, refundRequired: true, refundPending: true });
    const flaky = await book(sim, await firstOffer(sim), ['CANCELFAIL'], 'flaky');
    expect(await failure(sim.cancel(flaky.pnr))).toMatchObject({ code: 'CANCEL_FAILED', retryable: true });
    expect((await sim.retrieve(flaky.pnr))!.status).toBe('CONFIRMED');
    expect(await sim.cancel(flaky.pnr)).toEqual({ cancelled: true, refundRequired: false, refundPending: false });
  });

  it('hands out copies: changing an answer does not change the booking', async () => {
    const sim = simulator();
    const booking = await book(sim, await firstOffer(sim));
    booking.segments[0].status = 'CANCELLED';
    expect((await sim.retrieve(booking.pnr))!.segments[0].status).toBe('CONFIRMED');
  });
});

describe('GDS simulator: identifiers', () => {
  it('5,000 booking keys give 5,000 distinct record locators of the GDS form', () => {
    // Keys as the platform makes them, differing only in their last characters (the hardest case for a weak hash).
    const locators = Array.from({ length: 5000 }, (_, i) => locator(`flight-reservation-${String(i).padStart(6, '0')}|SIM0123456789ABCDEF|0`));
    expect(new Set(locators).size).toBe(5000);
    expect(locators.filter((l) => !/^[A-Z][A-Z0-9]{5}$/.test(l))).toEqual([]);
  });

  it('a store where every locator is taken: createBooking gives up after its bound with a clear, final error', async () => {
    let tries = 0;
    const store = new (class extends InMemorySimulatorStore {
      override async insertBooking(): Promise<InsertBookingOutcome> {
        tries += 1;
        return { kind: 'PNR_TAKEN' };
      }
    })();
    const sim = createGdsSimulator({ now: () => NOW, store });
    const offer = await firstOffer(sim);
    const error = await failure(sim.createBooking({ offer, travelers: travelersFor(offer), idempotencyKey: 'crowded' }));
    expect(error).toMatchObject({ code: 'RESERVATION_FAILED', retryable: false });
    expect(error.message).toMatch(/record locator/);
    expect(tries).toBe(LOCATOR_ATTEMPTS);
  });

  it('a store where every ticket number is taken: issuance gives up after its bound with a clear error', async () => {
    let tries = 0;
    const store = new (class extends InMemorySimulatorStore {
      override async claimTicketNumber(): Promise<boolean> {
        tries += 1;
        return false;
      }
    })();
    const sim = createGdsSimulator({ now: () => NOW, store });
    const booking = await bookAndPrice(sim);
    const error = await failure(sim.issueTickets(booking.pnr, 'issue-1'));
    expect(error).toMatchObject({ code: 'ISSUANCE_FAILED', retryable: false });
    expect(error.message).toMatch(/ticket number/);
    expect(tries).toBe(TICKET_NUMBER_ATTEMPTS);
  });
});
