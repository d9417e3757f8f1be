import { ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { PlatformConfig } from '../../shared/config/platform.config';
import { ensureDatabase } from '../../shared/database/data-source.factory';
import { createLogger } from '../../shared/logging/logger';
import { closePlatform, createPlatform, Platform } from '../../shared/platform/platform.wiring';
import { DATABASE_MODULES } from '../../subgraphs/subgraph.registry';
import { RunningStack, startStack } from '../../bin/stack.wiring';
import { prepareDatabase } from '../../bin/prepare-database.service';
import { childEnv, cleanUp, deleteKeys, TEST_PROCESS_ENV, testConfig } from '../support/test-platform';
import { adult, daysAhead, FlightClient } from '../support/flight-client';
import { nextMonthDay, reserveSeat, selectExpressTrain } from '../support/train-trip';
import { waitFor } from '../support/wait';
import { GdsSimulator } from '../../subgraphs/flight/supplier/gds-simulator.adapter';
import { MysqlSimulatorStore } from '../../subgraphs/flight/supplier/simulator/mysql-simulator.repository';
import type { RestAgentReservationAnswer } from '../support/rest-bodies';

/**
 * docs/decisions.md "Recovery without the client": the whole stack is SIGKILLed at each step of a flight purchase
 * and of a train issuance (a failpoint in the child process, test/support/crashing-stack.process.ts). After a
 * restart, and without any client call, every booking ends issued once, debited once, with its ticket message
 * asked for once and no wallet hold left open.
 */
describe('crash at each step, recovery without the client', () => {
  let config: PlatformConfig;
  let platform: Platform;
  const crashed: Array<{ point: string; kind: 'flight' | 'train'; reservationId: string; walletId: string }> = [];
  const cancelled: Array<{ point: string; reservationId: string; pnr: string }> = [];
  const children: ChildProcess[] = [];
  let n = 0;
  const sql = <Row = Record<string, unknown>>(q: string, params: unknown[] = []) => platform.dataSource.query<Row[]>(q, params);

  beforeAll(async () => {
    config = testConfig({
      JOB_LOCK_MS: '1000',
      RECOVERY_INTERVAL_SECONDS: '1',
      RECOVERY_STALE_SECONDS: '2',
      FLIGHT_ISSUANCE_LEASE_SECONDS: '2',
      FLIGHT_CANCELLATION_LEASE_SECONDS: '2',
    });
    await ensureDatabase(config.databaseUrl);
    platform = await createPlatform(config, DATABASE_MODULES, { logger: createLogger('error') });
    await prepareDatabase(platform);
  });
  afterEach(() => {
    // A failed case must not leave its stack running.
    for (const child of children.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });
  afterAll(async () => {
    await closePlatform(platform);
    await cleanUp(config);
    await deleteKeys(config.redisUrl, `${config.queuePrefix}.*`);
  });

  /** The stack in a child process with one failpoint; resolves with its gateway URL and its exit. */
  async function crashingStack(point: string): Promise<{ url: string; exited: Promise<NodeJS.Signals | number | null>; child: ChildProcess }> {
    const script = path.join(__dirname, '..', 'support', 'crashing-stack.process.js');
    const child = spawn(process.execPath, [script], {
      // Its own queues, and no recovery of its own: what a crashed stack left is healed by the restart alone, not by
      // the next crashing stack (whose failpoint would fire on it).
      env: childEnv(config, {
        CRASH_AT: point,
        QUEUE_PREFIX: `${config.queuePrefix}.${point}`,
        RECOVERY_STALE_SECONDS: '86400',
        ...TEST_PROCESS_ENV,
        LOG_LEVEL: 'error',
      }),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(child);
    let stderr = '';
    child.stderr!.on('data', (d) => (stderr += d));
    const exited = new Promise<NodeJS.Signals | number | null>((resolve) => child.on('exit', (code, signal) => resolve(signal ?? code)));
    const url = await new Promise<string>((resolve, reject) => {
      let out = '';
      child.stdout!.on('data', (d) => {
        out += d;
        const ready = /READY (\S+)/.exec(out);
        if (ready) resolve(ready[1]);
      });
      void exited.then((how) => reject(new Error(`stack exited (${how}) before it was ready: ${stderr}`)));
    });
    return { url, exited, child };
  }

  async function agent(url: string): Promise<{ client: FlightClient; walletId: string }> {
    const email = `crash${++n}@recovery.test`;
    const client = await FlightClient.create(url, platform, email, 'SERVICE_AGENT', { currency: 'TZS', openingBalance: '5000000' });
    const [w] = await sql<{ id: string }>('SELECT w.id FROM wallet w JOIN account a ON a.id = w.account_id WHERE a.email = ?', [email]);
    return { client, walletId: w.id };
  }

  async function killedBy(stack: Awaited<ReturnType<typeof crashingStack>>): Promise<void> {
    const timer = setTimeout(() => stack.child.kill('SIGKILL'), 30_000);
    const how = await stack.exited;
    clearTimeout(timer);
    expect(how).toBe('SIGKILL');
  }

  for (const point of ['flight-before-supplier-issue', 'flight-after-supplier-issue', 'flight-before-debit']) {
    it(`flight purchase killed at ${point}`, async () => {
      const stack = await crashingStack(point);
      const { client, walletId } = await agent(stack.url);
      const offer = await client.firstOffer({ originLocationCode: 'DAR', destinationLocationCode: 'ZNZ', departureDate: daysAhead(40 + n) });
      const reserved = await client.call<RestAgentReservationAnswer>('POST', '/api/flight/reserve/agent', {
        offerReference: offer.offerReference,
        passengers: [adult()],
      });
      expect({ status: reserved.status, body: reserved.status === 201 ? null : reserved.body }).toEqual({ status: 201, body: null });
      // The purchase either dies with the process or (for the debit step) answers before the worker dies.
      await client.call('POST', '/api/flight/purchase/agent', { ticketId: reserved.body.reservation.ticketIds[0] }).catch(() => null);
      await killedBy(stack);
      crashed.push({ point, kind: 'flight', reservationId: reserved.body.reservation.id, walletId });
    });
  }

  for (const point of ['flight-cancel-before-supplier', 'flight-cancel-after-supplier']) {
    it(`flight cancellation killed at ${point}`, async () => {
      const stack = await crashingStack(point);
      const { client } = await agent(stack.url);
      const offer = await client.firstOffer({ originLocationCode: 'DAR', destinationLocationCode: 'ZNZ', departureDate: daysAhead(40 + n) });
      const reserved = await client.call<RestAgentReservationAnswer>('POST', '/api/flight/reserve/agent', {
        offerReference: offer.offerReference,
        passengers: [adult()],
      });
      expect({ status: reserved.status, body: reserved.status === 201 ? null : reserved.body }).toEqual({ status: 201, body: null });
      await client.call('POST', '/api/flight/cancel', { reservationId: reserved.body.reservation.id, reason: 'crash test' }).catch(() => null);
      await killedBy(stack);
      const [row] = await sql<{ status: string; pnr: string }>('SELECT status, pnr FROM flight_reservation WHERE id = ?', [reserved.body.reservation.id]);
      // The crash left the cancellation half done: no client will ask again.
      expect(row.status).toBe('CANCELLING');
      cancelled.push({ point, reservationId: reserved.body.reservation.id, pnr: row.pnr });
    });
  }

  for (const point of ['train-before-payout', 'train-after-issue', 'train-before-debit']) {
    it(`train issuance killed at ${point}`, async () => {
      const stack = await crashingStack(point);
      const { client, walletId } = await agent(stack.url);
      const trip = await selectExpressTrain(client, nextMonthDay(6));
      const reserved = await reserveSeat(client, trip, trip.seats[n], { passengerName: 'Crash Recovery' });
      // 202, or no answer when the job (which starts at once) kills the process before the answer is written.
      const issue = await client.call('POST', `/api/trip/train/ticket/${reserved.paymentReference}/issue`, {}).catch(() => null);
      if (issue) expect(issue.status).toBe(202);
      await killedBy(stack);
      const [row] = await sql<{ id: string }>('SELECT id FROM train_reservation WHERE payment_reference = ?', [reserved.paymentReference]);
      crashed.push({ point, kind: 'train', reservationId: row.id, walletId });
    });
  }

  it('after a restart, with no client call, every booking is issued once and debited once, and every cancellation finished once', async () => {
    expect(crashed).toHaveLength(6);
    expect(cancelled).toHaveLength(2);
    const stack: RunningStack = await startStack(config, 'all', createLogger('error'));
    try {
      for (const c of crashed) {
        const table = c.kind === 'flight' ? 'flight_reservation' : 'train_reservation';
        const done = await waitFor(
          async () => ({
            status: (await sql(`SELECT status FROM ${table} WHERE id = ?`, [c.reservationId]))[0].status,
            debits: await sql("SELECT amount FROM wallet_entry WHERE wallet_id = ? AND kind = 'DEBIT'", [c.walletId]),
            holds: await sql('SELECT status FROM wallet_hold WHERE wallet_id = ?', [c.walletId]),
          }),
          (v) => v.status === 'ISSUED' && v.debits.length > 0 && v.holds.every((h) => h.status === 'CAPTURED'),
          45_000,
        );
        expect({ point: c.point, debits: done.debits.length, holds: done.holds.map((h) => h.status) }).toEqual({
          point: c.point,
          debits: 1,
          holds: ['CAPTURED'],
        });
        const [w] = await sql('SELECT held_total FROM wallet WHERE id = ?', [c.walletId]);
        expect(Number(w.held_total)).toBe(0);
        if (c.kind === 'flight') {
          const tickets = await sql('SELECT ticket_number FROM flight_ticket WHERE reservation_id = ?', [c.reservationId]);
          expect(tickets.every((t) => t.ticket_number)).toBe(true);
          expect(new Set(tickets.map((t) => t.ticket_number)).size).toBe(tickets.length);
        } else {
          expect((await sql('SELECT status FROM train_issuance WHERE reservation_id = ?', [c.reservationId]))[0].status).toBe('ISSUED');
        }
      }
      // A cancellation cut short ends CANCELLED, its PNR cancelled at the airline, its customer told once.
      for (const c of cancelled) {
        const done = await waitFor(
          async () =>
            (await sql<{ status: string; cancel_reason: string }>('SELECT status, cancel_reason FROM flight_reservation WHERE id = ?', [c.reservationId]))[0],
          (row) => row.status !== 'CANCELLING',
          45_000,
        );
        expect({ point: c.point, ...done }).toEqual({ point: c.point, status: 'CANCELLED', cancel_reason: 'crash test' });
        const tickets = await sql<{ status: string }>('SELECT status FROM flight_ticket WHERE reservation_id = ?', [c.reservationId]);
        expect(tickets.map((t) => t.status)).toEqual(tickets.map(() => 'CANCELLED'));
        expect((await new GdsSimulator({ store: new MysqlSimulatorStore(platform.dataSource) }).retrieve(c.pnr))?.status).toBe('CANCELLED');
        const messages = await sql(
          "SELECT id FROM notification WHERE booking_kind = 'flight' AND booking_id = ? AND message_type = 'RESERVATION_CANCELLATION'",
          [c.reservationId],
        );
        expect({ point: c.point, cancellationMessages: messages.length }).toEqual({ point: c.point, cancellationMessages: 1 });
      }
      // One ticket message per booking, however often a step ran.
      await new Promise((r) => setTimeout(r, 1500));
      for (const c of crashed) {
        const tickets = await sql("SELECT id FROM notification WHERE booking_kind = ? AND booking_id = ? AND message_type = 'TICKET'", [
          c.kind,
          c.reservationId,
        ]);
        expect({ point: c.point, ticketMessages: tickets.length }).toEqual({ point: c.point, ticketMessages: 1 });
      }
    } finally {
      await stack.stop();
    }
  });
});
