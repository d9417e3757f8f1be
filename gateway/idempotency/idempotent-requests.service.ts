import type { Logger } from '../../shared/logging/logger';
import { IdempotencyException } from './idempotency.exception';
import { isFinalAnswer, KeptAnswer, MAX_KEPT_ANSWER_BYTES } from './idempotency-key.policy';
import type { IdempotencyStore } from './idempotency.store';

/** An answer as a route or an operation produced it: the body still a value, serialised here once. */
export interface ProducedAnswer {
  status: number;
  headers: Record<string, string>;
  body: unknown;
  /** The body as sent, when it is already serialised (a REST answer made from a subgraph's bytes, a GraphQL result). */
  text?: string;
  /** The status of the outcome when the HTTP status is not it (a GraphQL error's own, in an HTTP 200); `body` then is its error. */
  outcomeStatus?: number;
}

export type BegunRequest =
  { kind: 'replay'; answer: KeptAnswer } | { kind: 'run'; settle(produced: ProducedAnswer): Promise<KeptAnswer>; release(): Promise<void> };

/**
 * Runs a request under its Idempotency-Key: the first runs and its final answer is kept; a retry with the same key and
 * request gets that answer (`replayed`); the same key with another request, or while the first still runs, is refused
 * (IdempotencyException). One place for REST routes and GraphQL mutations.
 */
export class IdempotentRequests {
  constructor(
    private readonly store: IdempotencyStore,
    private readonly logger: Logger,
  ) {}

  async run(accountId: string, key: string, fingerprint: string, execute: () => Promise<ProducedAnswer>): Promise<KeptAnswer & { replayed: boolean }> {
    const begun = await this.begin(accountId, key, fingerprint);
    if (begun.kind === 'replay') return { ...begun.answer, replayed: true };
    let produced: ProducedAnswer;
    try {
      produced = await execute();
    } catch (error) {
      await begun.release();
      throw error;
    }
    return { ...(await begun.settle(produced)), replayed: false };
  }

  /**
   * The first half of run, for a caller whose request runs between two hooks (an Apollo plugin): the kept answer to
   * replay, or the running request, settled with its answer (kept when final) or released. Refusals throw.
   */
  async begin(accountId: string, key: string, fingerprint: string): Promise<BegunRequest> {
    const claim = await this.store.claim(accountId, key, fingerprint);
    if (claim.kind === 'replay') return claim;
    if (claim.kind === 'reused') throw IdempotencyException.reused();
    if (claim.kind === 'in-use') throw IdempotencyException.inUse(claim.retryAfterSeconds);
    if (claim.kind === 'limit') throw IdempotencyException.limit(claim.retryAfterSeconds, this.store.keysPerAccountPerDay);
    const { token } = claim;
    const lease = this.holdLease(accountId, key, token);
    return {
      kind: 'run',
      release: () => {
        clearInterval(lease);
        return this.settled(this.store.release(accountId, key, token), 0);
      },
      settle: async (produced) => {
        clearInterval(lease);
        const answer: KeptAnswer = { status: produced.status, headers: produced.headers, body: produced.text ?? JSON.stringify(produced.body) };
        const final =
          isFinalAnswer(produced.outcomeStatus ?? produced.status, produced.headers, produced.body) && Buffer.byteLength(answer.body) <= MAX_KEPT_ANSWER_BYTES;
        await this.settled(final ? this.store.keep(accountId, key, token, fingerprint, answer) : this.store.release(accountId, key, token), produced.status);
        return answer;
      },
    };
  }

  /**
   * Renews the running record every third of its lease while the request runs. A renewal that fails is only logged:
   * the lease then ends on its own, as when the process dies.
   */
  private holdLease(accountId: string, key: string, token: string): NodeJS.Timeout {
    const timer = setInterval(
      () => {
        this.store.renew(accountId, key, token).catch((error: unknown) => {
          this.logger.warn('idempotency lease not renewed', { reason: error instanceof Error ? error.message : String(error) });
        });
      },
      Math.max(1, Math.floor(this.store.leaseMs / 3)),
    );
    timer.unref();
    return timer;
  }

  /**
   * A settle that fails leaves the request's answer going out all the same: its key frees itself when the lease ends,
   * and a retry then runs again under the operation's own repeat rules.
   */
  private async settled(settling: Promise<void>, status: number): Promise<void> {
    try {
      await settling;
    } catch (error) {
      this.logger.warn('idempotency key not settled', { status, reason: error instanceof Error ? error.message : String(error) });
    }
  }
}
