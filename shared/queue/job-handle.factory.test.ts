import { defineQueue, job } from './job-handle.factory';

describe('defineQueue', () => {
  const train = defineQueue('train', {
    issuance: job<{ reservationId: string }>('train-issuance'),
    callback: job<{ reservationId: string }>('train-callback'),
  });

  it('gives each job a handle that writes its outbox job with the queue and name written once', () => {
    const at = new Date('2026-01-01T00:00:00Z');
    expect(train.jobs.issuance.of({ reservationId: 'r1' }, { notBefore: at })).toEqual({
      queue: 'train',
      name: 'train-issuance',
      payload: { reservationId: 'r1' },
      notBefore: at,
    });
  });

  it("defines the worker's job from the same handle", async () => {
    const definition = train.jobs.callback.runs(async ({ reservationId }) => reservationId, { repeatEveryMs: 1000 });
    expect(definition).toMatchObject({ queue: 'train', name: 'train-callback', repeatEveryMs: 1000 });
    await expect(definition.process({ reservationId: 'r2' }, undefined as never)).resolves.toBe('r2');
  });

  it('refuses a queue naming one job twice', () => {
    expect(() => defineQueue('q', { a: job('same'), b: job('same') })).toThrow('names the job "same" twice');
  });
});
