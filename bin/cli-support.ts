import 'reflect-metadata';
import { ConfigError, loadConfig } from '../shared/config/config';
import { AppError } from '../shared/errors/app-error';
import { createLogger } from '../shared/logging/logger';
import { closePlatform, createPlatform, Platform } from '../shared/platform/platform';
import { DATABASE_MODULES } from '../subgraphs/registry';

export class UsageError extends Error {}

/** Parses `--name value` pairs; every flag must be known and have a value. */
export function parseFlags(args: string[], known: string[]): Record<string, string> {
  const flags: Record<string, string> = {};
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (!arg.startsWith('--')) throw new UsageError(`unexpected argument "${arg}"`);
    const name = arg.slice(2);
    if (!known.includes(name)) throw new UsageError(`unknown option --${name} (known: ${known.map((k) => `--${k}`).join(', ')})`);
    const value = args[i + 1];
    if (value === undefined || value.startsWith('--')) throw new UsageError(`--${name} needs a value`);
    flags[name] = value;
    i++;
  }
  return flags;
}

export function required(flags: Record<string, string>, name: string): string {
  const value = flags[name];
  if (value === undefined) throw new UsageError(`--${name} is required`);
  return value;
}

/**
 * Runs one CLI command against the database: prints one JSON line of what it did on success,
 * a clear message and a non-zero exit otherwise (2 for bad arguments, 1 for refused or failed).
 */
export async function runCommand(usage: string, command: (platform: Platform) => Promise<object>, validateOnly?: () => void): Promise<never> {
  let platform: Platform | undefined;
  try {
    validateOnly?.();
    const config = loadConfig();
    platform = await createPlatform(config, DATABASE_MODULES, { logger: createLogger('error') });
    const result = await command(platform);
    console.log(JSON.stringify(result));
    await closePlatform(platform);
    process.exit(0);
  } catch (error) {
    if (platform) await closePlatform(platform).catch(() => undefined);
    if (error instanceof UsageError) {
      console.error(`error: ${error.message}\n\n${usage}`);
      process.exit(2);
    }
    if (error instanceof ConfigError) console.error(error.message);
    else if (error instanceof AppError) console.error(`error: ${error.errorMessage} (${error.errorCode})`);
    else console.error(`error: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}
