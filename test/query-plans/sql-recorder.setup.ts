import { installSqlRecorder } from './sql-recorder';

// Before each test file (jest setupFilesAfterEnv): record the product's SQL when the run checks query plans.
if (process.env.SQL_RECORD_DIR) installSqlRecorder(process.env.SQL_RECORD_DIR);
