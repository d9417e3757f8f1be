import { spawnSync } from 'node:child_process';
import path from 'node:path';
import type { PlatformConfig } from '../../shared/config/platform.config';
import { childEnv } from './test-platform';

export type CliName = 'accounts' | 'keys' | 'notifications' | 'queues' | 'migrate' | 'schema' | 'openapi';

/** Runs a compiled operator CLI (dist/bin/<name>.cli.js) against a test configuration. */
export function runCli(name: CliName, args: string[], config: PlatformConfig, env: Record<string, string> = {}) {
  const script = path.resolve(__dirname, '..', '..', 'bin', `${name}.cli.js`);
  const result = spawnSync(process.execPath, [script, ...args], {
    encoding: 'utf8',
    env: childEnv(config, env),
  });
  const lines = result.stdout.trim().split('\n').filter(Boolean);
  return {
    status: result.status,
    stdout: result.stdout,
    stderr: result.stderr,
    // Usage text (--help) is not JSON.
    json: lines.length && lines[lines.length - 1].startsWith('{') ? JSON.parse(lines[lines.length - 1]) : undefined,
  };
}
