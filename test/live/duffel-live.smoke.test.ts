import { DUFFEL_TEST_TOKEN_PREFIX, DuffelAccessToken } from '../../shared/config/flight-supplier.config';
import { DuffelAdapter } from '../../subgraphs/flight/supplier/duffel/duffel.adapter';

/**
 * Against Duffel itself, in test mode only (Duffel Airways, unlimited test balance, no real seats): search, a hold
 * order, then its cancellation. Runs only with DUFFEL_ACCESS_TOKEN=duffel_test_…; a live token never runs it.
 */
const token = process.env.DUFFEL_ACCESS_TOKEN ?? '';
const enabled = token.startsWith(DUFFEL_TEST_TOKEN_PREFIX);
if (!enabled) console.log(`Duffel live smoke test skipped: DUFFEL_ACCESS_TOKEN is not a Duffel test token (${DUFFEL_TEST_TOKEN_PREFIX}…)`);

(enabled ? describe : describe.skip)('Duffel live smoke (test mode)', () => {
  const adapter = new DuffelAdapter({
    apiUrl: (process.env.DUFFEL_API_URL ?? 'https://api.duffel.com').replace(/\/+$/, ''),
    accessToken: new DuffelAccessToken(token),
    timeoutMs: 60_000,
  });

  it('searches, holds a Duffel Airways offer and cancels the order', async () => {
    const departure = new Date(Date.now() + 60 * 86_400_000).toISOString().slice(0, 10);
    const offers = await adapter.search({
      origin: 'LHR',
      destination: 'JFK',
      departureDate: departure,
      adults: 1,
      children: 0,
      infants: 0,
      travelClass: 'ECONOMY',
      includedAirlineCodes: ['ZZ'],
      nonStop: false,
      max: 50,
    });
    const offer = offers.find((o) => !o.instantTicketingRequired);
    expect(offer).toBeDefined();
    expect(offer!.expiresAt).toEqual(expect.any(String));
    const repriced = await adapter.reprice(offer!);
    expect(repriced.id).toBe(offer!.id);
    const result = await adapter.createBooking({
      offer: repriced,
      travelers: [
        {
          travelerId: '1',
          type: 'ADULT',
          firstName: 'Amani',
          lastName: 'Mwangi',
          dateOfBirth: '1990-01-15',
          gender: 'MALE',
          email: 'amani.mwangi@example.com',
          phone: '+442080160509',
          document: { type: 'PASSPORT', number: 'TZ1234567', expiryDate: '2035-01-01', issuingCountry: 'TZ', nationality: 'TZ' },
        },
      ],
      idempotencyKey: `smoke-${Date.now()}`,
    });
    expect(result.kind).toBe('BOOKED');
    if (result.kind !== 'BOOKED') return;
    expect(result.booking.pnr).toMatch(/^[A-Z0-9]{4,16}$/);
    expect((await adapter.retrieve(result.booking.pnr))?.status).toBe('CONFIRMED');
    expect((await adapter.cancel(result.booking.pnr)).cancelled).toBe(true);
    expect((await adapter.retrieve(result.booking.pnr))?.status).toBe('CANCELLED');
  });
});
