import { Attributes, context, propagation, ROOT_CONTEXT, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import { activeTracing, takeActiveTracing } from './active-tracing.state';

/**
 * Tracing as the rest of the code sees it: the OpenTelemetry API only, which is a no-op until tracing-sdk.wiring.ts registers a
 * provider. The SDK, the exporter and the instrumentations are loaded only when OTEL_EXPORTER_OTLP_ENDPOINT is set, so
 * a platform without tracing loads none of them and every helper here returns at its first line.
 */
export function tracingOn(): boolean {
  return activeTracing() !== undefined;
}

/** The service.name a role reports: `safiri-gateway`, `safiri-flight`, … (`safiri` for all roles in one process). */
export function serviceNameFor(role: string | undefined): string {
  return !role || role === 'all' ? 'safiri' : `safiri-${role}`;
}

/**
 * Starts tracing when OTEL_EXPORTER_OTLP_ENDPOINT (or OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) is set; otherwise does
 * nothing and loads nothing. Must run before http and mysql2 are first required: their instrumentation patches the
 * modules as they load.
 */
export function startTracingFromEnv(env: NodeJS.ProcessEnv, role: string | undefined): void {
  if (activeTracing() || !(env.OTEL_EXPORTER_OTLP_ENDPOINT || env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT)) return;
  // A synchronous require, on purpose: the preload must finish before the next import loads http or mysql2,
  // and a static import would load the SDK when tracing is off.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const sdk = require('./tracing-sdk.wiring') as typeof import('./tracing-sdk.wiring');
  sdk.startTracing({ serviceName: env.OTEL_SERVICE_NAME || serviceNameFor(role) });
}

/** Flushes and stops the SDK (at shutdown); nothing when tracing is off. */
export async function shutdownTracing(): Promise<void> {
  const tracing = takeActiveTracing();
  await tracing?.shutdown();
}

/** The W3C traceparent of the current span, to store with work that runs later (an outbox row); null when off. */
export function currentTraceParent(): string | null {
  if (!activeTracing()) return null;
  const carrier: Record<string, string> = {};
  propagation.inject(context.active(), carrier);
  return carrier.traceparent ?? null;
}

/** The trace id and span id of the current span, for log lines; undefined when off or outside a span. */
export function currentTraceIds(): { traceId: string; spanId: string } | undefined {
  if (!activeTracing()) return undefined;
  const span = trace.getSpan(context.active());
  if (!span) return undefined;
  const { traceId, spanId } = span.spanContext();
  return { traceId, spanId };
}

/** Sets an attribute on the current span (the server or consumer span of the work being served). */
export function tagCurrentSpan(key: string, value: string): void {
  if (activeTracing()) trace.getSpan(context.active())?.setAttribute(key, value);
}

/** Runs fn with nothing traced (a poll loop would otherwise make a trace of its own every few milliseconds). */
export function untraced<T>(fn: () => T): T {
  const active = activeTracing();
  return active ? context.with(active.suppress(context.active()), fn) : fn();
}

export interface SpanOptions {
  kind: 'internal' | 'producer' | 'consumer';
  attributes?: Attributes;
  /** The traceparent the work was stored or sent with: the span continues that trace. Absent: a trace of its own. */
  parent?: string | null;
}

const KINDS = { internal: SpanKind.INTERNAL, producer: SpanKind.PRODUCER, consumer: SpanKind.CONSUMER };

/**
 * Runs fn inside a span named `name`: the child of `parent` when one is given (work that crossed a queue), of the
 * current span otherwise. A thrown error marks the span failed and is rethrown.
 */
export async function inSpan<T>(name: string, options: SpanOptions, fn: () => Promise<T>): Promise<T> {
  if (!activeTracing()) return fn();
  const parentContext =
    options.parent === undefined ? context.active() : options.parent ? propagation.extract(ROOT_CONTEXT, { traceparent: options.parent }) : ROOT_CONTEXT;
  return trace.getTracer('safiri').startActiveSpan(name, { kind: KINDS[options.kind], attributes: options.attributes }, parentContext, async (span) => {
    try {
      return await fn();
    } catch (error) {
      span.recordException(error as Error);
      span.setStatus({ code: SpanStatusCode.ERROR, message: (error as Error).message });
      throw error;
    } finally {
      span.end();
    }
  });
}
