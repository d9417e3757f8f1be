import { createTestPlatform } from '../support/test-platform';
import { readManifest, seedVolume, VOLUME_PASSWORD, VolumeManifest } from '../../bench/volume/volume-seeder';
import { verifyPassword } from '../../shared/auth/password.service';
import { Role } from '../../shared/auth/roles.types';
import type { Principal } from '../../shared/auth/token.service';
import { FlightTicketLookupService } from '../../subgraphs/flight/reservations/flight-ticket-lookup.service';
import { ReservationRepository } from '../../subgraphs/flight/reservations/reservation.repository';

/**
 * The volume seeder (bench/volume) on a real database: the proportions, copies that hang together as the
 * product's own rows do (no delivery without its notification, no ticket without its reservation), the agent with a
 * tenth of the bookings, and rows the product reads as its own.
 */
describe('volume seeder', () => {
  const BOOKINGS = 2000;
  let env: Awaited<ReturnType<typeof createTestPlatform>>;
  let manifest: VolumeManifest;
  const count = async (sql: string, params: unknown[] = []) => Number((await env.platform.dataSource.query<Array<{ n: string }>>(sql, params))[0].n);

  beforeAll(async () => {
    env = await createTestPlatform();
    manifest = await seedVolume({ bookings: BOOKINGS, databaseUrl: env.config.databaseUrl, redisUrl: env.config.redisUrl, log: () => undefined });
  }, 120_000);
  afterAll(() => env?.close());

  it('writes the issue proportions: N flight and N train bookings, N outbox rows and tokens, N/10 notifications, N/100 agents', async () => {
    expect(await count('SELECT COUNT(*) AS n FROM flight_reservation')).toBe(BOOKINGS);
    expect(await count('SELECT COUNT(*) AS n FROM train_reservation')).toBe(BOOKINGS);
    expect(await count('SELECT COUNT(*) AS n FROM access_token')).toBe(BOOKINGS);
    const outbox = await count('SELECT COUNT(*) AS n FROM outbox_message');
    expect(outbox).toBeGreaterThan(BOOKINGS * 0.8);
    expect(outbox).toBeLessThan(BOOKINGS * 1.2);
    const notifications = await count('SELECT COUNT(*) AS n FROM notification');
    expect(notifications).toBeGreaterThan(BOOKINGS * 0.06);
    expect(notifications).toBeLessThan(BOOKINGS * 0.14);
    expect(await count("SELECT COUNT(*) AS n FROM account WHERE role IN ('SERVICE_AGENT', 'THIRD_PARTY_AGENT')")).toBe(22);
    expect(await readManifest(env.config.databaseUrl)).toEqual(manifest);
  });

  it('copies rows that hang together: every ticket, delivery, attempt and wallet entry has what it belongs to', async () => {
    expect(await count('SELECT COUNT(*) AS n FROM flight_ticket t LEFT JOIN flight_reservation r ON r.id = t.reservation_id WHERE r.id IS NULL')).toBe(0);
    expect(await count('SELECT COUNT(*) AS n FROM train_ticket t LEFT JOIN train_reservation r ON r.id = t.reservation_id WHERE r.id IS NULL')).toBe(0);
    expect(await count('SELECT COUNT(*) AS n FROM notification_delivery d LEFT JOIN notification n ON n.id = d.notification_id WHERE n.id IS NULL')).toBe(0);
    expect(await count('SELECT COUNT(*) AS n FROM notification_attempt a LEFT JOIN notification_delivery d ON d.id = a.delivery_id WHERE d.id IS NULL')).toBe(
      0,
    );
    expect(
      await count(
        'SELECT COUNT(*) AS n FROM notification n WHERE n.has_deliveries = 1 AND NOT EXISTS (SELECT 1 FROM notification_delivery d WHERE d.notification_id = n.id)',
      ),
    ).toBe(0);
    expect(await count('SELECT COUNT(*) AS n FROM wallet_entry e LEFT JOIN wallet w ON w.id = e.wallet_id WHERE w.id IS NULL')).toBe(0);
    expect(await count('SELECT COUNT(*) AS n FROM access_token t LEFT JOIN account a ON a.id = t.account_id WHERE a.id IS NULL')).toBe(0);
    // A flight debit names its reservation through the ledger key, as the product writes it.
    expect(
      await count(
        "SELECT COUNT(*) AS n FROM wallet_entry e WHERE e.business_key LIKE 'flight-reservation:%' AND NOT EXISTS (SELECT 1 FROM flight_reservation r WHERE e.business_key = CONCAT('flight-reservation:', r.id))",
      ),
    ).toBe(0);
  });

  it('gives one agent a tenth of the agents bookings, and every account the password it names', async () => {
    const [big] = await env.platform.dataSource.query<Array<{ id: string; password_hash: string }>>('SELECT id, password_hash FROM account WHERE email = ?', [
      manifest.accounts.bigAgent,
    ]);
    const agentBookings = await count("SELECT COUNT(*) AS n FROM flight_reservation WHERE booking_user_type = 'SERVICE_AGENT'");
    const share = (await count('SELECT COUNT(*) AS n FROM flight_reservation WHERE account_id = ?', [big.id])) / agentBookings;
    expect(share).toBeGreaterThan(0.08);
    expect(share).toBeLessThan(0.2);
    expect(await verifyPassword(VOLUME_PASSWORD, big.password_hash)).toBe(true);
    expect(await count('SELECT COUNT(DISTINCT password_hash) AS n FROM account')).toBe(1);
  });

  it("answers a lookup by a seeded traveller's email as the product's own rows, and repeats frequent travellers", async () => {
    const [frequent] = await env.platform.dataSource.query<Array<{ passenger_email: string; n: string }>>(
      'SELECT passenger_email, COUNT(*) AS n FROM flight_ticket WHERE passenger_email IS NOT NULL GROUP BY passenger_email ORDER BY n DESC LIMIT 1',
    );
    expect(Number(frequent.n)).toBeGreaterThan(1);
    const lookups = new FlightTicketLookupService(new ReservationRepository(env.platform.dataSource));
    const admin = { accountId: 'ops', role: Role.ADMIN } as Principal;
    const answer = await lookups.lookup(admin, { email: frequent.passenger_email });
    expect(answer.tickets.length).toBe(Math.min(100, Number(frequent.n)));
    expect(answer.tickets.every((t) => t.email?.toLowerCase() === frequent.passenger_email)).toBe(true);
  });

  it('records sample bookings spread over the seeding for benchmarks to read', () => {
    expect(manifest.samples.flight.length).toBeGreaterThan(400);
    expect(manifest.samples.train.length).toBeGreaterThan(400);
  });
});
