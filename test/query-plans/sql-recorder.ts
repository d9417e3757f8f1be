import { appendFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { DataSource } from 'typeorm';

/*
 * Loaded before every test file (package.json jest.setupFilesAfterEnv) when the run records SQL (SQL_RECORD_DIR, set by
 * plan-check.setup.ts): every statement the product's code sends through a TypeORM data source is written once per
 * process, with the parameters of its first use, for the query-plan check at the end of the run (plan-check.teardown.ts).
 * Statements the tests send themselves (assertions reading a table) and migrations are left out: the frame nearest to
 * the query outside node_modules tells who sent it.
 */

/** One statement as the plan check reads it. */
export interface RecordedStatement {
  /** The statement as sent (placeholders kept). */
  sql: string;
  /** Its parameters at first use; instants as {$date: epoch ms}. */
  params: unknown[];
  /** The product code that sent it (file:line), for the report. */
  caller: string;
}

/** The checkout: frames name sources under it (jest maps dist/ back to the .ts files) or the built files in dist/. */
const ROOT = path.resolve(__dirname, '..', '..', '..').replace(/[\\/]dist$/, '');
const under = (folders: string) => new RegExp(`${ROOT.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}[\\\\/](dist[\\\\/])?(${folders})[\\\\/]`);
const PRODUCT_CODE = under('shared|subgraphs|gateway|bin');
const NOT_PRODUCT = under('test|bench');
const MIGRATION = /[\\/]migrations[\\/]/;
/** Unit tests beside the code they test (subgraphs/…/x.test.ts). */
const TEST_FILE = /\.test\.[jt]s:/;
/** Reads and writes worth a plan: transaction control, locks, SET and DDL are not. */
const PLANNED = /^\s*(\(?\s*SELECT|UPDATE|DELETE|INSERT\s[\s\S]*\bSELECT\b|REPLACE\s[\s\S]*\bSELECT\b|WITH)\b/i;
const SKIPPED = /\b(information_schema|GET_LOCK|RELEASE_LOCK|IS_FREE_LOCK|VERSION\(\)|CONNECTION_ID\(\)|@@|performance_schema)\b/i;
/** TypeORM's own bookkeeping: the table of applied migrations. */
const TYPEORM_INTERNAL = /\bschema_migration\b/;

/** The statement's shape: whitespace folded and IN-lists of placeholders counted as one, so repeats are recorded once. */
export function statementShape(sql: string): string {
  return sql
    .replace(/\s+/g, ' ')
    .replace(/\(\s*\?(\s*,\s*\?)+\s*\)/g, '(?)')
    .trim();
}

function encode(value: unknown): unknown {
  if (value instanceof Date) return { $date: value.getTime() };
  if (Buffer.isBuffer(value)) return { $hex: value.toString('hex') };
  if (Array.isArray(value)) return value.map(encode);
  return value;
}

export function decodeParam(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(decodeParam);
  if (value && typeof value === 'object') {
    if ('$date' in value) return new Date((value as { $date: number }).$date);
    if ('$hex' in value) return Buffer.from((value as { $hex: string }).$hex, 'hex');
  }
  return value;
}

/** Who sent the query: the nearest frame in our own code, or undefined when that is a test, a bench or a migration. */
function productCaller(): string | undefined {
  const frames = (new Error().stack ?? '').split('\n').slice(2);
  for (const frame of frames) {
    // The replica router only passes statements on (and watches the logger for writes): the sender is further up.
    if (frame.includes('node_modules') || frame.includes('sql-recorder') || frame.includes('replica-read.router') || frame.includes('node:internal')) continue;
    if (NOT_PRODUCT.test(frame) || MIGRATION.test(frame) || TEST_FILE.test(frame)) return undefined;
    if (PRODUCT_CODE.test(frame)) return frame.trim().replace(/^at\s+(async\s+)?/, '');
  }
  return undefined;
}

export function installSqlRecorder(dir: string): void {
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${process.pid}.jsonl`);
  const seen = new Set<string>();
  const initialize = DataSource.prototype.initialize;
  DataSource.prototype.initialize = async function recordingInitialize(this: DataSource) {
    const dataSource = await initialize.call(this);
    const logger = dataSource.logger;
    const logQuery = logger.logQuery.bind(logger);
    logger.logQuery = (query, parameters, queryRunner) => {
      const shape = statementShape(query);
      if (!seen.has(shape) && PLANNED.test(query) && !SKIPPED.test(query) && !TYPEORM_INTERNAL.test(query)) {
        const caller = productCaller();
        if (caller) {
          seen.add(shape);
          const statement: RecordedStatement = { sql: query, params: (parameters ?? []).map(encode), caller };
          appendFileSync(file, `${JSON.stringify(statement)}\n`);
        }
      }
      return logQuery(query, parameters, queryRunner);
    };
    return dataSource;
  };
}
