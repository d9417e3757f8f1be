import checkRecordedPlans from '../query-plans/plan-check.teardown';
import { tearDownTestTls } from './test-tls';

/** jest globalTeardown: the query-plan check, then the run's certificate goes. */
export default async function globalTeardown(): Promise<void> {
  try {
    await checkRecordedPlans();
  } finally {
    tearDownTestTls();
  }
}
