import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig, PlatformConfig, SUBGRAPH_NAMES } from '../../shared/config/platform.config';
import { createLogger } from '../../shared/logging/logger';
import { closePlatform, createPlatform, Platform } from '../../shared/platform/platform.wiring';
import { DATABASE_MODULES } from '../../subgraphs/subgraph.registry';
import { prepareDatabase } from '../../bin/prepare-database.service';
import { RunningStack, startStack } from '../../bin/stack.wiring';
import { scratchStackEnv } from '../volume/booking-templates';
import { deleteKeys } from '../../test/support/test-platform';

/**
 * The roles a user's requests reach (four subgraphs and the gateway, each with its own platform as under
 * docker-compose) on a seeded database, without workers or the outbox relay: a benchmark measures reads, and nothing
 * in the background may run meanwhile. Migrations still pending on a reused database run first.
 */
export interface ScaleStack {
  baseUrl: string;
  /** A platform of its own for the job scans and ledger calls the benchmark makes directly. */
  platform: Platform;
  config: PlatformConfig;
  stop(): Promise<void>;
}

export async function startScaleStack(databaseUrl: string, redisUrl: string, queuePrefix: string): Promise<ScaleStack> {
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'safiri-scale-'));
  const env: Record<string, string> = {
    ...scratchStackEnv(scratch, queuePrefix),
    NODE_ENV: 'development',
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    // The benchmark logs in as many seeded accounts from one address.
    LOGIN_ADDRESS_MAX_ATTEMPTS: '100000',
    LOGIN_ADDRESS_MAX_FAILURES: '100000',
  };
  const config = loadConfig(env);
  const platform = await createPlatform(config, DATABASE_MODULES, { logger: createLogger('error') });
  const stacks: RunningStack[] = [];
  try {
    await prepareDatabase(platform);
    const urls: Record<string, string> = {};
    for (const name of SUBGRAPH_NAMES) {
      const stack = await startStack(config, name, createLogger('error'));
      stacks.push(stack);
      urls[`${name.toUpperCase()}_URL`] = stack.subgraphs[name]!.url;
    }
    const gateway = await startStack(loadConfig({ ...env, ...urls }), 'gateway', createLogger('error'));
    stacks.push(gateway);
    return {
      baseUrl: gateway.gateway!.url,
      platform,
      config,
      stop: async () => {
        for (const stack of stacks.reverse()) await stack.stop();
        await closePlatform(platform);
        await deleteKeys(redisUrl, `${config.queuePrefix}:*`);
        rmSync(scratch, { recursive: true, force: true });
      },
    };
  } catch (error) {
    for (const stack of stacks.reverse()) await stack.stop();
    await closePlatform(platform);
    rmSync(scratch, { recursive: true, force: true });
    throw error;
  }
}
