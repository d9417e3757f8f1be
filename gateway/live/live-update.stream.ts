/**
 * A live stream's updates as an async iterator that a client's disconnect (return()) or a gateway shutdown (end())
 * finishes at once, even while it waits for the next update: an async generator would stay in its await until one came.
 * Updates that arrive before start() (between the channel subscribe and the read of the current state) are held, and
 * start() puts the current state first. At most `maxBuffered` updates wait for a slow client; beyond that the stream fails.
 */
export class LiveUpdateStream<T> implements AsyncIterableIterator<T> {
  private readonly queue: T[] = [];
  private waiting: { resolve: (result: IteratorResult<T>) => void; reject: (error: Error) => void } | undefined;
  private started = false;
  private finished = false;
  private failure: Error | undefined;

  constructor(
    private readonly onClose: () => Promise<void>,
    private readonly maxBuffered = 100,
  ) {}

  /** Sends `first` (unless null), then the held updates that `keep` accepts, then every later push. */
  start(first: T | null, keep: (held: T) => boolean = () => true): void {
    const held = this.queue.splice(0).filter(keep);
    this.started = true;
    for (const value of first === null ? held : [first, ...held]) this.push(value);
  }

  push(value: T): void {
    if (this.finished) return;
    if (this.started && this.waiting) {
      const { resolve } = this.waiting;
      this.waiting = undefined;
      resolve({ value, done: false });
      return;
    }
    if (this.queue.length >= this.maxBuffered) return this.end(new Error('The client reads updates too slowly: subscribe again'));
    this.queue.push(value);
  }

  /**
   * Finishes the stream. Without an error (gateway shutdown) the client gets a normal completion; with one (updates may
   * have been lost) the event stream breaks off, so a client retries and starts again from the current state.
   */
  end(error?: Error): void {
    if (this.finished) return;
    this.finished = true;
    this.queue.length = 0;
    void this.onClose();
    const waiting = this.waiting;
    this.waiting = undefined;
    if (waiting) {
      if (error) waiting.reject(error);
      else waiting.resolve({ value: undefined, done: true });
    } else this.failure = error;
  }

  get ended(): boolean {
    return this.finished;
  }

  next(): Promise<IteratorResult<T>> {
    if (this.started && this.queue.length) return Promise.resolve({ value: this.queue.shift()!, done: false });
    if (this.finished) {
      const failure = this.failure;
      this.failure = undefined;
      return failure ? Promise.reject(failure) : Promise.resolve({ value: undefined, done: true });
    }
    return new Promise((resolve, reject) => {
      this.waiting = { resolve, reject };
    });
  }

  return(): Promise<IteratorResult<T>> {
    this.end();
    return Promise.resolve({ value: undefined, done: true });
  }

  throw(error?: unknown): Promise<IteratorResult<T>> {
    this.end(error instanceof Error ? error : undefined);
    return Promise.resolve({ value: undefined, done: true });
  }

  [Symbol.asyncIterator](): AsyncIterableIterator<T> {
    return this;
  }
}
