import type { EntityManager } from 'typeorm';
import { RailProviderError, type RailProvider } from '../provider/rail-provider.port';
import type { TrainReservationRepository } from '../reservations/reservation.repository';
import type { TrainReservation } from '../reservations/reservation.types';
import type { TrainIssuance, TrainIssuanceRepository } from './train-issuance.repository';
import { TrainIssuanceWorkflow } from './train-issuance.workflow';

/** The workflow against in-memory fakes: which steps ran, in which order, and what each failure settled. */
function setup(issuance: Partial<TrainIssuance>, provider: Partial<RailProvider>) {
  const calls: string[] = [];
  let row = {
    reservationId: 'r1',
    status: 'ISSUING',
    payoutStatus: 'PENDING',
    fundingSource: 'AGENT_WALLET',
    walletId: 'w1',
    amount: '100',
    callbackUrl: 'https://agent.example/cb',
    walletEntryId: null,
    ...issuance,
  } as TrainIssuance;
  const issuances = {
    byReservation: async () => row,
    update: async (_id: string, changes: Partial<TrainIssuance>, _at: Date, _m?: EntityManager, from?: string[]) => {
      if (from && !from.includes(row.status)) return false;
      calls.push(`issuance ${JSON.stringify(changes.status ?? changes.payoutStatus)}`);
      row = { ...row, ...changes };
      return true;
    },
  } as unknown as TrainIssuanceRepository;
  const r = { id: 'r1', pnr: 'PNR1', billAmount: '100', paymentReference: 'SGRP1' } as TrainReservation;
  const reservations = {
    byId: async () => r,
    update: async (_id: string, changes: Partial<TrainReservation>) => (calls.push(`reservation ${changes.status ?? 'lastError'}`), true),
    setTicketStatus: async () => calls.push('tickets ISSUED'),
  } as unknown as TrainReservationRepository;
  const logged: string[] = [];
  const log = (message: string) => logged.push(message);
  const ports = {
    clock: { now: () => new Date('2026-01-01T00:00:00Z') },
    transactor: { transaction: <T>(work: (m: EntityManager) => Promise<T>) => work({} as EntityManager) },
    logger: { info: log, warn: log, error: log, debug: log } as never,
    webhooks: {
      record: async (_m: EntityManager, event: { type: string; callbackUrl?: string | null }) => (
        calls.push(`event ${event.type} to ${event.callbackUrl}`),
        'evt'
      ),
    },
    ledger: {
      release: async () => (calls.push('ledger release'), true),
      debit: async () => (calls.push('ledger debit'), { entryId: 'e1', duplicate: false }),
    } as never,
    notifications: { request: async () => (calls.push('notify TICKET'), {}) } as never,
  };
  const rail = {
    payout: async () => (calls.push('payout'), { reference: 'P1' }),
    issue: async () => (calls.push('issue'), undefined),
    ...provider,
  } as unknown as RailProvider;
  return { workflow: new TrainIssuanceWorkflow(ports, rail, reservations, issuances), calls, logged };
}

describe('TrainIssuanceWorkflow', () => {
  it('pays out, issues, then records the issuance in order', async () => {
    const { workflow, calls, logged } = setup({}, {});
    expect(await workflow.run('r1', false)).toEqual({ issued: true, entryId: 'e1', duplicate: false });
    expect(calls).toEqual([
      'payout',
      'issuance "PAID"',
      'issue',
      'reservation ISSUED',
      'tickets ISSUED',
      'ledger debit',
      'issuance "ISSUED"',
      'notify TICKET',
      'event train.issuance.issued to https://agent.example/cb',
    ]);
    expect(logged).toEqual(['train tickets issued']);
  });

  it('skips a payout already PAID (its guard) and anything not ISSUING', async () => {
    const paid = setup({ payoutStatus: 'PAID' }, {});
    await paid.workflow.run('r1', false);
    expect(paid.calls.slice(0, 1)).toEqual(['issue']);
    const done = setup({ status: 'ISSUED' }, {});
    expect(await done.workflow.run('r1', false)).toEqual({ skipped: true, reason: 'ISSUED' });
    expect(done.calls).toEqual([]);
  });

  it('a retryable payout rejection before the last attempt is noted RETRYING and thrown; on the last it is final', async () => {
    const rejected = new RailProviderError('PAYOUT_REJECTED', 'busy', true, 'BUSY');
    const early = setup({}, { payout: async () => Promise.reject(rejected) });
    await expect(early.workflow.run('r1', false)).rejects.toBe(rejected);
    expect(early.calls).toEqual(['issuance "RETRYING"']);
    const last = setup({}, { payout: async () => Promise.reject(rejected) });
    expect(await last.workflow.run('r1', true)).toEqual({ issued: false, payoutRejected: 'BUSY' });
    expect(last.calls).toEqual([
      'issuance "PAYOUT_REJECTED"',
      'ledger release',
      'reservation RESERVED',
      'event train.issuance.payout_rejected to https://agent.example/cb',
    ]);
    expect(last.logged).toEqual(['train payout rejected']);
  });

  it('a refusal to issue after the payout ends it ISSUE_FAILED, telling the agent (train.issuance.failed); a transient failure propagates', async () => {
    const refused = setup({}, { issue: async () => Promise.reject(new RailProviderError('PROVIDER_REJECTED', 'no', false, 'NO')) });
    expect(await refused.workflow.run('r1', false)).toEqual({ issued: false, issueRefused: 'NO' });
    expect(refused.calls).toEqual(['payout', 'issuance "PAID"', 'issuance "ISSUE_FAILED"', 'event train.issuance.failed to https://agent.example/cb']);
    expect(refused.logged).toEqual(['train issue refused after payout']);
    const timeout = new RailProviderError('TIMEOUT', 'slow', true);
    const transient = setup({}, { issue: async () => Promise.reject(timeout) });
    await expect(transient.workflow.run('r1', false)).rejects.toBe(timeout);
  });
});
