import { randomBytes, randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import type { Platform } from '../../shared/platform/platform.wiring';
import { createAccountService } from '../../subgraphs/admin/admin.wiring';
import { createTestPlatform } from '../../test/support/test-platform';
import { ChaosInvariantsRepository, type ChaosScope, type InvariantOutcome } from './chaos-invariants.repository';

const NAMES = [
  'wallet = opening + ledger',
  'one debit per booking',
  'no wallet below its overdraft',
  'each seat won once',
  'every booking final',
  'one notification per booking and channel',
  'one webhook delivery per event and endpoint',
];

/** Bookings shaped like the product's, written as raw rows: what a chaos run leaves behind once every flow finished. */
interface World {
  scope: ChaosScope;
  agent: { id: string; walletId: string };
  spare: { id: string; walletId: string };
  customer: { id: string };
  agentFlight: string;
  customerFlight: string;
  agentTrain: string;
  inventoryKey: string;
  tripSet: number;
  notificationId: string;
  eventId: string;
  endpointId: string;
}

describe('chaos invariants (real MariaDB)', () => {
  let env: Awaited<ReturnType<typeof createTestPlatform>>;
  let platform: Platform;
  let db: DataSource;
  let repository: ChaosInvariantsRepository;
  let n = 0;

  beforeAll(async () => {
    env = await createTestPlatform();
    platform = env.platform;
    db = platform.dataSource;
    repository = new ChaosInvariantsRepository(db);
  });
  afterAll(() => env.close());

  const code = (length: number) => randomBytes(length).toString('hex').toUpperCase().slice(0, length);
  const sha = () => randomBytes(32).toString('hex');

  async function agentAccount(openingBalance: string, overdraftLimit: string) {
    const account = await createAccountService(platform).create({
      email: `agent${++n}@chaos.test`,
      password: 'a long enough password',
      role: 'SERVICE_AGENT',
      currency: 'TZS',
      openingBalance,
      overdraftLimit,
    });
    return { id: account.id, walletId: account.wallet!.id };
  }

  async function insertFlight(r: {
    accountId: string;
    status: string;
    walletId?: string;
    debitTotal?: string;
    pnr?: string;
    issued?: boolean;
  }): Promise<string> {
    const id = randomUUID();
    const now = new Date();
    await db.query(
      `INSERT INTO flight_reservation (id, account_id, channel, booking_user_type, offer_reference, selected_option, notifications, status,
         booking_reference, payment_reference, pnr, language, display_currency, supplier_offer, price, original_price, price_version, requirements,
         offer_expires_at, wallet_id, wallet_currency, wallet_debit_total, authentication_context, issued_at, created_at, updated_at)
       VALUES (?, ?, ?, 'AGENT', ?, 'NON_REFUNDABLE_FARE', '{}', ?, ?, ?, ?, 'en', 'TZS', '{}', '{}', '{}', 'v1', '{}', ?, ?, ?, ?, 'PASSWORD', ?, ?, ?)`,
      [
        id,
        r.accountId,
        r.walletId ? 'AGENT' : 'CUSTOMER',
        randomUUID(),
        r.status,
        code(8),
        code(12),
        r.pnr ?? null,
        new Date(now.getTime() + 3_600_000),
        r.walletId ?? null,
        r.walletId ? 'TZS' : null,
        r.debitTotal ?? null,
        r.issued ? now : null,
        now,
        now,
      ],
    );
    return id;
  }

  /** A GDS simulator booking of `adults` seats on one inventory key. */
  async function insertSimBooking(pnr: string, key: string, adults: number, status = 'CONFIRMED'): Promise<void> {
    const payload = { booking: { pnr, status, travelers: Array.from({ length: adults }, () => ({ type: 'ADULT' })) }, seats: [key], cancellation: null };
    await db.query('INSERT INTO gds_sim_booking (pnr, payload, version) VALUES (?, ?, 1)', [pnr, JSON.stringify(payload)]);
  }

  async function insertTrain(r: { accountId: string; status: string; pnr?: string }): Promise<{ id: string; paymentReference: string }> {
    const id = randomUUID();
    const paymentReference = code(12);
    const now = new Date();
    await db.query(
      `INSERT INTO train_reservation (id, account_id, booking_user_type, idempotency_key, request_fingerprint, status, journey_type, ticket_purchase,
         notifications, outbound, passengers, authentication_context, language, pricing_context, payment_reference, pnr, created_at, updated_at)
       VALUES (?, ?, 'AGENT', ?, ?, ?, 'ONE_WAY', 1, '{}', '{}', '[]', 'PASSWORD', 'en', 'AGENT', ?, ?, ?, ?)`,
      [id, r.accountId, sha(), sha(), r.status, paymentReference, r.pnr ?? null, now, now],
    );
    return { id, paymentReference };
  }

  async function insertTicket(reservationId: string, t: { tripSet: number; seatId: number; from: string; to: string }): Promise<void> {
    const now = new Date();
    await db.query(
      `INSERT INTO train_ticket (train_ticket_uuid, reservation_id, passenger_index, journey, passenger_name, passenger_phone, ticket_number, hold_key,
         time_table_train_set_id, travel_date, from_stop_id, to_stop_id, car_id, car_type_id, car_class, seat_id, seat_label, ticket_type_id, luggage_id,
         fare_amount, price_total, price_currency, price, status, authentication_context, created_at, updated_at)
       VALUES (?, ?, 0, 'OUTBOUND', 'Asha', '+255700000000', ?, ?, ?, '2026-12-20', ?, ?, 1, 1, 'SECOND', ?, '5A', 1, 0, '20000', '20000', 'TZS', '{}', 'ISSUED', 'PASSWORD', ?, ?)`,
      [randomUUID(), reservationId, code(14), code(20), t.tripSet, t.from, t.to, t.seatId, now, now],
    );
  }

  /**
   * Accounts made by the product's own service (an agent with a tight float, a spare agent with an overdraft, a
   * customer), then `since`, then what a finished run has: an agent flight held, issued and debited through the
   * ledger, a customer flight issued against a captured payment, an agent train issuance debited through the ledger,
   * their simulator seats, one ticket message sent and one webhook event delivered.
   */
  async function world(): Promise<World> {
    const agent = await agentAccount('100000', '0');
    const spare = await agentAccount('50000', '10000');
    const customer = await createAccountService(platform).create({ email: `customer${++n}@chaos.test`, password: 'a long enough password', role: 'CUSTOMER' });
    await platform.ledger.credit(agent.walletId, { businessKey: `top-up:${randomUUID()}`, amount: '5000', note: 'top-up' });
    const since = new Date();
    const now = new Date();

    const inventoryKey = `TC${n}@2026-12-20|ECONOMY`;
    await db.query('INSERT INTO gds_sim_seat (inventory_key, capacity, sold) VALUES (?, 5, 3)', [inventoryKey]);
    const agentPnr = code(6);
    const agentFlight = await insertFlight({
      accountId: agent.id,
      status: 'ISSUED',
      walletId: agent.walletId,
      debitTotal: '30000',
      pnr: agentPnr,
      issued: true,
    });
    await insertSimBooking(agentPnr, inventoryKey, 2);
    const flightKey = { businessKey: `flight-reservation:${agentFlight}`, amount: '30000' };
    expect((await platform.ledger.hold(agent.walletId, flightKey)).admitted).toBe(true);
    await platform.ledger.debit(agent.walletId, flightKey);

    const customerPnr = code(6);
    const customerFlight = await insertFlight({ accountId: customer.id, status: 'ISSUED', pnr: customerPnr, issued: true });
    await insertSimBooking(customerPnr, inventoryKey, 1);
    await db.query(
      `INSERT INTO flight_payment (id, reservation_id, account_id, payment_reference, amount, currency, status, provider, created_at, updated_at)
       VALUES (?, ?, ?, ?, '250000', 'TZS', 'CONFIRMED', 'SANDBOX', ?, ?)`,
      [randomUUID(), customerFlight, customer.id, code(12), now, now],
    );

    const tripSet = 1000 + n;
    const trainPnr = code(6);
    const train = await insertTrain({ accountId: agent.id, status: 'ISSUED', pnr: trainPnr });
    await insertTicket(train.id, { tripSet, seatId: 5, from: 'DAR', to: 'MOR' });
    for (const segment of [0, 1]) {
      // The simulator keys a trip by its train's own set id (4000 + n here), not the dated one the ticket carries (tripSet).
      await db.query('INSERT INTO rail_sim_seat_segment (trip_key, seat_id, segment_no, owner_hash, sold, pnr) VALUES (?, 5, ?, ?, 1, ?)', [
        `${4000 + n}@2026-12-20`,
        segment,
        sha(),
        trainPnr,
      ]);
    }
    const trainKey = { businessKey: `train-reservation:${train.id}`, amount: '20000' };
    expect((await platform.ledger.hold(agent.walletId, trainKey)).admitted).toBe(true);
    await platform.ledger.debit(agent.walletId, trainKey);
    await db.query(
      `INSERT INTO train_issuance (reservation_id, payment_reference, account_id, funding_source, wallet_id, amount, currency, funding_status, wallet_debited,
         payout_status, status, admitted_at, issued_at, created_at, updated_at)
       VALUES (?, ?, ?, 'AGENT_WALLET', ?, '20000.00', 'TZS', 'AGENT_WALLET_DEBITED', 1, 'PAID', 'ISSUED', ?, ?, ?, ?)`,
      [train.id, train.paymentReference, agent.id, agent.walletId, now, now, now, now],
    );

    const notificationId = await insertNotification(agentFlight, `flight:${agentFlight}:TICKET`, 'SENT');
    const eventId = `evt_${randomUUID()}`;
    await db.query(
      `INSERT INTO webhook_event (id, type, account_id, api_version, data, created_at) VALUES (?, 'flight.order.issued', ?, '2026-11-28', '{}', ?)`,
      [eventId, agent.id, now],
    );
    const endpointId = `whe_${randomUUID()}`;
    await db.query(
      `INSERT INTO webhook_endpoint (id, account_id, url, events, secret, created_at, updated_at)
       VALUES (?, ?, 'https://agent.example/hooks', 'flight.order.issued', 'whsec_test', ?, ?)`,
      [endpointId, agent.id, now, now],
    );
    await insertWebhookDelivery(eventId, agent.id, { target: endpointId, endpointId, status: 'DELIVERED' });

    return {
      scope: { accountIds: [agent.id, spare.id, customer.id], since },
      agent,
      spare,
      customer: { id: customer.id },
      agentFlight,
      customerFlight,
      agentTrain: train.id,
      inventoryKey,
      tripSet,
      notificationId,
      eventId,
      endpointId,
    };
  }

  async function insertNotification(bookingId: string, dedupeKey: string, deliveryStatus: string): Promise<string> {
    const id = randomUUID();
    const now = new Date();
    await db.query(
      `INSERT INTO notification (id, dedupe_key, booking_kind, booking_id, message_type, trigger_kind, channels, status, has_deliveries, not_before, created_at, planned_at)
       VALUES (?, ?, 'flight', ?, 'TICKET', 'AUTOMATIC', 'EMAIL', 'PLANNED', 1, ?, ?, ?)`,
      [id, dedupeKey, bookingId, now, now, now],
    );
    await db.query(
      `INSERT INTO notification_delivery (id, notification_id, requested_at, channel, recipient_key, recipient_masked, status, attempts, created_at, updated_at, sent_at)
       VALUES (?, ?, ?, 'EMAIL', 'recipient-1', 'a***@example.com', ?, 1, ?, ?, ?)`,
      [randomUUID(), id, now, deliveryStatus, now, now, deliveryStatus === 'SENT' ? now : null],
    );
    return id;
  }

  async function insertWebhookDelivery(eventId: string, accountId: string, d: { target: string; endpointId: string | null; status: string }): Promise<void> {
    const now = new Date();
    await db.query(
      `INSERT INTO webhook_delivery (id, event_id, target, endpoint_id, account_id, status, attempts, delivered_at, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, 1, ?, ?, ?)`,
      [`whd_${randomUUID()}`, eventId, d.target, d.endpointId, accountId, d.status, d.status === 'DELIVERED' ? now : null, now, now],
    );
  }

  /** The invariants that report a violation, by name. */
  const broken = (outcomes: InvariantOutcome[]) => outcomes.filter((o) => o.violationCount > 0).map((o) => o.name);
  const named = (outcomes: InvariantOutcome[], name: string) => outcomes.find((o) => o.name === name)!;

  it('a finished run holds every invariant, each having looked at something, and nothing is unsettled', async () => {
    const w = await world();
    const outcomes = await repository.check(w.scope);
    expect(outcomes.map((o) => o.name)).toEqual(NAMES);
    expect(broken(outcomes)).toEqual([]);
    for (const o of outcomes) expect(o).toMatchObject({ violationCount: 0, violations: [] });
    // Two wallets (a customer has none); three bookings; one inventory key and one train ticket; one sent message; one delivered event.
    expect(outcomes.map((o) => o.checked)).toEqual([2, 3, 2, 2, 3, 1, 1]);
    expect(await repository.unsettled(w.scope)).toEqual({ count: 0, examples: [] });
  });

  it('a balance edited behind the ledger breaks only "wallet = opening + ledger"', async () => {
    const w = await world();
    await db.query('UPDATE wallet SET balance = balance + 1 WHERE id = ?', [w.agent.walletId]);
    const outcomes = await repository.check(w.scope);
    expect(broken(outcomes)).toEqual(['wallet = opening + ledger']);
    expect(named(outcomes, 'wallet = opening + ledger').violations[0]).toContain(w.agent.walletId);
  });

  it('a held total that disagrees with the open holds breaks "wallet = opening + ledger"', async () => {
    const w = await world();
    await db.query('UPDATE wallet SET held_total = 700 WHERE id = ?', [w.spare.walletId]);
    expect(broken(await repository.check(w.scope))).toEqual(['wallet = opening + ledger']);
  });

  it('a second debit of one booking from another wallet breaks only "one debit per booking"', async () => {
    const w = await world();
    // Posted consistently (balance and balance_after follow it), so only the duplicate itself is wrong.
    await db.query(
      `INSERT INTO wallet_entry (wallet_id, business_key, kind, amount, balance_after, note, created_at)
       VALUES (?, ?, 'DEBIT', 30000, 20000, 'double', ?)`,
      [w.spare.walletId, `flight-reservation:${w.agentFlight}`, new Date()],
    );
    await db.query('UPDATE wallet SET balance = 20000 WHERE id = ?', [w.spare.walletId]);
    const outcomes = await repository.check(w.scope);
    expect(broken(outcomes)).toEqual(['one debit per booking']);
    expect(named(outcomes, 'one debit per booking')).toMatchObject({ violationCount: 1 });
    expect(named(outcomes, 'one debit per booking').violations[0]).toContain(`FLIGHT:${w.agentFlight} debited 2 times`);
  });

  it('a debit past the overdraft limit breaks only "no wallet below its overdraft"', async () => {
    const w = await world();
    // 50000 with a 10000 overdraft: 65000 more leaves −15000, posted consistently so the ledger still explains it.
    await db.query(
      `INSERT INTO wallet_entry (wallet_id, business_key, kind, amount, balance_after, note, created_at)
       VALUES (?, 'adjustment:overspend', 'DEBIT', 65000, -15000, 'overspend', ?)`,
      [w.spare.walletId, new Date()],
    );
    await db.query('UPDATE wallet SET balance = -15000 WHERE id = ?', [w.spare.walletId]);
    const outcomes = await repository.check(w.scope);
    expect(broken(outcomes)).toEqual(['no wallet below its overdraft']);
    expect(named(outcomes, 'no wallet below its overdraft').violations[0]).toContain(w.spare.walletId);
  });

  it('a wallet that went below its overdraft and came back still breaks "no wallet below its overdraft"', async () => {
    const w = await world();
    const at = new Date();
    await db.query(
      `INSERT INTO wallet_entry (wallet_id, business_key, kind, amount, balance_after, note, created_at)
       VALUES (?, 'adjustment:down', 'DEBIT', 70000, -20000, 'down', ?), (?, 'adjustment:up', 'CREDIT', 70000, 50000, 'up', ?)`,
      [w.spare.walletId, at, w.spare.walletId, at],
    );
    expect(broken(await repository.check(w.scope))).toEqual(['no wallet below its overdraft']);
  });

  it('two live reservations on one train seat break only "each seat won once"', async () => {
    const w = await world();
    const other = await insertTrain({ accountId: w.customer.id, status: 'RESERVED', pnr: code(6) });
    await insertTicket(other.id, { tripSet: w.tripSet, seatId: 5, from: 'DAR', to: 'DOD' });
    const outcomes = await repository.check(w.scope);
    expect(broken(outcomes)).toEqual(['each seat won once']);
    const seats = named(outcomes, 'each seat won once');
    // Not sold to its PNR at the provider, and sharing the seat from the same boarding stop.
    expect(seats.violationCount).toBe(2);
    expect(seats.violations.join('\n')).toContain(other.paymentReference);
  });

  it('a flight seat counter below what the live PNRs hold breaks only "each seat won once"', async () => {
    const w = await world();
    await db.query('UPDATE gds_sim_seat SET sold = 2 WHERE inventory_key = ?', [w.inventoryKey]);
    const outcomes = await repository.check(w.scope);
    expect(broken(outcomes)).toEqual(['each seat won once']);
    expect(named(outcomes, 'each seat won once').violations).toEqual([expect.stringContaining('a seat went twice')]);
  });

  it('PNRs holding more seats than the flight has break "each seat won once"', async () => {
    const w = await world();
    const pnr = code(6);
    await insertFlight({ accountId: w.customer.id, status: 'TST_CREATED', pnr });
    await insertSimBooking(pnr, w.inventoryKey, 3);
    await db.query('UPDATE gds_sim_seat SET sold = 5 WHERE inventory_key = ?', [w.inventoryKey]);
    const outcomes = await repository.check(w.scope);
    expect(broken(outcomes)).toEqual(['each seat won once']);
    expect(named(outcomes, 'each seat won once').violations[0]).toContain('capacity 5');
  });

  it('a purchase left ISSUING with its hold open breaks only "every booking final", and is unsettled', async () => {
    const w = await world();
    const stuck = await insertFlight({ accountId: w.spare.id, status: 'ISSUING', walletId: w.spare.walletId, debitTotal: '12000' });
    await platform.ledger.hold(w.spare.walletId, { businessKey: `flight-reservation:${stuck}`, amount: '12000' });
    const outcomes = await repository.check(w.scope);
    expect(broken(outcomes)).toEqual(['every booking final']);
    expect(named(outcomes, 'every booking final').violations).toEqual([expect.stringContaining(`(${stuck}) left ISSUING`)]);
    const unsettled = await repository.unsettled(w.scope);
    expect(unsettled.count).toBe(2);
    expect(unsettled.examples).toEqual(
      expect.arrayContaining([expect.stringContaining(`(${stuck}) ISSUING`), expect.stringContaining(`open wallet hold flight-reservation:${stuck}`)]),
    );
  });

  it('a captured train payment whose reservation was never issued breaks only "every booking final", and is unsettled', async () => {
    const w = await world();
    const paid = await insertTrain({ accountId: w.customer.id, status: 'PAID', pnr: code(6) });
    const now = new Date();
    await db.query(
      `INSERT INTO train_payment (id, reservation_id, payment_reference, account_id, method, amount, currency, status, created_at, updated_at)
       VALUES (?, ?, ?, ?, 'CARD', '20000.00', 'TZS', 'CONFIRMED', ?, ?)`,
      [randomUUID(), paid.id, paid.paymentReference, w.customer.id, now, now],
    );
    const outcomes = await repository.check(w.scope);
    expect(broken(outcomes)).toEqual(['every booking final']);
    expect(named(outcomes, 'every booking final').violations).toEqual([expect.stringContaining(`train ${paid.paymentReference}`)]);
    expect((await repository.unsettled(w.scope)).examples).toEqual([expect.stringContaining(`train ${paid.paymentReference} (${paid.id}) PAID`)]);
  });

  it('an issued booking whose debit never came breaks "every booking final"', async () => {
    const w = await world();
    const issued = await insertFlight({ accountId: w.spare.id, status: 'ISSUED', walletId: w.spare.walletId, debitTotal: '1000', issued: true });
    const outcomes = await repository.check(w.scope);
    expect(broken(outcomes)).toEqual(['every booking final']);
    expect(named(outcomes, 'every booking final').violations).toEqual([expect.stringContaining(`(${issued}) issued with 0 debits`)]);
  });

  it('one ticket message sent twice to one recipient breaks only "one notification per booking and channel"', async () => {
    const w = await world();
    // Under another dedupe key, as a duplicated request would be.
    await insertNotification(w.agentFlight, `flight:${w.agentFlight}:TICKET:again`, 'SENT');
    const outcomes = await repository.check(w.scope);
    expect(broken(outcomes)).toEqual(['one notification per booking and channel']);
    expect(named(outcomes, 'one notification per booking and channel').violations).toEqual([expect.stringContaining('TICKET sent 2 times by EMAIL')]);
  });

  it('one event delivered twice to one endpoint breaks only "one webhook delivery per event and endpoint"', async () => {
    const w = await world();
    await insertWebhookDelivery(w.eventId, w.agent.id, { target: `${w.endpointId}-again`, endpointId: w.endpointId, status: 'DELIVERED' });
    const outcomes = await repository.check(w.scope);
    expect(broken(outcomes)).toEqual(['one webhook delivery per event and endpoint']);
    expect(named(outcomes, 'one webhook delivery per event and endpoint').violations).toEqual([`event ${w.eventId} delivered 2 times to ${w.endpointId}`]);
  });

  it('pending deliveries and an outbox row not relayed are unsettled, and break no invariant', async () => {
    const w = await world();
    await insertNotification(w.customerFlight, `flight:${w.customerFlight}:TICKET`, 'RETRYING');
    await insertWebhookDelivery(w.eventId, w.agent.id, { target: 'callback', endpointId: null, status: 'RETRYING' });
    const now = new Date();
    const outbox: { insertId: number } = await db.query(
      "INSERT INTO outbox_message (queue, job_name, payload, available_at, created_at) VALUES ('chaos-test', 'probe', '{}', ?, ?)",
      [now, now],
    );
    try {
      expect(broken(await repository.check(w.scope))).toEqual([]);
      const unsettled = await repository.unsettled(w.scope);
      expect(unsettled.count).toBe(3);
      expect(unsettled.examples).toEqual(
        expect.arrayContaining([
          expect.stringContaining(`outbox ${outbox.insertId} chaos-test/probe`),
          expect.stringContaining(`${w.customerFlight} TICKET EMAIL RETRYING`),
          expect.stringContaining('to callback RETRYING'),
        ]),
      );
    } finally {
      // The outbox is read by time, not by account: later cases must not see this row.
      await db.query('DELETE FROM outbox_message WHERE id = ?', [outbox.insertId]);
    }
  });

  it("another run's accounts are out of scope", async () => {
    const w = await world();
    await db.query('UPDATE wallet SET balance = balance + 1 WHERE id = ?', [w.agent.walletId]);
    const elsewhere = await world();
    expect(broken(await repository.check(elsewhere.scope))).toEqual([]);
  });

  it('refuses an empty or oversized scope instead of reading everything', async () => {
    await expect(repository.check({ accountIds: [], since: new Date() })).rejects.toThrow('at least one account');
    const many = Array.from({ length: 1001 }, () => randomUUID());
    await expect(repository.unsettled({ accountIds: many, since: new Date() })).rejects.toThrow('at most 1000');
  });
});
