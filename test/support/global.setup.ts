import setUpPlanCheck from '../query-plans/plan-check.setup';
import { setUpTestTls } from './test-tls';

/** jest globalSetup: the query-plan check's recording folder, and the certificate every test process trusts. */
export default function globalSetup(config: Parameters<typeof setUpPlanCheck>[0]): void {
  setUpPlanCheck(config);
  setUpTestTls();
}
