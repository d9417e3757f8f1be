import type { Job } from 'bullmq';
import { nextMonthDay, seatReserveBody, SelectedTrain, selectExpressTrain } from '../support/train-trip';
import { startTestStack } from '../support/test-platform';
import { FlightClient } from '../support/flight-client';
import { TRAIN_RESERVE_RECONCILE_JOB } from '../../subgraphs/train/reservations/reservation.store';

const DATE = nextMonthDay(8);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The 202 of a reservation whose provider answer did not come (yet). */
interface PendingAnswer {
  errorCode: string;
  errorMessage: string;
  data: { paymentReference: string; retryAllowed: boolean; needsAttention: boolean };
}

/**
 * Money and abuse safety, item 3: one reservation whose provider answers never arrive (simulator trigger NOANSWER)
 * gets one reconcile job, whatever happens, and ends flagged for an operator after the configured attempts. The
 * reconcile job used to queue another one before each of its own provider calls, so one stuck reservation grew
 * an exponential storm of jobs and outbox rows.
 */
describe('train reservation: background reconciliation is bounded', () => {
  let env: Awaited<ReturnType<typeof startTestStack>>;
  let rider: FlightClient;
  let trip: SelectedTrain;
  const sql = <Row = Record<string, unknown>>(q: string, params: unknown[] = []) => env.stack.platform.dataSource.query<Row[]>(q, params);
  const row = async (paymentReference: string) =>
    (
      await sql<{ id: string; status: string; needs_attention_at: Date | null; last_error: string | null } & Record<string, unknown>>(
        'SELECT * FROM train_reservation WHERE payment_reference = ?',
        [paymentReference],
      )
    )[0];
  const reserve = (body: unknown) => rider.call<PendingAnswer>('POST', '/api/trip/train/seat/reserve', body);

  beforeAll(async () => {
    // Short delay and backoff so the whole give-up path takes about two seconds.
    env = await startTestStack({ SGR_RECONCILE_DELAY_SECONDS: '1', SGR_RECONCILE_ATTEMPTS: '3', SGR_RECONCILE_BACKOFF_MS: '200' });
    rider = await FlightClient.create(env.baseUrl, env.stack.platform, 'rider@bounds.test', 'CUSTOMER');
    trip = await selectExpressTrain(rider, DATE);
  });
  afterAll(() => env.close());

  /** What exists for this reservation: reconcile rows in the outbox and reconcile jobs in BullMQ, in any state. */
  async function reconcileWork(reservationId: string): Promise<{ outboxRows: number; jobs: Job[] }> {
    const rows = await sql('SELECT id FROM outbox_message WHERE job_name = ? AND payload LIKE ?', [TRAIN_RESERVE_RECONCILE_JOB, `%${reservationId}%`]);
    const queue = env.stack.platform.queues.get('train');
    const all = await queue.getJobs(['active', 'waiting', 'delayed', 'prioritized', 'completed', 'failed']);
    const jobs = all.filter((j) => j?.name === TRAIN_RESERVE_RECONCILE_JOB && j.data?.reservationId === reservationId);
    return { outboxRows: rows.length, jobs };
  }

  /** Polls until `done` or the time is up, and answers the last value either way (the assertions follow). */
  async function readUntil<T>(read: () => Promise<T>, done: (value: T) => boolean, ms: number): Promise<T> {
    const until = Date.now() + ms;
    for (;;) {
      const value = await read();
      if (done(value) || Date.now() > until) return value;
      await sleep(100);
    }
  }

  it('NOANSWER: one outbox row and one job over time, three attempts, then PENDING with needs-attention set; a later retry queues nothing', async () => {
    const body = await seatReserveBody(rider, trip, trip.seats[0], { passengerName: 'NOANSWER' });
    const first = await reserve(body);
    expect(first.status).toBe(202);
    expect(first.body.errorCode).toBe('SGR_RESERVATION_PENDING');
    const { paymentReference } = first.body.data;
    const { id } = await row(paymentReference);

    // 1 s delay + 3 attempts 200 ms and 400 ms apart: the end state comes after about 2 s; 12 s lets a storm show.
    const ended = await readUntil(
      () => row(paymentReference),
      (r) => !!r.needs_attention_at,
      12_000,
    );
    // Several more backoff periods and relay polls: nothing new may appear after the end state.
    await sleep(2_000);
    const after = await reconcileWork(id);
    expect({ outboxRows: after.outboxRows, jobs: after.jobs.length }).toEqual({ outboxRows: 1, jobs: 1 });
    const [job] = after.jobs;
    // BullMQ refuses ':' in custom ids, so the provider key's ':' becomes '-'.
    expect(job.id).toBe(`${TRAIN_RESERVE_RECONCILE_JOB}-${id}-0`);
    expect(await job.getState()).toBe('failed');
    expect(job.attemptsMade).toBe(3);
    expect(job.failedReason).toBe('SGR booking service did not answer in time');

    // Until the job gave up, the answer promised a reconciliation.
    expect(first.body.data).toMatchObject({ paymentReference, retryAllowed: true, needsAttention: false });
    expect(ended).toMatchObject({ status: 'PENDING', pnr: null, processing_until: null });
    expect(ended.needs_attention_at).not.toBeNull();
    expect(ended.last_error).toMatch(/^TIMEOUT/);

    // The client repeats the request: the provider is asked once more (same key), the answer says an operator
    // must look, and no job is queued again.
    const retry = await reserve(body);
    expect(retry.status).toBe(202);
    expect(retry.body).toMatchObject({ errorCode: 'SGR_RESERVATION_PENDING', data: { paymentReference, retryAllowed: true, needsAttention: true } });
    expect(retry.body.errorMessage).toMatch(/support/);
    await sleep(1_500);
    const later = await reconcileWork(id);
    expect({ outboxRows: later.outboxRows, jobs: later.jobs.length }).toEqual({ outboxRows: 1, jobs: 1 });
    expect(later.jobs[0].attemptsMade).toBe(3);
    expect((await row(paymentReference)).needs_attention_at).not.toBeNull();
  });

  it('LOSTANSWER: the one job reconciles at its first attempt and nothing more is queued', async () => {
    const body = await seatReserveBody(rider, trip, trip.seats[1], { passengerName: 'LOSTANSWER' });
    const first = await reserve(body);
    expect(first.status).toBe(202);
    const { paymentReference } = first.body.data;
    const done = await readUntil(
      () => row(paymentReference),
      (r) => r.status !== 'PENDING',
      12_000,
    );
    expect(done).toMatchObject({ status: 'RESERVED', needs_attention_at: null });
    await sleep(1_500);
    const work = await reconcileWork(done.id);
    expect({ outboxRows: work.outboxRows, jobs: work.jobs.length }).toEqual({ outboxRows: 1, jobs: 1 });
    expect(work.jobs[0].attemptsMade).toBe(1);
    expect(work.jobs[0].returnvalue).toEqual({ reconciled: true, status: 'RESERVED', pnr: done.pnr });
  });
});
