import type { Job } from 'bullmq';
import { nextMonthDay, seatReserveBody, SelectedTrain, selectExpressTrain } from '../support/train-trip';
import { startTestStack } from '../support/test-platform';
import { FlightClient } from '../support/flight-client';
import type { RestTrainReservation } from '../support/rest-bodies';
import { waitFor } from '../support/wait';
import { createLogger } from '../../shared/logging/logger';
import { RailProviderError, type RailProvider } from '../../subgraphs/train/provider/rail-provider.port';
import { createRailSimulator } from '../../subgraphs/train/provider/rail-simulator.adapter';
import { MysqlRailSimulatorStore } from '../../subgraphs/train/provider/simulator/mysql-rail-simulator.repository';
import { trainReserveReconcileJob } from '../../subgraphs/train/jobs/train-reserve-reconcile.job';
import { trainPortsOf } from '../../subgraphs/train/train.wiring';
import { SeatHoldRepository } from '../../subgraphs/train/holds/seat-hold.repository';
import { TrainReservationRepository } from '../../subgraphs/train/reservations/reservation.repository';
import { reconcileJobIdOf, TRAIN_RESERVE_RECONCILE_JOB } from '../../subgraphs/train/reservations/reservation.store';

const travelDate = () => nextMonthDay(7);

const DATE = travelDate();

/** The 202 of a reservation whose provider answer was lost. */
interface PendingAnswer {
  errorCode: string;
  data: { paymentReference: string; retryAllowed: boolean; needsAttention: boolean };
}

/** The train_reservation columns these tests read. */
type ReservationRow = {
  id: string;
  status: string;
  pnr: string | null;
  last_error: string | null;
  expires_at: Date | null;
  needs_attention_at: Date | null;
} & Record<string, unknown>;

/**
 * A lost provider answer on POST /api/trip/train/seat/reserve (simulator trigger LOSTANSWER) is reconciled by the
 * train-reserve-reconcile job when the client does not retry, and by the client's retry when it comes first.
 */
describe('train reservation: background reconciliation of a lost provider answer', () => {
  let env: Awaited<ReturnType<typeof startTestStack>>;
  let rider: FlightClient;
  let trip: SelectedTrain;
  let cursor = 0;
  const sql = <Row = Record<string, unknown>>(q: string, params: unknown[] = []) => env.stack.platform.dataSource.query<Row[]>(q, params);
  const row = async (paymentReference: string) =>
    (await sql<ReservationRow>('SELECT * FROM train_reservation WHERE payment_reference = ?', [paymentReference]))[0];

  beforeAll(async () => {
    // 2 s: long enough for an immediate client retry to come first, short enough for the job to be awaited.
    env = await startTestStack({ SGR_MAX_ACTIVE_HOLDS: '20', SGR_RECONCILE_DELAY_SECONDS: '2' });
    rider = await FlightClient.create(env.baseUrl, env.stack.platform, 'rider@reconcile.test', 'CUSTOMER');
    trip = await selectExpressTrain(rider, DATE);
  });
  afterAll(() => env.close());

  /** Holds the next free seat and gives the reserve body for one adult named `passengerName`. */
  const reserveBody = (passengerName = 'LOSTANSWER') => seatReserveBody(rider, trip, trip.seats[cursor++], { passengerName });

  const reserve = <T = { data: RestTrainReservation }>(body: unknown) => rider.call<T>('POST', '/api/trip/train/seat/reserve', body);

  /** The first call loses the provider's answer: 202 pending, the row PENDING with the error, a reconcile job due. */
  async function lostAnswer(body: unknown): Promise<{ paymentReference: string; id: string }> {
    const res = await reserve<PendingAnswer>(body);
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({
      errorCode: 'SGR_RESERVATION_PENDING',
      data: { paymentReference: expect.any(String), retryAllowed: true, needsAttention: false },
    });
    const r = await row(res.body.data.paymentReference);
    expect(r).toMatchObject({ status: 'PENDING', pnr: null, processing_until: null });
    expect(r.last_error).toMatch(/^TIMEOUT/);
    return { paymentReference: res.body.data.paymentReference, id: r.id };
  }

  /** The reconcile job of this reservation's first provider key, once BullMQ has finished it. */
  async function finishedReconcileJob(reservationId: string): Promise<Job> {
    const queue = env.stack.platform.queues.get('train');
    return waitFor(
      async () => (await queue.getJob(reconcileJobIdOf({ id: reservationId, attempt: 0 }))) as Job,
      (job) => !!job?.finishedOn,
      20_000,
    );
  }

  it('no client retry: the job stores the reservation as a direct answer would; a later retry answers 200 with it', async () => {
    const body = await reserveBody();
    const { paymentReference, id } = await lostAnswer(body);
    // One job for the provider key: the safety net written before the provider call (due after the processing lease,
    // for a process that dies mid-call), brought forward to the reconcile delay by the lost answer.
    const jobs = await sql<{ payload: string; job_id: string; available_at: Date; created_at: Date }>(
      'SELECT payload, job_id, available_at, created_at FROM outbox_message WHERE job_name = ? AND payload LIKE ?',
      [TRAIN_RESERVE_RECONCILE_JOB, `%${id}%`],
    );
    expect(jobs.map((j) => [JSON.parse(j.payload), j.job_id])).toEqual([[{ reservationId: id }, `${TRAIN_RESERVE_RECONCILE_JOB}-${id}-0`]]);
    const dueAfter = new Date(jobs[0].available_at).getTime() - new Date(jobs[0].created_at).getTime();
    expect(dueAfter).toBeGreaterThanOrEqual(2_000);
    expect(dueAfter).toBeLessThan(60_000);

    // The job stores the answer, then gives up its provider claim in a statement of its own: wait for both.
    const done = await waitFor(
      () => row(paymentReference),
      (r) => r.status !== 'PENDING' && r.processing_until === null,
      20_000,
    );
    expect(done).toMatchObject({ status: 'RESERVED', last_error: null, processing_until: null });
    expect(done.pnr).toMatch(/^[A-Z0-9]{6}$/);
    expect((await finishedReconcileJob(id)).returnvalue).toEqual({ reconciled: true, status: 'RESERVED', pnr: done.pnr });
    const tickets = await sql('SELECT * FROM train_ticket WHERE reservation_id = ?', [id]);
    expect(tickets).toHaveLength(1);
    expect(tickets[0]).toMatchObject({
      status: 'RESERVED',
      passenger_name: 'LOSTANSWER',
      hold_key: body.passengers[0].outboundSeatHoldKey,
      seat_id: body.passengers[0].outboundSeatId,
    });
    // Reloaded from the provider: the job has no request, yet the label is the seat map's.
    expect(tickets[0].seat_label).toMatch(/^\d+[A-Z]$/);
    expect(done.expires_at).not.toBeNull();
    expect((await sql('SELECT status FROM train_seat_hold WHERE hold_key = ?', [tickets[0].hold_key]))[0].status).toBe('RESERVED');
    // The same follow-ups as a direct answer: the window's release and the customer's RESERVATION message.
    expect(await sql("SELECT 1 FROM outbox_message WHERE job_name = 'train-reservation-expiry' AND payload LIKE ?", [`%${id}%`])).toHaveLength(1);
    const notes = await sql("SELECT message_type FROM notification WHERE booking_kind = 'train' AND booking_id = ?", [id]);
    expect(notes.map((n) => n.message_type)).toContain('RESERVATION');

    const retry = await reserve(body);
    expect(retry.status).toBe(200);
    expect(retry.body.data).toMatchObject({
      paymentReference,
      reservation: { pnr: done.pnr, ticketNumbers: [tickets[0].ticket_number] },
      trainTicketUuids: [tickets[0].train_ticket_uuid],
    });
    expect(await sql('SELECT 1 FROM train_ticket WHERE reservation_id = ?', [id])).toHaveLength(1);
  });

  it('a client retry before the job: 200 from the retry, and the job then skips', async () => {
    const body = await reserveBody();
    const { paymentReference, id } = await lostAnswer(body);
    const retry = await reserve(body);
    expect(retry.status).toBe(200);
    const stored = await row(paymentReference);
    expect(retry.body.data).toMatchObject({ paymentReference, reservation: { pnr: stored.pnr } });
    expect(stored.status).toBe('RESERVED');

    expect((await finishedReconcileJob(id)).returnvalue).toEqual({ skipped: true, status: 'RESERVED' });
    expect(await sql('SELECT 1 FROM train_ticket WHERE reservation_id = ?', [id])).toHaveLength(1);
    expect(await sql("SELECT 1 FROM notification WHERE booking_kind = 'train' AND booking_id = ? AND message_type = 'RESERVATION'", [id])).toHaveLength(1);
    const again = await reserve(body);
    expect(again.status).toBe(200);
    expect(again.body.data).toMatchObject({ paymentReference, reservation: { pnr: stored.pnr } });
  });

  describe('the job against a provider that keeps failing (run directly, as BullMQ would)', () => {
    const logged: Array<{ level: string; message: string; reservationId?: string; [field: string]: unknown }> = [];
    let real: RailProvider;
    let reservations: TrainReservationRepository;
    /** The simulator, but reserve fails with `error` (the lost answers do not come back). */
    const failing = (error: RailProviderError): RailProvider => Object.assign(Object.create(real), { reserve: async () => Promise.reject(error) });
    const jobWith = (provider: RailProvider) =>
      trainReserveReconcileJob(
        trainPortsOf({ ...env.stack.platform, logger: createLogger('warn', {}, (line) => logged.push(JSON.parse(line))) }),
        provider,
        reservations,
        new SeatHoldRepository(env.stack.platform.dataSource),
      );
    const attempt = (made: number) => ({ attemptsMade: made, opts: { attempts: 8 } }) as unknown as Job;
    const timeout = new RailProviderError('TIMEOUT', 'still no answer', true);

    beforeAll(() => {
      real = createRailSimulator({ now: () => new Date(), store: new MysqlRailSimulatorStore(env.stack.platform.dataSource) });
      reservations = new TrainReservationRepository(env.stack.platform.dataSource);
    });

    /** A PENDING reservation whose own scheduled job lies far ahead, so only the direct runs below touch it. */
    async function pending(): Promise<{ paymentReference: string; id: string }> {
      const config = env.stack.platform.config.train as { reconcileDelaySeconds: number };
      config.reconcileDelaySeconds = 3600;
      try {
        return await lostAnswer(await reserveBody());
      } finally {
        config.reconcileDelaySeconds = 2;
      }
    }

    it('another lost answer throws for a retry (lease released, still PENDING); the next attempt reconciles', async () => {
      const { paymentReference, id } = await pending();
      await expect(jobWith(failing(timeout)).process({ reservationId: id }, attempt(0))).rejects.toBe(timeout);
      expect(await row(paymentReference)).toMatchObject({ status: 'PENDING', processing_until: null, last_error: 'TIMEOUT: still no answer' });
      expect(logged.filter((l) => l.level === 'error')).toHaveLength(0);

      expect(await jobWith(real).process({ reservationId: id }, attempt(1))).toMatchObject({ reconciled: true, status: 'RESERVED' });
      expect(await row(paymentReference)).toMatchObject({ status: 'RESERVED', processing_until: null });
    });

    it('after the final attempt: an error for an operator, and the reservation left PENDING with needs-attention set', async () => {
      const { paymentReference, id } = await pending();
      await expect(jobWith(failing(timeout)).process({ reservationId: id }, attempt(6))).rejects.toBe(timeout);
      expect((await row(paymentReference)).needs_attention_at).toBeNull();
      await expect(jobWith(failing(timeout)).process({ reservationId: id }, attempt(7))).rejects.toBe(timeout);
      const left = await row(paymentReference);
      expect(left).toMatchObject({ status: 'PENDING', processing_until: null });
      expect(left.needs_attention_at).not.toBeNull();
      const error = logged.find((l) => l.level === 'error' && l.reservationId === id);
      expect(error).toMatchObject({ paymentReference, providerIdempotencyKey: `${id}:0`, needsAttention: true, attempts: 8, reason: 'still no answer' });
      expect(error!.message).toMatch(/left PENDING and needs attention/);

      // A later answer settles it and clears the flag.
      expect(await jobWith(real).process({ reservationId: id }, attempt(0))).toMatchObject({ reconciled: true, status: 'RESERVED' });
      expect(await row(paymentReference)).toMatchObject({ status: 'RESERVED', needs_attention_at: null });
    });

    it('a busy lease is retried like a lost answer; a definite refusal makes it FAILED', async () => {
      const { paymentReference, id } = await pending();
      expect(await reservations.claim(id, new Date(), 60_000)).toBe(true);
      await expect(jobWith(real).process({ reservationId: id }, attempt(0))).rejects.toThrow(/another request/);
      await reservations.release(id);

      const refused = new RailProviderError('PROVIDER_REJECTED', 'Passenger name not allowed', false, 'SGR-4001');
      expect(await jobWith(failing(refused)).process({ reservationId: id }, attempt(1))).toEqual({ reconciled: true, status: 'FAILED' });
      expect(await row(paymentReference)).toMatchObject({ status: 'FAILED', last_error: 'SGR-4001: Passenger name not allowed', processing_until: null });
      expect(await jobWith(real).process({ reservationId: id }, attempt(2))).toEqual({ skipped: true, status: 'FAILED' });
    });
  });
});
