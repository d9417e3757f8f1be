import 'reflect-metadata';
import { loadConfig } from '../../shared/config/platform.config';
import { createLogger } from '../../shared/logging/logger';
import { WalletLedger } from '../../shared/wallet/wallet-ledger.service';
import { GdsSimulator } from '../../subgraphs/flight/supplier/gds-simulator.adapter';
import { RailSimulator } from '../../subgraphs/train/provider/rail-simulator.adapter';
import { startStack } from '../../bin/stack.wiring';

/**
 * The whole stack (`npm start`'s 'all' role) with one failpoint that SIGKILLs the process at a chosen step of a
 * purchase, cancellation or issuance, the way a power cut would. The failpoint is installed here, by patching a prototype in this
 * test process only: production code has no fault hooks. Prints `READY <gateway url>` once serving.
 */
const CRASH_POINTS: Record<string, () => void> = {
  // Admitted (wallet hold committed, ISSUING), the airline not asked yet.
  'flight-before-supplier-issue': () => killAround(GdsSimulator.prototype, 'issueTickets', 'before'),
  // The airline issued the tickets; nothing of it recorded.
  'flight-after-supplier-issue': () => killAround(GdsSimulator.prototype, 'issueTickets', 'after'),
  // Issued and recorded; the debit job dies before posting.
  'flight-before-debit': () => killAround(WalletLedger.prototype, 'debit', 'before'),
  // A cancellation wrote CANCELLING; the process dies before the airline is asked.
  'flight-cancel-before-supplier': () => killAround(GdsSimulator.prototype, 'cancel', 'before'),
  // The airline cancelled the PNR; the process dies before the reservation is CANCELLED.
  'flight-cancel-after-supplier': () => killAround(GdsSimulator.prototype, 'cancel', 'after'),
  // Admitted (202); the job dies when it starts the payout.
  'train-before-payout': () => killAround(RailSimulator.prototype, 'payout', 'before'),
  // The provider issued the tickets; the job dies before its final transaction.
  'train-after-issue': () => killAround(RailSimulator.prototype, 'issue', 'after'),
  // The job's final transaction (ISSUED + debit) dies before committing.
  'train-before-debit': () => killAround(WalletLedger.prototype, 'debit', 'before'),
};

function killAround(proto: object, method: string, when: 'before' | 'after'): void {
  const target = proto as Record<string, (...args: unknown[]) => Promise<unknown>>;
  const original = target[method];
  target[method] = async function (this: unknown, ...args: unknown[]) {
    if (when === 'before') process.kill(process.pid, 'SIGKILL');
    const result = await original.apply(this, args);
    process.kill(process.pid, 'SIGKILL');
    return result;
  };
}

async function main(): Promise<void> {
  const point = process.env.CRASH_AT ?? '';
  if (!CRASH_POINTS[point]) throw new Error(`CRASH_AT must be one of ${Object.keys(CRASH_POINTS).join(', ')}`);
  CRASH_POINTS[point]();
  const stack = await startStack(loadConfig(process.env), 'all', createLogger('error'));
  process.stdout.write(`READY ${stack.gateway!.url}\n`);
}

main().catch((error) => {
  process.stderr.write(`${(error as Error).stack}\n`);
  process.exit(1);
});
