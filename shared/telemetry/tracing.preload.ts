import path from 'node:path';
import { startTracingFromEnv } from './tracing.service';

/**
 * Imported first by bin/start.ts (or `node --require dist/shared/telemetry/tracing.preload.js` for another entry
 * point): starts tracing before http and mysql2 load, when OTEL_EXPORTER_OTLP_ENDPOINT is set. Under start.js the
 * role, its argument, names the service (`safiri-gateway`, `safiri-worker`, …); OTEL_SERVICE_NAME overrides it.
 */
const role = path.basename(process.argv[1] ?? '') === 'start.js' ? (process.argv[2] ?? 'all') : undefined;
startTracingFromEnv(process.env, role);
