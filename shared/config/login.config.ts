import os from 'node:os';
import { EnvReader } from './env.reader';

/** Login throttling: see docs/decisions.md, "Login throttling". */
export interface LoginConfig {
  /** Failed logins for one email from one client address within failureWindowSeconds before 429. */
  maxFailures: number;
  failureWindowSeconds: number;
  /** Failed logins from one client address, whatever the email, within addressFailureWindowSeconds before 429. */
  addressMaxFailures: number;
  addressFailureWindowSeconds: number;
  /** Login attempts from one client address within addressAttemptWindowSeconds; refused before any hashing. */
  addressMaxAttempts: number;
  addressAttemptWindowSeconds: number;
  /** Password checks running at once in one process; more wait in a queue of at most hashQueue, beyond it 503. */
  hashConcurrency: number;
  hashQueue: number;
}

export function readLoginConfig(read: EnvReader): LoginConfig {
  return {
    maxFailures: read.integer('LOGIN_MAX_FAILURES', 5, 1, 1000),
    failureWindowSeconds: read.integer('LOGIN_FAILURE_WINDOW_SECONDS', 900, 1, 86_400),
    addressMaxFailures: read.integer('LOGIN_ADDRESS_MAX_FAILURES', 20, 1, 100_000),
    addressFailureWindowSeconds: read.integer('LOGIN_ADDRESS_FAILURE_WINDOW_SECONDS', 3600, 1, 86_400),
    addressMaxAttempts: read.integer('LOGIN_ADDRESS_MAX_ATTEMPTS', 60, 1, 100_000),
    addressAttemptWindowSeconds: read.integer('LOGIN_ADDRESS_ATTEMPT_WINDOW_SECONDS', 60, 1, 86_400),
    // Half the cores: a login spray can then take at most half the CPU, and leaves libuv threads
    // (4 by default, shared with file and DNS work) to everything else.
    hashConcurrency: read.integer('LOGIN_HASH_CONCURRENCY', Math.max(1, Math.floor(os.availableParallelism() / 2)), 1, 64),
    hashQueue: read.integer('LOGIN_HASH_QUEUE', 64, 0, 10_000),
  };
}
