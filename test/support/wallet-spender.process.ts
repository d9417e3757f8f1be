import 'reflect-metadata';
import { loadConfig } from '../../shared/config/platform.config';
import { createLogger } from '../../shared/logging/logger';
import { closePlatform, createPlatform } from '../../shared/platform/platform.wiring';
import { DATABASE_MODULES } from '../../subgraphs/subgraph.registry';
import { runSpendPlan, SpendPlan } from './wallet-spend-plan';

/** A second process spending from the same wallets as the test: reads a plan on stdin, prints its outcomes. */
async function main(): Promise<void> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  const plan = JSON.parse(Buffer.concat(chunks).toString('utf8')) as SpendPlan;
  const platform = await createPlatform(loadConfig(process.env), DATABASE_MODULES, { logger: createLogger('error') });
  try {
    process.stdout.write(JSON.stringify(await runSpendPlan(platform.ledger, plan)));
  } finally {
    await closePlatform(platform);
  }
}

main().catch((error) => {
  process.stderr.write(`${(error as Error).stack}\n`);
  process.exit(1);
});
