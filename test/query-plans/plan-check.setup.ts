import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** The part of jest's global configuration this hook reads. */
interface RunConfig {
  testPathPatterns?: { isSet(): boolean };
  testNamePattern?: string;
  onlyChanged?: boolean;
  findRelatedTests?: boolean;
}

/**
 * jest globalSetup: on a whole run (or with SQL_PLAN_CHECK=on), a folder where every test process records the SQL
 * the product sends (sql-recorder.ts), for plan-check.teardown.ts. Test processes start after this and inherit
 * SQL_RECORD_DIR. SQL_PLAN_CHECK=off skips recording and the check.
 */
export default function setUpPlanCheck(config: RunConfig): void {
  // A folder given by the caller is recorded into and kept (to look at the statements of a run).
  if (process.env.SQL_RECORD_DIR) return;
  const wanted = process.env.SQL_PLAN_CHECK;
  const partial = config.testPathPatterns?.isSet() || !!config.testNamePattern || config.onlyChanged || config.findRelatedTests;
  if (wanted === 'off' || (partial && wanted !== 'on')) return;
  process.env.SQL_RECORD_DIR = mkdtempSync(path.join(os.tmpdir(), 'safiri-sql-'));
  process.env.SQL_RECORD_OWNED = 'true';
}
