import { recentWriterOfScope, writerToRecord } from '../context/request-scope.state';
import type { Logger } from '../logging/logger';
import type { RedisClient } from '../redis/redis.client';

/** A Redis that takes longer to say whether an account wrote recently is not waited for: the read goes to the primary. */
export const RECENT_WRITER_TIMEOUT_MS = 250;

/**
 * The accounts that wrote to the primary in the last DATABASE_REPLICA_STICKY_MS, in Redis so that every process sees
 * them: the next request of such an account (a trip list after a purchase, on any replica of any role) reads from the
 * primary, which has its write, rather than from a replica that may not have it yet.
 */
export class RecentWriters {
  /** Set while Redis fails: one warning per outage, not one per request. */
  private failing = false;

  constructor(
    private readonly redis: RedisClient,
    private readonly queuePrefix: string,
    /** DATABASE_REPLICA_STICKY_MS: how long after its last write an account reads from the primary. */
    private readonly windowMs: number,
    private readonly logger: Logger,
  ) {}

  key(accountId: string): string {
    return `${this.queuePrefix}:db-recent-writer:${accountId}`;
  }

  /**
   * Records the account of the work in scope, once per request, when one of its write statements is sent. Not awaited
   * (the query logger cannot wait): the SET leaves before the statement, so before the commit and well before the
   * answer that lets the client ask again. Lost when Redis is down: that request's account may then read a lagging
   * replica for a moment, as without this window.
   */
  rememberCurrent(): void {
    const accountId = writerToRecord();
    if (!accountId) return;
    this.redis.set(this.key(accountId), '1', 'PX', this.windowMs).then(
      () => this.recovered(),
      (error: unknown) => this.failed(error),
    );
  }

  /**
   * Whether the request's account wrote within the window: one round trip per request at most; Redis failing or slow
   * answers yes (the primary is always right).
   */
  isCurrentRecent(): Promise<boolean> {
    return recentWriterOfScope(async (accountId) => {
      let timer: NodeJS.Timeout | undefined;
      try {
        const found = await Promise.race([
          this.redis.exists(this.key(accountId)),
          new Promise<never>(
            (_, reject) => (timer = setTimeout(() => reject(new Error(`no answer within ${RECENT_WRITER_TIMEOUT_MS} ms`)), RECENT_WRITER_TIMEOUT_MS)),
          ),
        ]);
        this.recovered();
        return found === 1;
      } catch (error) {
        this.failed(error);
        return true;
      } finally {
        clearTimeout(timer);
      }
    });
  }

  private failed(error: unknown): void {
    if (this.failing) return;
    this.failing = true;
    this.logger.warn('redis does not answer for the recent writers: lag-tolerant reads of signed-in accounts go to the primary', {
      reason: (error as Error)?.message,
    });
  }

  private recovered(): void {
    this.failing = false;
  }
}
