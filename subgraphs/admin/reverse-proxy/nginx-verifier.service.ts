import { execFile } from 'node:child_process';
import { accessSync, constants, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Logger } from '../../../shared/logging/logger';

const run = promisify(execFile);

export type NginxCheck = { ran: false } | { ran: true; ok: boolean; output: string };

/** `command -v nginx` without a shell: PATH first, then where distributions install it. */
export function findNginx(searchPath = process.env.PATH ?? ''): string | null {
  const candidates = [
    ...searchPath
      .split(path.delimiter)
      .filter(Boolean)
      .map((dir) => path.join(dir, 'nginx')),
    '/usr/sbin/nginx',
    '/usr/local/sbin/nginx',
    '/usr/local/nginx/sbin/nginx',
  ];
  for (const candidate of candidates) {
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  return null;
}

/** Added to privileged listen ports when verifying as an unprivileged user (80 → 20080). */
export const UNPRIVILEGED_PORT_OFFSET = 20_000;

/**
 * `nginx -t` binds every listen address (only "address in use" is forgiven), and a process that is
 * not root cannot bind ports below 1024: the container runs as `node`. The verification copy
 * moves those ports up by a fixed offset; every other byte is checked as written.
 */
export function unprivilegedListen(config: string): string {
  return config.replace(/(^|[\s;{])(listen\s+(?:\[[^\]]*\]:|[^\s;:]+:)?)(\d+)(?=[\s;])/g, (match, before: string, listen: string, port: string) =>
    Number(port) < 1024 ? `${before}${listen}${Number(port) + UNPRIVILEGED_PORT_OFFSET}` : match,
  );
}

/**
 * Runs `nginx -t` on a throw-away nginx.conf that includes a copy of one tenant file, with its own prefix,
 * pid, logs and temp paths, so it needs neither root nor the host's real configuration. The
 * upstream the tenant proxies to is defined here as a stand-in (the host's nginx.conf has the real one).
 */
export class NginxVerifier {
  private warned = false;

  constructor(
    private readonly logger: Logger,
    private readonly binary: string | null = findNginx(),
  ) {}

  async check(tenantFile: string, upstream: string): Promise<NginxCheck> {
    if (!this.binary) {
      if (!this.warned) this.logger.warn('nginx is not installed: reverse-proxy changes are verified by parsing only, without nginx -t');
      this.warned = true;
      return { ran: false };
    }
    const dir = mkdtempSync(path.join(os.tmpdir(), 'safiri-nginx-t-'));
    const conf = path.join(dir, 'nginx.conf');
    const copy = path.join(dir, path.basename(tenantFile));
    const text = readFileSync(tenantFile, 'utf8');
    writeFileSync(copy, process.getuid?.() === 0 ? text : unprivilegedListen(text));
    const temp = (name: string) => `${name}_temp_path ${path.join(dir, name)};`;
    writeFileSync(
      conf,
      [
        `pid ${path.join(dir, 'nginx.pid')};`,
        `error_log ${path.join(dir, 'error.log')};`,
        'events {}',
        'http {',
        '    access_log off;',
        `    ${['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(temp).join('\n    ')}`,
        `    upstream ${upstream} { server 127.0.0.1:9; }`,
        `    include ${JSON.stringify(copy)};`,
        '}',
        '',
      ].join('\n'),
    );
    try {
      const { stderr } = await run(this.binary, ['-t', '-q', '-p', dir, '-e', path.join(dir, 'error.log'), '-c', conf], { timeout: 15_000 });
      return { ran: true, ok: true, output: stderr.trim() };
    } catch (error) {
      const e = error as { stderr?: string; message: string };
      // Name the file that was meant, not the throw-away copy.
      return { ran: true, ok: false, output: (e.stderr || e.message).split(copy).join(tenantFile).trim() };
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
}
