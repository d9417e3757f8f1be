import type { Logger } from '../logging/logger';

/**
 * One named step of a multi-step flow (a purchase, an issuance). A step that returns a value ends the flow with it;
 * one that returns undefined hands on to the next step.
 */
export interface WorkflowStep<TState, TResult> {
  name: string;
  /**
   * The idempotency guard: true when an earlier run already did this step (its outcome is recorded), so a retried
   * flow skips it instead of doing it twice.
   */
  isDone?(state: TState): boolean;
  run(state: TState): Promise<TResult | undefined>;
  /**
   * The compensation, beside the step it answers: called when `run` failed, it settles what the failure leaves
   * (records the rejection, releases money admitted for the flow) and ends the flow with a result. It returns
   * undefined when the failure is not final (a transient error, a rejection that will be retried): the error then
   * propagates and the job runner's retries run the flow again, guards skipping what is done.
   */
  compensate?(error: unknown, state: TState): Promise<TResult | undefined>;
}

export interface Workflow<TState, TResult> {
  /** Named in logs: "train issuance". */
  name: string;
  steps: ReadonlyArray<WorkflowStep<TState, TResult>>;
}

/** Thrown when every step ran and none ended the flow: a flow's last step must return its result. */
export class WorkflowIncompleteError extends Error {}

/**
 * Runs the steps in order. Each failure goes to its own step's compensation, never to another step's: steps that
 * succeeded before it are settled by that compensation, since only it knows what the failure means for them.
 */
export async function runWorkflow<TState, TResult>(workflow: Workflow<TState, TResult>, state: TState, logger?: Logger): Promise<TResult> {
  for (const step of workflow.steps) {
    if (step.isDone?.(state)) continue;
    let result: TResult | undefined;
    try {
      result = await step.run(state);
    } catch (error) {
      const settled = step.compensate ? await step.compensate(error, state) : undefined;
      if (settled === undefined) throw error;
      logger?.debug('workflow step compensated', { workflow: workflow.name, step: step.name });
      return settled;
    }
    if (result !== undefined) return result;
  }
  throw new WorkflowIncompleteError(`workflow "${workflow.name}" ran every step without a result`);
}
