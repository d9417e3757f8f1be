import type { LogLevel } from '../config/config';

const ORDER: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40 };

export interface Logger {
  debug(message: string, fields?: Record<string, unknown>): void;
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
  child(fields: Record<string, unknown>): Logger;
}

/** One JSON object per line on stdout: what log shippers and `jq` read. */
export function createLogger(level: LogLevel, base: Record<string, unknown> = {}, write = defaultWrite): Logger {
  const threshold = ORDER[level];
  const emit = (lvl: LogLevel, message: string, fields?: Record<string, unknown>) => {
    if (ORDER[lvl] < threshold) return;
    write(JSON.stringify({ time: new Date().toISOString(), level: lvl, message, ...base, ...fields }));
  };
  return {
    debug: (m, f) => emit('debug', m, f),
    info: (m, f) => emit('info', m, f),
    warn: (m, f) => emit('warn', m, f),
    error: (m, f) => emit('error', m, f),
    child: (fields) => createLogger(level, { ...base, ...fields }, write),
  };
}

function defaultWrite(line: string): void {
  process.stdout.write(`${line}\n`);
}

/** Masks an email or phone for logs: enough to correlate, not enough to identify. */
export function maskRecipient(value: string): string {
  const at = value.indexOf('@');
  if (at > 0) return `${value[0]}***${value.slice(at)}`;
  return value.length > 4 ? `***${value.slice(-3)}` : '***';
}
