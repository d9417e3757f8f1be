import { randomUUID } from 'node:crypto';
import type { Job } from 'bullmq';
import type { Platform } from '../../shared/platform/platform.wiring';
import type { PlatformConfig, RetentionConfig } from '../../shared/config/platform.config';
import { createAccountService } from '../../subgraphs/admin/admin.wiring';
import { SUBGRAPH_MODULES } from '../../subgraphs/subgraph.registry';
import { platformPurges } from '../../shared/retention/platform.purges';
import { RETENTION_JOB, RETENTION_QUEUE, retentionJob, RetentionRun } from '../../shared/retention/retention.job';
import type { RetentionPurge } from '../../shared/retention/retention.types';
import { WalletHoldRepository } from '../../shared/wallet/wallet-hold.repository';
import { WorkerHost } from '../../shared/queue/worker-host.service';
import { createTestPlatform } from '../support/test-platform';
import { waitFor } from '../support/wait';

/**
 * The retention purge (issue 23, item 6) against the real MariaDB: for each kind, rows past the retention go and
 * newer or still needed ones stay; batches; the metric and the job's result; overlapping runs; switching it off.
 * Rows are written with old timestamps straight into the tables, as the code would have written them back then.
 */
let env: Awaited<ReturnType<typeof createTestPlatform>>;
let platform: Platform;
const DAY = 86_400_000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY);
const dateOf = (d: Date) => d.toISOString().slice(0, 10);

const PURGED_TABLES = [
  'outbox_message',
  'notification_attempt',
  'notification_delivery',
  'notification',
  'train_seat_hold',
  'rail_sim_hold',
  'rail_sim_seat_segment',
  'rail_sim_reservation_key',
  'rail_sim_reservation',
  'rail_sim_trigger',
  'gds_sim_booking_key',
  'gds_sim_booking',
  'gds_sim_seat',
  'gds_sim_trigger',
];

beforeAll(async () => {
  env = await createTestPlatform({ RETENTION_BATCH_PAUSE_MS: '0' });
  platform = env.platform;
});
afterAll(() => env.close());
beforeEach(async () => {
  for (const table of PURGED_TABLES) await platform.dataSource.query(`DELETE FROM ${table}`);
});

/** Every purge, as bin/stack.wiring.ts registers them for the worker. */
function purgesOf(on: Platform): RetentionPurge[] {
  const modules = Object.values(SUBGRAPH_MODULES);
  const sources = modules.flatMap((m) => m.notificationSources?.(on) ?? []);
  return [...platformPurges(on, sources), ...modules.flatMap((m) => m.retentionPurges?.(on) ?? [])];
}

/** One run of the job as a worker runs it, with these retention settings over the configured ones. */
function run(settings: Partial<RetentionConfig> = {}): Promise<RetentionRun> {
  const config: PlatformConfig = { ...platform.config, retention: { ...platform.config.retention, ...settings } };
  const on = { ...platform, config };
  return retentionJob(on, purgesOf(on)).process({}, undefined as unknown as Job<object>) as Promise<RetentionRun>;
}

const count = async (sql: string, params: unknown[] = []) => Number(((await platform.dataSource.query(sql, params)) as Array<{ n: string }>)[0].n);
const ids = async (sql: string, params: unknown[] = []) => ((await platform.dataSource.query(sql, params)) as Array<{ id: string }>).map((r) => r.id).sort();

async function outboxRow(createdAt: Date, relayedAt: Date | null, jobId: string | null = null): Promise<string> {
  const result: { insertId: number } = await platform.dataSource.query(
    `INSERT INTO outbox_message (queue, job_name, payload, available_at, created_at, relayed_at, job_id) VALUES ('q', 'j', '{}', ?, ?, ?, ?)`,
    [createdAt, createdAt, relayedAt, jobId],
  );
  return String(result.insertId);
}

describe('outbox', () => {
  it('removes rows relayed before RETENTION_OUTBOX_DAYS (30), keyed ones too; keeps newer relayed and unrelayed rows', async () => {
    const old = await outboxRow(daysAgo(31), daysAgo(31));
    const oldKeyed = await outboxRow(daysAgo(40), daysAgo(40), 'train-reserve-reconcile-r1-0');
    const recent = await outboxRow(daysAgo(40), daysAgo(29));
    const unrelayed = await outboxRow(daysAgo(100), null);
    const result = await run();
    expect(result.kinds.outbox).toMatchObject({ days: 30, removed: 2, tables: { outbox_message: 2 }, complete: true });
    expect(await ids('SELECT id FROM outbox_message')).toEqual([recent, unrelayed].sort());
    expect([old, oldKeyed]).not.toContain(recent);
  });

  it('works in batches: more rows than a run may take go over two runs, each batch a bounded statement', async () => {
    for (let i = 0; i < 10; i++) await outboxRow(daysAgo(60), daysAgo(60 - i));
    const first = await run({ batchSize: 3, maxBatchesPerRun: 2 });
    expect(first.kinds.outbox).toMatchObject({ removed: 6, batches: 2, complete: false });
    expect(await count('SELECT COUNT(*) AS n FROM outbox_message')).toBe(4);
    const second = await run({ batchSize: 3, maxBatchesPerRun: 2 });
    expect(second.kinds.outbox).toMatchObject({ removed: 4, complete: true });
    expect(await count('SELECT COUNT(*) AS n FROM outbox_message')).toBe(0);
  });

  it('two overlapping runs (two workers) remove every row once and both succeed', async () => {
    for (let i = 0; i < 25; i++) await outboxRow(daysAgo(45), daysAgo(45));
    const [a, b] = await Promise.all([run({ batchSize: 4, maxBatchesPerRun: 20 }), run({ batchSize: 4, maxBatchesPerRun: 20 })]);
    expect(a.kinds.outbox.removed + b.kinds.outbox.removed).toBe(25);
    expect(await count('SELECT COUNT(*) AS n FROM outbox_message')).toBe(0);
  });

  it('counts what it removed in safiri_retention_purged_rows_total{kind} and returns it per kind and table', async () => {
    const before = await purgedMetric('outbox');
    for (let i = 0; i < 3; i++) await outboxRow(daysAgo(31), daysAgo(31));
    const result = await run();
    expect(result.enabled).toBe(true);
    expect(Object.keys(result.kinds).sort()).toEqual(
      [
        'access-tokens',
        'gds-sim-bookings',
        'gds-sim-seats',
        'gds-sim-triggers',
        'notifications',
        'outbox',
        'rail-sim-holds',
        'rail-sim-reservations',
        'rail-sim-seats',
        'rail-sim-triggers',
        'train-seat-holds',
        'wallet-holds',
        'webhooks',
      ].sort(),
    );
    expect(result.kinds.outbox).toMatchObject({ removed: 3, tables: { outbox_message: 3 }, cutoff: expect.any(String) });
    expect(await purgedMetric('outbox')).toBe(before + 3);
  });

  it('a kind that fails stops neither the others nor the count: the run then fails naming it', async () => {
    await outboxRow(daysAgo(31), daysAgo(31));
    const broken: RetentionPurge = {
      kind: 'broken',
      days: 1,
      purgeBatch: () => Promise.reject(new Error('table is gone')),
    };
    const job = retentionJob(platform, [broken, ...purgesOf(platform)]);
    await expect(job.process({}, undefined as unknown as Job<object>)).rejects.toThrow('retention purge failed for broken (table is gone)');
    expect(await count('SELECT COUNT(*) AS n FROM outbox_message')).toBe(0);
  });

  it('is off per kind with days 0, and wholly with RETENTION_ENABLED=false', async () => {
    const row = await outboxRow(daysAgo(400), daysAgo(400));
    expect((await run({ outboxDays: null })).kinds.outbox).toMatchObject({ days: null, removed: 0, cutoff: null });
    expect(await run({ enabled: false })).toEqual({ enabled: false, kinds: {} });
    expect(await ids('SELECT id FROM outbox_message')).toEqual([row]);
  });
});

async function purgedMetric(kind: string): Promise<number> {
  const text = await platform.metrics.text();
  const line = text.split('\n').find((l) => l.startsWith(`safiri_retention_purged_rows_total{kind="${kind}"}`));
  return line ? Number(line.split(' ').pop()) : 0;
}

describe('access tokens', () => {
  it('removes tokens that stopped working before the retention: revoked, idle past ACCESS_TOKEN_IDLE_DAYS, of a retired key', async () => {
    const account = await createAccountService(platform).create({
      email: `tokens-${randomUUID().slice(0, 8)}@retention.test`,
      password: 'a long password',
      role: 'CUSTOMER',
    });
    const [{ kid }] = (await platform.dataSource.query('SELECT kid FROM signing_key WHERE retired_at IS NULL LIMIT 1')) as Array<{ kid: string }>;
    const retiredLong = `old-${randomUUID().slice(0, 8)}`;
    const retiredRecently = `new-${randomUUID().slice(0, 8)}`;
    for (const [k, at] of [
      [retiredLong, daysAgo(31)],
      [retiredRecently, daysAgo(5)],
    ] as const) {
      await platform.dataSource.query("INSERT INTO signing_key (kid, public_jwk, created_at, retired_at) VALUES (?, '{}', ?, ?)", [k, daysAgo(400), at]);
    }
    const token = async (keyId: string, issuedAt: Date, lastUsedAt: Date | null, revokedAt: Date | null) => {
      const jti = randomUUID();
      await platform.dataSource.query('INSERT INTO access_token (jti, account_id, kid, issued_at, last_used_at, revoked_at) VALUES (?, ?, ?, ?, ?, ?)', [
        jti,
        account.id,
        keyId,
        issuedAt,
        lastUsedAt,
        revokedAt,
      ]);
      return jti;
    };
    const gone = [
      await token(kid, daysAgo(50), null, daysAgo(31)), // revoked 31 days ago
      await token(kid, daysAgo(200), null, null), // never used: lapsed 110 days ago (90 idle)
      await token(kid, daysAgo(300), daysAgo(125), null), // last used 125 days ago: lapsed 35 days ago
      await token(retiredLong, daysAgo(2), daysAgo(1), null), // its key retired 31 days ago
    ];
    const kept = [
      await token(kid, daysAgo(50), null, daysAgo(5)), // revoked recently
      await token(kid, daysAgo(100), null, null), // lapsed 10 days ago: within the retention
      await token(kid, daysAgo(300), daysAgo(2), null), // in use
      await token(retiredRecently, daysAgo(2), null, null), // its key retired recently
      await token(kid, new Date(), null, null),
    ];
    const result = await run({ batchSize: 2 });
    expect(result.kinds['access-tokens']).toMatchObject({ days: 30, removed: 4, complete: true });
    const left = await ids('SELECT jti AS id FROM access_token WHERE account_id = ?', [account.id]);
    expect(left).toEqual([...kept].sort());
    expect(left).not.toEqual(expect.arrayContaining([gone[0]]));
  });
});

describe('wallet holds', () => {
  async function agentWallet() {
    const account = await createAccountService(platform).create({
      email: `holds-${randomUUID().slice(0, 8)}@retention.test`,
      password: 'a long password',
      role: 'SERVICE_AGENT',
      openingBalance: '1000000',
    });
    return account.wallet!.id;
  }
  const settle = (walletId: string, key: string, settledAt: Date) =>
    platform.dataSource.query('UPDATE wallet_hold SET created_at = ?, settled_at = ? WHERE wallet_id = ? AND business_key = ?', [
      settledAt,
      settledAt,
      walletId,
      key,
    ]);
  const holdKeys = (walletId: string) => ids('SELECT business_key AS id FROM wallet_hold WHERE wallet_id = ?', [walletId]);

  it('removes released and captured holds settled before RETENTION_WALLET_HOLD_DAYS (90); a HELD hold never; the ledger answers as before', async () => {
    const wallet = await agentWallet();
    const { ledger } = platform;
    await ledger.hold(wallet, { businessKey: 'released-old', amount: '1000' });
    await ledger.release(wallet, 'released-old');
    await settle(wallet, 'released-old', daysAgo(91));
    await ledger.hold(wallet, { businessKey: 'captured-old', amount: '2000' });
    await ledger.debit(wallet, { businessKey: 'captured-old', amount: '2000' });
    await settle(wallet, 'captured-old', daysAgo(91));
    await ledger.hold(wallet, { businessKey: 'held-old', amount: '3000' });
    await platform.dataSource.query("UPDATE wallet_hold SET created_at = ? WHERE business_key = 'held-old' AND wallet_id = ?", [daysAgo(400), wallet]);
    await ledger.hold(wallet, { businessKey: 'released-recent', amount: '4000' });
    await ledger.release(wallet, 'released-recent');
    await settle(wallet, 'released-recent', daysAgo(10));

    const result = await run();
    expect(result.kinds['wallet-holds']).toMatchObject({ days: 90, removed: 2 });
    expect(await holdKeys(wallet)).toEqual(['held-old', 'released-recent']);
    expect((await ledger.findByAccount(await accountOf(wallet)))!.held).toBe('3000');

    // A captured key is still settled (its debit is a ledger entry): holding it again holds nothing.
    expect(await ledger.hold(wallet, { businessKey: 'captured-old', amount: '2000' })).toMatchObject({ admitted: true, held: '3000' });
    expect(await holdKeys(wallet)).toEqual(['held-old', 'released-recent']);
    // A released key is admitted again, as it was while its hold was there.
    await ledger.hold(wallet, { businessKey: 'released-old', amount: '1000' });
    expect(await ledger.holdOf(wallet, 'released-old')).toEqual({ amount: '1000.0000', status: 'HELD' });
    expect((await ledger.findByAccount(await accountOf(wallet)))!.held).toBe('4000');
  });

  it('a released hold purged while it is being admitted again is written anew: no held amount without its hold', async () => {
    const wallet = await agentWallet();
    await platform.ledger.hold(wallet, { businessKey: 'rehold', amount: '5000' });
    await platform.ledger.release(wallet, 'rehold');
    await platform.dataSource.transaction(async (m) => {
      // This transaction's snapshot still shows the RELEASED hold; the purge deletes it meanwhile from another connection.
      await m.query('SELECT COUNT(*) FROM wallet_hold WHERE wallet_id = ?', [wallet]);
      await new WalletHoldRepository(platform.dataSource).purgeSettled(new Date(Date.now() + DAY), 1000);
      expect(await count("SELECT COUNT(*) AS n FROM wallet_hold WHERE wallet_id = ? AND business_key = 'rehold'", [wallet])).toBe(0);
      await platform.ledger.hold(wallet, { businessKey: 'rehold', amount: '5000' }, m);
    });
    expect(await platform.ledger.holdOf(wallet, 'rehold')).toEqual({ amount: '5000.0000', status: 'HELD' });
    expect((await platform.ledger.findByAccount(await accountOf(wallet)))!.held).toBe('5000');
  });

  async function accountOf(walletId: string): Promise<string> {
    return ((await platform.dataSource.query('SELECT account_id FROM wallet WHERE id = ?', [walletId])) as Array<{ account_id: string }>)[0].account_id;
  }
});

describe('notifications', () => {
  async function notification(kind: string, bookingId: string, status: string, createdAt: Date, deliveries: Array<{ status: string; updatedAt: Date }> = []) {
    const id = randomUUID();
    await platform.dataSource.query(
      `INSERT INTO notification (id, dedupe_key, booking_kind, booking_id, message_type, trigger_kind, status, not_before, created_at)
       VALUES (?, ?, ?, ?, 'TICKET', 'AUTOMATIC', ?, ?, ?)`,
      [id, `${kind}:${bookingId}:${id}`, kind, bookingId, status, createdAt, createdAt],
    );
    for (const [i, d] of deliveries.entries()) {
      const deliveryId = randomUUID();
      await platform.dataSource.query(
        `INSERT INTO notification_delivery (id, notification_id, channel, recipient_key, recipient_masked, status, attempts, created_at, updated_at)
         VALUES (?, ?, 'EMAIL', ?, 'a***@example.com', ?, 1, ?, ?)`,
        [deliveryId, id, `r${i}`, d.status, createdAt, d.updatedAt],
      );
      await platform.dataSource.query(
        "INSERT INTO notification_attempt (delivery_id, attempt, status, provider, started_at) VALUES (?, 1, 'SENT', 'sink', ?)",
        [deliveryId, createdAt],
      );
    }
    return id;
  }
  const sent = (at: Date) => ({ status: 'SENT', updatedAt: at });

  async function flightReservation(status: string, updatedAt: Date, departure: Date | null): Promise<string> {
    const id = randomUUID();
    const ref = randomUUID().slice(0, 8).toUpperCase();
    await platform.dataSource.query(
      `INSERT INTO flight_reservation (id, account_id, channel, booking_user_type, offer_reference, selected_option, notifications, status,
         booking_reference, payment_reference, language, display_currency, supplier_offer, price, original_price, price_version, requirements,
         offer_expires_at, authentication_context, created_at, updated_at)
       VALUES (?, ?, 'AGENT', 'SERVICE_AGENT', ?, 'A', '{}', ?, ?, ?, 'en', 'TZS', '{}', '{}', '{}', 'v1', '{}', ?, 'WEB_APP', ?, ?)`,
      [id, randomUUID(), randomUUID(), status, `B${ref}`, `P${ref}`, updatedAt, updatedAt, updatedAt],
    );
    if (departure) {
      await platform.dataSource.query(
        `INSERT INTO flight_ticket (uuid, ticket_id, reservation_id, traveler_id, passenger_reference, itinerary_index, direction, departure_date,
           departure_time, from_code, to_code, from_name, to_name, price_total, price_currency, provider_segment_references, document_status, coupons, status)
         VALUES (?, ?, ?, '1', 1, 0, 'OUTBOUND', ?, '10:00', 'DAR', 'NBO', 'Dar', 'Nairobi', 100, 'USD', '1', 'ISSUED', '[]', 'ISSUED')`,
        [randomUUID(), `T${ref}`, id, dateOf(departure)],
      );
    }
    return id;
  }

  async function trainReservation(status: string, updatedAt: Date, travel: Date | null): Promise<string> {
    const id = randomUUID();
    const ref = randomUUID().replace(/-/g, '').slice(0, 12).toUpperCase();
    await platform.dataSource.query(
      `INSERT INTO train_reservation (id, account_id, booking_user_type, idempotency_key, request_fingerprint, status, journey_type, ticket_purchase,
         notifications, outbound, passengers, authentication_context, language, pricing_context, payment_reference, created_at, updated_at)
       VALUES (?, ?, 'SERVICE_AGENT', ?, ?, ?, 'ONE_WAY', 1, '{}', '{}', '[]', 'WEB_APP', 'en', 'AGENT', ?, ?, ?)`,
      [id, randomUUID(), randomUUID().replace(/-/g, '') + ref, 'f'.repeat(64), status, `SGRP${ref}`.slice(0, 20), updatedAt, updatedAt],
    );
    if (travel) {
      await platform.dataSource.query(
        `INSERT INTO train_ticket (train_ticket_uuid, reservation_id, passenger_index, journey, passenger_name, passenger_phone, ticket_number, hold_key,
           time_table_train_set_id, travel_date, from_stop_id, to_stop_id, car_id, car_type_id, car_class, seat_id, seat_label, ticket_type_id, luggage_id,
           fare_amount, price_total, price_currency, price, status, authentication_context, created_at, updated_at)
         VALUES (?, ?, 0, 'OUTBOUND', 'A Passenger', '255700000000', ?, 'SGRH-x', 1, ?, 'DAR', 'DOD', 1, 1, 'ECONOMY', 1, '1A', 4, 5, 100, 100, 'TZS', '{}',
           'ISSUED', 'WEB_APP', ?, ?)`,
        [randomUUID(), id, `TN${ref}`, dateOf(travel), updatedAt, updatedAt],
      );
    }
    return id;
  }

  it('removes settled notifications of finished bookings past RETENTION_NOTIFICATION_DAYS (90), with deliveries and attempts; keeps the rest', async () => {
    const old = daysAgo(91);
    const gone = [
      await notification('account', randomUUID(), 'PLANNED', old, [sent(old), sent(old)]),
      await notification('account', randomUUID(), 'SUPPRESSED', old),
      await notification('flight', await flightReservation('ISSUED', daysAgo(100), daysAgo(95)), 'PLANNED', old, [sent(old)]),
      await notification('flight', await flightReservation('REFUND_PENDING', daysAgo(100), daysAgo(-20)), 'PLANNED', old, [sent(old)]),
      await notification('train', await trainReservation('CANCELLED', daysAgo(100), null), 'PLANNED', old, [sent(old)]),
      await notification('train', await trainReservation('ISSUED', daysAgo(100), daysAgo(98)), 'PLANNED', old, [sent(old)]),
      await notification('flight', randomUUID(), 'FAILED', old), // its booking is not found
    ];
    const kept = [
      await notification('account', randomUUID(), 'PENDING', old), // not planned yet: e.g. a reminder far ahead
      await notification('account', randomUUID(), 'PLANNED', old, [sent(old), { status: 'RETRYING', updatedAt: old }]),
      await notification('account', randomUUID(), 'PLANNED', old, [sent(daysAgo(10))]), // a delivery changed recently
      await notification('account', randomUUID(), 'PLANNED', daysAgo(10), [sent(daysAgo(10))]),
      await notification('flight', await flightReservation('ISSUED', daysAgo(100), daysAgo(-10)), 'PLANNED', old, [sent(old)]), // not flown yet
      await notification('flight', await flightReservation('TST_CREATED', daysAgo(100), null), 'PLANNED', old, [sent(old)]), // still active
      await notification('flight', await flightReservation('CANCELLED', daysAgo(10), null), 'PLANNED', old, [sent(old)]), // changed recently
      await notification('train', await trainReservation('ISSUED', daysAgo(100), daysAgo(-5)), 'PLANNED', old, [sent(old)]), // not travelled yet
      await notification('train', await trainReservation('PENDING', daysAgo(100), null), 'PLANNED', old, [sent(old)]), // needs attention
      await notification('bus', randomUUID(), 'PLANNED', old, [sent(old)]), // a kind with no source: kept
    ];
    const result = await run({ batchSize: 4 });
    expect(result.kinds.notifications).toMatchObject({
      days: 90,
      tables: { notification: gone.length, notification_delivery: 6, notification_attempt: 6 },
      complete: true,
    });
    expect(await ids('SELECT id FROM notification')).toEqual([...kept].sort());
    expect(await count('SELECT COUNT(*) AS n FROM notification_delivery')).toBe(10);
    expect(await count('SELECT COUNT(*) AS n FROM notification_attempt')).toBe(10);
  });
});

describe('train seat holds', () => {
  async function seatHold(status: string, expiresAt: Date, releasedAt: Date | null = null): Promise<string> {
    const key = `SGRH-${randomUUID()}`;
    await platform.dataSource.query(
      `INSERT INTO train_seat_hold (hold_key, account_id, time_table_train_set_id, travel_date, car_id, seat_id, from_partner_id, to_partner_id, luggage_id,
         status, expires_at, created_at, released_at) VALUES (?, ?, 1, ?, 1, 1, 1, 2, 5, ?, ?, ?, ?)`,
      [key, randomUUID(), dateOf(expiresAt), status, expiresAt, expiresAt, releasedAt],
    );
    return key;
  }

  it('removes holds that lapsed (and, if released, were released) before RETENTION_TRAIN_SEAT_HOLD_DAYS (30); keeps live and recent ones', async () => {
    await seatHold('HELD', daysAgo(31));
    await seatHold('RELEASED', daysAgo(40), daysAgo(41));
    await seatHold('RESERVED', daysAgo(31));
    await seatHold('PENDING', daysAgo(35));
    const kept = [
      await seatHold('HELD', daysAgo(29)),
      await seatHold('RELEASED', daysAgo(40), daysAgo(5)), // released long after it lapsed
      await seatHold('HELD', new Date(Date.now() + 600_000)),
    ];
    const result = await run({ batchSize: 2 });
    expect(result.kinds['train-seat-holds']).toMatchObject({ days: 30, removed: 4, complete: true });
    expect(await ids('SELECT hold_key AS id FROM train_seat_hold')).toEqual([...kept].sort());
  });
});

describe('sandbox simulators (RETENTION_SANDBOX_DAYS, 30, past the 361-day sales horizon where bookings could still travel)', () => {
  const PAST_HORIZON = 361 + 31;
  const WITHIN_HORIZON = 361 + 29;

  it('rail: holds after 30 days, seat segments 30 days after their train ran, reservations with their keys and trigger memory past the horizon', async () => {
    const q = (sql: string, params: unknown[]) => platform.dataSource.query(sql, params);
    for (const [key, created] of [
      ['a'.repeat(64), daysAgo(31)],
      ['b'.repeat(64), daysAgo(29)],
    ] as const) {
      await q("INSERT INTO rail_sim_hold (key_hash, payload, status, created_at) VALUES (?, '{}', 'RELEASED', ?)", [key, created]);
    }
    for (const [trip, seat] of [
      [`7@${dateOf(daysAgo(31))}`, 1],
      [`7@${dateOf(daysAgo(31))}`, 2],
      [`7@${dateOf(daysAgo(29))}`, 1],
      [`7@${dateOf(daysAgo(-30))}`, 1],
    ] as const) {
      await q("INSERT INTO rail_sim_seat_segment (trip_key, seat_id, segment_no, owner_hash, sold, pnr) VALUES (?, ?, 0, ?, 1, 'PNR001')", [
        trip,
        seat,
        'c'.repeat(64),
      ]);
    }
    for (const [pnr, updated] of [
      ['OLD001', daysAgo(PAST_HORIZON)],
      ['NEW001', daysAgo(WITHIN_HORIZON)],
    ] as const) {
      await q("INSERT INTO rail_sim_reservation (pnr, payload, version, created_at, updated_at) VALUES (?, '{}', 1, ?, ?)", [pnr, updated, updated]);
      await q('INSERT INTO rail_sim_reservation_key (key_hash, pnr, created_at) VALUES (?, ?, ?)', [pnr.padEnd(64, 'k'), pnr, updated]);
    }
    await q("INSERT INTO rail_sim_trigger (trigger_hash, trigger_name, hits, created_at) VALUES (?, 'payout-retry|OLD001', 1, ?)", [
      'd'.repeat(64),
      daysAgo(PAST_HORIZON),
    ]);
    await q("INSERT INTO rail_sim_trigger (trigger_hash, trigger_name, hits) VALUES (?, 'payout-retry|NEW001', 1)", ['e'.repeat(64)]);

    const result = await run();
    expect(result.kinds['rail-sim-holds']).toMatchObject({ removed: 1 });
    expect(result.kinds['rail-sim-seats']).toMatchObject({ removed: 2 });
    expect(result.kinds['rail-sim-reservations']).toMatchObject({ removed: 2, tables: { rail_sim_reservation: 1, rail_sim_reservation_key: 1 } });
    expect(result.kinds['rail-sim-triggers']).toMatchObject({ removed: 1 });
    expect(await ids('SELECT key_hash AS id FROM rail_sim_hold')).toEqual(['b'.repeat(64)]);
    expect(await ids('SELECT service_date AS id FROM rail_sim_seat_segment')).toEqual([dateOf(daysAgo(29)), dateOf(daysAgo(-30))].sort());
    expect(await ids('SELECT pnr AS id FROM rail_sim_reservation')).toEqual(['NEW001']);
    expect(await ids('SELECT pnr AS id FROM rail_sim_reservation_key')).toEqual(['NEW001']);
    expect(await ids('SELECT trigger_hash AS id FROM rail_sim_trigger')).toEqual(['e'.repeat(64)]);
  });

  it('GDS: bookings with their keys and trigger memory past the horizon, seat counters 30 days after their flight; ticket numbers stay', async () => {
    const q = (sql: string, params: unknown[]) => platform.dataSource.query(sql, params);
    for (const [pnr, updated] of [
      ['OLDPNR', daysAgo(PAST_HORIZON)],
      ['NEWPNR', daysAgo(WITHIN_HORIZON)],
    ] as const) {
      await q("INSERT INTO gds_sim_booking (pnr, payload, version, created_at, updated_at) VALUES (?, '{}', 1, ?, ?)", [pnr, updated, updated]);
      await q('INSERT INTO gds_sim_booking_key (key_hash, pnr, created_at) VALUES (?, ?, ?)', [pnr.padEnd(64, 'k'), pnr, updated]);
    }
    for (const [key, date] of [
      ['KQ100', daysAgo(31)],
      ['KQ101', daysAgo(29)],
      ['KQ102', daysAgo(-100)],
    ] as const) {
      await q('INSERT INTO gds_sim_seat (inventory_key, capacity, sold) VALUES (?, 100, 3)', [`${key}@${dateOf(date)}|ECONOMY`]);
    }
    await q("INSERT INTO gds_sim_trigger (trigger_hash, trigger_name, hits, created_at) VALUES (?, 'issue|OLDPNR', 1, ?)", [
      'f'.repeat(64),
      daysAgo(PAST_HORIZON),
    ]);
    await q("INSERT INTO gds_sim_trigger (trigger_hash, trigger_name, hits) VALUES (?, 'issue|NEWPNR', 1)", ['0'.repeat(64)]);
    const ticket = `706${randomUUID().replace(/\D/g, '').padEnd(10, '1').slice(0, 10)}`;
    await q("INSERT INTO gds_sim_ticket (ticket_number, owner) VALUES (?, 'OLDPNR/1')", [ticket]);

    const result = await run();
    expect(result.kinds['gds-sim-bookings']).toMatchObject({ removed: 2, tables: { gds_sim_booking: 1, gds_sim_booking_key: 1 } });
    expect(result.kinds['gds-sim-seats']).toMatchObject({ removed: 1 });
    expect(result.kinds['gds-sim-triggers']).toMatchObject({ removed: 1 });
    expect(await ids('SELECT pnr AS id FROM gds_sim_booking')).toEqual(['NEWPNR']);
    expect(await ids('SELECT pnr AS id FROM gds_sim_booking_key')).toEqual(['NEWPNR']);
    expect(await ids('SELECT inventory_key AS id FROM gds_sim_seat')).toEqual([
      `KQ101@${dateOf(daysAgo(29))}|ECONOMY`,
      `KQ102@${dateOf(daysAgo(-100))}|ECONOMY`,
    ]);
    expect(await ids('SELECT trigger_hash AS id FROM gds_sim_trigger')).toEqual(['0'.repeat(64)]);
    expect(await count('SELECT COUNT(*) AS n FROM gds_sim_ticket WHERE ticket_number = ?', [ticket])).toBe(1);
  });
});

describe('the recurring job', () => {
  it('is a BullMQ job scheduler on the retention queue: a worker runs it and keeps its result for the dashboard', async () => {
    await outboxRow(daysAgo(31), daysAgo(31));
    const connection = platform.queueRedis.duplicate();
    const host = new WorkerHost(connection, platform.config.queuePrefix, platform.logger);
    const job = retentionJob(platform, purgesOf(platform));
    try {
      host.start([job]);
      await host.schedule([job], platform.queues);
      const queue = platform.queues.get(RETENTION_QUEUE);
      expect((await queue.getJobSchedulers()).map((s) => s.key)).toEqual([RETENTION_JOB]);
      const [done] = await waitFor(
        () => queue.getCompleted(),
        (jobs) => jobs.length > 0,
      );
      expect(done.name).toBe(RETENTION_JOB);
      expect((done.returnvalue as RetentionRun).kinds.outbox).toMatchObject({ removed: 1 });
    } finally {
      await host.close();
      connection.disconnect();
    }
  });
});
