import { suppressTracing } from '@opentelemetry/core';
import { registerInstrumentations } from '@opentelemetry/instrumentation';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { MySQL2Instrumentation } from '@opentelemetry/instrumentation-mysql2';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, SpanProcessor } from '@opentelemetry/sdk-trace-base';
import { NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-proto';
import { markTracingStarted } from './active-tracing.state';
import { pathOf } from '../http/request-path.reader';

/** Probes and scrapes: answered many times a minute, each would be a trace of its own. */
const UNTRACED_PATHS = new Set(['/health', '/livez', '/readyz', '/metrics']);

export interface TracingOptions {
  serviceName: string;
  /**
   * Where finished spans go. Default: batched to the OTLP endpoint over HTTP/protobuf (the exporter reads
   * OTEL_EXPORTER_OTLP_ENDPOINT, _HEADERS, _TIMEOUT). A test passes an in-memory exporter's processor.
   */
  spanProcessor?: SpanProcessor;
}

/**
 * Loaded only when tracing is on (see tracing.service.ts): registers the tracer provider (W3C traceparent propagation,
 * AsyncLocalStorage context) and instruments node's http (server and client spans, traceparent in and out) and mysql2
 * (one span per query). Sampling follows OTEL_TRACES_SAMPLER (default: parent-based, always on).
 */
export function startTracing(options: TracingOptions): void {
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ 'service.name': options.serviceName }),
    spanProcessors: [options.spanProcessor ?? new BatchSpanProcessor(new OTLPTraceExporter())],
  });
  provider.register();
  registerInstrumentations({
    tracerProvider: provider,
    instrumentations: [
      new HttpInstrumentation({
        ignoreIncomingRequestHook: (req) => UNTRACED_PATHS.has(pathOf(req)),
        // The path only, as in the access log: a query string can hold search terms or contact details.
        startIncomingSpanHook: () => ({ 'url.query': undefined }),
      }),
      // Literals in statements become '?': the values are passengers' and accounts' data.
      new MySQL2Instrumentation({ maskStatement: true }),
    ],
  });
  markTracingStarted({ suppress: suppressTracing, shutdown: () => provider.shutdown() });
}
