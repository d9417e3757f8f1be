import type { EntityManager } from 'typeorm';
import { Role } from '../../../shared/auth/roles.types';
import type { Principal } from '../../../shared/auth/token.service';
import type { TrainConfig } from '../../../shared/config/train.config';
import type { SeatHoldRepository } from '../holds/seat-hold.repository';
import { RailProviderError, type RailProvider, type RailReservation } from '../provider/rail-provider.port';
import type { TrainReservationRepository } from './reservation.repository';
import { TrainReservationStore } from './reservation.store';
import type { TrainReservation } from './reservation.types';
import { TrainReservationWorkflow, type TrainReserveStart } from './train-reservation.workflow';

const NOW = new Date('2026-01-10T08:00:00Z');

/** A reservation an earlier attempt left, as the repository reads it. */
function stored(changes: Partial<TrainReservation>): TrainReservation {
  return {
    id: 'r1',
    accountId: 'a1',
    bookingUserType: 'CUSTOMER',
    idempotencyKey: 'k1',
    requestFingerprint: 'fp',
    status: 'PENDING',
    attempt: 0,
    journeyType: 'ONE_WAY',
    ticketPurchase: true,
    notifications: { ticketPurchase: true },
    outbound: { timeTableTrainSetId: 7, providerId: 7, date: '2026-01-20', fromStopId: 'DAR:SGR:0', toStopId: 'MOR:SGR:0' },
    returnJourney: null,
    passengers: [{ passengerName: 'Asha Juma', phone: '+255712345678', outbound: { holdKey: 'h1', carId: 1, carTypeId: 2, seatId: 3 }, return: null }],
    pricingContext: 'ONLINE',
    paymentReference: 'SGRP1',
    pnr: null,
    workflowId: null,
    needsAttentionAt: null,
    authenticationContext: 'WEB_APP',
    createdAt: NOW,
    ...changes,
  } as TrainReservation;
}

const settled = stored({
  status: 'RESERVED',
  pnr: 'PNR1',
  billId: 'B1',
  controlNumber: '991234567890',
  paymentRequired: '24500',
  providerExpiresAt: new Date('2026-01-10T09:00:00Z'),
  internalExpiresAt: new Date('2026-01-10T08:25:00Z'),
  expiresAt: new Date('2026-01-10T08:25:00Z'),
});

const made: RailReservation = {
  pnr: 'PNR1',
  status: 'RESERVED',
  ticketNumbers: ['T1'],
  tickets: [
    {
      ticketNumber: 'T1',
      holdKey: 'h1',
      passengerIndex: 0,
      passengerName: 'Asha Juma',
      timeTableTrainSetId: 7,
      serviceDate: '2026-01-20',
      carId: 1,
      seatId: 3,
      carClass: 'ECONOMY',
      ticketTypeId: 4,
      luggageId: 0,
      amount: '22500',
      status: 'RESERVED',
    },
  ],
  bill: { id: 'B1', controlNumber: '991234567890', amount: '22500', currency: 'TZS', expireDate: '2026-01-10T09:00:00Z' },
  workflowId: 'W1',
  workflowStartConfirmed: true,
  payoutReference: null,
};

/** The workflow over in-memory fakes (the real reservation store on top of them): which steps ran, in which order. */
function setup(found: TrainReservation | null, options: { claim?: boolean; reserve?: () => Promise<RailReservation> } = {}) {
  const calls: string[] = [];
  let row = found;
  const reservations = {
    byKey: async () => (calls.push('byKey'), row),
    byId: async () => (calls.push('byId'), row),
    insert: async () => (calls.push('insert'), true),
    claim: async () => (calls.push('claim'), options.claim ?? true),
    release: async () => calls.push('release'),
    update: async (_id: string, changes: Partial<TrainReservation>) => {
      calls.push(`update ${changes.status ?? 'lastError'}`);
      row = { ...row!, ...changes };
      return true;
    },
    insertTickets: async () => calls.push('insert tickets'),
    ticketsOf: async () => [],
  } as unknown as TrainReservationRepository;
  const seatHolds = {
    ownHolds: async () => (calls.push('read own holds'), []),
    markReserved: async () => calls.push('holds RESERVED'),
  } as unknown as SeatHoldRepository;
  const provider = {
    stations: () => [],
    reserve: async () => (calls.push('provider reserve'), options.reserve ? options.reserve() : made),
  } as unknown as RailProvider;
  const config = { reconcileDelaySeconds: 30, reconcileAttempts: 3, reconcileBackoffMs: 1000, paymentWindowMinutes: 25, providerExpiryMarginSeconds: 120 };
  const ports = {
    clock: { now: () => NOW },
    transactor: { transaction: <T>(work: (m: EntityManager) => Promise<T>) => work({} as EntityManager) },
    config: { ...config, localFallbackPhone: '700000000', maxActiveHoldsPerAccount: 10 } as TrainConfig,
    logger: { info: () => undefined, warn: () => undefined, error: () => undefined, debug: () => undefined } as never,
    outbox: { enqueue: async (_m: EntityManager, job: { name: string }) => (calls.push(`enqueue ${job.name}`), 'id') } as never,
    notifications: {
      request: async () => (calls.push('notify RESERVATION'), {}),
      scheduleUnpaidReminder: async () => (calls.push('unpaid reminder'), {}),
    } as never,
    webhooks: { record: async (_m: EntityManager, event: { type: string }) => (calls.push(`event ${event.type}`), 'evt') },
  };
  const store = new TrainReservationStore(ports, provider, reservations, seatHolds);
  return { workflow: new TrainReservationWorkflow(ports, provider, reservations, seatHolds, store), calls };
}

/** The parsed request the endpoint hands over; its journey identifiers are unusable, so no train is asked for. */
function start(changes: Partial<TrainReserveStart> = {}): TrainReserveStart {
  return {
    principal: { accountId: 'a1', role: Role.CUSTOMER } as Principal,
    bookingUserType: 'CUSTOMER',
    headers: { language: 'en' },
    request: {
      outbound: { timeTableTrainSetId: 0, fromStopId: '', toStopId: '', date: '2026-01-20' },
      return: null,
      passengers: [],
      ticketPurchase: true,
      issuerDeviceInfo: null,
      holdKeys: ['h1'],
    },
    journeyErrors: [],
    fingerprint: 'fp',
    key: 'k1',
    ...changes,
  };
}

describe('TrainReservationWorkflow', () => {
  it('answers a settled retry from storage: no lease taken, the provider not called', async () => {
    const { workflow, calls } = setup(settled);
    expect(await workflow.run(start())).toMatchObject({ paymentReference: 'SGRP1', reservation: { pnr: 'PNR1' } });
    expect(calls).toEqual(['byKey']);
  });

  it('finishes an uncertain (PENDING) attempt retried unchanged: not validated or saved again, reserved and stored under the lease', async () => {
    const { workflow, calls } = setup(stored({}));
    expect(await workflow.run(start())).toMatchObject({ paymentReference: 'SGRP1', bill: { id: 'B1', paymentRequired: '24500' } });
    expect(calls).toEqual([
      'byKey',
      'claim',
      'byId',
      'enqueue train-reserve-reconcile',
      'provider reserve',
      'update RESERVED',
      'insert tickets',
      'holds RESERVED',
      'enqueue train-reservation-expiry',
      'notify RESERVATION',
      'unpaid reminder',
      'event train.reservation.created',
      'release',
    ]);
  });

  it('refuses a changed retry of an uncertain attempt before any train is loaded or lease taken', async () => {
    const { workflow, calls } = setup(stored({}));
    await expect(workflow.run(start({ fingerprint: 'other' }))).rejects.toMatchObject({ errorCode: 'SGR_RESERVATION_RETRY_CONFLICT', status: 409 });
    expect(calls).toEqual(['byKey']);
  });

  it('a new request that fails validation saves nothing', async () => {
    const { workflow, calls } = setup(null);
    await expect(workflow.run(start())).rejects.toMatchObject({ errorCode: 'SGR_PASSENGER_DATA_INVALID', status: 422 });
    expect(calls).toEqual(['byKey', 'read own holds']);
  });

  it('a busy lease answers in progress and releases nothing it did not take', async () => {
    const { workflow, calls } = setup(stored({}), { claim: false });
    await expect(workflow.run(start())).rejects.toMatchObject({ errorCode: 'SGR_RESERVATION_IN_PROGRESS', status: 202 });
    expect(calls).toEqual(['byKey', 'claim']);
  });

  it("the provider call's compensation: a refusal marks it FAILED, a lost answer brings reconciliation forward; the lease is released", async () => {
    const refused = setup(stored({}), { reserve: () => Promise.reject(new RailProviderError('PROVIDER_REJECTED', 'sold out', false, 'SGR_SOLD_OUT')) });
    await expect(refused.workflow.run(start())).rejects.toMatchObject({ errorCode: 'SGR_SOLD_OUT', status: 422 });
    expect(refused.calls.slice(4)).toEqual(['provider reserve', 'update FAILED', 'release']);
    const lost = setup(stored({}), { reserve: () => Promise.reject(new RailProviderError('TIMEOUT', 'slow', true)) });
    await expect(lost.workflow.run(start())).rejects.toMatchObject({ errorCode: 'SGR_RESERVATION_PENDING', data: { needsAttention: false } });
    expect(lost.calls.slice(4)).toEqual(['provider reserve', 'update lastError', 'enqueue train-reserve-reconcile', 'release']);
    const bug = new TypeError('not the provider');
    const other = setup(stored({}), { reserve: () => Promise.reject(bug) });
    await expect(other.workflow.run(start())).rejects.toBe(bug);
    expect(other.calls.slice(4)).toEqual(['provider reserve', 'release']);
  });
});
