import type { PlatformConfig } from '../shared/config/platform.config';
import { ensureDatabase } from '../shared/database/data-source.factory';
import { closePlatform, createPlatform, Platform } from '../shared/platform/platform.wiring';
import { DATABASE_MODULES, SUBGRAPH_MODULES } from '../subgraphs/subgraph.registry';

export interface PreparationReport {
  migrations: string[];
  referenceData: Record<string, number>;
  signingKid: string;
}

/** Creates the database if missing, runs pending migrations, loads reference data, ensures a signing key. */
export async function prepareDatabase(platform: Platform): Promise<PreparationReport> {
  const ran = await platform.dataSource.runMigrations({ transaction: 'each' });
  const referenceData: Record<string, number> = {};
  for (const module of Object.values(SUBGRAPH_MODULES)) Object.assign(referenceData, await module.seed(platform));
  const signingKid = await platform.keys.ensureSigningKey();
  return { migrations: ran.map((m) => m.name), referenceData, signingKid };
}

/** The whole preparation for a process that has no platform yet (the migrate command). */
export async function prepareFromConfig(config: PlatformConfig): Promise<PreparationReport> {
  await ensureDatabase(config.databaseUrl);
  const platform = await createPlatform(config, DATABASE_MODULES);
  try {
    return await prepareDatabase(platform);
  } finally {
    await closePlatform(platform);
  }
}
