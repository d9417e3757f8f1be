import 'reflect-metadata';
import { ConfigError, loadConfig } from '../shared/config/platform.config';
import { AppError } from '../shared/errors/app-error.exception';
import { createLogger } from '../shared/logging/logger';
import type { Platform } from '../shared/platform/platform.wiring';
import { exitOnHelp } from './cli-help.kit';

export { exitOnHelp };

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

/** Parses switches without a value (`--yes`); every one must be known. */
export function parseSwitches(args: string[], known: string[]): Record<string, boolean> {
  const switches: Record<string, boolean> = {};
  for (const arg of args) {
    const name = arg.startsWith('--') ? arg.slice(2) : undefined;
    if (name === undefined) throw new UsageError(`unexpected argument "${arg}"`);
    if (!known.includes(name))
      throw new UsageError(known.length ? `unknown option --${name} (known: ${known.map((k) => `--${k}`).join(', ')})` : `unknown option --${name}`);
    switches[name] = true;
  }
  return switches;
}

export function required(flags: Record<string, string>, name: string): string {
  const value = flags[name];
  if (value === undefined) throw new UsageError(`--${name} is required`);
  return value;
}

/** What a command works on: opened after its arguments are checked, closed before the process exits. */
export interface CliResources<R> {
  open(): Promise<R>;
  close(resources: R): Promise<void>;
}

/**
 * Runs one CLI command: prints one JSON line of what it did on success, a clear message and a
 * non-zero exit otherwise (2 for bad arguments, 1 for refused or failed). `--help` prints the usage and exits 0.
 */
export async function runCli<R>(usage: string, resources: CliResources<R>, command: (opened: R) => Promise<object>, validateOnly?: () => void): Promise<never> {
  exitOnHelp(usage);
  let opened: R | undefined;
  try {
    validateOnly?.();
    opened = await resources.open();
    const result = await command(opened);
    console.log(JSON.stringify(result));
    await resources.close(opened);
    process.exit(0);
  } catch (error) {
    if (opened !== undefined) await resources.close(opened).catch(() => undefined);
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

/** Runs one CLI command against the platform (database, Redis, keys): see runCli. */
export function runCommand(usage: string, command: (platform: Platform) => Promise<object>, validateOnly?: () => void): Promise<never> {
  return runCli(
    usage,
    {
      // Loaded only now: the subgraph modules cost most of a CLI's start, and --help or a bad argument needs none of them.
      open: async () => {
        const [{ createPlatform }, { DATABASE_MODULES }] = await Promise.all([
          import('../shared/platform/platform.wiring'),
          import('../subgraphs/subgraph.registry'),
        ]);
        return createPlatform(loadConfig(), DATABASE_MODULES, { logger: createLogger('error') });
      },
      close: async (platform) => (await import('../shared/platform/platform.wiring')).closePlatform(platform),
    },
    command,
    validateOnly,
  );
}
