import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../shared/config/platform.config';
import { dropDatabase } from '../../shared/database/data-source.factory';
import { createLogger } from '../../shared/logging/logger';
import { startStack } from '../../bin/stack.wiring';
import { TEST_PROCESS_ENV } from '../../test/support/test-platform';
import { FLIGHT_FLOWS, flowContext, TRAIN_FLOWS } from './booking-flows';
import { Bundle, captureBundles, PassingClock, RawRow, textRows } from './template-capture';

/**
 * The settings of a stack a tool starts for itself: its folders under `scratch`, its own queue prefix, free ports on
 * loopback, quiet logs (the caller adds the database and Redis).
 */
export function scratchStackEnv(scratch: string, queuePrefix: string): Record<string, string> {
  return {
    ...TEST_PROCESS_ENV,
    LOG_LEVEL: 'error',
    QUEUE_PREFIX: queuePrefix,
    KEYS_DIR: path.join(scratch, 'keys'),
    NOTIFICATION_SINK_DIR: path.join(scratch, 'sink'),
    REVERSE_PROXY_REPO: path.join(scratch, 'reverse-proxy'),
  };
}

/** An account the flows booked as, with its wallet (agents) and one access token, as the product wrote them. */
export interface AccountTemplate {
  role: string;
  account: RawRow;
  wallet: RawRow | null;
  token: RawRow;
}

export interface Templates {
  bundles: Bundle[];
  accounts: AccountTemplate[];
  /** The sandbox GDS's seat inventory rows (gds_sim_seat) after the flows. */
  simulatorInventory: RawRow[];
}

/**
 * Runs every booking flow once against a stack of its own (a scratch database and queue prefix on the given servers,
 * dropped afterwards) and answers the rows each left, and the accounts that made them: what the volume seeder clones.
 */
export async function buildTemplates(serverUrl: string, redisUrl: string): Promise<Templates> {
  const id = `${process.pid}_${randomBytes(3).toString('hex')}`;
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'safiri-seed-'));
  const config = loadConfig({
    ...scratchStackEnv(scratch, `seed_templates_${id}`),
    NODE_ENV: 'test',
    DATABASE_URL: `${serverUrl.replace(/\/+$/, '')}/safiri_seed_templates_${id}`,
    REDIS_URL: redisUrl,
    OUTBOX_POLL_MS: '20',
    SGR_MAX_ACTIVE_HOLDS: '200',
  });
  const clock = new PassingClock();
  const stack = await startStack(config, 'all', createLogger('error'), clock);
  try {
    const ctx = await flowContext(stack, stack.gateway!.url);
    const bundles = await captureBundles(stack, clock, ctx, [...FLIGHT_FLOWS, ...TRAIN_FLOWS]);
    const { dataSource } = stack.platform;
    const [accounts, wallets, tokens, simulatorInventory] = await Promise.all(
      ['account', 'wallet', 'access_token', 'gds_sim_seat'].map((t) => textRows(dataSource, t)),
    );
    return {
      bundles,
      simulatorInventory,
      accounts: accounts.map((account) => ({
        role: account.role!,
        account,
        wallet: wallets.find((w) => w.account_id === account.id) ?? null,
        token: tokens.find((t) => t.account_id === account.id)!,
      })),
    };
  } finally {
    await stack.stop();
    await dropDatabase(config.databaseUrl);
    const redis = new (await import('ioredis')).default(redisUrl);
    try {
      const keys = await redis.keys(`${config.queuePrefix}:*`);
      if (keys.length) await redis.del(...keys);
    } finally {
      redis.disconnect();
    }
    rmSync(scratch, { recursive: true, force: true });
  }
}
