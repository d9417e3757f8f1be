import { InMemorySpanExporter, ReadableSpan, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { startTracing } from '../../shared/telemetry/tracing-sdk.wiring';

/** A finished span as the test reads it (what crosses the IPC channel). */
export interface SpanRecord {
  name: string;
  kind: number;
  traceId: string;
  spanId: string;
  parentSpanId: string | undefined;
  scope: string;
  service: unknown;
  attributes: Record<string, unknown>;
}

/**
 * The whole stack ('all') with tracing on, exporting to memory instead of OTLP: the production startTracing with the
 * in-memory exporter as its span processor. Tracing starts before the stack's modules load (they are imported
 * after it, as start.js's preload does), so http and mysql2 are instrumented. Sends `{ ready: <gateway url> }`; on
 * 'spans' answers the finished spans and the log lines so far; on 'stop' stops.
 */
const exporter = new InMemorySpanExporter();
startTracing({ serviceName: 'safiri', spanProcessor: new SimpleSpanProcessor(exporter) });

function record(span: ReadableSpan): SpanRecord {
  return {
    name: span.name,
    kind: span.kind,
    traceId: span.spanContext().traceId,
    spanId: span.spanContext().spanId,
    parentSpanId: span.parentSpanContext?.spanId,
    scope: span.instrumentationScope.name,
    service: span.resource.attributes['service.name'],
    attributes: { ...span.attributes },
  };
}

async function main(): Promise<void> {
  await import('reflect-metadata');
  const { loadConfig } = await import('../../shared/config/platform.config');
  const { createLogger } = await import('../../shared/logging/logger');
  const { startStack } = await import('../../bin/stack.wiring');
  const lines: string[] = [];
  const stack = await startStack(
    loadConfig(process.env),
    'all',
    createLogger('info', { role: 'all' }, (line) => lines.push(line)),
  );
  process.on('message', (message) => {
    if (message === 'spans') process.send!({ spans: exporter.getFinishedSpans().map(record), lines });
    if (message === 'stop') void stack.stop().then(() => process.exit(0));
  });
  process.send!({ ready: stack.gateway!.url });
}

main().catch((error) => {
  process.stderr.write(`${(error as Error).stack}\n`);
  process.exit(1);
});
