import { spawnSync } from 'node:child_process';
import path from 'node:path';
import type { PlatformConfig } from '../../shared/config/config';
import { childEnv } from './test-platform';

/** Runs a compiled operator CLI (dist/bin/<name>.cli.js) against a test configuration. */
export function runCli(name: 'accounts' | 'keys' | 'notifications', args: string[], config: PlatformConfig) {
  const script = path.resolve(__dirname, '..', '..', 'bin', `${name}.cli.js`);
  const result = spawnSync(process.execPath, [script, ...args], {
    encoding: 'utf8',
    env: childEnv(config),
  });
  const lines = result.stdout.trim().split('\n').filter(Boolean);
  return {
    status: result.status,
    stdout: result.stdout,
    stderr: result.stderr,
    json: lines.length ? JSON.parse(lines[lines.length - 1]) : undefined,
  };
}
