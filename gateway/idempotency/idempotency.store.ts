import { createHash, randomUUID } from 'node:crypto';
import type { RedisClient } from '../../shared/redis/redis.client';
import type { KeptAnswer } from './idempotency-key.policy';

/** What a keyed request may do: run (and then keep or release), answer the kept answer, or be refused. */
export type IdempotencyClaim =
  | { kind: 'run'; token: string }
  | { kind: 'replay'; answer: KeptAnswer }
  | { kind: 'reused' }
  | { kind: 'in-use'; retryAfterSeconds: number }
  | { kind: 'limit'; retryAfterSeconds: number };

export interface IdempotencyLimits {
  /**
   * How long a running request holds its key without a renewal: the process running it renews the lease every third
   * of it, so a process killed mid-request frees the key within one lease, and a long request keeps it.
   */
  leaseMs: number;
  /** How long a final answer is kept for replay (24 hours). */
  keepMs: number;
  /** Keys one account may start within a day: what bounds the Redis memory one account can take. */
  keysPerAccountPerDay: number;
}

export const IDEMPOTENCY_LIMITS: IdempotencyLimits = { leaseMs: 10_000, keepMs: 24 * 3600_000, keysPerAccountPerDay: 10_000 };

/**
 * Takes the key when nobody has it (counting it against the account's day), else reports what holds it. One round
 * trip, atomic, so two gateways racing with the same key cannot both run the request.
 */
const CLAIM = `
local current = redis.call('GET', KEYS[1])
if current then return {'exists', current} end
local n = redis.call('INCR', KEYS[2])
if n == 1 then redis.call('PEXPIRE', KEYS[2], ARGV[3]) end
if n > tonumber(ARGV[4]) then return {'limit', tostring(redis.call('PTTL', KEYS[2]))} end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
return {'run', ''}`;

/** Replaces the running record with ARGV[2] (kept for ARGV[3] ms), or deletes it when ARGV[2] is empty; only its own run's. */
const SETTLE = `
local current = redis.call('GET', KEYS[1])
if not current or string.sub(current, 1, #ARGV[1]) ~= ARGV[1] then return 0 end
if ARGV[2] == '' then redis.call('DEL', KEYS[1]) else redis.call('SET', KEYS[1], ARGV[2], 'PX', ARGV[3]) end
return 1`;

/** Extends the running record's lease to ARGV[2] ms; only its own run's, and only while it runs. */
const RENEW = `
local current = redis.call('GET', KEYS[1])
if not current or string.sub(current, 1, #ARGV[1]) ~= ARGV[1] then return 0 end
redis.call('PEXPIRE', KEYS[1], ARGV[2])
return 1`;

/**
 * Idempotency keys in Redis, shared by every gateway replica: per (account, key) a running record while the first
 * request runs, then its final answer for 24 hours. Values: `running:<token>:<fingerprint>` or
 * `done:<fingerprint>:<answer JSON>`. The key is hashed, so any visible characters make a bounded Redis key.
 */
export class IdempotencyStore {
  constructor(
    private readonly redis: RedisClient,
    private readonly prefix: string,
    private readonly limits: IdempotencyLimits = IDEMPOTENCY_LIMITS,
  ) {}

  get leaseMs(): number {
    return this.limits.leaseMs;
  }

  get keysPerAccountPerDay(): number {
    return this.limits.keysPerAccountPerDay;
  }

  async claim(accountId: string, key: string, fingerprint: string): Promise<IdempotencyClaim> {
    const token = randomUUID();
    const [outcome, value] = (await this.redis.eval(
      CLAIM,
      2,
      this.recordKey(accountId, key),
      `${this.prefix}:idempotency-count:${accountId}`,
      `running:${token}:${fingerprint}`,
      this.limits.leaseMs,
      24 * 3600_000,
      this.limits.keysPerAccountPerDay,
    )) as [string, string];
    if (outcome === 'run') return { kind: 'run', token };
    if (outcome === 'limit') return { kind: 'limit', retryAfterSeconds: Math.max(1, Math.ceil(Number(value) / 1000)) };
    const [state, ...rest] = value.split(':');
    const theirs = state === 'running' ? rest[1] : rest[0];
    if (theirs !== fingerprint) return { kind: 'reused' };
    if (state === 'running') return { kind: 'in-use', retryAfterSeconds: 1 };
    return { kind: 'replay', answer: JSON.parse(value.slice(`done:${fingerprint}:`.length)) as KeptAnswer };
  }

  /** The run's final answer, kept for replay. */
  async keep(accountId: string, key: string, token: string, fingerprint: string, answer: KeptAnswer): Promise<void> {
    await this.redis.eval(SETTLE, 1, this.recordKey(accountId, key), `running:${token}:`, `done:${fingerprint}:${JSON.stringify(answer)}`, this.limits.keepMs);
  }

  /** The run is still going: its key stays held for another lease. False when the record is no longer this run's. */
  async renew(accountId: string, key: string, token: string): Promise<boolean> {
    return (await this.redis.eval(RENEW, 1, this.recordKey(accountId, key), `running:${token}:`, this.limits.leaseMs)) === 1;
  }

  /** The run ended without a final answer (a retryable failure): the key is free for the retry. */
  async release(accountId: string, key: string, token: string): Promise<void> {
    await this.redis.eval(SETTLE, 1, this.recordKey(accountId, key), `running:${token}:`, '', 0);
  }

  private recordKey(accountId: string, key: string): string {
    return `${this.prefix}:idempotency:${accountId}:${createHash('sha256').update(key).digest('base64url')}`;
  }
}
