import type { Logger } from '../../shared/logging/logger';
import { IdempotencyException } from './idempotency.exception';
import { isFinalAnswer, KeptAnswer, MAX_KEPT_ANSWER_BYTES } from './idempotency-key.policy';
import type { IdempotencyStore } from './idempotency.store';

/** An answer as a route or an operation produced it: the body still a value, serialised here once. */
export interface ProducedAnswer {
  status: number;
  headers: Record<string, string>;
  body: unknown;
  /** The body as sent, when it is already serialised (a REST answer made from a subgraph's bytes). */
  text?: string;
}

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
    const claim = await this.store.claim(accountId, key, fingerprint);
    if (claim.kind === 'replay') return { ...claim.answer, replayed: true };
    if (claim.kind === 'reused') throw IdempotencyException.reused();
    if (claim.kind === 'in-use') throw IdempotencyException.inUse(claim.retryAfterSeconds);
    if (claim.kind === 'limit') throw IdempotencyException.limit(claim.retryAfterSeconds, this.keysPerDay);
    let produced: ProducedAnswer;
    try {
      produced = await execute();
    } catch (error) {
      await this.store.release(accountId, key, claim.token);
      throw error;
    }
    const answer: KeptAnswer = { status: produced.status, headers: produced.headers, body: produced.text ?? JSON.stringify(produced.body) };
    const final = isFinalAnswer(produced.status, produced.headers, produced.body) && Buffer.byteLength(answer.body) <= MAX_KEPT_ANSWER_BYTES;
    try {
      if (final) await this.store.keep(accountId, key, claim.token, fingerprint, answer);
      else await this.store.release(accountId, key, claim.token);
    } catch (error) {
      // The request has run and its answer goes out; its key frees itself when the lease ends, and a retry then runs
      // again under the operation's own repeat rules.
      this.logger.warn('idempotency key not settled', { status: produced.status, reason: error instanceof Error ? error.message : String(error) });
    }
    return { ...answer, replayed: false };
  }

  private get keysPerDay(): number {
    return this.store.keysPerAccountPerDay;
  }
}
