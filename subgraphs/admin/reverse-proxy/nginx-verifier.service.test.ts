import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createLogger } from '../../../shared/logging/logger';
import { findNginx, NginxVerifier, unprivilegedListen } from './nginx-verifier.service';

describe('nginx -t verification', () => {
  it('moves privileged listen ports up for an unprivileged nginx -t, and nothing else', () => {
    const block =
      'server {\n    listen 80;\n    listen [::]:443 ssl;\n    listen 127.0.0.1:8080 default_server;\n    listen unix:/run/x.sock;\n    server_name a.co.tz;\n}';
    expect(unprivilegedListen(block)).toBe(
      'server {\n    listen 20080;\n    listen [::]:20443 ssl;\n    listen 127.0.0.1:8080 default_server;\n    listen unix:/run/x.sock;\n    server_name a.co.tz;\n}',
    );
  });

  it('reports that it did not run when nginx is not installed', async () => {
    expect(await new NginxVerifier(createLogger('error'), null).check('/nonexistent.conf', 'up')).toEqual({ ran: false });
  });

  (findNginx() ? describe : describe.skip)('with nginx installed', () => {
    // Made when the tests run, not when they are collected: a skipped describe's body still runs, its afterAll not.
    let dir = '';
    beforeAll(() => (dir = mkdtempSync(path.join(os.tmpdir(), 'safiri-nginx-unit-'))));
    afterAll(() => rmSync(dir, { recursive: true, force: true }));
    const verifier = new NginxVerifier(createLogger('error'));

    it('accepts a server block that proxies to the named upstream', async () => {
      const file = path.join(dir, 'good.conf');
      writeFileSync(file, 'server { listen 80; server_name good.co.tz; location / { proxy_pass http://tenant_upstream; } }\n');
      expect(await verifier.check(file, 'tenant_upstream')).toMatchObject({ ran: true, ok: true });
    });

    it('rejects an unknown directive, naming the tenant file rather than its copy', async () => {
      const file = path.join(dir, 'bad.conf');
      writeFileSync(file, 'server { listen 80; server_name bad.co.tz; no_such_directive on; }\n');
      const check = await verifier.check(file, 'tenant_upstream');
      expect(check).toMatchObject({ ran: true, ok: false });
      expect(check.ran && check.output).toContain(`unknown directive "no_such_directive" in ${file}:1`);
    });
  });
});
