import { verifyPassword } from './password.service';

/** Thrown at once, without hashing, when every slot is busy and the queue is full. */
export class PasswordCheckBusyError extends Error {
  constructor() {
    super('too many password checks at once');
    this.name = 'PasswordCheckBusyError';
  }
}

/**
 * Checks passwords with at most `concurrency` scrypt runs at once (they run on libuv's thread pool,
 * off the event loop, but each takes a core for 50-100 ms). Up to `maxQueue` callers wait in order
 * for a slot; the next one is refused at once, so a flood is answered fast instead of queueing for ever.
 */
export class PasswordVerifier {
  private running = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(private readonly limits: { concurrency: number; maxQueue: number }) {}

  async verify(password: string, stored: string): Promise<boolean> {
    await this.slot();
    try {
      return await verifyPassword(password, stored);
    } finally {
      this.release();
    }
  }

  /** Decided synchronously, so callers arriving together are admitted or refused in order. */
  private slot(): Promise<void> {
    if (this.running < this.limits.concurrency) {
      this.running++;
      return Promise.resolve();
    }
    if (this.waiting.length >= this.limits.maxQueue) return Promise.reject(new PasswordCheckBusyError());
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  /** A finished check hands its slot straight to the first waiter: `running` stays the same. */
  private release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.running--;
  }
}
