import type { Context } from '@opentelemetry/api';

/**
 * Whether tracing runs, and its two handles: the one piece of state tracing.service.ts reads and tracing-sdk.wiring.ts sets. It
 * sits apart from both so that the SDK, loaded only when tracing is on, never imports the module that loads it.
 */
export interface ActiveTracing {
  /** A context in which instrumentations record nothing (the outbox relay's polling). */
  suppress(ctx: Context): Context;
  /** Sends the spans still buffered, then stops. */
  shutdown(): Promise<void>;
}

let active: ActiveTracing | undefined;

/** Called once by tracing-sdk.wiring.ts after it registered the provider. */
export function markTracingStarted(tracing: ActiveTracing): void {
  active = tracing;
}

export function activeTracing(): ActiveTracing | undefined {
  return active;
}

/** Forgets the running tracing and hands it back, to be shut down. */
export function takeActiveTracing(): ActiveTracing | undefined {
  const tracing = active;
  active = undefined;
  return tracing;
}
