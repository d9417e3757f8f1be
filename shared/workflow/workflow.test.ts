import { runWorkflow, Workflow, WorkflowIncompleteError } from './workflow';

interface State {
  paid: boolean;
  log: string[];
}

class Definite extends Error {}

function flow(payout: () => Promise<void>): Workflow<State, string> {
  return {
    name: 'test issuance',
    steps: [
      {
        name: 'payout',
        isDone: (s) => s.paid,
        run: async (s) => {
          s.log.push('payout');
          await payout();
          s.paid = true;
          return undefined;
        },
        compensate: async (error, s) => {
          if (!(error instanceof Definite)) return undefined;
          s.log.push('release');
          return 'rejected';
        },
      },
      {
        name: 'record',
        run: async (s) => {
          s.log.push('record');
          return 'issued';
        },
      },
    ],
  };
}

describe('runWorkflow', () => {
  it('runs the steps in order and ends with the step that returns a result', async () => {
    const state = { paid: false, log: [] };
    await expect(
      runWorkflow(
        flow(async () => undefined),
        state,
      ),
    ).resolves.toBe('issued');
    expect(state.log).toEqual(['payout', 'record']);
  });

  it('skips a step its guard says is done, so a retry never repeats it', async () => {
    const state = { paid: true, log: [] };
    await expect(
      runWorkflow(
        flow(async () => undefined),
        state,
      ),
    ).resolves.toBe('issued');
    expect(state.log).toEqual(['record']);
  });

  it("ends with the failed step's compensation when the failure is final", async () => {
    const state = { paid: false, log: [] };
    const result = runWorkflow(
      flow(async () => {
        throw new Definite('refused');
      }),
      state,
    );
    await expect(result).resolves.toBe('rejected');
    expect(state.log).toEqual(['payout', 'release']);
  });

  it('rethrows a failure its compensation does not settle, leaving the retry to the job runner', async () => {
    const state = { paid: false, log: [] };
    const result = runWorkflow(
      flow(async () => {
        throw new Error('timeout');
      }),
      state,
    );
    await expect(result).rejects.toThrow('timeout');
    expect(state.log).toEqual(['payout']);
  });

  it('refuses a flow whose steps all hand on without a result', async () => {
    const none: Workflow<object, string> = { name: 'empty', steps: [{ name: 'noop', run: async () => undefined }] };
    await expect(runWorkflow(none, {})).rejects.toBeInstanceOf(WorkflowIncompleteError);
  });
});
