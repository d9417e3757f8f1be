import 'reflect-metadata';
import { ConfigError, loadConfig } from '../shared/config/config';
import { prepareFromConfig } from './prepare-database';

/** `npm run migrate`: database, migrations, reference data and the first signing key; then exits. */
prepareFromConfig(loadConfig()).then(
  (report) => {
    console.log(JSON.stringify({ action: 'migrate', ...report }));
    process.exit(0);
  },
  (error) => {
    console.error(error instanceof ConfigError ? error.message : `migrate failed: ${(error as Error).message}`);
    process.exit(1);
  },
);
